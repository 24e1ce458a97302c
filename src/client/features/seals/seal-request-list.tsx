import { PlusOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui/schema-list";
import { useStartable } from "../contracts/api";

/** /seal/list: seal requests the user may read, filtered by the schema's x-filter fields. */
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
              <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/seal/add/${flow.id}`)}>
                {t("seals.actions.createRequest")}
              </Button>
            ) : null
          }
          // A request recorded without an approval (the demo's history) has no page to open.
          linkTo={(record) => (record.approvalId ? `/seal/workflow/${String(record.approvalId)}` : undefined)}
        />
      </PagePanel>
    </>
  );
};
