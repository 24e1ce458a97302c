import type { BaseRecord } from "@refinedev/core";
import { useTranslation } from "react-i18next";

import { PendingChangesAlert as SchemaPendingChanges } from "../../schema-ui/pending-changes";

const PENDING = "pending";

/** A client whose saved edit waits for approval: its old values stay in force until then. */
export const isPendingAccount = (record: BaseRecord | undefined) => record?.status === PENDING;

/** "Information pending approval" on a client's page. */
export const PendingChangesAlert = ({ record }: { record: BaseRecord }) => {
  const { t } = useTranslation();
  return (
    <SchemaPendingChanges
      resource="accounts"
      record={record}
      approvalPath={(id) => `/workflow/detail/${id}`}
      title={t("accounts.pending.title")}
      hint={t("accounts.pending.hint")}
    />
  );
};
