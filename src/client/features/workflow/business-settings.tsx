import { useCustom, useCustomMutation } from "@refinedev/core";
import { Space, Switch } from "antd";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import { WORKFLOW_API } from "./types";

/** Which business edits of the firm wait for an approval before they apply. */
export type BusinessSettings = { accountChanges: boolean };

const SETTINGS_URL = `${WORKFLOW_API}/business-settings`;

/** The firm's approval switches; any member may read them (the client form asks before editing). */
export const useBusinessSettings = () => {
  const { result, query } = useCustom<BusinessSettings>({ url: SETTINGS_URL, method: "get" });
  return { settings: result?.data as BusinessSettings | undefined, query };
};

/**
 * The "client information changes need approval" switch of the workflow admin page. The server
 * refuses to turn it on without an enabled, published "account-change" flow.
 */
export const AccountChangeApprovalSwitch = () => {
  const { t } = useTranslation();
  const can = useCan();
  const { settings, query } = useBusinessSettings();
  const { mutateAsync: save, mutation } = useCustomMutation<BusinessSettings>();
  if (!can("update", "WORKFLOW_DEFINITION")) return null;
  const label = t("workflow.businessSettings.accountChanges");

  const onChange = async (on: boolean) => {
    // A refusal is already toasted by the http layer; re-reading shows what the server kept.
    await save({
      url: SETTINGS_URL,
      method: "put",
      values: { accountChanges: on },
      successNotification: { type: "success", message: t(on ? "workflow.businessSettings.turnedOn" : "workflow.businessSettings.turnedOff") },
    }).catch(() => undefined);
    await query.refetch();
  };

  return (
    <Space size={8}>
      <span>{label}</span>
      <Switch
        aria-label={label}
        checked={settings?.accountChanges === true}
        loading={query.isFetching || mutation.isPending}
        onChange={(on) => void onChange(on)}
      />
    </Space>
  );
};
