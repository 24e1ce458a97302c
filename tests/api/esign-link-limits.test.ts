import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { esignSigners } from "../../src/server/db/tables";
import type { TestApp } from "../fixtures/app";
import { esignApi, esignSuite } from "../fixtures/esign";

/** The public signing routes count per link as well as per IP: many addresses on one link are still limited. */
describe("per-link rate limits on /api/public/esign/:token", () => {
  const suite = esignSuite();
  let t: TestApp;
  let api: ReturnType<typeof esignApi>;
  let links: string[];
  beforeAll(async () => {
    t = suite.t;
    api = esignApi(t);
    const caseId = (await api.open("lawyer", { name: "链接限流案件" })).id;
    const sealId = await api.electronicSeal("finance");
    links = [];
    for (const email of ["limit1@example.com", "limit2@example.com"]) {
      const { contract, fileId } = await api.signableContract(caseId, 1);
      const sent = await api.send(
        contract.id,
        fileId,
        sealId,
        {
          fields: [
            { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
            { signer: 1, kind: "signature", page: 1, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
          ],
        },
        email,
      );
      expect(sent.statusCode, sent.body).toBe(200);
      links.push(await api.lastLink(email));
    }
  }, 120_000);

  /** One call from its own address: the per-IP limit never applies. */
  const from = (n: number, method: "GET" | "POST", url: string, lang = "en") =>
    t.app.inject({
      method,
      url,
      remoteAddress: `10.1.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      headers: { lang, "user-agent": "test" },
      ...(method === "POST" ? { payload: { reason: "x" } } : {}),
    });

  it("the 21st download try on one link within a minute is refused with 429 (a translated message), from 21 addresses", async () => {
    const [link, other] = links;
    const first = await from(0, "GET", `/api/public/esign/${link}/sealed`);
    expect(first.statusCode, first.body).toBe(401);
    for (let i = 1; i < 20; i += 1)
      expect((await from(i, "GET", `/api/public/esign/${link}/sealed`)).statusCode).toBe(401);
    const refused = await from(20, "GET", `/api/public/esign/${link}/sealed`);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 429,
      msg: expect.stringMatching(
        /^Too many requests on this link: at most 20 a minute; try again in \d+ seconds\.$/,
      ),
    });
    const zh = await from(21, "GET", `/api/public/esign/${link}/sealed`, "zh-CN");
    expect(zh.statusCode).toBe(429);
    expect(zh.json().msg).toMatch(/^此链接的请求过于频繁：每分钟最多 20 次/);
    // Another link from the same addresses is not affected.
    expect((await from(0, "GET", `/api/public/esign/${other}/sealed`)).statusCode).toBe(401);
  });

  it("declines are limited per link too, and a refused call changes nothing", async () => {
    const link = links[1];
    for (let i = 0; i < 10; i += 1)
      expect((await from(100 + i, "POST", `/api/public/esign/${link}/decline`)).statusCode).toBe(
        401,
      );
    expect((await from(110, "POST", `/api/public/esign/${link}/decline`)).statusCode).toBe(429);
    const [row] = await t.database.db
      .select()
      .from(esignSigners)
      .where(eq(esignSigners.email, "limit2@example.com"));
    expect(row.status).toBe("sent");
    // The page itself (its own, higher limit) still opens.
    expect((await from(111, "GET", `/api/public/esign/${link}`)).statusCode).toBe(200);
  });
});
