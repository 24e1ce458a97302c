import { useQuery } from "@tanstack/react-query";
import { Alert, Descriptions, Skeleton } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams, useSearchParams } from "react-router";

import { AllDone, ApprovalDetail, useNextPending } from "../workflow";
import { fetchJson, useMemberName } from "./api";
import { FileLinks } from "../../components/file-links";

type Submission = { contractId: string | null; caseId: string; values: Record<string, unknown> };
type Instance = { businessRef?: string };

const SHOWN = ["name", "contractNo", "contractType", "startDate", "endDate", "amount", "feeType", "feeFixed", "sealingFirm", "copies", "signerName", "signerMobile", "signerEmail"];

/** The terms a contract approval proposes (or the contract it made, once accepted). */
const ProposedContract = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ["contract-submission", instanceId], queryFn: () => fetchJson<Submission>(`/contract-submissions/${instanceId}`) });
  const { data: types = [] } = useQuery({
    queryKey: ["schema-options", "dict:contract-type-labels"],
    queryFn: () => fetchJson<{ value: string; label: string }[]>("/dictionaries/contract-type/options"),
  });
  if (!data) return <Skeleton active />;
  const v = data.values;
  const label = (key: string, value: unknown) =>
    key === "feeType" ? t(`cases.feeTypes.${String(value)}`) : key === "contractType" ? (types.find((o) => o.value === value)?.label ?? String(value)) : String(value);
  return (
    <section aria-label={t("contracts.titles.proposed")} className="contract-summary">
      {data.contractId ? (
        <Alert type="success" showIcon message={<Link to={`/contract/detail/${data.contractId}`}>{t("contracts.messages.created")}</Link>} />
      ) : null}
      <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} title={t("contracts.titles.proposed")}>
        {SHOWN.filter((k) => v[k] !== undefined).map((k) => (
          <Descriptions.Item key={k} label={t(`contracts.fields.${k}`)}>
            {label(k, v[k])}
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t("contracts.fields.caseId")}>
          <Link to={`/case/detail/${data.caseId}`}>{t("contracts.actions.openCase")}</Link>
        </Descriptions.Item>
        <Descriptions.Item label={t("contracts.fields.attachmentIds")}>
          <FileLinks ids={v.attachmentIds} instanceId={instanceId} />
        </Descriptions.Item>
      </Descriptions>
    </section>
  );
};

/** The contract an archive or void approval is about. */
const ContractOfRequest = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const { data } = useQuery({ queryKey: ["workflow-instance-ref", instanceId], queryFn: () => fetchJson<Instance>(`/workflow/instances/${instanceId}`) });
  const contractId = data?.businessRef?.split(":")[2];
  const { data: contract } = useQuery({
    queryKey: ["contract", contractId],
    queryFn: () => fetchJson<Record<string, unknown>>(`/contracts/${contractId}`),
    enabled: Boolean(contractId),
  });
  const name = useMemberName();
  if (!contract) return null;
  const action = (contract.pendingAction ?? {}) as Record<string, unknown>;
  return (
    <Descriptions size="small" column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }} title={t("contracts.titles.aboutContract")} className="contract-summary">
      <Descriptions.Item label={t("contracts.fields.name")}>
        <Link to={`/contract/detail/${String(contract.id)}`}>{String(contract.name)}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.contractNo")}>{String(contract.contractNo)}</Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.status")}>{t(`contracts.status.${String(contract.status)}`)}</Descriptions.Item>
      <Descriptions.Item label={t("contracts.fields.createdBy")}>{name(contract.createdBy)}</Descriptions.Item>
      {action.remark ? <Descriptions.Item label={t("contracts.fields.archiveRemark")}>{String(action.remark)}</Descriptions.Item> : null}
      {action.reason ? <Descriptions.Item label={t("contracts.fields.voidReason")}>{String(action.reason)}</Descriptions.Item> : null}
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
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const { goNext, isAllDone } = useNextPending();
  if (isAllDone) return <AllDone />;
  const summary = what === "new" ? <ProposedContract instanceId={id} /> : <ContractOfRequest instanceId={id} />;
  return <ApprovalDetail key={id} id={id} taskId={search.get("task") ?? undefined} onTaskDone={(task) => void goNext(task)} summary={summary} />;
};

export const ContractApprovalNew = () => <ContractApprovalPage what="new" />;
export const ContractApprovalArchive = () => <ContractApprovalPage what="archive" />;
export const ContractApprovalCancel = () => <ContractApprovalPage what="cancel" />;
