import type { Db } from "../db/client";
import { reportSubscriptions } from "../db/tables";
import { baselineOf, type Schedule } from "../features/report-subscriptions";
import { readFirmTimeZone } from "../lib/firm-time";

/**
 * One scheduled report per firm, so the reports page's "My subscriptions" has something to show:
 * the first firm's partner gets last month's money on the 1st at 08:00, the second firm's admin
 * the month to date of new cases every Monday at 09:00. Both count as sent up to now, like a
 * subscription made through the API: the demo does not mail anyone on its first start.
 */
export const seedReportSubscriptions = async (
  tx: Db,
  workspaceId: string,
  userId: string,
  isFirst: boolean,
) => {
  const schedule: Schedule = isFirst
    ? { cadence: "monthly", weekday: null, monthDay: 1, hour: 8 }
    : { cadence: "weekly", weekday: 1, monthDay: null, hour: 9 };
  const zone = await readFirmTimeZone(tx, workspaceId);
  await tx.insert(reportSubscriptions).values({
    workspaceId,
    userId,
    reportKey: isFirst ? "money" : "new-cases",
    scope: "firm",
    period: isFirst ? "last" : "month",
    ...schedule,
    language: "zh-CN",
    lastSentPeriod: baselineOf(schedule, new Date(), zone),
    createdBy: userId,
    updatedBy: userId,
  });
};
