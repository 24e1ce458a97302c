import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { esignRequests, esignSigners, outboxMessages } from "../../src/server/db/tables";
import { deliverDue } from "../../src/server/features/messages/outbox";
import { createSenders } from "../../src/server/features/messages/senders";
import { createTestApp, type TestApp } from "../fixtures/app";
import { type EsignApi, esignApi, run } from "../fixtures/esign";

type Item = {
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  status: string;
  secretShown: boolean;
};
const TOKEN = /\/manage\/esign\/([A-Za-z0-9_-]{20,})/;
const FIELDS = [
  { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
  { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
];

/** A firm's e-signing on an app of its own config: a case, the electronic seal, the helpers. */
const firm = async (config: Record<string, unknown>) => {
  const t = await createTestApp({
    esignJobIntervalSeconds: 0,
    casesExpiryIntervalSeconds: 0,
    sealsOverdueIntervalSeconds: 0,
    ...config,
  } as never);
  const api = esignApi(t);
  const caseId = (await api.open("lawyer", { name: "发件箱保密案件" })).id;
  const sealId = await api.electronicSeal("finance");
  return { t, api, caseId, sealId };
};

/** Every stored column of the messages to `recipient`, as one text: no link token or code may appear in it. */
const rawRows = async (t: TestApp, recipient: string) =>
  JSON.stringify(
    await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.recipient, recipient)),
  );

