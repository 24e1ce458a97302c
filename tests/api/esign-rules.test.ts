import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  contracts,
  esignEvents,
  esignRequests,
  notifications,
  outboxMessages,
  sealUsages,
  seals,
} from "../../src/server/db/tables";
import { generateP12 } from "../../src/server/features/esign/certificate";
import type { EsignDeps } from "../../src/server/features/esign/deps";
import { expireDue, remindDue } from "../../src/server/features/esign/jobs";
import type { TestApp } from "../fixtures/app";
import { upload } from "../fixtures/documents";
import { docxOf, type EsignApi, esignCaseSuite, SIGNATURE_PNG } from "../fixtures/esign";

const DAY = 24 * 3600 * 1000;

/** Links that stop working, codes that lock, declines, cancels, re-sends, reminders, a broken chain, tenancy and hostile input. */
describe("e-signing rules", () => {
  const suite = esignCaseSuite("签署规则案件");
  let t: TestApp;
  let api: EsignApi;
  let caseId: string;
  let sealId: string;
  let n = 0;
  beforeAll(() => ({ t, api, caseId, sealId } = suite));
  // As the app's: no transport, the demo switch on (esignSuite), so a reminder's link is kept sealed for lastLink.
  const deps = () =>
    ({
      senders: {},
      log: t.app.log,
      secret: t.app.config.jwtSecret,
      outboxShowsSecrets: true,
    }) as unknown as EsignDeps;

  /** A sent request to a fresh counterparty address: its contract, request and link. */
  const sent = async (extra: Record<string, unknown> = {}) => {
    n += 1;
    const email = `signer${n}@example.com`;
    const { contract, fileId } = await api.signableContract(caseId, 2);
    const res = await api.send(
      contract.id,
      fileId,
      sealId,
      {
        fields: [
          { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
          { signer: 1, kind: "signature", page: 2, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
        ],
        ...extra,
      },
      email,
    );
    expect(res.statusCode, res.body).toBe(200);
    return {
      contract,
      fileId,
      request: res.json().data as { id: string },
      email,
      token: await api.lastLink(email),
    };
  };
  const status = async (token: string) =>
    (await api.pub("GET", `/api/public/esign/${token}`)).statusCode;
  const contractRow = async (id: string) =>
    (await t.database.db.select().from(contracts).where(eq(contracts.id, id)))[0];

  it("every dead link answers the same 404: unknown, garbage, expired", async () => {
    const a = await api.pub("GET", "/api/public/esign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA");
    const b = await api.pub("GET", "/api/public/esign/not-a-token");
    expect(a.statusCode).toBe(404);
    expect(b.statusCode).toBe(404);
    expect(b.json()).toEqual(a.json());
    const { token, request, contract } = await sent({ expiresInDays: 1 });
    expect(await status(token)).toBe(200);
    expect(await expireDue(t.database.db, new Date(Date.now() + 2 * DAY))).toBeGreaterThanOrEqual(
      1,
    );
    const c = await api.pub("GET", `/api/public/esign/${token}`);
    expect(c.statusCode).toBe(404);
    expect(c.json()).toEqual(a.json());
    const [r] = await t.database.db
      .select()
      .from(esignRequests)
      .where(eq(esignRequests.id, request.id));
    expect(r.status).toBe("expired");
    expect((await contractRow(contract.id)).signingStatus).toBe("expired");
    // Re-sent: new links; the old one stays dead.
    const again = await api.post("lawyer", `/api/esign/requests/${request.id}/resend`, {});
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.status).toBe("sent");
    expect(await status(token)).toBe(404);
    const fresh = await api.lastLink(`signer${n}@example.com`);
    expect(fresh).not.toBe(token);
    expect(await status(fresh)).toBe(200);
    expect((await contractRow(contract.id)).signingStatus).toBe("sent");
    // Only an ended request can be re-sent.
    expect(
      (await api.post("lawyer", `/api/esign/requests/${again.json().data.id}/resend`, {}))
        .statusCode,
    ).toBe(409);
  });

  it("five wrong codes lock the link and tell the sender", async () => {
    const { token, request } = await sent();
    await api.pub("GET", `/api/public/esign/${token}`);
    expect((await api.pub("POST", `/api/public/esign/${token}/code`)).statusCode).toBe(200);
    // A second code within the minute is refused.
    expect((await api.pub("POST", `/api/public/esign/${token}/code`)).statusCode).toBe(429);
    const right = await api.lastCode(`signer${n}@example.com`);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i += 1) {
      const res = await api.pub("POST", `/api/public/esign/${token}/verify`, { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toEqual({ triesLeft: 5 - i });
    }
    const fifth = await api.pub("POST", `/api/public/esign/${token}/verify`, { code: wrong });
    expect(fifth.statusCode).toBe(423);
    expect(
      (await api.pub("POST", `/api/public/esign/${token}/verify`, { code: right })).statusCode,
    ).toBe(404);
    expect(await status(token)).toBe(404);
    const lawyer = await api.userId("lawyer");
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, lawyer), eq(notifications.titleKey, "esign.notify.locked")),
      );
    expect(told.length).toBeGreaterThan(0);
    const trail = (await api.get("lawyer", `/api/esign/requests/${request.id}`))
      .json()
      .data.current.trail.map((e: { action: string }) => e.action);
    expect(trail.filter((a: string) => a === "code-failed")).toHaveLength(5);
    expect(trail).toContain("locked");
  });

  it("a decline ends the request with its reason; a cancel kills the links at once", async () => {
    const one = await sent();
    const cookie = await api.verified(one.token, one.email);
    expect(
      (await api.pub("POST", `/api/public/esign/${one.token}/decline`, { reason: "  " }, cookie))
        .statusCode,
    ).toBe(422);
    const declined = await api.pub(
      "POST",
      `/api/public/esign/${one.token}/decline`,
      { reason: "金额有误" },
      cookie,
    );
    expect(declined.statusCode, declined.body).toBe(200);
    const view = (await api.get("lawyer", `/api/contracts/${one.contract.id}/esign`)).json().data;
    expect(view.current).toMatchObject({
      status: "declined",
      endReason: "金额有误",
      signers: [{ status: "declined", declineReason: "金额有误" }, {}],
    });
    expect(view.mayPrepare).toBe(true);
    expect((await contractRow(one.contract.id)).signingStatus).toBe("declined");
    expect(await status(one.token)).toBe(404);

    const two = await sent();
    const cancel = await api.post("lawyer", `/api/esign/requests/${two.request.id}/cancel`, {
      reason: "条款需修改",
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe("cancelled");
    expect(await status(two.token)).toBe(404);
    expect(
      (await api.post("lawyer", `/api/esign/requests/${two.request.id}/cancel`, {})).statusCode,
    ).toBe(409);
  });

  it("reminders go out on schedule with a fresh link (an injected clock), and only once per interval", async () => {
    const { token, request, email } = await sent({ remindEveryDays: 2 });
    const count = async () =>
      (
        await t.database.db
          .select()
          .from(outboxMessages)
          .where(
            and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, "esign.reminder")),
          )
      ).length;
    expect(await remindDue(t.database.db, deps(), new Date(Date.now() + DAY))).toBe(0);
    expect(
      await remindDue(t.database.db, deps(), new Date(Date.now() + 2 * DAY + 60_000)),
    ).toBeGreaterThanOrEqual(1);
    expect(await count()).toBe(1);
    expect(await remindDue(t.database.db, deps(), new Date(Date.now() + 2 * DAY + 120_000))).toBe(
      0,
    );
    expect(await count()).toBe(1);
    const fresh = await api.lastLink(email);
    expect(fresh).not.toBe(token);
    expect(await status(token)).toBe(404);
    expect(await status(fresh)).toBe(200);
    const trail = (await api.get("lawyer", `/api/esign/requests/${request.id}`)).json().data.current
      .trail;
    expect(trail.map((e: { action: string }) => e.action)).toContain("reminded");
  });

  it("the trail refuses edits, and an edit made around that breaks the hash chain", async () => {
    const { contract, request } = await sent();
    await expect(
      t.database.db
        .update(esignEvents)
        .set({ actorName: "x" })
        .where(eq(esignEvents.requestId, request.id)),
    ).rejects.toThrow();
    expect(
      (await api.get("lawyer", `/api/contracts/${contract.id}/esign`)).json().data.current
        .chainValid,
    ).toBe(true);
    await t.database.db.execute(
      sql`alter table esign_events disable trigger esign_events_append_only`,
    );
    try {
      await t.database.db
        .update(esignEvents)
        .set({ actorName: "篡改" })
        .where(and(eq(esignEvents.requestId, request.id), eq(esignEvents.seq, 1)));
    } finally {
      await t.database.db.execute(
        sql`alter table esign_events enable trigger esign_events_append_only`,
      );
    }
    expect(
      (await api.get("lawyer", `/api/contracts/${contract.id}/esign`)).json().data.current
        .chainValid,
    ).toBe(false);
  });

  it("refuses a non-PDF, a signer without a signature field, and a contract not ready", async () => {
    // A real .docx attached to the contract beside its PDF: listed with its reason, refused with it.
    const pdfId = await api.pdfFile("lawyer", 1);
    const docxName = `正文-${Date.now()}.docx`;
    const docx = await upload(t, "lawyer", [
      { field: "file", filename: docxName, body: await docxOf("合同正文 Contract text") },
    ]);
    expect(docx.statusCode, docx.body).toBe(200);
    const docxId = docx.json().data[0].id as string;
    const contract = await api.contract(caseId, { attachmentIds: [pdfId, docxId] });
    const overview = (await api.get("lawyer", `/api/contracts/${contract.id}/esign`)).json().data;
    expect(overview.pdfFiles.map((f: { id: string }) => f.id)).toEqual([pdfId]);
    expect(overview.nonPdfFiles).toMatchObject([{ id: docxId, name: docxName }]);
    const docxBody = {
      fileId: docxId,
      signingOrder: "parallel",
      signers: [{ party: "counterparty", name: "甲", email: "a@example.com" }],
      fields: [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }],
    };
    const en = await api.post("lawyer", `/api/contracts/${contract.id}/esign`, docxBody, "en");
    expect(en.statusCode).toBe(400);
    expect(en.json().msg).toBe(
      "Only a PDF can be signed electronically: convert the contract (for example a .docx) to PDF and attach it first.",
    );
    const zh = await api.post("lawyer", `/api/contracts/${contract.id}/esign`, docxBody, "zh-CN");
    expect(zh.json().msg).toBe(
      "只有 PDF 可以电子签署：请先将合同（如 .docx）转换为 PDF 并添加为附件。",
    );
    // A PDF that is not this contract's gets the other reason.
    const stranger = await api.post(
      "lawyer",
      `/api/contracts/${contract.id}/esign`,
      { ...docxBody, fileId: await api.pdfFile("lawyer", 1) },
      "en",
    );
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().msg).toBe("Choose a PDF attached to this contract.");
    expect((await contractRow(contract.id)).signingStatus).not.toBe("sent");
    const noField = await api.post(
      "lawyer",
      `/api/contracts/${contract.id}/esign`,
      {
        fileId: (await api.get("lawyer", `/api/contracts/${contract.id}/esign`)).json().data
          .pdfFiles[0].id,
        signingOrder: "parallel",
        signers: [
          { party: "counterparty", name: "甲", email: "a@example.com" },
          { party: "counterparty", name: "乙", mobile: "13800000000" },
        ],
        fields: [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }],
      },
      "en",
    );
    expect(noField.statusCode).toBe(400);
    expect(noField.json().msg).toMatch(/Signer 2 has no signature field/);
    const notMine = await api.post("lawyer", `/api/contracts/${contract.id}/esign`, {
      fileId: (await api.get("lawyer", `/api/contracts/${contract.id}/esign`)).json().data
        .pdfFiles[0].id,
      signingOrder: "sequential",
      signers: [{ party: "firm", userId: await api.userId("lawyer"), sealId }],
      fields: [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }],
    });
    expect(notMine.statusCode).toBe(400);
    const first = await sent();
    expect((await api.send(first.contract.id, first.fileId, sealId)).statusCode).toBe(409);
  });

  it("the firm's signer must use the electronic seal of the contract's sealing firm, when sending and when sealing", async () => {
    const { contract, fileId } = await api.signableContract(caseId, 1);
    const [ours] = await t.database.db.select().from(seals).where(eq(seals.id, sealId));
    const [branch] = await t.database.db
      .insert(seals)
      .values({
        ...ours,
        id: undefined,
        name: "分所电子章",
        sealingFirm: `${ours.sealingFirm}（分所）`,
      })
      .returning();
    const body = (seal: string) => ({
      fileId,
      signingOrder: "sequential",
      signers: [
        { party: "counterparty", name: "甲", email: `branch${n}@example.com` },
        { party: "firm", userId: ours.custodianId, sealId: seal },
      ],
      fields: [
        { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 },
        { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.1, h: 0.1 },
      ],
    });
    const refused = await api.post(
      "lawyer",
      `/api/contracts/${contract.id}/esign`,
      body(branch.id),
      "en",
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(
      `The seal "分所电子章" is not a seal of ${ours.sealingFirm}, the firm that seals this contract: choose that firm's electronic seal.`,
    );
    expect(
      await t.database.db
        .select()
        .from(esignRequests)
        .where(eq(esignRequests.contractId, contract.id)),
    ).toHaveLength(0);
    // Sent with the right seal; the seal then moves to another firm: sealing is refused, nothing is signed.
    const ok = await api.post("lawyer", `/api/contracts/${contract.id}/esign`, body(sealId));
    expect(ok.statusCode, ok.body).toBe(200);
    const requestId = ok.json().data.id as string;
    const token = await api.lastLink(`branch${n}@example.com`);
    const cookie = await api.verified(token, `branch${n}@example.com`);
    const field = (await api.pub("GET", `/api/public/esign/${token}`, undefined, cookie)).json()
      .data.fields[0];
    expect(
      (
        await api.pub(
          "POST",
          `/api/public/esign/${token}/sign`,
          { marks: { [field.id]: { png: SIGNATURE_PNG } } },
          cookie,
        )
      ).statusCode,
    ).toBe(200);
    await t.database.db
      .update(seals)
      .set({ sealingFirm: branch.sealingFirm })
      .where(eq(seals.id, sealId));
    try {
      const sealing = await api.post(
        "finance",
        `/api/esign/requests/${requestId}/firm-sign`,
        {},
        "zh-CN",
      );
      expect(sealing.statusCode).toBe(409);
      expect(sealing.json().msg).toBe(
        `印章“${ours.name}”不属于本合同的用印律所${ours.sealingFirm}：请选择该律所的电子章。`,
      );
      expect(
        (await t.database.db.select().from(esignRequests).where(eq(esignRequests.id, requestId)))[0]
          .status,
      ).toBe("sent");
      expect(
        await t.database.db
          .select()
          .from(sealUsages)
          .where(and(eq(sealUsages.entityId, contract.id), eq(sealUsages.sealId, sealId))),
      ).toHaveLength(0);
    } finally {
      await t.database.db
        .update(seals)
        .set({ sealingFirm: ours.sealingFirm })
        .where(eq(seals.id, sealId));
    }
  });

  it("another firm: every signing route on our contract or request is 404", async () => {
    const { contract, request, fileId } = await sent();
    for (const [method, url, body] of [
      ["GET", `/api/contracts/${contract.id}/esign`],
      [
        "POST",
        `/api/contracts/${contract.id}/esign`,
        {
          fileId,
          signingOrder: "parallel",
          signers: [{ party: "counterparty", name: "x", email: "x@example.com" }],
          fields: [{ signer: 0, kind: "signature", page: 1, x: 0, y: 0, w: 0.1, h: 0.1 }],
        },
      ],
      ["GET", `/api/contracts/${contract.id}/esign/files/${fileId}/pages`],
      ["GET", `/api/contracts/${contract.id}/esign/files/${fileId}/pages/1`],
      ["GET", `/api/esign/requests/${request.id}`],
      ["POST", `/api/esign/requests/${request.id}/cancel`, {}],
      ["POST", `/api/esign/requests/${request.id}/resend`, {}],
      ["POST", `/api/esign/requests/${request.id}/firm-sign`, {}],
      ["GET", `/api/esign/requests/${request.id}/sealed`],
    ] as const) {
      const res = await api.call(method, "admin2", url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // Their outbox never shows our messages.
    const theirs = (await api.get("admin2", "/api/outbox?pageSize=100")).json().data;
    expect(JSON.stringify(theirs)).not.toContain("example.com/manage/esign");
    expect(
      theirs.items.every((m: { recipient: string }) => !m.recipient.startsWith("signer")),
    ).toBe(true);
    // Without contract rights: 403.
    expect((await api.get("intern", `/api/contracts/${contract.id}/esign`)).statusCode).toBe(403);
  });

  it("admins generate or upload the firm's certificate; others may not; a wrong passphrase is refused", async () => {
    expect((await api.get("lawyer", "/api/esign/certificate")).statusCode).toBe(403);
    const made = await api.post("admin", "/api/esign/certificate/generate", {});
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data).toMatchObject({
      source: "generated",
      subject: "CN=明德律师事务所, O=Ming De Lv Shi Shi Wu Suo, OU=law-manage e-signing, C=CN",
      certPem: expect.stringContaining("BEGIN CERTIFICATE"),
    });
    const { p12, passphrase } = generateP12("Upload Test Firm");
    const wrong = await api.post(
      "admin",
      "/api/esign/certificate",
      { p12Base64: p12.toString("base64"), passphrase: "nope" },
      "en",
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/could not be opened/);
    const up = await api.post("admin", "/api/esign/certificate", {
      p12Base64: p12.toString("base64"),
      passphrase,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({
      source: "uploaded",
      subject: expect.stringContaining("CN=Upload Test Firm"),
    });
    expect((await api.get("admin", "/api/esign/certificate")).json().data.fingerprint).toBe(
      up.json().data.fingerprint,
    );
    expect((await api.get("admin2", "/api/esign/certificate")).json().data?.fingerprint).not.toBe(
      up.json().data.fingerprint,
    );
  });

  it("hostile JSON (NUL, __proto__, deep nesting) never answers 5xx and writes nothing", async () => {
    const { contract, fileId } = await api.signableContract(caseId, 1);
    const one = await sent();
    const cookie = await api.verified(one.token, one.email);
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 2000; i += 1) deep = { a: deep };
    const before = (await t.database.db.select().from(esignRequests)).length;
    const prepare = `/api/contracts/${contract.id}/esign`;
    const sigs = [{ party: "counterparty", name: "甲", email: "a@example.com" }];
    const field = [{ signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.1, h: 0.1 }];
    for (const body of [
      {
        fileId,
        signingOrder: "parallel",
        signers: [{ party: "counterparty", name: "a\u0000b", email: "a@example.com" }],
        fields: field,
      },
      JSON.parse(
        `{"fileId": "${fileId}", "signingOrder": "parallel", "signers": ${JSON.stringify(sigs)}, "fields": ${JSON.stringify(field)}, "__proto__": {"admin": true}}`,
      ),
      { fileId, signingOrder: "parallel", signers: sigs, fields: deep },
      {
        fileId,
        signingOrder: "parallel",
        signers: [{ party: "firm", userId: "__proto__", sealId }],
        fields: field,
      },
    ]) {
      const res = await api.post("lawyer", prepare, body);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const body of [
      { marks: deep },
      JSON.parse(`{"marks": {"__proto__": {"png": "${SIGNATURE_PNG}"}}}`),
      { marks: { [crypto.randomUUID()]: { png: "AAAA\u0000" } } },
      {
        marks: {
          [crypto.randomUUID()]: {
            png: Buffer.from(
              "not a png at all, just text padding padding padding padding padding",
            ).toString("base64"),
          },
        },
      },
    ]) {
      const res = await api.pub("POST", `/api/public/esign/${one.token}/sign`, body, cookie);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    for (const [url, body] of [
      [`/api/public/esign/${one.token}/decline`, { reason: "a\u0000b" }],
      [`/api/public/esign/${one.token}/verify`, { code: deep }],
    ] as const) {
      const res = await api.pub("POST", url, body, cookie);
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
    expect((await t.database.db.select().from(esignRequests)).length).toBe(before);
    expect(await status(one.token)).toBe(200);
  });
});
