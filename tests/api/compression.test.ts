import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import {
  brotliCompressSync,
  brotliDecompressSync,
  gunzipSync,
  gzipSync,
  inflateSync,
} from "node:zlib";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "../../src/server/db/tables";
import { createNotifications } from "../../src/server/features/notifications/service";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";
import { rawUpload } from "../fixtures/documents";

const decode = (encoding: string | undefined, body: Buffer) => {
  if (encoding === "br") return brotliDecompressSync(body);
  if (encoding === "gzip") return gunzipSync(body);
  if (encoding === "deflate") return inflateSync(body);
  if (encoding === undefined) return body;
  throw new Error(`unexpected encoding ${encoding}`);
};

/** A built client as vite.config.ts writes it: each text file with its .br and .gz beside it. */
const writeClient = (dir: string, files: Record<string, string>) => {
  for (const [name, text] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
    writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
  }
};

const ASSET = `console.log(${JSON.stringify("律师".repeat(400))});`;
const INDEX = `<!doctype html><title>spa</title><script src="/manage/assets/app-abc.js"></script>${" ".repeat(2000)}`;
const FAVICON = `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`;

describe("compression and caching", () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    const clientDir = path.join(testConfig().dataDir, "client");
    writeClient(clientDir, {
      "index.html": INDEX,
      "assets/app-abc.js": ASSET,
      "favicon.svg": FAVICON,
    });
    // An asset the build left uncompressed (too small to gain): served as is, still cached.
    writeFileSync(path.join(clientDir, "assets", "tiny-abc.css"), "a{}");
    t = await createTestApp({ clientDir });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  describe("static files", () => {
    const kinds = [
      {
        url: "/manage/assets/app-abc.js",
        body: ASSET,
        type: "javascript",
        cache: "public, max-age=31536000, immutable",
      },
      { url: "/manage/", body: INDEX, type: "text/html", cache: "no-cache" },
      { url: "/manage/clients/list", body: INDEX, type: "text/html", cache: "no-cache" },
      { url: "/manage/favicon.svg", body: FAVICON, type: "image/svg+xml", cache: "no-cache" },
    ];
    for (const kind of kinds) {
      it(`${kind.url}: the best accepted encoding, the same bytes decoded, Vary and its cache rule`, async () => {
        for (const [accept, expected] of [
          ["br, gzip, deflate", "br"],
          ["gzip, deflate", "gzip"],
          ["gzip;q=1, br;q=0.5", "gzip"],
          ["identity", undefined],
          ["", undefined],
        ] as const) {
          const res = await get(kind.url, accept ? { "accept-encoding": accept } : {});
          expect(res.statusCode, `${kind.url} ${accept}`).toBe(200);
          expect(res.headers["content-encoding"], accept).toBe(expected);
          expect(res.headers["content-type"]).toContain(kind.type);
          expect(res.headers.vary).toBe("Accept-Encoding");
          expect(res.headers["cache-control"]).toBe(kind.cache);
          expect(decode(expected, res.rawPayload).toString()).toBe(kind.body);
        }
      });
    }

    it("serves a file the build left uncompressed as is, and a missing asset as 404", async () => {
      const tiny = await get("/manage/assets/tiny-abc.css", { "accept-encoding": "br, gzip" });
      expect(tiny.statusCode).toBe(200);
      expect(tiny.headers["content-encoding"]).toBeUndefined();
      expect(tiny.body).toBe("a{}");
      expect(tiny.headers["cache-control"]).toContain("immutable");
      expect(
        (await get("/manage/assets/gone-abc.js", { "accept-encoding": "br" })).statusCode,
      ).toBe(404);
    });

    it("revalidates index.html by its ETag", async () => {
      const first = await get("/manage/", { "accept-encoding": "br" });
      expect(first.headers.etag).toBeTruthy();
      const again = await get("/manage/", {
        "accept-encoding": "br",
        "if-none-match": String(first.headers.etag),
      });
      expect(again.statusCode).toBe(304);
    });
  });

  describe("API answers", () => {
    it("compresses JSON of 1 KB and more in every offered encoding, to the same bytes", async () => {
      const url = "/api/accounts?_start=0&_end=20";
      const plain = await t.app.inject({ url, headers: await t.as("lawyer") });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const encoding of ["br", "gzip", "deflate"]) {
        const res = await t.app.inject({
          url,
          headers: await t.as("lawyer", { "accept-encoding": encoding }),
        });
        expect(res.statusCode).toBe(200);
        expect(res.headers["content-encoding"]).toBe(encoding);
        expect(res.headers.vary).toContain("accept-encoding");
        expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length);
        expect(decode(encoding, res.rawPayload).equals(plain.rawPayload), encoding).toBe(true);
      }
    });

    it("leaves small answers and errors alone", async () => {
      const small = await t.app.inject({
        url: "/api/notifications/unread-count",
        headers: await t.as("lawyer", { "accept-encoding": "br" }),
      });
      expect(small.statusCode).toBe(200);
      expect(small.rawPayload.length).toBeLessThan(1024);
      expect(small.headers["content-encoding"]).toBeUndefined();
      const missing = await t.app.inject({
        url: "/api/nothing-here",
        headers: { "accept-encoding": "gzip" },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(404);
    });

    it("does not inflate a compressed request body (bodyLimit counts what was sent)", async () => {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/notifications/read-all",
        headers: await t.as("lawyer", {
          "content-type": "application/json",
          "content-encoding": "gzip",
        }),
        payload: gzipSync(Buffer.from("{}")),
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
    });
  });

  describe("file downloads", () => {
    const stored = Buffer.from(JSON.stringify({ evidence: "证据".repeat(2000) }));
    let fileId: string;
    beforeAll(async () => {
      const res = await rawUpload(t, "lawyer", stored, { name: "evidence.json" });
      expect(res.statusCode, res.body).toBe(200);
      fileId = res.json().data[0].id;
    });

    it("sends a stored JSON file byte for byte, by Bearer and by ticket, whole and in ranges", async () => {
      const bearer = await t.app.inject({
        url: `/api/documents/files/${fileId}/content`,
        headers: await t.as("lawyer", { "accept-encoding": "br, gzip" }),
      });
      expect(bearer.statusCode).toBe(200);
      expect(bearer.headers["content-encoding"]).toBeUndefined();
      expect(bearer.headers["content-length"]).toBe(String(stored.length));
      expect(bearer.rawPayload.equals(stored)).toBe(true);

      const ticket = await t.app.inject({
        method: "POST",
        url: `/api/documents/files/${fileId}/ticket`,
        headers: await t.as("lawyer"),
        payload: {},
      });
      const { url } = ticket.json().data as { url: string };
      const whole = await t.app.inject({ url, headers: { "accept-encoding": "br, gzip" } });
      expect(whole.statusCode).toBe(200);
      expect(whole.headers["content-encoding"]).toBeUndefined();
      expect(whole.rawPayload.equals(stored)).toBe(true);
      const part = await t.app.inject({
        url,
        headers: { "accept-encoding": "br, gzip", range: "bytes=2-11" },
      });
      expect(part.statusCode).toBe(206);
      expect(part.headers["content-encoding"]).toBeUndefined();
      expect(part.headers["content-range"]).toBe(`bytes 2-11/${stored.length}`);
      expect(part.rawPayload.equals(stored.subarray(2, 12))).toBe(true);
    });
  });

  describe("the live event stream", () => {
    it("delivers a notification within a second to a browser that accepts compression", async () => {
      const token = await t.login("lawyer");
      const [lawyer] = await t.database.db.select().from(users).where(eq(users.username, "lawyer"));
      const info = await t.app.inject({
        url: "/api/user-service/user/get-login-user-info",
        headers: { authorization: `Bearer ${token}` },
      });
      const [ws] = info.json().data.workspaces as { id: string }[];

      const events: { event: string; at: number }[] = [];
      let headers: http.IncomingHttpHeaders = {};
      let sawNotification: () => void = () => {};
      const notified = new Promise<void>((resolve) => (sawNotification = resolve));
      let sawReady: () => void = () => {};
      const ready = new Promise<void>((resolve) => (sawReady = resolve));
      const req = http.get(
        `${base}/api/notifications/stream`,
        { headers: { authorization: `Bearer ${token}`, "accept-encoding": "br, gzip, deflate" } },
        (res) => {
          headers = res.headers;
          let buffer = "";
          res.setEncoding("utf8");
          res.on("data", (chunk: string) => {
            buffer += chunk;
            for (const match of buffer.matchAll(/^event: (.*)$/gm)) {
              if (events.some((e) => e.event === match[1])) continue;
              events.push({ event: match[1], at: Date.now() });
              if (match[1] === "ready") sawReady();
              if (match[1] === "notification") sawNotification();
            }
          });
        },
      );
      try {
        await ready;
        const sentAt = Date.now();
        await t.database.db.transaction((tx) =>
          createNotifications(
            tx,
            { workspaceId: ws.id, userId: null },
            { userIds: [lawyer.id], type: "system", title: "hearing moved" },
          ),
        );
        await Promise.race([notified, new Promise((resolve) => setTimeout(resolve, 1000))]);
        expect(headers["content-type"]).toContain("text/event-stream");
        expect(headers["content-encoding"]).toBeUndefined();
        const arrived = events.find((e) => e.event === "notification");
        expect(arrived, "no notification within 1 s").toBeDefined();
        expect(arrived!.at - sentAt).toBeLessThan(1000);
      } finally {
        req.destroy();
      }
    });
  });
});
