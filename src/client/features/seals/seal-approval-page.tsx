import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Skeleton, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams, useSearchParams } from "react-router";

import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";
import { useMemberName } from "../../lib/members";
import { useSealOptions } from "../../lib/seal-options";
import { SealUsageTable } from "../../components/seal-usage-table";
import { FileLinks } from "../../components/file-links";
import "../../components/record-form.css";
import { stampConfirm } from "../../components/stamp-confirm";
import { CaseLink } from "../cases";
import { ApprovalDetailWithNext } from "../workflow";
import type { Recipient } from "./recipients-field";

type Request = Record<string, unknown> & {
  id: string;
  version: number;
  status: string;
  files: { fileId: string; copies: number }[];
  recipients: Recipient[];
};

const STATUS_COLOR: Record<string, string> = {
  pending: "processing",
  stamped: "success",
  "taken-out": "gold",
  returned: "green",
  rejected: "error",
  cancelled: "default",
};

/** What a seal approval is about: the request, its files and copies, the stamping log, the return. */
const RequestSummary = ({ instanceId }: { instanceId: string }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const queries = useQueryClient();
  const [isReturning, setReturning] = useState(false);
  const { data: seals = [] } = useSealOptions();
  const { data: instance } = useQuery({
    queryKey: ["workflow-instance-ref", instanceId],
    queryFn: () => api.get<{ businessRef?: string }>(`/workflow/instances/${instanceId}`),
  });
  const requestId = instance?.businessRef?.split(":")[1];
  const { data: r } = useQuery({
    queryKey: ["seal-request", requestId],
    queryFn: () => api.get<Request>(`/seal-requests/${requestId}`),
    enabled: Boolean(requestId),
  });
  // The files by name (the custodian holds no rights on Documents to ask for them one by one).
  const { data: named = [] } = useQuery({
    queryKey: ["seal-request-files", requestId],
    queryFn: () =>
      api.get<{ fileId: string; name: string; copies: number }[]>(
        `/seal-requests/${requestId}/files`,
      ),
    enabled: Boolean(requestId),
  });
  const { data: me } = useQuery({
    queryKey: ["login-user-info"],
    queryFn: () => api.get<{ id: string }>("/user-service/user/get-login-user-info"),
    staleTime: 300_000,
  });
  if (!instance) return <Skeleton active />;
  if (!r) return null;
  const seal = seals.find((s) => s.id === r.sealId);
  const giveBack = async () => {
    setReturning(true);
    try {
      await api.post(`/seal-requests/${r.id}/return`, { version: r.version });
      await queries.invalidateQueries({ queryKey: ["seal-request", requestId] });
    } finally {
      setReturning(false);
    }
  };
  const isOverdue =
    r.status === "taken-out" && typeof r.returnDue === "string" && r.returnDue < firmToday();
  return (
    <section className="record-summary" aria-label={t("seals.titles.request")}>
      {isOverdue ? (
        <Alert
          type="warning"
          showIcon
          message={t("seals.messages.overdue", { due: r.returnDue })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, md: 2, lg: 2, xl: 2, xxl: 2 }}
        title={t("seals.titles.request")}
      >
        <Descriptions.Item label={t("seals.requestFields.requestNo")}>
          {String(r.requestNo)}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.status")}>
          <Tag color={STATUS_COLOR[r.status]}>{t(`seals.requestStatus.${r.status}`)}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.recipients")}>
          {(Array.isArray(r.recipients) ? r.recipients : []).map((x) => (
            <div key={x.name}>
              {t("seals.form.recipientLine", { name: x.name, count: x.copies })}
            </div>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.sealId")}>
          {seal?.name ?? ""}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.mode")}>
          {t(`seals.modes.${String(r.mode)}`)}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.reviewed")}>
          {t(r.reviewed ? "seals.form.yes" : "seals.form.no")}
        </Descriptions.Item>
        {r.returnDue ? (
          <Descriptions.Item label={t("seals.requestFields.returnDue")}>
            {String(r.returnDue)}
          </Descriptions.Item>
        ) : null}
        {r.caseId ? (
          <Descriptions.Item label={t("seals.requestFields.caseId")}>
            <CaseLink caseId={String(r.caseId)} />
          </Descriptions.Item>
        ) : null}
        <Descriptions.Item label={t("seals.requestFields.reason")} span={2}>
          {String(r.reason)}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.files")} span={2}>
          {r.files.map((f) => (
            <div key={f.fileId}>
              <FileLinks
                ids={[f.fileId]}
                names={{ [f.fileId]: named.find((n) => n.fileId === f.fileId)?.name ?? "" }}
              />{" "}
              × {f.copies}
            </div>
          ))}
        </Descriptions.Item>
        <Descriptions.Item label={t("seals.requestFields.createdBy")}>
          {name(r.createdBy)}
        </Descriptions.Item>
      </Descriptions>
      {r.status !== "pending" ? (
        <>
          <h3 className="wf-kind-title">{t("seals.titles.stamping")}</h3>
          <SealUsageTable url={`/seal-requests/${r.id}/usages`} />
        </>
      ) : null}
      {r.status === "taken-out" && me && seal?.custodianId === me.id ? (
        <Button
          type="primary"
          loading={isReturning}
          onClick={() => void giveBack()}
          style={{ marginTop: 12 }}
        >
          {t("seals.actions.recordReturn")}
        </Button>
      ) : null}
    </section>
  );
};

/** /seal/workflow/:id: the seal approval with its request; the custodian's step records the stamping. */
export const SealApprovalPage = () => {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation();
  return (
    <ApprovalDetailWithNext
      id={id}
      taskId={search.get("task") ?? undefined}
      summary={<RequestSummary instanceId={id} />}
      acceptConfirm={stampConfirm(t)}
    />
  );
};
