import { PlusOutlined } from "@ant-design/icons";
import { Button, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { firmToday } from "../../lib/firm-time";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui/schema-list";
import { useStartable } from "../workflow";

/** A seal taken out and not back by its return date (the day after it is due). */
const isOverdue = (row: Record<string, unknown>, today = firmToday()) =>
  row.status === "taken-out" && typeof row.returnDue === "string" && row.returnDue < today;

/** /seal/list: seal requests the user may read, filtered by the schema's x-filter fields; overdue take-outs are tagged. */
export const SealRequestList = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { data: flow } = useStartable("seal");
  return (
    <>
      <PageHeader title={t("seals.titles.requests")} />
      <PagePanel>
        <SchemaList
          resource="seal-requests"
          createButton={
            can("create", "LAWFIRM_SEAL_VIEW") && flow ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate(`/seal/add/${flow.id}`)}
              >
                {t("seals.actions.createRequest")}
              </Button>
            ) : null
          }
          // A request recorded without an approval (the demo's history) has no page to open.
          linkTo={(record) =>
            record.approvalId ? `/seal/workflow/${String(record.approvalId)}` : undefined
          }
          nameExtra={(record) =>
            isOverdue(record) ? <Tag color="error">{t("seals.list.overdue")}</Tag> : null
          }
        />
      </PagePanel>
    </>
  );
};
