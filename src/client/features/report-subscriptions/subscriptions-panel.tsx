import { useQueryClient } from "@tanstack/react-query";
import { Button, Popconfirm, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { ReportSubscription } from "../../../shared/contracts/report-subscriptions";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { firmTime } from "../../lib/firm-time";
import {
  type SubscribableReport,
  SUBSCRIPTIONS_KEY,
  SUBSCRIPTIONS_URL,
  useSubscriptions,
} from "./api";
import { periodLabel, scheduleLabel } from "./labels";
import { SubscriptionDialog } from "./subscription-dialog";

/**
 * "My subscriptions": each scheduled report with when it goes, what it covers, its scope and
 * state, and pause/resume, edit and delete. `reports` is the catalogue (titles, the scopes and
 * departments the member may pick now).
 */
export const SubscriptionsPanel = ({ reports }: { reports: SubscribableReport[] }) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const { data = [], isLoading } = useSubscriptions();
  const [editing, setEditing] = useState<ReportSubscription | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const reportOf = (key: string): SubscribableReport =>
    reports.find((r) => r.key === key) ?? {
      key,
      title: t(`reports.titles.${key}`),
      scopes: [],
      departments: [],
    };
  const departmentName = (id: string | null) =>
    reports.flatMap((r) => r.departments).find((d) => d.id === id)?.name;

  const act = async (s: ReportSubscription, run: () => Promise<unknown>, done: string) => {
    setBusyId(s.id);
    try {
      await run();
      showToast({ message: t(done), color: "success" });
      await queries.invalidateQueries({ queryKey: SUBSCRIPTIONS_KEY });
    } catch (error) {
      // The API layer has shown its error (a right lost since, a stale version); others are bugs.
      if (!isApiError(error)) throw error;
    } finally {
      setBusyId(null);
    }
  };
  const setActive = (s: ReportSubscription, isActive: boolean) =>
    act(
      s,
      () => api.patch(`${SUBSCRIPTIONS_URL}/${s.id}`, { isActive, version: s.version }),
      isActive ? "reportSubscriptions.messages.resumed" : "reportSubscriptions.messages.paused",
    );
  const remove = (s: ReportSubscription) =>
    act(
      s,
      () => api.delete(`${SUBSCRIPTIONS_URL}/${s.id}`),
      "reportSubscriptions.messages.deleted",
    );

  return (
    <>
      <Typography.Paragraph type="secondary">{t("reportSubscriptions.intro")}</Typography.Paragraph>
      <Table<ReportSubscription>
        rowKey="id"
        size="middle"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        // Fits the content width at 1280 px; narrower screens scroll it, the actions fixed on the right.
        scroll={data.length ? { x: 980 } : undefined}
        aria-label={t("reportSubscriptions.titles.list")}
        locale={{ emptyText: t("reportSubscriptions.empty") }}
        columns={[
          {
            key: "report",
            title: t("reportSubscriptions.fields.report"),
            render: (_, s) => reportOf(s.reportKey).title,
          },
          {
            key: "schedule",
            title: t("reportSubscriptions.fields.schedule"),
            render: (_, s) => scheduleLabel(t, s),
          },
          {
            key: "period",
            title: t("reportSubscriptions.fields.period"),
            render: (_, s) => periodLabel(t, s.period, s.cadence),
          },
          {
            key: "scope",
            title: t("reportSubscriptions.fields.scope"),
            render: (_, s) =>
              s.scope === "department"
                ? (departmentName(s.departmentId) ?? t("reports.scopes.department"))
                : t(`reports.scopes.${s.scope}`),
          },
          {
            key: "status",
            title: t("reportSubscriptions.fields.status"),
            width: 90,
            render: (_, s) => (
              <Tag color={s.isActive ? "success" : "default"}>
                {t(`reportSubscriptions.statuses.${s.isActive ? "active" : "paused"}`)}
              </Tag>
            ),
          },
          {
            key: "next",
            title: t("reportSubscriptions.fields.nextSendAt"),
            width: 150,
            render: (_, s) => (s.nextSendAt ? firmTime(s.nextSendAt) : "—"),
          },
          {
            key: "last",
            title: t("reportSubscriptions.fields.lastSentAt"),
            width: 150,
            render: (_, s) =>
              s.lastSentAt ? firmTime(s.lastSentAt) : t("reportSubscriptions.never"),
          },
          {
            key: "actions",
            title: t("table.actions"),
            fixed: "right",
            width: 200,
            render: (_, s) => {
              const report = reportOf(s.reportKey).title;
              const busy = busyId === s.id;
              return (
                <Space size="small" wrap>
                  <Button
                    size="small"
                    onClick={() => setEditing(s)}
                    aria-label={t("reportSubscriptions.actions.editOf", { report })}
                  >
                    {t("reportSubscriptions.actions.edit")}
                  </Button>
                  <Button
                    size="small"
                    loading={busy}
                    onClick={() => void setActive(s, !s.isActive)}
                    aria-label={t(
                      s.isActive
                        ? "reportSubscriptions.actions.pauseOf"
                        : "reportSubscriptions.actions.resumeOf",
                      { report },
                    )}
                  >
                    {t(
                      s.isActive
                        ? "reportSubscriptions.actions.pause"
                        : "reportSubscriptions.actions.resume",
                    )}
                  </Button>
                  <Popconfirm
                    title={t("reportSubscriptions.confirmDelete", { report })}
                    okText={t("buttons.delete")}
                    cancelText={t("buttons.cancel")}
                    onConfirm={() => remove(s)}
                  >
                    <Button
                      size="small"
                      danger
                      aria-label={t("reportSubscriptions.actions.deleteOf", { report })}
                    >
                      {t("reportSubscriptions.actions.delete")}
                    </Button>
                  </Popconfirm>
                </Space>
              );
            },
          },
        ]}
      />
      {editing ? (
        <SubscriptionDialog
          report={reportOf(editing.reportKey)}
          subscription={editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
};
