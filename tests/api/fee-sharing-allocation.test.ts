import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { feeAllocations, workflowInstances } from "../../src/server/db/tables";
import { firmTodayOf } from "../../src/server/lib/firm-time";
import { casesSuite } from "../fixtures/cases";
import { sharingApi } from "./fee-sharing-fixture";

/**
 * A case's allocation: checked before anything is written, kept as versions by effective day,
 * changed through the case-change approval when the firm approves case changes, and a new
 * version re-splits the payments from its day on.
 */
describe("fee sharing: a case's allocation", () => {
  const suite = casesSuite();
  let s: ReturnType<typeof sharingApi>;
  let firm = "";
  let today = "";
  const id = { lawyer: "", partner: "", assistant: "", lawyer2: "" };
  beforeAll(async () => {
    s = sharingApi(suite.t, suite.api);
    firm = await s.firmId();
    today = await firmTodayOf(suite.t.database.db, firm);
    for (const who of ["lawyer", "partner", "assistant", "lawyer2"] as const)
      id[who] = await suite.api.userId(who);
  });

  const split = (lead: string, co: string) => ({
    originatorId: id.lawyer,
    lines: [
      { memberId: id.lawyer, role: "lead", percent: lead },
      { memberId: id.assistant, role: "co-counsel", percent: co },
    ],
  });
  const versionCount = async () => {
    const [row] = await suite.t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(feeAllocations)
      .where(eq(feeAllocations.workspaceId, firm));
    return row.n;
  };

  it("shows the allocation as entered, after the firm's rules, and its versions", async () => {
    const kase = await s.open({
      accountId: await s.client("分配展示客户"),
      feeAllocation: {
        originatorId: id.partner,
        lines: [
          { memberId: id.partner, role: "originator", percent: "20" },
          { memberId: id.lawyer, role: "lead", percent: "80" },
        ],
      },
    });
    const res = await suite.api.get("lawyer", `/api/cases/${kase.id}/fee-allocation`);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json().data;
    expect(view).toMatchObject({
      caseId: kase.id,
      allocation: {
        originatorId: id.partner,
        lines: [
          { memberId: id.partner, role: "originator", percent: "20.00" },
          { memberId: id.lawyer, role: "lead", percent: "80.00" },
        ],
      },
      managementFeePercent: null,
      firmManagementFeePercent: "10.00",
      effective: {
        lines: [
          { memberId: id.partner, role: "originator", percent: "35.00" },
          { memberId: id.lawyer, role: "lead", percent: "65.00" },
        ],
        steps: [
          { rule: 0, kind: "originatorShare", before: "20.00", after: "35.00" },
          { rule: 1, kind: "repeatDecay", before: "35.00", after: "35.00", repeats: 0 },
        ],
      },
      pendingApprovalId: null,
    });
    // Opened from its approval: the first version is the case's opening day.
    expect(view.versions).toHaveLength(1);
    expect(view.versions[0]).toMatchObject({ effectiveFrom: today, managementFeePercent: null });
  });

  it("refuses allocations that do not add up, negative or non-numeric shares, outsiders and two leads; nothing is written", async () => {
    const kase = await s.open({ accountId: await s.client("分配校验客户") });
    const before = (await suite.api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    const versions = await versionCount();
    const bad: [unknown, string, string?][] = [
      [
        { allocation: split("50", "49") },
        "The percentages add up to 99.00%; they must make exactly 100.00%",
        "分配比例合计为 99.00%，须恰好为 100.00%",
      ],
      [{ allocation: split("100", "-5") }, "A percentage cannot be negative"],
      [
        { allocation: split("abc", "30") },
        "The percentage must be between 0 and 100 with at most two decimals",
      ],
      [
        {
          allocation: {
            originatorId: null,
            lines: [{ memberId: id.lawyer2, role: "lead", percent: "100" }],
          },
        },
        "This lawyer is not a member of the firm",
      ],
      [
        {
          allocation: {
            originatorId: null,
            lines: [
              { memberId: id.lawyer, role: "lead", percent: "50" },
              { memberId: id.assistant, role: "lead", percent: "50" },
            ],
          },
        },
        "The allocation needs exactly one lead lawyer (it has 2)",
      ],
      [
        { allocation: split("60", "40"), managementFeePercent: "120" },
        "The percentage must be between 0 and 100 with at most two decimals",
      ],
    ];
    for (const [body, msg, zh] of bad) {
      const res = await s.putAllocation(kase.id, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().msg).toBe(msg);
      expect(res.json().data.fields.length).toBeGreaterThan(0);
      if (zh) expect((await s.putAllocation(kase.id, body, "lawyer", "zh-CN")).json().msg).toBe(zh);
    }
    const sum = (await s.putAllocation(kase.id, { allocation: split("50", "49") })).json();
    expect(sum.data.fields).toEqual([
      {
        field: "allocation.lines",
        message: "The percentages add up to 99.00%; they must make exactly 100.00%",
      },
    ]);
    // Shapes the route refuses before looking: an unknown role, a key too many, hostile JSON.
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const hostile = [
      {
        allocation: {
          originatorId: null,
          lines: [{ memberId: id.lawyer, role: "boss", percent: "100" }],
        },
      },
      { allocation: split("60", "40"), extra: 1 },
      { allocation: split("60\u0000", "40") },
      JSON.parse(`{"allocation": {"__proto__": {"lines": []}, "lines": []}}`),
      { allocation: deep },
      deep,
    ];
    for (const body of hostile) {
      const res = await s.putAllocation(kase.id, body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.json().msg).toBeTruthy();
    }
    // The case's own form refuses the same allocation the same way.
    const direct = await suite.api.patch("lawyer", `/api/cases/${kase.id}`, {
      ...before,
      feeAllocation: split("50", "49"),
    });
    expect(direct.statusCode, direct.body).toBe(422);
    expect(direct.json().msg).toBe(
      "The percentages add up to 99.00%; they must make exactly 100.00%",
    );
    const after = (await suite.api.get("lawyer", `/api/cases/${kase.id}`)).json().data;
    expect(after.version).toBe(before.version);
    expect(after.feeAllocation ?? null).toBeNull();
    expect(await versionCount()).toBe(versions);
  });

  it("a new allocation takes effect from its day: earlier payments keep their split, later ones are split again", async () => {
    const kase = await s.open({
      accountId: await s.client("改分配客户"),
      feeAllocation: split("60", "40"),
    });
    // The allocation was entered in October (read once, so its opening version is written).
    expect((await suite.api.get("lawyer", `/api/cases/${kase.id}/fee-allocation`)).statusCode).toBe(
      200,
    );
    await suite.t.database.db
      .update(feeAllocations)
      .set({ effectiveFrom: "2026-10-01" })
      .where(eq(feeAllocations.caseId, kase.id));
    const october = await s.pay(kase.id, "2026-10-15", "1000.00");
    const todays = await s.pay(kase.id, today, "1000.00");
    // 900.00 distributable: 540.00 and 360.00.
    expect(await s.net(todays.id)).toEqual({
      "firm:management": "100.00",
      [`member:${id.lawyer}`]: "540.00",
      [`member:${id.assistant}`]: "360.00",
    });
    const res = await s.putAllocation(kase.id, {
      allocation: split("75", "25"),
      managementFeePercent: "8",
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ applied: true, approvalId: null });
    expect(await s.net(october.id)).toEqual({
      "firm:management": "100.00",
      [`member:${id.lawyer}`]: "540.00",
      [`member:${id.assistant}`]: "360.00",
    });
    // 8% management: 80.00; 920.00 distributable: 690.00 and 230.00.
    expect(await s.net(todays.id)).toEqual({
      "firm:management": "80.00",
      [`member:${id.lawyer}`]: "690.00",
      [`member:${id.assistant}`]: "230.00",
    });
    expect(
      (await s.lines(todays.id))
        .filter((l) => l.reason === "reallocation")
        .every((l) => l.refersTo),
    ).toBe(true);
    const view = (await suite.api.get("lawyer", `/api/cases/${kase.id}/fee-allocation`)).json()
      .data;
    expect(view.versions.map((v: { effectiveFrom: string }) => v.effectiveFrom)).toEqual([
      today,
      "2026-10-01",
    ]);
    expect(view.managementFeePercent).toBe("8.00");
    // Sending the same again changes nothing and writes nothing.
    const lines = await s.countLines(firm);
    const same = await s.putAllocation(kase.id, {
      allocation: split("75.00", "25"),
      managementFeePercent: "8.00",
    });
    expect(same.json().data).toEqual({ applied: true, approvalId: null });
    expect(await s.countLines(firm)).toBe(lines);
  });

  it("with case-change approvals on, a formal case's new allocation waits for the approval, then applies", async () => {
    const kase = await s.open({
      accountId: await s.client("审批分配客户"),
      feeAllocation: split("60", "40"),
    });
    const pay = await s.pay(kase.id, today, "2000.00");
    const on = await suite.api.call("PUT", "admin", "/api/workflow/business-settings", {
      accountChanges: false,
      caseChanges: true,
    });
    expect(on.statusCode, on.body).toBe(200);
    try {
      const instances = async () =>
        (
          await suite.t.database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(workflowInstances)
            .where(eq(workflowInstances.workspaceId, firm))
        )[0].n;
      const started = await instances();
      const refused = await s.putAllocation(kase.id, { allocation: split("50", "49") });
      expect(refused.statusCode).toBe(422);
      expect(await instances()).toBe(started);

      const res = await s.putAllocation(kase.id, {
        allocation: split("30", "70"),
        managementFeePercent: null,
      });
      expect(res.statusCode, res.body).toBe(200);
      const { applied, approvalId } = res.json().data;
      expect(applied).toBe(false);
      expect(approvalId).toEqual(expect.any(String));
      const pending = (await suite.api.get("lawyer", `/api/cases/${kase.id}/fee-allocation`)).json()
        .data;
      expect(pending.pendingApprovalId).toBe(approvalId);
      expect(pending.allocation.lines[0].percent).toBe("60.00");
      expect((await s.putAllocation(kase.id, { allocation: split("20", "80") })).statusCode).toBe(
        409,
      );
      // Still split 60/40 while the approval runs.
      expect(await s.net(pay.id)).toMatchObject({ [`member:${id.lawyer}`]: "1080.00" });

      await suite.api.acceptAll(approvalId);
      const done = (await suite.api.get("lawyer", `/api/cases/${kase.id}/fee-allocation`)).json()
        .data;
      expect(done.pendingApprovalId).toBeNull();
      expect(done.allocation.lines.map((l: { percent: string }) => l.percent)).toEqual([
        "30.00",
        "70.00",
      ]);
      expect(done.versions[0]).toMatchObject({ effectiveFrom: today });
      // Accepted today: today's payment is split 30/70 of 1800.00.
      expect(await s.net(pay.id)).toEqual({
        "firm:management": "200.00",
        [`member:${id.lawyer}`]: "540.00",
        [`member:${id.assistant}`]: "1260.00",
      });
    } finally {
      await suite.api.call("PUT", "admin", "/api/workflow/business-settings", {
        accountChanges: false,
        caseChanges: false,
      });
    }
  });

  it("another firm's case is not found", async () => {
    const kase = await s.open({ accountId: await s.client("他所探测客户") });
    expect((await suite.api.get("admin2", `/api/cases/${kase.id}/fee-allocation`)).statusCode).toBe(
      404,
    );
    const put = await s.putAllocation(
      kase.id,
      {
        allocation: {
          originatorId: null,
          lines: [{ memberId: id.lawyer2, role: "lead", percent: "100" }],
        },
      },
      "admin2",
    );
    expect(put.statusCode).toBe(404);
    expect((await suite.api.get("admin2", `/api/fees/statements/${id.lawyer}`)).statusCode).toBe(
      404,
    );
  });
});
