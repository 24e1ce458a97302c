import { Tag } from "antd";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui/schema-list";
import { StartCaseButton } from "./start-case";
import { STATUS_COLORS } from "./status";

/** /case/list: the cases the user may read (row scopes apply on the server), from the schema. */
export const CaseList = () => {
  const { t } = useTranslation();
  const can = useCan();
  return (
    <>
      <PageHeader title={t("cases.titles.list")} />
      <PagePanel>
        <SchemaList
          resource="cases"
          createButton={can("create", "LAWFIRM_CASE_VIEW") ? <StartCaseButton /> : null}
          linkTo={(record) => `/case/detail/${String(record.id)}`}
          nameExtra={(record) => (
            <>
              {record.status !== "formal" ? (
                <Tag color={STATUS_COLORS[String(record.status)]}>
                  {t(`cases.status.${String(record.status)}`)}
                </Tag>
              ) : null}
              {record.pendingChanges ? (
                <Tag color="gold">{t("cases.change.pendingTag")}</Tag>
              ) : null}
            </>
          )}
        />
      </PagePanel>
    </>
  );
};
