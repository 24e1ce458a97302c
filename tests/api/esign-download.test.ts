import { and, desc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import {
  esignEvents,
  esignRequests,
  esignSigners,
  outboxMessages,
} from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { type EsignApi, esignCaseSuite } from "../fixtures/esign";

const DAY = 24 * 3600 * 1000;

/**
 * The counterparty fetches the sealed PDF after completion: with the session they signed in, or,
 * once it has ended or from another device, with a fresh one-time code on the same link, for a
 * bounded time after completion. Each download is a trail entry; a dead link stays the same 404.
 */
describe("GET /api/public/esign/:token/sealed after completion", () => {
  const suite = esignCaseSuite("签后下载案件");
  let t: TestApp;
  let api: EsignApi;
  let caseId: string;
  let sealId: string;
  let n = 0;
  beforeAll(() => ({ t, api, caseId, sealId } = suite));

  const completed = () => {
    n += 1;
    return api.completedRequest(caseId, sealId, `dl${n}@example.com`);
  };
  const signerRow = async (id: string) =>
    (await t.database.db.select().from(esignSigners).where(eq(esignSigners.id, id)))[0];
  const trail = async (requestId: string) =>
    t.database.db
      .select()
      .from(esignEvents)
      .where(eq(esignEvents.requestId, requestId))
      .orderBy(esignEvents.seq);

  /** Asks for a download code on `token`, reads it from the outbox and confirms it: the new cookie. */
  const downloadSession = async (token: string, email: string) => {
    const code = await api.pub("POST", `/api/public/esign/${token}/code`);
    expect(code.statusCode, code.body).toBe(200);
    const [message] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, "esign.code")))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(message.subject).toMatch(/下载验证码.*Your download code/);
    const res = await api.pub("POST", `/api/public/esign/${token}/verify`, {
      code: await api.lastCode(email),
    });
    expect(res.statusCode, res.body).toBe(200);
    return String(res.headers["set-cookie"] ?? "").split(";")[0];
  };

  it("each counterparty signer is told of completion, with how long the link offers the sealed PDF", async () => {
    const { email } = await completed();
    const messages = await t.database.db
      .select()
      .from(outboxMessages)
      .where(and(eq(outboxMessages.recipient, email), eq(outboxMessages.kind, "esign.completed")));
    expect(messages).toHaveLength(1);
    // Until when, on the firm's clock (Asia/Shanghai) and saying so: 30 days after completion.
    const until = /(\d{4}-\d{2}-\d{2} \d{2}:\d{2}) \(UTC\+8\)/.exec(messages[0].body);
    expect(until, messages[0].body).not.toBeNull();
    const meant = Date.parse(`${until![1].replace(" ", "T")}:00+08:00`);
    expect(Math.abs(meant - (Date.now() + 30 * DAY))).toBeLessThan(5 * 60_000);
    expect(messages[0].body).toMatch(/\/manage\/verify/);
    expect(messages[0].body).toContain("Everyone has signed");
  });

  it("an expired session gets 401, and a fresh code on the same link downloads it, recorded in the trail", async () => {
    const { token, cookie, email, requestId, sealed, signer } = await completed();
    await t.database.db
      .update(esignSigners)
      .set({ sessionExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(esignSigners.id, signer.id));
    const refused = await api.pub("GET", `/api/public/esign/${token}/sealed`, undefined, cookie);
    expect(refused.statusCode).toBe(401);
    const view = (await api.pub("GET", `/api/public/esign/${token}`, undefined, cookie)).json()
      .data;
    expect(view).toMatchObject({
      signerStatus: "signed",
      requestStatus: "completed",
      downloadable: true,
      verified: false,
      // The page shows its times on the firm's clock.
      timeZone: "Asia/Shanghai",
    });
    expect(view.downloadUntil.slice(0, 10)).toBe(
      new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10),
    );
    // No wait: the signing code was used, so a download code may follow at once.
    const before = await trail(requestId);
    const fresh = await downloadSession(token, email);
    const res = await api.pub("GET", `/api/public/esign/${token}/sealed`, undefined, fresh);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(sealed)).toBe(true);
    const added = (await trail(requestId)).slice(before.length);
    expect(added.map((e) => e.action)).toEqual(["code-sent", "code-verified", "downloaded"]);
    expect(added[0].detail).toMatchObject({ purpose: "download" });
    const [r] = await t.database.db
      .select()
      .from(esignRequests)
      .where(eq(esignRequests.id, requestId));
    expect(added.every((e) => e.signerId === signer.id && e.docSha256 === r.sealedSha256)).toBe(
      true,
    );
    // The signer's record stays as the certificate page printed it (no transport here: the code went through the Outbox).
    expect(await signerRow(signer.id)).toMatchObject({
      status: "signed",
      verifiedAt: signer.verifiedAt,
      verifiedBy: "outbox",
    });
    expect(
      (await api.get("lawyer", `/api/esign/requests/${requestId}`)).json().data.current.chainValid,
    ).toBe(true);
  });

  it("another device (no cookie) gets 401 until it confirms a code of its own", async () => {
    const { token, email, sealed } = await completed();
    expect((await api.pub("GET", `/api/public/esign/${token}/sealed`)).statusCode).toBe(401);
    const other = await downloadSession(token, email);
    const res = await api.pub("GET", `/api/public/esign/${token}/sealed`, undefined, other);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(sealed)).toBe(true);
    // The code opened a download, not a second signature.
    expect(
      (await api.pub("POST", `/api/public/esign/${token}/sign`, { marks: {} }, other)).statusCode,
    ).toBe(404);
  });

  it("five wrong download codes kill the link (the same 404) without undoing the signature", async () => {
    const { token, signer, requestId } = await completed();
    expect((await api.pub("POST", `/api/public/esign/${token}/code`)).statusCode).toBe(200);
    const right = await api.lastCode(signer.email as string);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 1; i <= 4; i += 1)
      expect(
        (await api.pub("POST", `/api/public/esign/${token}/verify`, { code: wrong })).statusCode,
      ).toBe(400);
    expect(
      (await api.pub("POST", `/api/public/esign/${token}/verify`, { code: wrong })).statusCode,
    ).toBe(423);
    const unknown = await api.pub(
      "GET",
      "/api/public/esign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    const dead = await api.pub("GET", `/api/public/esign/${token}`);
    expect(dead.statusCode).toBe(404);
    expect(dead.json()).toEqual(unknown.json());
    expect((await signerRow(signer.id)).status).toBe("signed");
    expect((await trail(requestId)).map((e) => e.action)).toContain("locked");
  });

  it("past the download period the link is dead: the same 404 for the page, a code and the file", async () => {
    const { token, cookie, requestId } = await completed();
    await t.database.db
      .update(esignRequests)
      .set({ completedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(esignRequests.id, requestId));
    const unknown = await api.pub(
      "GET",
      "/api/public/esign/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
    );
    for (const [method, url] of [
      ["GET", ""],
      ["POST", "/code"],
      ["GET", "/sealed"],
    ] as const) {
      const res = await api.pub(method, `/api/public/esign/${token}${url}`, undefined, cookie);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(unknown.json());
    }
  });
});
