import type { BaseRecord } from "@refinedev/core";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { SchemaForm, SchemaImport } from "../../schema-ui";
import { useBusinessSettings } from "../workflow";
import { isPendingAccount } from "./pending-changes";
import { accountDetailPath } from "../../lib/record-paths";
import "./accounts.css";

/**
 * Add account (?type=organization|individual) and edit, in the schema's generated form. Where
 * the firm has client changes approved first, an edit is saved as a change waiting for approval.
 */
export const AccountFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const { settings } = useBusinessSettings();
  const type = params.get("type") === "individual" ? "individual" : "organization";
  const onSaved = (record: BaseRecord) => {
    // Replaces the form's "saved" toast: nothing changed yet, the approval decides.
    if (isPendingAccount(record))
      showToast({ message: t("accounts.pending.submitted"), color: "success" });
    navigate(accountDetailPath(record));
  };
  return (
    <>
      <PageHeader title={t(id ? "accounts.titles.edit" : "accounts.titles.create")} />
      <PagePanel>
        {id && settings?.accountChanges ? (
          <Alert
            type="info"
            showIcon
            className="account-form-alert"
            message={t("accounts.pending.formHint")}
          />
        ) : null}
        <SchemaForm
          resource="accounts"
          id={id}
          defaults={{ accountType: type }}
          onSaved={onSaved}
          onCancel={() => navigate(-1)}
        />
      </PagePanel>
    </>
  );
};

/** Import accounts: template, upload with progress, per-row report. */
export const AccountImportPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader title={t("accounts.titles.import")} />
      <PagePanel>
        <SchemaImport resource="accounts" onDone={() => navigate("/contacts")} />
      </PagePanel>
    </>
  );
};
