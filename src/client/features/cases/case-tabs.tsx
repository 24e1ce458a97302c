import { DownloadOutlined, FolderOpenOutlined } from "@ant-design/icons";
import { useQuery } from "@tanstack/react-query";
import { Button, Empty, Space, Table } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";

import type { ConflictReportRow as ReportRow } from "../../../shared/contracts/conflicts";
import type { DocFile } from "../../../shared/contracts/documents";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";
import { SchemaList } from "../../schema-ui";
import { useStartable } from "../workflow";
import { downloadByTicket } from "../../lib/file-transfer";
import { firmTime } from "../../lib/firm-time";

/** The case's folder in Documents (made with the case): its files, and a way into the folder. */
export const DocumentsTab = ({ folderId }: { folderId: string | null }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canRead = useCan()("read", "LAWFIRM_DOCUMENT_VIEW");
  const { data = [], isLoading } = useQuery({
    queryKey: ["case-files", folderId],
    queryFn: () =>
      api.get<DocFile[]>("/documents/files", {
        params: { folderId, _start: 0, _end: 100, _sort: "updatedAt", _order: "desc" },
      }),
    enabled: Boolean(folderId) && canRead,
  });
  if (!folderId) return <Empty description={t("cases.documents.noFolder")} />;
  if (!canRead) return <Empty description={t("cases.documents.noRight")} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      <Button
        icon={<FolderOpenOutlined />}
        onClick={() => navigate(`/document?folder=${folderId}`)}
      >
        {t("cases.documents.open")}
      </Button>
      <Table<DocFile>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t("cases.documents.empty") }}
        columns={[
          { title: t("documents.fields.name"), dataIndex: "name" },
          {
            title: t("documents.fields.updatedAt"),
            dataIndex: "updatedAt",
            render: (v: string) => firmTime(v),
          },
          {
            title: t("schemaUi.actions"),
            key: "dl",
            render: (_: unknown, f: DocFile) => (
              <Button
                size="small"
                type="link"
                icon={<DownloadOutlined />}
                onClick={() => void downloadByTicket({ fileId: f.id })}
              >
                {t("contracts.actions.download")}
              </Button>
            ),
          },
        ]}
      />
    </Space>
  );
};

/** The case's contracts, and "new contract" with the case filled in. */
export const ContractsTab = ({ caseId, isOpen }: { caseId: string; isOpen: boolean }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { data: flow } = useStartable("contract");
  const create =
    isOpen && flow && can("create", "LAWFIRM_CONTRACT_VIEW") ? (
      <Button type="primary" onClick={() => navigate(`/contract/add/${flow.id}?caseId=${caseId}`)}>
        {t("contracts.actions.create")}
      </Button>
    ) : null;
  if (!can("read", "LAWFIRM_CONTRACT_VIEW"))
    return <Empty description={t("cases.contracts.noRight")} />;
  return (
    <SchemaList
      resource="contracts"
      permanentFilters={[{ field: "caseId", operator: "eq", value: caseId }]}
      syncWithLocation={false}
      hideFilters
      createButton={create}
      linkTo={(r) => `/contract/detail/${String(r.id)}`}
    />
  );
};

/** The conflict reports saved for the case (evidence, read-only), and a new check for it. */
export const ConflictsTab = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const { data = [], isLoading } = useQuery({
    queryKey: ["case-conflict-reports", caseId],
    queryFn: () => api.get<ReportRow[]>("/conflicts/reports", { params: { caseId } }),
    enabled: can("read", "LAWFIRM_CONFLICT_VIEW"),
  });
  if (!can("read", "LAWFIRM_CONFLICT_VIEW"))
    return <Empty description={t("cases.conflicts.noRight")} />;
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {can("create", "LAWFIRM_CONFLICT_VIEW") ? (
        <Button type="primary" onClick={() => navigate(`/conflict-interest?caseId=${caseId}`)}>
          {t("cases.conflicts.run")}
        </Button>
      ) : null}
      <Table<ReportRow>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        scroll={{ x: 560 }}
        locale={{ emptyText: t("cases.conflicts.empty") }}
        columns={[
          {
            title: t("cases.conflicts.savedAt"),
            dataIndex: "createdAt",
            render: (v: string, r) => (
              <Link className="schema-link" to={`/conflict-interest?report=${r.id}`}>
                {firmTime(v)}
              </Link>
            ),
          },
          { title: t("cases.conflicts.by"), dataIndex: "createdByName" },
          {
            title: t("cases.conflicts.keywords"),
            dataIndex: "keywords",
            render: (v: string[]) => v.join(t("recordTabs.history.separator")),
          },
          { title: t("cases.conflicts.hits"), dataIndex: "hitCount" },
        ]}
      />
    </Space>
  );
};
