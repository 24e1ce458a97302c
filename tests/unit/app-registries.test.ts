import { sql } from "drizzle-orm";
import { describe, expect, it, vi } from "vitest";

import { createWorkflowRegistry } from "../../src/server/features/workflow/registry";
import { createJobScheduler } from "../../src/server/lib/jobs";
import { createRowOwnerRegistry } from "../../src/server/lib/row-owners";

const noop = { onComplete: async () => undefined };
const log = { error: vi.fn() } as never;

describe("app.workflow", () => {
  it("refuses to start while a business kind has no effect, naming it and the plugin expected to register it", () => {
    const registry = createWorkflowRegistry();
    for (const kind of [
      "case",
      "case-change",
      "contract",
      "contract-archive",
      "contract-cancel",
      "invoice",
      "case-close",
      "case-archive",
      "archive-loan",
    ] as const)
      registry.registerEffect(kind, noop);
    expect(() => registry.assertComplete()).toThrow(
      "Workflow kinds with no business effect: seal (the seals plugin)",
    );
    registry.registerEffect("seal", noop);
    expect(() => registry.assertComplete()).not.toThrow();
  });

  it("prefers an effect registered for a reference prefix over the bare kind's, and refuses a second one", () => {
    const registry = createWorkflowRegistry();
    const accounts = { onComplete: async () => undefined };
    registry.registerEffect("general:accounts", accounts);
    expect(registry.effectOf("general", "accounts:1")).toBe(accounts);
    expect(registry.effectOf("general", "other:1")).toBeUndefined();
    expect(() => registry.registerEffect("general:accounts", noop)).toThrow(/twice/);
  });
});

describe("app.rowOwners", () => {
  it("answers each table's owner and refuses a second owner for one table", () => {
    const owners = createRowOwnerRegistry();
    const owner = sql`created_by`;
    owners.register("things", owner);
    expect(owners.of("things")).toBe(owner);
    expect(owners.of("other")).toBeUndefined();
    expect(() => owners.register("things", owner)).toThrow(/already has a row owner/);
  });
});

describe("app.jobs", () => {
  it("runs jobs only once started, never two runs of one job at once, and waits for a run on stop", async () => {
    vi.useFakeTimers();
    try {
      const jobs = createJobScheduler(log);
      let runs = 0;
      let finish: () => void = () => undefined;
      jobs.register("slow", 1000, () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      });
      jobs.register("off", 0, async () => undefined);
      expect(jobs.names()).toEqual(["slow"]);
      await vi.advanceTimersByTimeAsync(5000);
      expect(runs).toBe(0);
      jobs.start();
      await vi.advanceTimersByTimeAsync(3500);
      expect(runs).toBe(1);
      let stopped = false;
      const stopping = jobs.stop().then(() => (stopped = true));
      await vi.advanceTimersByTimeAsync(5000);
      expect(stopped).toBe(false);
      finish();
      await stopping;
      expect(runs).toBe(1);
      expect(() => jobs.register("late", 1000, async () => undefined)).toThrow(
        /after the jobs started/,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
