import { useCustom } from "@refinedev/core";
import { Col, Row, Skeleton, Statistic, Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { FirmZoneNote } from "../../components/firm-zone-note";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { firmTime } from "../../lib/firm-time";
import { DueDate, UnconfirmedTag } from "../../components/due-date";
import { caseKeyDatesPath, taskPath } from "../../lib/record-paths";
import { useDeadlineTypes } from "./use-deadline-data";
import "../../components/date-lists.css";
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
type AgendaTask = {
  id: string;
  title: string;
  dueDate: string | null;
  priority: string;
  status: string;
  caseId: string | null;
  isOverdue: boolean;
};
type Agenda = {
  today: string;
  until: string;
  hearings: AgendaKeyDate[];
  deadlines: AgendaKeyDate[];
  unconfirmed: AgendaKeyDate[];
  tasks: AgendaTask[];
  pendingApprovals: number;
};

const Section = ({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) => (
  <PagePanel className="deadlines-section agenda-section">
    <h2 className="agenda-section-title">
      {title} <Tag>{count}</Tag>
    </h2>
    {children}
  </PagePanel>
);

/**
 * A plain list rather than antd List: List brings Pagination and with it Select (about 24 KB of
 * compressed JS) into the page every member lands on, for lists that never page.
 */
const AgendaList = <T extends { id: string }>({
  rows,
  isLoading,
  empty,
  render,
}: {
  rows: T[];
  isLoading: boolean;
  empty: string;
  render: (row: T) => ReactNode;
}) => {
  if (isLoading) return <Skeleton active title={false} paragraph={{ rows: 2 }} />;
  if (rows.length === 0) return <p className="agenda-empty">{empty}</p>;
  return (
    <ul className="agenda-list">
      {rows.map((row) => (
        <li key={row.id} className="agenda-item">
          {render(row)}
        </li>
      ))}
    </ul>
  );
};

/** The landing page: what is due for me in the next 14 days, each item a link. */
export const AgendaPage = () => {
  const { t } = useTranslation();
  const { labelOf, colorOf } = useDeadlineTypes();
  const { result, query } = useCustom<Agenda>({ url: "/api/my-agenda", method: "get" });
  const data = result?.data as Partial<Agenda> | undefined;
  const ready = Array.isArray(data?.deadlines);
  const keyDateList = (rows: AgendaKeyDate[] = [], empty: string) => (
    <AgendaList
      rows={rows}
      isLoading={query.isLoading}
      empty={empty}
      render={(r) => (
        <>
          <DueDate date={r.dueDate} />
          {r.startsAt ? <span>{firmTime(r.startsAt, "HH:mm")}</span> : null}
          <Tag color={colorOf(r.deadlineType)}>{labelOf(r.deadlineType)}</Tag>
          <Link to={caseKeyDatesPath(r.caseId)}>{r.title}</Link>
          <span className="agenda-secondary">{r.caseName}</span>
          {r.confirmedAt ? null : <UnconfirmedTag />}
        </>
      )}
    />
  );
  return (
    <div>
      <PageHeader title={t("deadlines.agenda.title")} />
      {ready ? (
        <p className="agenda-secondary agenda-range">
          {t("deadlines.agenda.range", { from: data?.today, to: data?.until })} <FirmZoneNote />
        </p>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Section title={t("deadlines.agenda.hearings")} count={data?.hearings?.length ?? 0}>
            {keyDateList(data?.hearings, t("deadlines.agenda.noHearings"))}
          </Section>
          <Section title={t("deadlines.agenda.deadlines")} count={data?.deadlines?.length ?? 0}>
            {keyDateList(data?.deadlines, t("deadlines.agenda.noDeadlines"))}
          </Section>
          <Section title={t("deadlines.agenda.unconfirmed")} count={data?.unconfirmed?.length ?? 0}>
            {keyDateList(data?.unconfirmed, t("deadlines.agenda.noUnconfirmed"))}
          </Section>
        </Col>
        <Col xs={24} lg={8}>
          <PagePanel className="deadlines-section agenda-section">
            <Link to="/workflow/center/pending">
              <Statistic
                title={t("deadlines.agenda.approvals")}
                value={data?.pendingApprovals ?? 0}
              />
            </Link>
          </PagePanel>
          <Section title={t("deadlines.agenda.tasks")} count={data?.tasks?.length ?? 0}>
            <AgendaList
              rows={data?.tasks ?? []}
              isLoading={query.isLoading}
              empty={t("deadlines.agenda.noTasks")}
              render={(r) => (
                <>
                  {r.dueDate ? <DueDate date={r.dueDate} /> : null}
                  <Link to={taskPath(r.id)}>{r.title}</Link>
                  {r.priority === "high" ? (
                    <Tag color="red">{t("deadlines.priorities.high")}</Tag>
                  ) : null}
                </>
              )}
            />
          </Section>
        </Col>
      </Row>
    </div>
  );
};
