import dayjs from "dayjs";
import { and, asc, eq } from "drizzle-orm";

import { calendarOf, computeDeadline, type PeriodUnit } from "../../shared/deadline-compute";
import { DEFAULT_FIRM_TIME_ZONE } from "../../shared/firm-time";
import { todayOf } from "../features/cases";
import { reminderRows } from "../features/deadlines";
import type { Db } from "../db/client";
import {
  calendarEvents,
  cases,
  deadlineRules,
  holidayDays,
  keyDateReminders,
  keyDates,
  tasks,
  taskTemplates,
} from "../db/tables";
import { CHINA_HOLIDAY_DAYS, DEFAULT_DEADLINE_RULES } from "./holidays";

type Team = { lead: string; partner: string };

const TEMPLATES = [
  {
    name: "民事一审标准流程",
    caseType: "civil-litigation",
    stage: "first-instance",
    items: [
      { kind: "task", title: "起草并提交起诉状", offsetDays: 3, priority: "high" },
      { kind: "task", title: "缴纳诉讼费", offsetDays: 10, priority: "normal" },
      { kind: "deadline", title: "举证期限届满", deadlineType: "evidence", offsetDays: 30 },
      { kind: "task", title: "提交证据目录", offsetDays: 25, priority: "high" },
      { kind: "task", title: "准备开庭（代理词、质证意见）", offsetDays: 40, priority: "normal" },
    ],
  },
  {
    name: "民事二审标准流程",
    caseType: "civil-litigation",
    stage: "second-instance",
    items: [
      { kind: "task", title: "起草上诉状", offsetDays: 5, priority: "high" },
      { kind: "task", title: "缴纳上诉费", offsetDays: 7, priority: "high" },
      { kind: "task", title: "准备二审庭审提纲", offsetDays: 30, priority: "normal" },
    ],
  },
];

/**
 * A firm's holiday calendar, default deadline rules and task templates, and on its first formal
 * cases: a hearing this week, an appeal period computed from a judgment served ten days ago, an
 * overdue evidence deadline, two unconfirmed deadlines, tasks and a meeting.
 */
export const seedDeadlines = async (tx: Db, workspaceId: string, team: Team, now = new Date()) => {
  const by = { workspaceId, createdBy: team.lead, updatedBy: team.lead };
  await tx.insert(holidayDays).values(CHINA_HOLIDAY_DAYS.map((d) => ({ ...by, ...d })));
  await tx.insert(deadlineRules).values(DEFAULT_DEADLINE_RULES.map((r) => ({ ...by, ...r })));
  await tx.insert(taskTemplates).values(TEMPLATES.map((t) => ({ ...by, ...t })));
  const open = await tx
    .select({ id: cases.id })
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), eq(cases.status, "formal")))
    .orderBy(asc(cases.createdAt), asc(cases.caseNo))
    .limit(2);
  if (open.length === 0) return;
  // The demo firms keep the default zone.
  const today = todayOf(now, DEFAULT_FIRM_TIME_ZONE);
  const day = (n: number) => dayjs(today).add(n, "day").format("YYYY-MM-DD");
  const calendar = calendarOf(CHINA_HOLIDAY_DAYS);
  const appealRule = DEFAULT_DEADLINE_RULES.find((r) => r.code === "appeal-judgment")!;
  const appeal = computeDeadline(
    day(-10),
    { amount: appealRule.amount, unit: appealRule.unit as PeriodUnit },
    calendar,
  );
  const [first, second = first] = open.map((c) => c.id);
  const confirmed = { confirmedBy: team.partner, confirmedAt: now };
  const hearingAt = dayjs(`${day(4)}T09:30:00+08:00`).toDate();
  const rows = [
    {
      caseId: first,
      deadlineType: "hearing",
      title: "第一次开庭",
      titleEn: "First hearing",
      dueDate: day(4),
      startsAt: hearingAt,
      court: "北京市朝阳区人民法院",
      courtroom: "第十二法庭",
      judge: "王法官",
      source: "court-notice" as const,
      ...confirmed,
    },
    {
      caseId: first,
      deadlineType: "appeal",
      title: appealRule.name,
      titleEn: appealRule.nameEn,
      dueDate: appeal.dueDate,
      shiftedFrom: appeal.shiftedFrom,
      source: "computed" as const,
      ruleCode: appealRule.code,
      triggerDate: day(-10),
      ...confirmed,
    },
    {
      caseId: first,
      deadlineType: "evidence",
      title: "举证期限",
      titleEn: "Evidence deadline",
      dueDate: day(-2),
      source: "court-notice" as const,
      ...confirmed,
    },
    {
      caseId: second,
      deadlineType: "defence",
      title: "答辩期",
      titleEn: "Defence period",
      dueDate: day(9),
      source: "manual" as const,
    },
    {
      caseId: second,
      deadlineType: "preservation",
      title: "冻结银行存款到期（需申请续冻）",
      titleEn: "Bank deposit freeze expires (apply to renew)",
      dueDate: day(12),
      subject: "被申请人招商银行账户存款 120 万元",
      source: "manual" as const,
    },
  ];
  const inserted = await tx
    .insert(keyDates)
    .values(
      rows.map((r) => ({
        ...by,
        datedBy: by.createdBy,
        responsibleId: team.lead,
        reminderOffsets: [7, 3, 1, 0],
        ...r,
      })),
    )
    .returning();
  await tx.insert(keyDateReminders).values(inserted.flatMap((r) => reminderRows(r, today)));
  await tx.insert(tasks).values([
    {
      ...by,
      caseId: first,
      title: "准备开庭质证意见",
      assigneeId: team.lead,
      dueDate: day(3),
      priority: "high",
      checklist: [
        { text: "核对证据原件", done: true },
        { text: "起草质证意见", done: false },
      ],
    },
    {
      ...by,
      caseId: first,
      title: "向客户报告庭审安排",
      assigneeId: team.lead,
      dueDate: day(1),
      priority: "normal",
    },
    {
      ...by,
      caseId: second,
      title: "起草答辩状",
      assigneeId: team.lead,
      dueDate: day(7),
      priority: "high",
      status: "doing",
    },
    {
      ...by,
      caseId: null,
      title: "整理本月工时记录",
      assigneeId: team.lead,
      dueDate: day(5),
      priority: "low",
    },
  ]);
  await tx.insert(calendarEvents).values([
    {
      ...by,
      caseId: first,
      title: "与客户讨论庭审策略",
      kind: "meeting",
      ownerId: team.lead,
      startsAt: dayjs(`${day(1)}T14:00:00+08:00`).toDate(),
      endsAt: dayjs(`${day(1)}T15:30:00+08:00`).toDate(),
      location: "3 号会议室",
    },
    {
      ...by,
      caseId: null,
      title: "部门例会",
      kind: "meeting",
      ownerId: team.lead,
      startsAt: dayjs(`${day(2)}T10:00:00+08:00`).toDate(),
      endsAt: dayjs(`${day(2)}T11:00:00+08:00`).toDate(),
    },
  ]);
};
