import { PlusOutlined } from "@ant-design/icons";
import { Button, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui/schema-list";
import { useStartable } from "../workflow";
import { STATUS_TAG } from "./status";

/** /contract/list: the contracts the user may read, filtered by the schema's x-filter fields. */
export const ContractList = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { data: flow } = useStartable("contract");
  const create =
    can("create", "LAWFIRM_CONTRACT_VIEW") && flow ? (
      <Button
        type="primary"
        icon={<PlusOutlined />}
        onClick={() => navigate(`/contract/add/${flow.id}`)}
      >
        {t("contracts.actions.create")}
      </Button>
    ) : null;
  return (
    <>
      <PageHeader title={t("contracts.titles.list")} />
      <PagePanel>
        <SchemaList
          resource="contracts"
          createButton={create}
          linkTo={(record) => `/contract/detail/${String(record.id)}`}
          nameExtra={(record) =>
            record.status === "voided" ? (
              <Tag color={STATUS_TAG.voided}>{t("contracts.status.voided")}</Tag>
            ) : null
          }
        />
      </PagePanel>
    </>
  );
};
