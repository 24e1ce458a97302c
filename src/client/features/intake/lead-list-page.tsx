import { PlusOutlined } from "@ant-design/icons";
import { Button, Segmented, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui";
import { LeadBoard } from "./lead-board";

/**
 * /intake: the leads as a list (the schema's columns and filters) or as a board by stage; the
 * view is kept in the address (`?view=board`), so a reload or a shared link opens the same.
 */
export const LeadListPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [search, setSearch] = useSearchParams();
  const view = search.get("view") === "board" ? "board" : "list";
  return (
    <>
      <PageHeader
        title={t("intake.titles.list")}
        extra={
          <>
            <Segmented
              aria-label={t("intake.views.label")}
              value={view}
              options={[
                { value: "list", label: t("intake.views.list") },
                { value: "board", label: t("intake.views.board") },
              ]}
              onChange={(v) => setSearch(v === "board" ? { view: "board" } : {})}
            />
            {can("create", "LAWFIRM_LEAD_VIEW") ? (
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => navigate("/intake/new")}
              >
                {t("intake.actions.create")}
              </Button>
            ) : null}
          </>
        }
      />
      <PagePanel>
        {view === "board" ? (
          <LeadBoard />
        ) : (
          <SchemaList
            resource="leads"
            linkTo={(r) => `/intake/${String(r.id)}`}
            hasExport
            nameExtra={(r) =>
              r.caseId ? <Tag color="green">{t("intake.tags.converted")}</Tag> : null
            }
          />
        )}
      </PagePanel>
    </>
  );
};
