import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { SchemaForm } from "../../schema-ui";

/** /intake/new and /intake/:id/edit: the lead's form from schemas/leads.schema.json. */
export const LeadFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  return (
    <>
      <PageHeader title={t(id ? "intake.titles.edit" : "intake.titles.create")} />
      <PagePanel>
        <SchemaForm
          resource="leads"
          id={id}
          onSaved={(record) => navigate(`/intake/${String(record.id)}`)}
          onCancel={() => navigate(id ? `/intake/${id}` : "/intake")}
        />
      </PagePanel>
    </>
  );
};
