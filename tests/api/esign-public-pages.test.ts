import { beforeAll, describe, expect, it, vi } from "vitest";

import type { TestApp } from "../fixtures/app";
import { type EsignApi, esignCaseSuite } from "../fixtures/esign";

// Every spawn is watched (and still runs): a page number that is not one must never reach pdftoppm.
const spawned = vi.hoisted(() => [] as string[][]);
vi.mock("node:child_process", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:child_process")>();
  const spawn = ((cmd: string, args: readonly string[], ...rest: unknown[]) => {
    spawned.push([cmd, ...args]);
    return (real.spawn as (...a: unknown[]) => unknown)(cmd, args, ...rest);
  }) as typeof real.spawn;
  return { ...real, spawn, default: { ...real, spawn } };
});

/** The signing page's page images: only a positive integer within the document is a page. */
describe("GET /api/public/esign/:token/pages/:n", () => {
  const suite = esignCaseSuite("签署页码案件");
  let t: TestApp;
  let api: EsignApi;
  let token: string;
  let cookie: string;
  beforeAll(async () => {
    ({ t, api } = suite);
    const { contract, fileId } = await api.signableContract(suite.caseId, 2);
    const sent = await api.send(
      contract.id,
      fileId,
      suite.sealId,
      {
        fields: [
          { signer: 0, kind: "signature", page: 1, x: 0.1, y: 0.1, w: 0.2, h: 0.1 },
          { signer: 1, kind: "signature", page: 2, x: 0.5, y: 0.5, w: 0.2, h: 0.1 },
        ],
      },
      "pages@example.com",
    );
    expect(sent.statusCode, sent.body).toBe(200);
    token = await api.lastLink("pages@example.com");
    cookie = await api.verified(token, "pages@example.com");
  }, 120_000);

  const page = (n: string, lang = "en") =>
    t.app.inject({
      method: "GET",
      url: `/api/public/esign/${token}/pages/${n}`,
      headers: { cookie, lang, "user-agent": "test" },
    });

  it("answers a page that is not a positive integer with the translated 404, and spawns no renderer", async () => {
    const before = spawned.length;
    for (const n of [
      "abc",
      "1.5",
      "0",
      "-1",
      "1e0",
      "01",
      "%201",
      "__proto__",
      "99999999999",
      "3",
    ]) {
      const res = await page(n);
      expect(res.statusCode, `${n}: ${res.body}`).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, msg: expect.any(String) });
    }
    // A NUL is the input guard's translated 400, before any route code.
    const nul = await page("%00");
    expect(nul.statusCode).toBe(400);
    expect(nul.json().msg).toMatch(/NUL/);
    const zh = await page("abc", "zh-CN");
    expect(zh.statusCode).toBe(404);
    expect(zh.json().msg).not.toBe((await page("abc")).json().msg);
    expect(spawned.slice(before)).toEqual([]);
  });

  it("renders a real page with one pdftoppm run for that page", async () => {
    const before = spawned.length;
    const res = await page("2");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.rawPayload.subarray(1, 4).toString()).toBe("PNG");
    const runs = spawned.slice(before);
    expect(runs).toHaveLength(1);
    expect(runs[0].slice(0, 5)).toEqual(["pdftoppm", "-f", "2", "-l", "2"]);
  });

  it("a deep JSON query or a body on the GET changes nothing: still the page or the 404", async () => {
    const deep = `a${"[a]".repeat(60)}=1`;
    const res = await t.app.inject({
      method: "GET",
      url: `/api/public/esign/${token}/pages/abc?${deep}&__proto__[x]=1`,
      headers: { cookie, "user-agent": "test" },
    });
    expect([400, 404]).toContain(res.statusCode);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
