import { useCustom } from "@refinedev/core";
import { Card, Col, List, Row, Space, Statistic, Tag, Typography } from "antd";
import dayjs from "dayjs";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { DueDate, UnconfirmedTag } from "./key-dates-tab";
import { taskPath } from "../tasks/paths";
import { caseKeyDatesPath } from "./paths";
import { useDeadlineTypes } from "./use-deadline-data";
import "./deadlines.css";

type AgendaKeyDate = {
  id: string;
  caseId: string;
  caseName: string;
  deadlineType: string;
  title: string;
  dueDate: string;
  startsAt: string | null;
  confirmedAt: string | null;
  isOverdue: boolean;
};
type AgendaTask = { id: string; title: string; dueDate: string | null; priority: string; status: string; caseId: string | null; isOverdue: boolean };
type Agenda = { today: string; until: string; hearings: AgendaKeyDate[]; deadlines: AgendaKeyDate[]; unconfirmed: AgendaKeyDate[]; tasks: AgendaTask[]; pendingApprovals: number };


const Section = ({ title, count, children }: { title: string; count: number; children: ReactNode }) => (
  <Card size="small" className="deadlines-section" title={<Space>{title}<Tag>{count}</Tag></Space>}>
    {children}
  </Card>
);

/** The landing page: what is due for me in the next 14 days, each item a link. */
export const AgendaPage = () => {
  const { t } = useTranslation();
  const { labelOf, colorOf } = useDeadlineTypes();
  const { result, query } = useCustom<Agenda>({ url: "/api/my-agenda", method: "get" });
  const data = result?.data as Partial<Agenda> | undefined;
  const ready = Array.isArray(data?.deadlines);
  const keyDateList = (rows: AgendaKeyDate[] = [], empty: string) => (
    <List<AgendaKeyDate>
      size="small"
      loading={query.isLoading}
      dataSource={rows}
      locale={{ emptyText: empty }}
      renderItem={(r) => (
        <List.Item>
          <Space wrap>
            <DueDate date={r.dueDate} />
            {r.startsAt ? <span>{dayjs(r.startsAt).format("HH:mm")}</span> : null}
            <Tag color={colorOf(r.deadlineType)}>{labelOf(r.deadlineType)}</Tag>
            <Link to={caseKeyDatesPath(r.caseId)}>{r.title}</Link>
            <Typography.Text type="secondary">{r.caseName}</Typography.Text>
            {r.confirmedAt ? null : <UnconfirmedTag />}
          </Space>
        </List.Item>
      )}
    />
  );
  return (
    <div>
      <Typography.Title level={3}>{t("deadlines.agenda.title")}</Typography.Title>
      {ready ? <Typography.Paragraph type="secondary">{t("deadlines.agenda.range", { from: data?.today, to: data?.until })}</Typography.Paragraph> : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Section title={t("deadlines.agenda.hearings")} count={data?.hearings?.length ?? 0}>{keyDateList(data?.hearings, t("deadlines.agenda.noHearings"))}</Section>
          <Section title={t("deadlines.agenda.deadlines")} count={data?.deadlines?.length ?? 0}>{keyDateList(data?.deadlines, t("deadlines.agenda.noDeadlines"))}</Section>
          <Section title={t("deadlines.agenda.unconfirmed")} count={data?.unconfirmed?.length ?? 0}>{keyDateList(data?.unconfirmed, t("deadlines.agenda.noUnconfirmed"))}</Section>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" className="deadlines-section">
            <Link to="/workflow/center/pending">
              <Statistic title={t("deadlines.agenda.approvals")} value={data?.pendingApprovals ?? 0} />
            </Link>
          </Card>
          <Section title={t("deadlines.agenda.tasks")} count={data?.tasks?.length ?? 0}>
            <List<AgendaTask>
              size="small"
              loading={query.isLoading}
              dataSource={data?.tasks ?? []}
              locale={{ emptyText: t("deadlines.agenda.noTasks") }}
              renderItem={(r) => (
                <List.Item>
                  <Space wrap>
                    {r.dueDate ? <DueDate date={r.dueDate} /> : null}
                    <Link to={taskPath(r.id)}>{r.title}</Link>
                    {r.priority === "high" ? <Tag color="red">{t("deadlines.priorities.high")}</Tag> : null}
                  </Space>
                </List.Item>
              )}
            />
          </Section>
        </Col>
      </Row>
    </div>
  );
};