const outboxOf = async (api: EsignApi, q: string, lang: "en" | "zh-CN" = "en") => {
  const res = await api.get("admin", `/api/outbox?pageSize=100&q=${encodeURIComponent(q)}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as Item[];
};

/** The signing request's trail as the contract's E-signing tab shows it. */
const trailOf = async (api: EsignApi, requestId: string) =>
  (await api.get("lawyer", `/api/esign/requests/${requestId}`)).json().data.current.trail as {
    action: string;
    detail: Record<string, unknown>;
  }[];

/**
 * A signing link or one-time code is the counterparty's credential: once a message is delivered,
 * neither the Outbox nor its table holds it. With no transport, only the demo switch
 * (OUTBOX_SHOWS_SECRETS) lets an admin read an undelivered one, and the trail and the certificate
 * say the code went through the Outbox rather than an independent channel.
 */
describe("signing links and codes in the Outbox", () => {
  describe("with an SMS transport", () => {
    let f: Awaited<ReturnType<typeof firm>>;
    let gateway: Server;
    const texts: { to: string; body: string }[] = [];
    const mobile = "13800000000";
    beforeAll(async () => {
      gateway = createServer((req, res) => {
        let body = "";
        req.on("data", (d: Buffer) => (body += d.toString()));
        req.on("end", () => {
          texts.push(JSON.parse(body));
          res.writeHead(200).end("{}");
        });
      });
      await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
      // The demo switch is on too: it must not reveal what a transport delivers.
      f = await firm({
        smsHttpUrl: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
        outboxShowsSecrets: true,
      });
    }, 120_000);
    afterAll(async () => {
      await f?.t.close();
      gateway?.close();
    });
    const deliver = () =>
      deliverDue(f.t.database.db, {
        senders: createSenders(f.t.app.config),
        log: f.t.app.log,
        secret: f.t.app.config.jwtSecret,
      });

    it("delivers the link and the code by SMS, then keeps neither; the trail names the SMS and the masked number", async () => {
      const { contract, fileId } = await f.api.signableContract(f.caseId, 1);
      const sent = await f.api.post("lawyer", `/api/contracts/${contract.id}/esign`, {
        fileId,
        signingOrder: "sequential",
        signers: [
          { party: "counterparty", name: "短信签署人", mobile },
          { party: "firm", userId: await f.api.userId("finance"), sealId: f.sealId },
        ],
        fields: FIELDS,
      });
      expect(sent.statusCode, sent.body).toBe(200);
      const requestId = sent.json().data.id as string;

      // Queued, not yet sent: the firm reads it redacted, demo switch or not.
      const pending = (await outboxOf(f.api, mobile)).find((m) => m.kind === "esign.link")!;
      expect(pending).toMatchObject({ status: "pending", secretShown: false });
      expect(pending.body).toContain("/manage/esign/••••••");
      expect(pending.body).not.toMatch(TOKEN);

      expect(await deliver()).toBeGreaterThanOrEqual(1);
      const token = TOKEN.exec(texts.find((x) => x.to === mobile)!.body)![1];
      const [row] = await f.t.database.db
        .select()
        .from(outboxMessages)
        .where(and(eq(outboxMessages.recipient, mobile), eq(outboxMessages.kind, "esign.link")));
      expect(row).toMatchObject({ status: "sent", sealed: null });
      expect(await rawRows(f.t, mobile)).not.toContain(token);
      expect(JSON.stringify(await outboxOf(f.api, mobile))).not.toContain(token);

      expect((await f.api.pub("GET", `/api/public/esign/${token}`)).statusCode).toBe(200);
      expect((await f.api.pub("POST", `/api/public/esign/${token}/code`)).statusCode).toBe(200);
      await deliver();
      const code = /\b(\d{6})\b/.exec(texts.filter((x) => x.to === mobile).pop()!.body)![1];
      const raw = await rawRows(f.t, mobile);
      expect(raw).not.toContain(token);
      expect(raw).not.toContain(code);
      const listed = await outboxOf(f.api, mobile);
      expect(listed.every((m) => m.status === "sent" && !m.secretShown)).toBe(true);
      expect(JSON.stringify(listed)).not.toContain(code);
      expect(listed.find((m) => m.kind === "esign.code")!.subject).toMatch(/••••••$/);

      const verified = await f.api.pub("POST", `/api/public/esign/${token}/verify`, { code });
      expect(verified.statusCode, verified.body).toBe(200);
      const [signer] = await f.t.database.db
        .select()
        .from(esignSigners)
        .where(and(eq(esignSigners.requestId, requestId), eq(esignSigners.party, "counterparty")));
      expect(signer.verifiedBy).toBe("sms");
      const trail = await trailOf(f.api, requestId);
      expect(
        trail.find((e) => e.action === "sent" && e.detail.channel === "sms")!.detail,
      ).toMatchObject({ via: "sms", recipient: "138****0000" });
      expect(trail.find((e) => e.action === "code-sent")!.detail).toMatchObject({
        channel: "sms",
        via: "sms",
        recipient: "138****0000",
      });
    });
  });

  describe("without a transport, demo switch on (OUTBOX_SHOWS_SECRETS=true)", () => {
    let f: Awaited<ReturnType<typeof firm>>;
    beforeAll(async () => {
      f = await firm({ outboxShowsSecrets: true });
    }, 120_000);
    afterAll(() => f?.t.close());

    it("the table holds the link and code only sealed; the Outbox shows them to an admin; the trail and certificate say 'Outbox'", async () => {
      const email = "demo-outbox@example.com";
      const done = await f.api.completedRequest(f.caseId, f.sealId, email);
      const raw = await rawRows(f.t, email);
      expect(raw).not.toContain(done.token);
      const codes = (await outboxOf(f.api, email)).filter((m) => m.kind === "esign.code");
      expect(codes.length).toBeGreaterThan(0);
      for (const m of codes) {
        expect(m).toMatchObject({ status: "outbox", secretShown: true });
        expect(raw).not.toContain(/(\d{6})\s*$/.exec(m.subject)![1]);
      }
      const link = (await outboxOf(f.api, email)).find((m) => m.kind === "esign.link")!;
      expect(TOKEN.exec(link.body)![1]).toBe(done.token);

      const trail = await trailOf(f.api, done.requestId);
      expect(
        trail.find((e) => e.action === "sent" && e.detail.channel === "email")!.detail,
      ).toMatchObject({ via: "outbox", recipient: "de***@example.com" });
      expect(trail.find((e) => e.action === "code-sent")!.detail).toMatchObject({ via: "outbox" });
      expect(done.signer.verifiedBy).toBe("outbox");
      const file = await f.api.tmp("sealed.pdf", done.sealed);
      // The certificate page wraps lines anywhere: compare without whitespace.
      const text = (await run("pdftotext", [file, "-"])).stdout.replace(/\s+/g, "");
      expect(text).toContain("Codepassedonthroughthefirm'sOutbox,notanindependentchannel");
      expect(text).toContain("验证码经本所发件箱转交，非独立渠道");
    });

    it("a hostile query on the Outbox changes nothing and never answers 5xx", async () => {
      const nul = await f.api.get("admin", "/api/outbox?q=%00");
      expect(nul.statusCode).toBe(400);
      const proto = await f.api.get(
        "admin",
        "/api/outbox?__proto__[x]=1&constructor[prototype][y]=1",
      );
      expect(proto.statusCode).toBeLessThan(500);
      expect(({} as Record<string, unknown>).x).toBeUndefined();
      const deep = await f.api.get("admin", `/api/outbox?${`q${"[a]".repeat(50)}=1`}`);
      expect(deep.statusCode).toBeLessThan(500);
      expect((await f.api.get("lawyer", "/api/outbox")).statusCode).toBe(403);
    });
  });

  describe("without a transport, demo switch off (the default)", () => {
    let f: Awaited<ReturnType<typeof firm>>;
    beforeAll(async () => {
      f = await firm({});
    }, 120_000);
    afterAll(() => f?.t.close());

    it("keeps no link at all, sealed or not, and the Outbox shows it redacted; the trail says 'Outbox'", async () => {
      const email = "no-demo@example.com";
      const { contract, fileId } = await f.api.signableContract(f.caseId, 1);
      const sent = await f.api.send(contract.id, fileId, f.sealId, { fields: FIELDS }, email);
      expect(sent.statusCode, sent.body).toBe(200);
      const rows = await f.t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, email))
        .orderBy(desc(outboxMessages.createdAt));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ status: "outbox", sealed: null, kind: "esign.link" });
      expect(rows[0].body).not.toMatch(TOKEN);
      const [item] = await outboxOf(f.api, email, "zh-CN");
      expect(item).toMatchObject({ secretShown: false });
      expect(item.body).toContain("/manage/esign/••••••");
      // "Valid until" on the firm's clock with its offset, in both languages, not a UTC date.
      const [request] = await f.t.database.db
        .select({ expiresAt: esignRequests.expiresAt })
        .from(esignRequests)
        .where(eq(esignRequests.id, sent.json().data.id));
      const beijing = new Date(request.expiresAt.getTime() + 8 * 3_600_000).toISOString();
      const until = `${beijing.slice(0, 10)} ${beijing.slice(11, 16)} (UTC+8)`;
      expect(rows[0].body).toContain(`链接有效期至 ${until}。`);
      expect(rows[0].body).toContain(`The link is valid until ${until}.`);
      const trail = await trailOf(f.api, sent.json().data.id);
      expect(
        trail.find((e) => e.action === "sent" && e.detail.channel === "email")!.detail,
      ).toMatchObject({ via: "outbox", recipient: "no***@example.com" });
    });
  });
});
