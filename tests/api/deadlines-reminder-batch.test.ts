import { and, count, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { keyDateReminders, notifications, outboxMessages } from "../../src/server/db/tables";
import { runDeadlineReminders } from "../../src/server/features/deadlines/reminders";
import type { TestApp } from "../fixtures/app";
import { deadlinesApi, deadlinesSuite, plusDays } from "../fixtures/deadlines";

/**
 * A busy morning: more reminders due at once than one batch takes. A row-value list of a whole
 * batch once made PGlite abort (the process with it); now every reminder goes out once.
 */
describe("the reminder job over many reminders due the same day", () => {
  const suite = deadlinesSuite("批量提醒测试案件");
  let t: TestApp;
  let api: ReturnType<typeof deadlinesApi>;
  let caseId: string;
  beforeAll(() => ({ t, api, caseId } = suite));

  it("sends 1 200 due reminders in batches, each once, with its notifications and e-mails", async () => {
    const created = (
      await api.addKeyDate("lawyer", caseId, {
        deadlineType: "evidence",
        source: "manual",
        dueDate: plusDays(300),
      })
    ).json().data as { id: string };
    const own = await t.database.db
      .select()
      .from(keyDateReminders)
      .where(eq(keyDateReminders.keyDateId, created.id));
    const [first] = own;
    // 1 200 more reminders of this key date, all due yesterday (offsets nobody would choose, but rows like any other).
    await t.database.db.insert(keyDateReminders).values(
      Array.from({ length: 1200 }, (_, i) => ({
        workspaceId: first.workspaceId,
        keyDateId: created.id,
        kind: "reminder",
        offsetDays: 1000 + i,
        sendOn: plusDays(-1),
      })),
    );
    const handled = await runDeadlineReminders(t.database.db);
    expect(handled).toBeGreaterThanOrEqual(1200);
    const unsent = await t.database.db
      .select({ n: count() })
      .from(keyDateReminders)
      .where(and(eq(keyDateReminders.keyDateId, created.id), isNull(keyDateReminders.sentAt)));
    // Only the key date's own reminders (and escalation) of a date 300 days away still wait.
    expect(unsent[0].n).toBe(own.length);
    const team = 3; // lead lawyer, assistant, supervising partner
    const notes = await t.database.db
      .select({ n: count() })
      .from(notifications)
      .where(eq(notifications.entityId, created.id));
    expect(notes[0].n).toBe(1200 * team);
    const mails = await t.database.db
      .select({ n: count() })
      .from(outboxMessages)
      .where(eq(outboxMessages.entityId, created.id));
    expect(mails[0].n).toBe(1200 * team);
    // Nothing is sent twice.
    expect(await runDeadlineReminders(t.database.db)).toBe(0);
  });
});
