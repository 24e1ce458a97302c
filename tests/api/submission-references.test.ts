import { randomUUID } from "node:crypto";

import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  caseSubmissions,
  contractSubmissions,
  fileLocks,
  sealRequests,
  workflowInstances,
} from "../../src/server/db/tables";
import { contractsSuite } from "../fixtures/contracts";

/**
 * A submission whose references are broken (a random or another firm's file, client, case or
 * member, an unknown dictionary code, a day that does not exist) is refused when it is submitted,
 * translated, with nothing written: it never reaches an approver whose accept would fail.
 */
describe("business submissions check every reference when submitted", () => {
  const s = contractsSuite();
  const other = {} as { file: string; client: string; caseId: string; seal: string };
  let caseId: string;

  const written = async () => {
    const db = s.t.database.db;
    const n = async (
      table:
        | typeof workflowInstances
        | typeof caseSubmissions
        | typeof contractSubmissions
        | typeof sealRequests
        | typeof fileLocks,
    ) => (await db.select({ n: count() }).from(table))[0].n;
    return {
      instances: await n(workflowInstances),
      cases: await n(caseSubmissions),
      contracts: await n(contractSubmissions),
      seals: await n(sealRequests),
      locks: await n(fileLocks),
    };
  };
  /** Runs the post and expects a translated 4xx (English, not a key) with nothing written. */
  const refused = async (
    post: () => Promise<{ statusCode: number; json: () => { code: number; msg: string } }>,
    status: number,
  ) => {
    const before = await written();
    const res = await post();
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(status);
    expect(res.json().msg).not.toMatch(/^[a-z]+(\.[a-zA-Z]+)+$/);
    expect(await written()).toEqual(before);
    return res.json();
  };

  beforeAll(async () => {
    const { api } = s;
    [other.file] = await api.files("lawyer2", ["其他律所.pdf"]);
    other.client = await api.clientId("lawyer2");
    other.caseId = (await api.open("lawyer2")).id;
    other.seal = await api.sealId("lawyer2");
    caseId = (await api.open("lawyer")).id;
  });

  describe("POST /api/case-submissions", () => {
    const broken: [string, () => Record<string, unknown>, number, RegExp][] = [
      ["a random file", () => ({ attachments: [randomUUID()] }), 404, /file does not exist/],
      ["another firm's file", () => ({ attachments: [other.file] }), 404, /file does not exist/],
      ["another firm's client", () => ({ accountId: other.client }), 404, /./],
      ["a member who is not in the firm", () => ({ leadLawyerId: randomUUID() }), 404, /./],
      [
        "an unknown dictionary code",
        () => ({ causeOfAction: "no-such-cause" }),
        422,
        /causeOfAction/,
      ],
      ["a day that does not exist", () => ({ serviceStart: "2026-02-30" }), 422, /serviceStart/],
    ];
    it.each(broken)("refuses %s with nothing written", async (_name, extra, status, pattern) => {
      const body = await refused(
        async () => s.api.submit("lawyer", await s.api.values(extra())),
        status,
      );
      expect(JSON.stringify(body)).toMatch(pattern);
    });

    it("keeps the filing's files locked while it waits, so the approval that passed still opens the case", async () => {
      const { api } = s;
      const [file] = await api.files("lawyer", ["证据目录.pdf"]);
      const res = await api.submit("lawyer", await api.values({ attachments: [file] }));
      expect(res.statusCode).toBe(200);
      const trash = await api.del("admin", `/api/documents/files/${file}`);
      expect(trash.statusCode).toBe(409);
      expect(trash.json().msg).toMatch(/case filing awaiting approval/);
      await api.acceptAll(res.json().data.instanceId);
      const opened = (
        await api.get("lawyer", `/api/case-submissions/${res.json().data.instanceId}`)
      ).json().data;
      expect(opened.caseId).toEqual(expect.any(String));
      const record = (await api.get("lawyer", `/api/cases/${opened.caseId}`)).json().data;
      expect(record.attachments).toEqual([file]);
      // The case holds the file now; the submission's own lock is gone.
      const locks = await s.t.database.db.select().from(fileLocks);
      expect(locks.filter((l) => l.fileId === file).map((l) => l.entity)).toEqual(["cases"]);
    });
  });

  describe("POST /api/contract-submissions", () => {
    const broken: [string, () => Record<string, unknown>, number][] = [
      ["a random file", () => ({ attachmentIds: [randomUUID()] }), 404],
      ["another firm's file", () => ({ attachmentIds: [other.file] }), 404],
      ["another firm's case", () => ({ caseId: other.caseId }), 404],
      ["another firm's seal", () => ({ sealId: other.seal }), 404],
      ["an unknown dictionary code", () => ({ contractType: "no-such-type" }), 422],
      ["a day that does not exist", () => ({ endDate: "2026-02-31" }), 422],
    ];
    it.each(broken)("refuses %s with nothing written", async (_name, extra, status) => {
      const values = await s.api.contractValues(caseId);
      await refused(() => s.api.submitContract("lawyer", { ...values, ...extra() }), status);
    });
  });

  describe("POST /api/seal-request-submissions", () => {
    const values = async (extra: Record<string, unknown>) => ({
      documentType: "lawyer-letter",
      recipients: [{ name: "北京某某贸易有限公司", copies: 1 }],
      files: [{ fileId: (await s.api.files("lawyer", ["起诉状.pdf"]))[0], copies: 1 }],
      sealId: await s.api.sealId("lawyer", "official"),
      reason: "递交法院",
      reviewed: true,
      mode: "take-out",
      returnDue: "2099-01-01",
      ...extra,
    });
    const broken: [string, () => Record<string, unknown>, number][] = [
      ["a random file", () => ({ files: [{ fileId: randomUUID(), copies: 1 }] }), 404],
      ["another firm's file", () => ({ files: [{ fileId: other.file, copies: 1 }] }), 404],
      ["another firm's seal", () => ({ sealId: other.seal }), 404],
      ["another firm's case", () => ({ caseId: other.caseId }), 404],
      ["a day that does not exist", () => ({ returnDue: "2099-02-29" }), 422],
    ];
    it.each(broken)("refuses %s with nothing written", async (_name, extra, status) => {
      const body = { values: await values(extra()) };
      await refused(() => s.api.post("lawyer", "/api/seal-request-submissions", body), status);
    });
  });

  describe("case changes and client changes under approval", () => {
    beforeAll(async () => {
      const res = await s.api.call("PUT", "admin", "/api/workflow/business-settings", {
        accountChanges: true,
        caseChanges: true,
      });
      expect(res.statusCode).toBe(200);
    });
    const broken: [string, () => Record<string, unknown>, number][] = [
      ["a random file", () => ({ attachments: [randomUUID()] }), 404],
      ["another firm's file", () => ({ attachments: [other.file] }), 404],
      ["a member who is not in the firm", () => ({ coCounselIds: [randomUUID()] }), 404],
      ["an unknown dictionary code", () => ({ causeOfAction: "no-such-cause" }), 422],
      ["a day that does not exist", () => ({ serviceEnd: "2026-04-31" }), 422],
    ];
    it.each(broken)(
      "PATCH /api/cases/:id refuses %s with nothing written",
      async (_name, extra, status) => {
        const current = (await s.api.get("lawyer", `/api/cases/${caseId}`)).json().data;
        await refused(
          () => s.api.patch("lawyer", `/api/cases/${caseId}`, { ...current, ...extra() }),
          status,
        );
        expect(
          (await s.api.get("lawyer", `/api/cases/${caseId}`)).json().data.pendingChanges ?? null,
        ).toBeNull();
      },
    );

    it.each([
      ["an unknown dictionary code", { industry: "no-such-industry" }, 422],
      ["a day that does not exist", { establishedDate: "2019-02-29" }, 422],
    ] as const)(
      "POST /api/accounts/:id/submit-changes refuses %s with nothing written",
      async (_name, changes, status) => {
        const client = await s.api.clientId("lawyer");
        const { version } = (await s.api.get("lawyer", `/api/accounts/${client}`)).json().data;
        await refused(
          () =>
            s.api.post("lawyer", `/api/accounts/${client}/submit-changes`, { changes, version }),
          status,
        );
      },
    );
  });

  describe("what waits for approval stays valid until it ends", () => {
    beforeAll(async () => {
      const res = await s.api.call("PUT", "admin", "/api/workflow/business-settings", {
        accountChanges: true,
        caseChanges: true,
      });
      expect(res.statusCode).toBe(200);
    });
    it("locks the files a case change adds until its approval applies them", async () => {
      const { api } = s;
      const [file] = await api.files("lawyer", ["补充证据.pdf"]);
      const current = (await api.get("lawyer", `/api/cases/${caseId}`)).json().data;
      const res = await api.patch("lawyer", `/api/cases/${caseId}`, {
        ...current,
        attachments: [file],
      });
      expect(res.statusCode, res.body).toBe(200);
      const trash = await api.del("admin", `/api/documents/files/${file}`);
      expect(trash.statusCode).toBe(409);
      expect(trash.json().msg).toMatch(/case change awaiting approval/);
      await api.acceptAll(res.json().data.pendingApprovalId);
      expect((await api.get("lawyer", `/api/cases/${caseId}`)).json().data).toMatchObject({
        attachments: [file],
        pendingChanges: null,
      });
      const locks = await s.t.database.db.select().from(fileLocks);
      expect(locks.filter((l) => l.fileId === file).map((l) => l.entity)).toEqual(["cases"]);
    });

    it("answers a client change that became a duplicate meanwhile with a translated 422 and leaves it pending", async () => {
      const { api } = s;
      const created = await api.post("lawyer", "/api/accounts", {
        accountType: "organization",
        name: "待变更机构有限公司",
        creditCode: "91310000MA00009001",
      });
      expect(created.statusCode, created.body).toBe(200);
      const client = created.json().data as { id: string; version: number };
      const code = "91310000MA00009002";
      const submitted = await api.post("lawyer", `/api/accounts/${client.id}/submit-changes`, {
        changes: { creditCode: code },
        version: client.version,
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
      const instanceId = submitted.json().data.pendingApprovalId as string;
      // Another client takes the code while the change waits.
      expect(
        (
          await api.post("lawyer", "/api/accounts", {
            accountType: "organization",
            name: "抢先机构有限公司",
            creditCode: code,
          })
        ).statusCode,
      ).toBe(200);
      const [holder] = await api.holders(instanceId);
      const taskId = await api.wf.myTask(holder.username, instanceId);
      const accept = await api.wf.act(holder.username, instanceId, { type: "accept", taskId });
      expect(accept.statusCode).toBe(422);
      expect(accept.json().data.fields).toContainEqual(
        expect.objectContaining({ field: "creditCode" }),
      );
      expect((await api.get("lawyer", `/api/accounts/${client.id}`)).json().data).toMatchObject({
        status: "pending",
        creditCode: "91310000MA00009001",
      });
      const reject = await api.wf.act(holder.username, instanceId, {
        type: "reject",
        taskId,
        comment: "统一社会信用代码已被占用",
      });
      expect(reject.statusCode, reject.body).toBe(200);
    });
  });

  describe("POST /api/contracts/:id/archive and /void", () => {
    it("refuses a random or another firm's file with nothing written", async () => {
      const contract = await s.api.contract(caseId);
      for (const fileId of [randomUUID(), other.file]) {
        await refused(
          () =>
            s.api.post("lawyer", `/api/contracts/${contract.id}/archive`, {
              archiveFileIds: [fileId],
              version: contract.version,
            }),
          404,
        );
        await refused(
          () =>
            s.api.post("lawyer", `/api/contracts/${contract.id}/void`, {
              reason: "作废",
              certificateIds: [fileId],
              version: contract.version,
            }),
          404,
        );
      }
    });
  });
});
