import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import { ApprovalDetailWithNext } from "../workflow";
import { formatMoney, formatPercent } from "../../../shared/money";
import { CaseLink } from "../cases";
import { api } from "../../lib/api";
import { useMemberName } from "../../lib/members";
import { useSealOptions } from "../../lib/seal-options";
import { FileLinks } from "../../components/file-links";
import "../../components/record-form.css";
import { stampConfirm } from "../../components/stamp-confirm";

type Submission = {
  contractId: string | null;
  caseId: string;
  values: Record<string, unknown>;
  fileNames?: Record<string, string>;
  /** The contract's number, the typed one, or (isNumberExpected) the one the firm's counter gives on approval. */
  contractNo: string | null;
  isNumberExpected: boolean;
};
type Instance = { businessRef?: string };

// What the approver decides on: the contract, its fee terms and the seal it will be stamped with.
const SHOWN = [
  "name",
  "contractType",
  "startDate",
  "endDate",
  "amount",
  "feeType",
  "feeFixed",
  "feePercent",
  "feeTerms",
  "sealingFirm",
  "sealId",
  "copies",
  "signerName",
  "signerMobile",
  "signerEmail",
];

/** The terms a contract approval proposes (or the contract it made, once accepted). */
const ProposedContract = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ["contract-submission", instanceId],
    queryFn: () => api.get<Submission>(`/contract-submissions/${instanceId}`),
  });
  const { data: types = [] } = useQuery({
    queryKey: ["schema-options", "dict:contract-type-labels"],
    queryFn: () =>
      api.get<{ value: string; label: string }[]>("/dictionaries/contract-type/options"),
  });
  const { data: seals = [] } = useSealOptions();
  if (!data) return <Skeleton active />;
  const v = data.values;
  const label = (key: string, value: unknown): string => {
    if (key === "feeType") return t(`cases.feeTypes.${String(value)}`);
    if (key === "contractType") return types.find((o) => o.value === value)?.label ?? String(value);
    if (key === "amount" || key === "feeFixed") return formatMoney(value as string);
    if (key === "feePercent") return formatPercent(value as string);
    if (key === "sealId") return seals.find((s) => s.id === value)?.name ?? String(value);
    return String(value);
  };
  return (
    <section aria-label={t("contracts.titles.proposed")} className="record-summary">
      {data.contractId ? (
        <Alert
          type="success"
          showIcon
          message={
            <Link to={`/contract/detail/${data.contractId}`}>
              {t("contracts.messages.created")}
            </Link>
          }
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
        title={t("contracts.titles.proposed")}
      >
        <Descriptions.Item label={t("contracts.fields.contractNo")}>
          {data.contractNo ? (
            <div>
              <div>{data.contractNo}</div>
              {data.isNumberExpected ? (
                <div className="record-summary-note">{t("contracts.approval.numberExpected")}</div>
              ) : null}
            </div>
          ) : (
            t("contracts.approval.numberOnAccept")
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t("contracts.fields.caseId")}>
          <CaseLink caseId={data.caseId} />
        </Descriptions.Item>
        {SHOWN.filter((k) => v[k] !== undefined && v[k] !== null && v[k] !== "").map((k) => (
          <Descriptions.Item key={k} label={t(`contracts.fields.${k}`)}>
            {label(k, v[k])}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t("contracts.fields.attachmentIds")}>
          <FileLinks ids={v.attachmentIds} instanceId={instanceId} names={data.fileNames} />
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
};

/** The contract an archive or void approval is about. */
const ContractOfRequest = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data } = useQuery({
    queryKey: ["workflow-instance-ref", instanceId],
    queryFn: () => api.get<Instance>(`/workflow/instances/${instanceId}`),
  });
  const contractId = data?.businessRef?.split(":")[2];
  const { data: contract } = useQuery({
    queryKey: ["contract", contractId],
    queryFn: () => api.get<Record<string, unknown>>(`/contracts/${contractId}`),
    enabled: Boolean(contractId),
  });
  const name = useMemberName();
  if (!contract) return null;
  const action = (contract.pendingAction ?? {}) as Record<string, unknown>;
  return (
    <Descriptions
      size="small"
      column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
      title={t("contracts.titles.aboutContract")}
      className="record-summary"
    >
      <Descriptions.Item label={t("contracts.fields.name")}>
        <Link to={`/contract/detail/${String(contract.id)}`}>{String(contract.name)}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.contractNo")}>
        {String(contract.contractNo)}
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.caseId")}>
        <CaseLink caseId={String(contract.caseId)} />
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.status")}>
        {t(`contracts.status.${String(contract.status)}`)}
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.createdBy")}>
        {name(contract.createdBy)}
      </Descriptions.Item>
      {action.remark ? (
        <Descriptions.Item label={t("contracts.fields.archiveRemark")}>
          {String(action.remark)}
        </Descriptions.Item>
      ) : null}
      {action.reason ? (
        <Descriptions.Item label={t("contracts.fields.voidReason")}>
          {String(action.reason)}
        </Descriptions.Item>
      ) : null}
      {action.archiveFileIds ? (
        <Descriptions.Item label={t("contracts.fields.archiveFileIds")}>
          <FileLinks ids={action.archiveFileIds} />
        </Descriptions.Item>
      ) : null}
      {action.certificateIds ? (
        <Descriptions.Item label={t("contracts.fields.voidCertificateIds")}>
          <FileLinks ids={action.certificateIds} />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
};

/** /contract/workflow/:id, …/archive/:id, …/cancel/:id: the approval detail with what it is about. */
export const ContractApprovalPage = ({ what }: { what: "new" | "archive" | "cancel" }) => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const summary =
    what === "new" ? <ProposedContract instanceId={id} /> : <ContractOfRequest instanceId={id} />;
  // A new contract's approval ends with the custodian's step: they confirm the copies and date stamped.
  const confirm = what === "new" ? stampConfirm(t) : undefined;
  return (
    <ApprovalDetailWithNext
      id={id}
      taskId={search.get("task") ?? undefined}
      summary={summary}
      acceptConfirm={confirm}
    />
  );
};

export const ContractApprovalNew = () => <ContractApprovalPage what="new" />;
export const ContractApprovalArchive = () => <ContractApprovalPage what="archive" />;
export const ContractApprovalCancel = () => <ContractApprovalPage what="cancel" />;
