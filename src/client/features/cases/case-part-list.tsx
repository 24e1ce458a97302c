import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { SchemaList } from "../../schema-ui/schema-list";

/**
 * /case-bills, /case-payments, /case-time-entries: one part of every case the user may read, as
 * its schema lists it, with the filters in the URL (a report's figure opens the rows behind it
 * here); a row opens its case's finance tab.
 */
export const CasePartList = ({ resource, title }: { resource: string; title: string }) => {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(title)} />
      <PagePanel>
        <SchemaList
          resource={resource}
          subject="LAWFIRM_CASE_VIEW"
          linkTo={(record) => `/case/detail/${String(record.caseId)}?tab=finance`}
        />
      </PagePanel>
    </>
  );
};
