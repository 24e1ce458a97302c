import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { auditLogs, users, workflowActionLog, workspaces } from "../../src/server/db/tables";
import { addNotifications } from "../../src/server/features/notifications/service";
import { addAudit } from "../../src/server/lib/audit";
import { writeBatch } from "../../src/server/lib/write-batch";
import { createTestApp, type TestApp } from "../fixtures/app";

/** Several writes as one statement, on the real database (both drivers). */
describe("write batch", () => {
  let t: TestApp;
  let workspaceId: string;
  let userIds: string[];
  beforeAll(async () => {
    t = await createTestApp();
    [{ id: workspaceId }] = await t.database.db
      .select({ id: workspaces.id })
      .from(workspaces)
      .limit(1);
    userIds = (await t.database.db.select({ id: users.id }).from(users).limit(3)).map((u) => u.id);
  });
  afterAll(() => t.close());

  const auditOf = (entityId: string) =>
    t.database.db.select().from(auditLogs).where(eq(auditLogs.entityId, entityId));
  const keyRow = (actorId: string, key: string, hash = "h") =>
    ({ workspaceId, actorId, key, payloadHash: hash }) as typeof workflowActionLog.$inferInsert;

  it("runs every part, answers the counted parts' row counts, and a second run sends only what came since", async () => {
    const entityId = randomUUID();
    const key = randomUUID();
    await t.database.db.insert(workflowActionLog).values(keyRow(userIds[0], key));
    const counts = await t.database.db.transaction(async (tx) => {
      const batch = writeBatch(tx);
      addAudit(
        batch,
        { workspaceId, userId: userIds[0] },
        { action: "update", entity: "batch", entityId, after: { n: 1 } },
      );
      addAudit(
        batch,
        { workspaceId, userId: userIds[0] },
        { action: "update", entity: "batch", entityId, after: { n: 2 } },
      );
      const taken = batch.count(
        tx
          .insert(workflowActionLog)
          .values(keyRow(userIds[0], key))
          .onConflictDoNothing()
          .returning(),
      );
      const fresh = batch.count(
        tx
          .insert(workflowActionLog)
          .values(keyRow(userIds[1], key))
          .onConflictDoNothing()
          .returning(),
      );
      const first = await batch.run();
      addAudit(
        batch,
        { workspaceId, userId: userIds[0] },
        { action: "update", entity: "batch", entityId, after: { n: 3 } },
      );
      const second = await batch.run();
      return { taken: first[taken], fresh: first[fresh], second, empty: await batch.run() };
    });
    expect(counts).toEqual({ taken: 0, fresh: 1, second: [], empty: [] });
    expect((await auditOf(entityId)).map((r) => (r.after as { n: number }).n).sort()).toEqual([
      1, 2, 3,
    ]);
  });

  it("writes nothing when one part fails: the statement is one", async () => {
    const entityId = randomUUID();
    const key = randomUUID();
    await expect(
      t.database.db.transaction(async (tx) => {
        const batch = writeBatch(tx);
        addAudit(
          batch,
          { workspaceId, userId: userIds[0] },
          { action: "update", entity: "batch", entityId },
        );
        batch.add(tx.insert(workflowActionLog).values(keyRow(userIds[2], key)));
        batch.add(
          tx.insert(workflowActionLog).values({ ...keyRow(userIds[2], key), payloadHash: "other" }),
        );
        await batch.run();
      }),
    ).rejects.toThrow();
    expect(await auditOf(entityId)).toEqual([]);
    const keys = await t.database.db
      .select()
      .from(workflowActionLog)
      .where(and(eq(workflowActionLog.actorId, userIds[2]), eq(workflowActionLog.key, key)));
    expect(keys).toEqual([]);
  });

  it("fires an effect part (the live events of notifications) once per row, and only on commit", async () => {
    const heard: unknown[] = [];
    const stop = await t.app.bus.subscribe("notifications", (m) => heard.push(m));
    const entityId = randomUUID();
    await t.database.db.transaction(async (tx) => {
      const batch = writeBatch(tx);
      addNotifications(
        batch,
        { workspaceId, userId: null },
        { userIds, type: "system", title: "batched", entityId },
      );
      addAudit(
        batch,
        { workspaceId, userId: null },
        { action: "update", entity: "batch", entityId },
      );
      await batch.run();
    });
    await expect(
      t.database.db.transaction(async (tx) => {
        const batch = writeBatch(tx);
        addNotifications(
          batch,
          { workspaceId, userId: null },
          { userIds, type: "system", title: "ghost" },
        );
        await batch.run();
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    await new Promise((r) => setTimeout(r, 500));
    stop();
    expect(heard).toHaveLength(userIds.length);
    expect(new Set(heard.map((m) => (m as { userId: string }).userId))).toEqual(new Set(userIds));
  });
});
