import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { SchemaForm, SchemaImport } from "../../schema-ui";
import { detailPath } from "./paths";

/** Add account (?type=organization|individual) and edit, in the schema's generated form. */
export const AccountFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const [params] = useSearchParams();
  const type = params.get("type") === "individual" ? "individual" : "organization";
  return (
    <>
      <PageHeader title={t(id ? "accounts.titles.edit" : "accounts.titles.create")} />
      <PagePanel>
        <SchemaForm
          resource="accounts"
          id={id}
          defaults={{ accountType: type }}
          onSaved={(record) => navigate(detailPath(record))}
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
