import { PlusOutlined } from "@ant-design/icons";
import { useCustom, useCustomMutation, useGetIdentity } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Button, Input, Modal, Space, Table, Tag, Tooltip, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { usePickerData } from "../../components/member-picker";
import { firmTime } from "../../lib/firm-time";
import type { LoginUser } from "../../providers/session";
import { useCan } from "../../routing/use-can";
import { ApplyTemplate } from "./apply-template";
import { DueDate, UnconfirmedTag } from "../../components/due-date";
import { KeyDateForm } from "./key-date-form";
import type { KeyDate } from "./types";
import { useDeadlineTypes } from "./use-deadline-data";
import "./deadlines.css";

/** A case's Key dates tab: typed dates with their source, rule and second sign-off. */
export const KeyDatesTab = ({
  caseId,
  editable = true,
}: {
  caseId: string;
  editable?: boolean;
}) => {
  const { t } = useTranslation();
  const canEdit = useCan()("update", "LAWFIRM_CASE_VIEW") && editable;
  const { labelOf, colorOf } = useDeadlineTypes();
  const { data: people } = usePickerData();
  const nameOf = (id: string | null) => people.members.find((m) => m.userId === id)?.name ?? "";
  const { result, query } = useCustom<KeyDate[]>({
    url: `/api/cases/${caseId}/key-dates`,
    method: "get",
  });
  const rows = Array.isArray(result?.data) ? (result.data as KeyDate[]) : [];
  const { mutateAsync } = useCustomMutation();
  const { data: me } = useGetIdentity<LoginUser>();
  const queryClient = useQueryClient();
  // A template makes tasks too: every task list on screen reads them again.
  const applied = () => {
    void query.refetch();
    void queryClient.invalidateQueries({
      predicate: (q) => JSON.stringify(q.queryKey).includes("/api/tasks"),
    });
  };
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<KeyDate | null>(null);
  const [voiding, setVoiding] = useState<KeyDate | null>(null);
  const [reason, setReason] = useState("");

  // A refusal (someone confirming their own entry) is shown as a toast by the data provider.
  const act = async (
    row: KeyDate,
    path: string,
    values: Record<string, unknown>,
    done?: string,
  ) => {
    await mutateAsync({
      url: `/api/key-dates/${row.id}/${path}`,
      method: "post",
      values: { ...values, version: row.version },
      // The second sign-off is a deliberate act: say it took, not just re-draw the row.
      successNotification: done ? () => ({ type: "success", message: done }) : false,
    }).catch(() => undefined);
    await query.refetch();
  };

  return (
    <div className="deadlines-tab">
      {canEdit ? (
        <Space className="deadlines-add">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t("deadlines.keyDates.add")}
          </Button>
          <ApplyTemplate caseId={caseId} onApplied={applied} />
        </Space>
      ) : null}
      <Table<KeyDate>
        size="small"
        rowKey="id"
        loading={query.isLoading}
        pagination={false}
        dataSource={rows}
        // 1 100 px: the card's width at 1 440 px. Narrower, the table scrolls and keeps its actions
        // pinned to the right, so no button is ever cut off.
        scroll={{ x: 1100 }}
        locale={{ emptyText: t("deadlines.keyDates.empty") }}
        columns={[
          {
            key: "type",
            title: t("deadlines.fields.deadlineType"),
            width: 120,
            render: (_, r) => <Tag color={colorOf(r.deadlineType)}>{labelOf(r.deadlineType)}</Tag>,
          },
          {
            key: "title",
            title: t("deadlines.fields.title"),
            width: 220,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{r.title}</span>
                {r.startsAt ? (
                  <Typography.Text type="secondary">
                    {firmTime(r.startsAt)}{" "}
                    {[r.court, r.courtroom, r.judge].filter(Boolean).join(" · ")}
                  </Typography.Text>
                ) : null}
                {r.subject ? <Typography.Text type="secondary">{r.subject}</Typography.Text> : null}
              </Space>
            ),
          },
          {
            key: "due",
            title: t("deadlines.fields.dueDate"),
            width: 130,
            render: (_, r) => <DueDate date={r.dueDate} status={r.status} />,
          },
          {
            key: "source",
            title: t("deadlines.fields.source"),
            width: 170,
            render: (_, r) => (
              <Space direction="vertical" size={0}>
                <span>{t(`deadlines.sources.${r.source}`)}</span>
                {r.triggerDate ? (
                  <Typography.Text type="secondary">
                    {t("deadlines.keyDates.fromTrigger", { date: r.triggerDate })}
                  </Typography.Text>
                ) : null}
                {r.shiftedFrom ? (
                  <Typography.Text type="secondary">
                    {t("deadlines.keyDates.shifted", { date: r.shiftedFrom })}
                  </Typography.Text>
                ) : null}
                {r.missingYears.length ? (
                  <Tag color="orange">
                    {t("deadlines.keyDates.missingYears", { years: r.missingYears.join(", ") })}
                  </Tag>
                ) : null}
              </Space>
            ),
          },
          {
            key: "responsible",
            title: t("deadlines.fields.responsibleId"),
            width: 100,
            render: (_, r) => nameOf(r.responsibleId),
          },
          {
            key: "status",
            title: t("deadlines.fields.status"),
            width: 150,
            render: (_, r) => (
              <Space wrap size={4}>
                <Tag>{t(`deadlines.statuses.${r.status}`)}</Tag>
                {r.confirmedAt ? (
                  <Tag color="success">{t("deadlines.keyDates.confirmed")}</Tag>
                ) : (
                  <UnconfirmedTag />
                )}
                {r.confirmedAt ? (
                  <Typography.Text type="secondary" className="key-date-confirmed-by">
                    {t("deadlines.keyDates.confirmedBy", {
                      name: nameOf(r.confirmedBy),
                      at: firmTime(r.confirmedAt),
                    })}
                  </Typography.Text>
                ) : null}
                {r.voidReason ? (
                  <Typography.Text type="secondary">{r.voidReason}</Typography.Text>
                ) : null}
              </Space>
            ),
          },
          ...(canEdit
            ? [
                {
                  key: "actions",
                  width: 190,
                  fixed: "right" as const,
                  render: (_: unknown, r: KeyDate) => (
                    <Space size={0} wrap>
                      <Button size="small" type="link" onClick={() => setEditing(r)}>
                        {t("buttons.edit")}
                      </Button>
                      {!r.confirmedAt && r.status === "open" ? (
                        r.datedBy === String(me?.id) ? (
                          // The second sign-off is someone else's: say so instead of sending a request the server refuses.
                          <Tooltip title={t("deadlines.errors.ownConfirm")}>
                            <Button
                              size="small"
                              type="link"
                              disabled
                              aria-label={`${t("deadlines.keyDates.confirm")}: ${t("deadlines.errors.ownConfirm")}`}
                            >
                              {t("deadlines.keyDates.confirm")}
                            </Button>
                          </Tooltip>
                        ) : (
                          <Button
                            size="small"
                            type="link"
                            onClick={() =>
                              void act(r, "confirm", {}, t("deadlines.keyDates.confirmedDone"))
                            }
                          >
                            {t("deadlines.keyDates.confirm")}
                          </Button>
                        )
                      ) : null}
                      {r.status === "open" ? (
                        <>
                          <Button
                            size="small"
                            type="link"
                            onClick={() => void act(r, "status", { status: "done" })}
                          >
                            {t("deadlines.keyDates.markDone")}
                          </Button>
                          <Button size="small" type="link" onClick={() => setVoiding(r)}>
                            {t("deadlines.keyDates.markVoid")}
                          </Button>
                        </>
                      ) : (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => void act(r, "status", { status: "open" })}
                        >
                          {t("deadlines.keyDates.reopen")}
                        </Button>
                      )}
                    </Space>
                  ),
                },
              ]
            : []),
        ]}
      />
      <KeyDateForm
        caseId={caseId}
        open={adding || editing !== null}
        editing={editing}
        onClose={() => {
          setAdding(false);
          setEditing(null);
        }}
        onSaved={() => {
          setAdding(false);
          setEditing(null);
          void query.refetch();
        }}
      />
      <Modal
        open={voiding !== null}
        title={t("deadlines.keyDates.markVoid")}
        okText={t("buttons.save")}
        cancelText={t("buttons.cancel")}
        okButtonProps={{ disabled: !reason.trim() }}
        onCancel={() => setVoiding(null)}
        onOk={() =>
          void act(voiding!, "status", { status: "void", reason }).then(() => {
            setVoiding(null);
            setReason("");
          })
        }
      >
        <label htmlFor="void-reason">{t("deadlines.fields.reason")}</label>
        <Input.TextArea
          id="void-reason"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
    </div>
  );
};
