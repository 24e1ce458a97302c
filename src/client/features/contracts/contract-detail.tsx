import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Popconfirm, Skeleton, Space, Tabs, Tag } from "antd";
import { Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import { formatAs } from "../../../shared/money";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";
import { useResourceSchema } from "../../schema-ui/use-schema";
import { useMemberName } from "../../lib/members";
import { ApprovalsTab, HistoryTab } from "../../components/record-tabs";
import { SealUsageTable } from "../../components/seal-usage-table";
import { FilesTab } from "./contract-tabs";
import { RequestDialog } from "./request-dialog";
import { EsignTab, SIGNING_STATUS_COLORS } from "../esign";
import { firmTime } from "../../lib/firm-time";
import "./contracts.css";
import { STATUS_TAG } from "./status";

// Its own chunk: the page previews, signature boxes and trail load only when the tab opens.

type Contract = Record<string, unknown> & {
  id: string;
  version: number;
  status: string;
  signingStatus: string;
  case: {
    id: string;
    name: string;
    caseNo: string;
    status: string;
    folderId: string | null;
  } | null;
  seal: { name: string } | null;
  pendingApprovalId: string | null;
  pendingAction: Record<string, unknown> | null;
};

const FIELDS = [
  "contractNo",
  "contractType",
  "startDate",
  "endDate",
  "amount",
  "feeType",
  "feeFixed",
  "feePercent",
  "feeTerms",
  "sealingFirm",
  "copies",
  "signerName",
  "signerMobile",
  "signerEmail",
];

/** /contract/detail/:id: the contract with its case, parties, files, approvals, seal use and history. */
export const ContractDetail = () => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const can = useCan();
  const queries = useQueryClient();
  const name = useMemberName();
  const { fields } = useResourceSchema("contracts");
  const fieldFormat = (key: string) => fields.find((f) => f.key === key)?.schema["x-format"];
  const [dialog, setDialog] = useState<"archive" | "void" | null>(null);
  const [isMoving, setMoving] = useState(false);
  // The tab lives in the URL, so a notification's link (…?tab=esign) opens the right one.
  const [search, setSearch] = useSearchParams();
  const { data: c } = useQuery({
    queryKey: ["contract", id],
    queryFn: () => api.get<Contract>(`/contracts/${id}`),
  });
  const { data: types = [] } = useQuery({
    queryKey: ["schema-options", "dict:contract-type-labels"],
    queryFn: () =>
      api.get<{ value: string; label: string }[]>("/dictionaries/contract-type/options"),
  });
  if (!c) return <Skeleton active />;

  const mayAct = can("create", "LAWFIRM_CONTRACT_VIEW") && !c.pendingApprovalId;
  const move = async (to: "signing" | "signed") => {
    setMoving(true);
    try {
      await api.post(`/contracts/${id}/transition`, { to, version: c.version });
      await queries.invalidateQueries({ queryKey: ["contract", id] });
      await queries.invalidateQueries({ queryKey: ["record-history", `/contracts/${id}/history`] });
    } finally {
      setMoving(false);
    }
  };
  const value = (key: string) => {
    const v = c[key];
    if (v === null || v === undefined || v === "")
      return <span className="contract-muted">{t("schemaUi.notSet")}</span>;
    if (key === "feeType") return t(`cases.feeTypes.${String(v)}`);
    if (key === "contractType") return types.find((o) => o.value === v)?.label ?? String(v);
    // Amounts read as money (¥1,200,000.00), as the schema's x-format marks them.
    return formatAs(fieldFormat(key), v as string | number);
  };
  const pendingPath = c.pendingAction && "reason" in c.pendingAction ? "cancel" : "archive";
  const info = (
    <Descriptions size="small" bordered column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 3 }}>
      <Descriptions.Item label={t("contracts.fields.caseId")}>
        {c.case ? (
          <Link to={`/case/detail/${c.case.id}`}>{`${c.case.caseNo} ${c.case.name}`}</Link>
        ) : null}
        {c.case ? <Tag style={{ marginLeft: 8 }}>{t(`cases.status.${c.case.status}`)}</Tag> : null}
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.sealId")}>
        {c.seal?.name ?? <span className="contract-muted">{t("schemaUi.notSet")}</span>}
      </Descriptions.Item>
      {FIELDS.map((k) => (
        <Descriptions.Item key={k} label={t(`contracts.fields.${k}`)}>
          {value(k)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label={t("contracts.fields.createdBy")}>
        {name(c.createdBy)}
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.createdAt")}>
        {firmTime(String(c.createdAt))}
      </Descriptions.Item>
      {c.archivedAt ? (
        <Descriptions.Item label={t("contracts.fields.archivedAt")}>
          {firmTime(String(c.archivedAt))}
        </Descriptions.Item>
      ) : null}
      {c.archiveRemark ? (
        <Descriptions.Item label={t("contracts.fields.archiveRemark")}>
          {String(c.archiveRemark)}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
  return (
    <>
      <PageHeader
        title={
          <Space wrap>
            {String(c.name)}
            <Tag color={STATUS_TAG[c.status]}>{t(`contracts.status.${c.status}`)}</Tag>
            <Tag color={SIGNING_STATUS_COLORS[c.signingStatus]}>
              {t(`contracts.signingStatuses.${c.signingStatus}`)}
            </Tag>
          </Space>
        }
        extra={
          mayAct ? (
            <Space wrap>
              {c.status === "approved" ? (
                <Button loading={isMoving} onClick={() => void move("signing")}>
                  {t("contracts.actions.toSigning")}
                </Button>
              ) : null}
              {c.status === "signing" && c.signingStatus === "signing" ? (
                <Button loading={isMoving} onClick={() => void move("signed")}>
                  {t("contracts.actions.toSigned")}
                </Button>
              ) : null}
              {/* E-signing is out or ended unsigned: marking it signed on paper is said out loud first. */}
              {c.status === "signing" && c.signingStatus !== "signing" ? (
                <Popconfirm
                  title={t("contracts.messages.markSignedWarning", {
                    status: t(`contracts.signingStatuses.${c.signingStatus}`),
                  })}
                  onConfirm={() => void move("signed")}
                >
                  <Button loading={isMoving}>{t("contracts.actions.toSigned")}</Button>
                </Popconfirm>
              ) : null}
              {c.status === "approved" || c.status === "signed" ? (
                <Button type="primary" onClick={() => setDialog("archive")}>
                  {t("contracts.actions.archive")}
                </Button>
              ) : null}
              {["approved", "signing", "signed"].includes(c.status) ? (
                <Popconfirm
                  title={t("contracts.messages.voidConfirm")}
                  onConfirm={() => setDialog("void")}
                >
                  <Button danger>{t("contracts.actions.void")}</Button>
                </Popconfirm>
              ) : null}
            </Space>
          ) : null
        }
      />
      <PagePanel>
        {c.pendingApprovalId ? (
          <Alert
            className="contract-void-note"
            type="info"
            showIcon
            message={
              <Link to={`/contract/workflow/${pendingPath}/${c.pendingApprovalId}`}>
                {t(`contracts.messages.pending.${pendingPath}`)}
              </Link>
            }
          />
        ) : null}
        {c.status === "voided" ? (
          <Alert
            className="contract-void-note"
            type="warning"
            showIcon
            message={t("contracts.messages.voided", { at: firmTime(String(c.voidedAt)) })}
            description={String(c.voidReason ?? "")}
          />
        ) : null}
        <Tabs
          destroyOnHidden
          activeKey={search.get("tab") ?? "info"}
          onChange={(key) => setSearch({ tab: key }, { replace: true })}
          items={[
            { key: "info", label: t("contracts.tabs.info"), children: info },
            { key: "files", label: t("contracts.tabs.files"), children: <FilesTab id={id} /> },
            {
              key: "approvals",
              label: t("contracts.tabs.approvals"),
              children: <ApprovalsTab url={`/contracts/${id}/approvals`} />,
            },
            {
              key: "esign",
              label: t("contracts.tabs.esign"),
              children: (
                <Suspense fallback={<Skeleton active />}>
                  <EsignTab contract={c} />
                </Suspense>
              ),
            },
            {
              key: "seal",
              label: t("contracts.tabs.sealUsage"),
              children: <SealUsageTable url={`/contracts/${id}/seal-usages`} />,
            },
            {
              key: "history",
              label: t("contracts.tabs.history"),
              children: (
                <HistoryTab
                  url={`/contracts/${id}/history`}
                  fieldLabel={(k) => t(`contracts.fields.${k}`, k)}
                />
              ),
            },
          ]}
        />
      </PagePanel>
      {dialog ? (
        <RequestDialog
          what={dialog}
          contract={{ id, version: c.version, folderId: c.case?.folderId }}
          open
          onClose={() => setDialog(null)}
        />
      ) : null}
    </>
  );
};
