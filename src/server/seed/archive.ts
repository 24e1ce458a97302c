import dayjs from "dayjs";
import { and, asc, eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { archiveLoans, cases } from "../db/tables";
import { archiveVolume, openVolume } from "../features/archive";
import { firmTodayOf } from "../lib/firm-time";
import { DEMO_CONTRACT_PDF } from "./demo-bodies";
import { seedFile } from "./documents";
import { seedCtx } from "./seed-ctx";

/**
 * The firm's archive (features/archive): its first closed case archived with a number, its files
 * locked, the merged PDF queued (the merge job makes it within seconds of the app starting), and
 * the volume out on loan to a colleague outside the case's team for two more weeks.
 */
export const seedArchive = async (
  tx: Db,
  workspaceId: string,
  people: { archivist: string; borrower: string },
) => {
  const ctx = seedCtx(tx, workspaceId, people.archivist);
  const [kase] = await tx
    .select()
    .from(cases)
    .where(and(eq(cases.workspaceId, workspaceId), eq(cases.status, "closed")))
    .orderBy(asc(cases.createdAt), asc(cases.caseNo))
    .limit(1);
  if (!kase) return;
  await seedFile(tx, {
    workspaceId,
    ownerId: people.archivist,
    folderId: kase.folderId,
    name: "委托代理合同（已签署）.pdf",
    mime: "application/pdf",
    body: DEMO_CONTRACT_PDF,
  });
  const volume = await openVolume(ctx, kase.id, kase.terminatedAt ?? kase.updatedAt);
  if (!volume) return;
  await archiveVolume(ctx, volume);
  const today = await firmTodayOf(tx, workspaceId);
  await tx.insert(archiveLoans).values({
    workspaceId,
    volumeId: volume.id,
    borrowerId: people.borrower,
    purpose: "办理类似交通事故案件，参考本案代理意见与证据目录",
    untilOn: dayjs(today).add(14, "day").format("YYYY-MM-DD"),
    status: "active",
    lentAt: new Date(),
    createdBy: people.borrower,
    updatedBy: people.archivist,
  });
};
