import { useCustomMutation } from "@refinedev/core";
import { Space, Switch } from "antd";
import { useTranslation } from "react-i18next";

import { useCan } from "../../routing/use-can";
import { type BusinessSettings, SETTINGS_URL, useBusinessSettings } from "./use-business-settings";

/**
 * A "changes need approval" switch of the workflow admin page (client changes, case changes).
 * The server refuses to turn one on without an enabled, published flow of its kind.
 */
export const ChangeApprovalSwitch = ({ setting }: { setting: keyof BusinessSettings }) => {
  const { t } = useTranslation();
  const can = useCan();
  const { settings, query } = useBusinessSettings();
  const { mutateAsync: save, mutation } = useCustomMutation<BusinessSettings>();
  if (!can("update", "WORKFLOW_DEFINITION")) return null;
  const label = t(`workflow.businessSettings.${setting}`);

  const onChange = async (on: boolean) => {
    // A refusal is already toasted by the http layer; re-reading shows what the server kept.
    await save({
      url: SETTINGS_URL,
      method: "put",
      values: {
        accountChanges: settings?.accountChanges === true,
        caseChanges: settings?.caseChanges === true,
        [setting]: on,
      },
      successNotification: {
        type: "success",
        message: t(
          `workflow.businessSettings.${on ? "turnedOn" : "turnedOff"}${setting === "caseChanges" ? "Case" : ""}`,
        ),
      },
    }).catch(() => undefined);
    await query.refetch();
  };

  return (
    <Space size={8}>
      <span>{label}</span>
      <Switch
        aria-label={label}
        checked={settings?.[setting] === true}
        loading={query.isFetching || mutation.isPending}
        onChange={(on) => void onChange(on)}
      />
    </Space>
  );
};
