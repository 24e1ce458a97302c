import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Descriptions, Select, Skeleton, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { useSubmissionKey } from "../../lib/submission-key";
import { useCan } from "../../routing/use-can";
import { ARCHIVE_SUBJECT, approvalPath, type VolumeView } from "./api";
import { OverdueTag, VolumeStatusTag } from "./status-tags";
import { VolumeItems } from "./volume-items";
import { VolumePdf } from "./volume-pdf";

/**
 * /archive/volumes/:id: a volume's header, its items (the archivist assembles them while it is a
 * draft), the client's quality card, the submission for archiving and the merged PDF. Whoever
 * else may read it (the case team, a borrower with an active loan) sees it read-only.
 */
export const VolumePage = () => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const client = useQueryClient();
  const archivist = useCan()("update", ARCHIVE_SUBJECT);
  const submissionKey = useSubmissionKey();
  const [card, setCard] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [approvalId, setApprovalId] = useState<string>();
  const { data: v, isLoading } = useQuery({
    queryKey: ["archive-volume", id],
    queryFn: () => api.get<VolumeView>(`/archive-volumes/${id}`),
  });
  const refresh = () => void client.invalidateQueries({ queryKey: ["archive-volume", id] });
  if (isLoading || !v) return <Skeleton active />;
  const editable = archivist && v.status === "draft";
  const folderFiles = [
    ...v.items.filter((i) => i.kind === "file" && i.fileId),
    ...v.available.map((f) => ({ fileId: f.id, name: f.name })),
  ];

  const setQualityCard = async () => {
    setBusy(true);
    try {
      await api.post(`/archive-volumes/${v.id}/quality-card`, { fileId: card, version: v.version });
      showToast({ message: t("archiveUi.volume.cardSet"), color: "success" });
      setCard(undefined);
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const submit = async () => {
    setBusy(true);
    try {
      const body = { volumeId: v.id, version: v.version };
      const res = await api.post<{ instanceId: string }>(
        `/archive-volumes/${v.id}/submissions`,
        undefined,
        submissionKey(body),
      );
      setApprovalId(res.instanceId);
      showToast({ message: t("archiveUi.volume.submitted"), color: "success" });
      refresh();
    } finally {
      setBusy(false);
    }
  };
  const approval = approvalId ?? v.approvalId;

  return (
    <>
      <PageHeader
        title={`${t("archiveUi.titles.volume")} ${v.volumeNo ?? t("archiveUi.caseLine.assembling")}`}
        extra={
          editable ? (
            <Button type="primary" loading={busy} onClick={() => void submit()}>
              {t("archiveUi.volume.submit")}
            </Button>
          ) : null
        }
      />
      <PagePanel>
        <Descriptions
          size="small"
          bordered
          column={{ xs: 1, md: 2 }}
          styles={{ label: { whiteSpace: "nowrap" } }}
        >
          <Descriptions.Item label={t("archive.fields.volumeNo")}>
            {v.volumeNo ?? t("archiveUi.caseLine.assembling")}
          </Descriptions.Item>
          <Descriptions.Item label={t("archive.fields.caseName")}>
            <Link className="schema-link" to={`/case/detail/${v.caseId}`}>
              {v.caseNo} {v.caseName}
            </Link>
          </Descriptions.Item>
          <Descriptions.Item label={t("archiveUi.fields.status")}>
            <Space size={4} wrap>
              <VolumeStatusTag status={v.status} />
              {approval && v.status !== "draft" ? (
                <Link to={approvalPath(approval)}>{t("archiveUi.volume.approval")}</Link>
              ) : null}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("archiveUi.fields.dueOn")}>
            <Space size={4}>
              {v.dueOn}
              {v.overdue ? <OverdueTag /> : null}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={t("archive.fields.closedOn")}>{v.closedOn}</Descriptions.Item>
          <Descriptions.Item label={t("archive.fields.retentionYears")}>
            {v.retentionYears}
          </Descriptions.Item>
        </Descriptions>
        {!archivist ? (
          <Alert style={{ marginTop: 16 }} type="info" message={t("archiveUi.volume.readOnly")} />
        ) : null}
        <Typography.Title
          level={2}
          className="archive-heading"
          style={{ fontSize: 16, marginTop: 24 }}
        >
          {t("archiveUi.volume.items")}
        </Typography.Title>
        <VolumeItems volume={v} editable={editable} onSaved={refresh} />
        {editable ? (
          <>
            <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
              {t("archive.parts.qualityCard")}
            </Typography.Title>
            <Typography.Paragraph type="secondary">
              {t("archiveUi.volume.cardHint")}
            </Typography.Paragraph>
            <Space wrap>
              <Select
                aria-label={t("archiveUi.volume.cardFile")}
                placeholder={t("archiveUi.volume.cardFile")}
                style={{ minWidth: 280 }}
                value={card}
                onChange={setCard}
                options={folderFiles.map((f) => ({ value: f.fileId, label: f.name }))}
              />
              <Button disabled={!card} loading={busy} onClick={() => void setQualityCard()}>
                {t("archiveUi.volume.setCard")}
              </Button>
            </Space>
          </>
        ) : null}
        <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
          {t("archiveUi.pdf.title")}
        </Typography.Title>
        <VolumePdf volume={v} canRetry={archivist} onChanged={refresh} />
      </PagePanel>
    </>
  );
};
