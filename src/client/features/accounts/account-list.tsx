import { BankOutlined, DownOutlined, PlusOutlined, UserOutlined } from "@ant-design/icons";
import { Button, Dropdown, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui/schema-list";
import { isPendingAccount } from "./pending-changes";
import { accountDetailPath } from "../../lib/record-paths";

/** /contacts: every client of the firm, filtered by the schema's x-filter fields; a client whose edit awaits approval is tagged. */
export const AccountList = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const create = can("create", "LAWFIRM_CUSTOMER_VIEW") ? (
    // Click, not hover: a keyboard user opens it with Enter (WCAG 2.1.1), like every other menu here.
    <Dropdown
      trigger={["click"]}
      menu={{
        items: [
          {
            key: "organization",
            icon: <BankOutlined />,
            label: t("accounts.actions.createOrganization"),
          },
          {
            key: "individual",
            icon: <UserOutlined />,
            label: t("accounts.actions.createIndividual"),
          },
        ],
        onClick: ({ key }) => navigate(`/contacts/new?type=${key}`),
      }}
    >
      <Button type="primary" icon={<PlusOutlined />}>
        {t("schemaUi.toolbar.create")} <DownOutlined />
      </Button>
    </Dropdown>
  ) : null;
  return (
    <>
      <PageHeader title={t("accounts.titles.list")} />
      <PagePanel>
        <SchemaList
          resource="accounts"
          createButton={create}
          onImport={() => navigate("/contacts/import")}
          linkTo={(record) => accountDetailPath(record)}
          nameExtra={(record) =>
            isPendingAccount(record) ? (
              <Tag color="orange">{t("accounts.status.pending")}</Tag>
            ) : null
          }
        />
      </PagePanel>
    </>
  );
};
