import net from "node:net";

import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { buildApp } from "../../src/server/app";
import {
  auditLogs,
  departments,
  folders,
  members,
  sessions,
  users,
} from "../../src/server/db/tables";
import { createTestApp, type TestApp, testConfig } from "../fixtures/app";
import { multipartBody, pdfBody, rawUpload, upload } from "../fixtures/documents";

const rowsOf = async (t: TestApp) => {
  const [[a], [d], [f]] = await Promise.all([
    t.database.db.select({ n: count() }).from(auditLogs),
    t.database.db.select({ n: count() }).from(departments),
    t.database.db.select({ n: count() }).from(folders),
  ]);
  return { audit: a.n, departments: d.n, folders: f.n };
};

/** A request over a real socket, for what inject does not model (huge headers). */
const rawRequest = (port: number, text: string) =>
  new Promise<string>((resolve, reject) => {
    const socket = net.connect({ port, host: "127.0.0.1" }, () => socket.write(text));
    let answer = "";
    socket.on("data", (chunk) => (answer += chunk.toString()));
    socket.on("close", () => resolve(answer));
    socket.on("error", (err) => (answer ? resolve(answer) : reject(err)));
  });

describe("hostile text is refused at the edge", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = async (url: string, payload: unknown, lang = "en") =>
    t.app.inject({
      method: "POST",
      url,
      headers: await t.as("admin", { lang }),
      payload: payload as object,
    });

  it("answers a NUL in a sign-in name with a translated 400 naming the field, before anything runs", async () => {
    const before = await rowsOf(t);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { lang: "en" },
      payload: { username: "a\u0000b", password: "x" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 400,
      msg: "This text cannot be accepted: username contains a NUL character",
      data: { fields: [{ field: "username", message: "contains a NUL character" }] },
    });
    const zh = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "a\u0000b", password: "x" },
    });
    expect(zh.json().msg).toBe("以下内容无法接受：username 含有空字符（NUL）");
    const form = await t.app.inject({
      method: "POST",
      url: "/user-center/login",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "username=a%00b&password=x&redirect=%2Fmanage%2Flogin",
    });
    expect(form.statusCode).toBe(400);
    expect(await rowsOf(t)).toEqual(before);
  });

  it("refuses a lone surrogate instead of storing U+FFFD, at any depth", async () => {
    const before = await rowsOf(t);
    const flat = await post("/api/departments", { name: "Tax \ud800 team" });
    expect(flat.statusCode).toBe(400);
    expect(flat.json().data.fields).toEqual([
      { field: "name", message: "contains an incomplete Unicode character (unpaired surrogate)" },
    ]);
    const deep = await post("/api/saved-filters", {
      name: "f",
      resource: "members",
      filters: { a: [{ b: "\udc00x" }] },
    });
    expect(deep.statusCode).toBe(400);
    expect(deep.json().data.fields[0].field).toBe("filters.a[0].b");
    // A well-formed pair (an emoji) is ordinary text.
    const ok = await post("/api/departments", { name: "Team \ud83d\ude00" });
    expect(ok.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(departments)
      .where(eq(departments.id, ok.json().data.id));
    expect(row.name).toBe("Team \ud83d\ude00");
    expect((await rowsOf(t)).departments).toBe(before.departments + 1);
  });

  it("accepts tab and newline in body text but no other control character", async () => {
    const multi = await post("/api/notifications/announcements", {
      title: "Notice",
      body: "line 1\nline 2\tend",
    });
    expect(multi.statusCode).toBe(200);
    const bell = await post("/api/notifications/announcements", {
      title: "Notice",
      body: "ding\u0007",
    });
    expect(bell.statusCode).toBe(400);
    const c1 = await post("/api/notifications/announcements", { title: "Notice\u0085", body: "x" });
    expect(c1.json().data.fields).toEqual([
      { field: "title", message: "contains a control character" },
    ]);
  });

  it("refuses NUL and controls in query values and the headers the app reads", async () => {
    const headers = await t.as("admin", { lang: "en" });
    for (const url of [
      "/api/accounts?name_like=%00",
      "/api/accounts/export?name=%00",
      "/api/search?q=%00",
      "/api/members?q=a%0Ab",
    ]) {
      const res = await t.app.inject({ url, headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code).toBe(400);
    }
    const res = await t.app.inject({
      url: "/api/members",
      headers: { ...headers, "idempotency-key": "a\u0085b" },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields[0].field).toBe("header.idempotency-key");
  });

  it("refuses prototype keys in bodies and as sort or filter keys on every list", async () => {
    const headers = await t.as("admin", { lang: "en" });
    const lists = [
      "/api/members",
      "/api/audit-logs",
      "/api/notifications",
      "/api/documents/files",
      "/api/workflow/definitions",
      "/api/dictionary-items",
      "/api/departments",
      "/api/roles",
      "/api/member-groups",
      "/api/saved-filters",
      "/api/dictionary-types",
      "/api/documents/folders",
      "/api/documents/trash",
      "/api/workflow/lists/all",
      "/api/workflow/startable",
      "/api/accounts",
      "/api/account-employees",
    ];
    for (const list of lists) {
      for (const query of [
        "_sort=__proto__",
        "_sort=constructor",
        "_sort=noSuchColumn",
        "noSuchFilter=1",
        "__proto__=1",
      ]) {
        const res = await t.app.inject({ url: `${list}?${query}`, headers });
        expect(res.statusCode, `${list}?${query}`).toBe(400);
      }
      expect(
        (await t.app.inject({ url: `${list}?_start=0&_end=5`, headers })).statusCode,
        list,
      ).toBe(200);
    }
    const sorted = await t.app.inject({
      url: "/api/members?_sort=name&_order=desc&isEnabled=true",
      headers,
    });
    expect(sorted.statusCode).toBe(200);
    const body = await t.app.inject({
      method: "POST",
      url: "/api/departments",
      headers: { ...headers, "content-type": "application/json" },
      payload: '{"name":"x","constructor":{"name":"y"}}',
    });
    expect(body.statusCode).toBe(400);
  });

  it("refuses JSON nested deeper than the limit with a 400 (no stack overflow)", async () => {
    const [def] = (
      await t.app.inject({ url: "/api/workflow/definitions", headers: await t.as("admin") })
    ).json().data;
    let deep = "1";
    for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/workflow/definitions/${def.id}/draft`,
      headers: { ...(await t.as("admin", { lang: "en" })), "content-type": "application/json" },
      payload: `{"draft":${deep}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 400,
      msg: "The request nests data more than 64 levels deep",
    });
  });

  it("refuses JSON in any charset but UTF-8 (415)", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { lang: "en", "content-type": "application/json; charset=ebcdic" },
      payload: JSON.stringify({ username: "admin", password: "demo1234" }),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      code: 415,
      msg: "Unsupported character set ebcdic: send JSON as UTF-8",
      data: null,
    });
    const utf8 = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "content-type": "application/json; charset=UTF-8" },
      payload: JSON.stringify({ username: "admin", password: "demo1234" }),
    });
    expect(utf8.statusCode).toBe(200);
  });
});

describe("limits answer in the envelope and name the route's own limit", () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(() => t.close());

  it("413 names 1 MB for JSON, 16 KB for the sign-in form and 10 MB for an import", async () => {
    const headers = await t.as("admin", { lang: "en" });
    const json = await t.app.inject({
      method: "POST",
      url: "/api/departments",
      headers,
      payload: { name: "x".repeat(2 * 1024 * 1024) },
    });
    expect(json.json()).toMatchObject({
      code: 413,
      msg: "The request is too large (at most 1 MB)",
    });
    const form = await t.app.inject({
      method: "POST",
      url: "/user-center/login",
      headers: { lang: "en", "content-type": "application/x-www-form-urlencoded" },
      payload: `username=${"x".repeat(20_000)}`,
    });
    expect(form.statusCode).toBe(413);
    expect(form.json()).toMatchObject({
      code: 413,
      msg: "The request is too large (at most 16 KB)",
    });
    const xlsx = await t.app.inject({
      method: "POST",
      url: "/api/accounts/import",
      headers: {
        ...headers,
        "content-type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      },
      payload: Buffer.alloc(11 * 1024 * 1024),
    });
    expect(xlsx.json()).toMatchObject({
      code: 413,
      msg: "The request is too large (at most 10 MB)",
    });
  });

  it("414 for an over-long path segment, 431 for huge headers, both as {code,msg,data}", async () => {
    const long = await t.app.inject({
      url: `/api/members/${"a".repeat(500)}`,
      headers: { lang: "en" },
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({
      code: 414,
      msg: "The address is too long (a path segment may have at most 100 characters)",
      data: null,
    });
    const answer = await rawRequest(
      port,
      `GET /api/config HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(40_000)}\r\n\r\n`,
    );
    expect(answer.startsWith("HTTP/1.1 431")).toBe(true);
    const body = JSON.parse(answer.slice(answer.indexOf("\r\n\r\n") + 4)) as {
      code: number;
      msg: string;
      data: null;
    };
    expect(body).toEqual({
      code: 431,
      msg: expect.stringContaining("The request headers are too large (at most 16 KB)"),
      data: null,
    });
  });
});

describe("file and folder names", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const createFolder = async (name: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/documents/folders",
      headers: await t.as("admin", { lang: "en" }),
      payload: { name },
    });

  it("refuses bidi controls, zero-width characters, Windows device names and a trailing dot", async () => {
    const before = await rowsOf(t);
    const cases: [string, string][] = [
      // Bidi controls are refused in any text at the edge; the name rules refuse them too.
      ["\u202Eevil", "contains a text-direction control character"],
      ["invoice\u202Efdp.exe", "contains a text-direction control character"],
      ["a\u2066b", "contains a text-direction control character"],
      ["a\u200Fb", "contains invisible or text-direction characters"],
      ["zero\u200Bwidth", "contains invisible or text-direction characters"],
      ["CON", "is a device name Windows reserves"],
      ["con.txt", "is a device name Windows reserves"],
      ["LPT9.pdf", "is a device name Windows reserves"],
      ["report.", "ends with a dot"],
      ["report ", "contains spaces"],
    ];
    for (const [name, message] of cases) {
      const res = await createFolder(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().msg, JSON.stringify(name)).toContain(message);
    }
    expect((await createFolder("CONTRACTS")).statusCode).toBe(200);
    expect((await createFolder("console.log")).statusCode).toBe(200);
    expect((await rowsOf(t)).folders).toBe(before.folders + 2);
  });

  it("gives a bad name the same status and message through multipart and the raw upload", async () => {
    for (const name of ["x".repeat(300) + ".pdf", "NUL.pdf", "a\u202Eb.pdf"]) {
      const multi = await upload(t, "admin", [{ field: "file", filename: name, body: pdfBody() }]);
      const raw = await rawUpload(t, "admin", pdfBody(), { name });
      expect(raw.statusCode, name.slice(0, 20)).toBe(multi.statusCode);
      expect(raw.statusCode).toBe(400);
      expect(raw.json()).toEqual(multi.json());
    }
  });

  it("refuses a NUL in a multipart field value", async () => {
    const { payload, contentType } = multipartBody([
      { field: "receiptDate", value: "2024\u000001-01" },
      { field: "file", filename: "a.pdf", body: pdfBody() },
    ]);
    const headers = await t.as("admin", { lang: "en" });
    const token = (
      await t.app.inject({ url: "/api/user-service/user/get-up-token", headers })
    ).json().data.token as string;
    const res = await t.app.inject({
      method: "POST",
      url: "/api/documents/files",
      headers: { ...headers, "x-upload-token": token, "content-type": contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.fields).toEqual([
      { field: "receiptDate", message: "contains a NUL character" },
    ]);
  });
});

describe("disabling ends sessions for good, on every app process", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (app: TestApp["app"], token: string) =>
    app.inject({ url: "/api/profile", headers: { authorization: `Bearer ${token}`, lang: "en" } });

  /** Another process hears of the change by NOTIFY, which PostgreSQL delivers a moment after the commit. */
  const settled = async (app: TestApp["app"], token: string) => {
    for (let i = 0; i < 50; i++) {
      const res = await me(app, token);
      if (res.statusCode !== 200) return res;
      await new Promise((r) => setTimeout(r, 50));
    }
    return me(app, token);
  };

  it("a disabled member's token stays dead after re-enabling, also on a second process", async () => {
    const other = await buildApp(testConfig(), { database: t.database, logger: false });
    await other.ready();
    try {
      const token = await t.login("lawyer");
      // Both processes have the session cached.
      expect((await me(t.app, token)).statusCode).toBe(200);
      expect((await me(other, token)).statusCode).toBe(200);
      const [lawyer] = await t.database.db.select().from(users).where(eq(users.username, "lawyer"));
      const [member] = await t.database.db
        .select()
        .from(members)
        .where(eq(members.userId, lawyer.id));
      const admin = await t.as("admin", { lang: "en" });
      const off = await t.app.inject({
        method: "PATCH",
        url: `/api/members/${member.id}`,
        headers: admin,
        payload: { isEnabled: false, version: member.version },
      });
      expect(off.statusCode).toBe(200);
      expect((await settled(other, token)).json()).toMatchObject({
        code: 401,
        msg: "Your membership in this law firm is disabled",
      });
      const on = await t.app.inject({
        method: "PATCH",
        url: `/api/members/${member.id}`,
        headers: admin,
        payload: { isEnabled: true, version: member.version + 1 },
      });
      expect(on.statusCode).toBe(200);
      expect((await me(t.app, token)).json()).toMatchObject({
        code: 401,
        msg: "You have signed out, please sign in again",
      });
      expect((await me(other, token)).statusCode).toBe(401);
      // A new sign-in works.
      expect((await me(t.app, await t.login("lawyer"))).statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });

  it("disabling an account (by whatever writes the flag) revokes all its sessions at once", async () => {
    const token = await t.login("assistant");
    expect((await me(t.app, token)).statusCode).toBe(200);
    await t.database.db
      .update(users)
      .set({ isEnabled: false })
      .where(eq(users.username, "assistant"));
    expect((await settled(t.app, token)).json()).toMatchObject({
      code: 401,
      msg: "This account is disabled",
    });
    await t.database.db
      .update(users)
      .set({ isEnabled: true })
      .where(eq(users.username, "assistant"));
    expect((await me(t.app, token)).statusCode).toBe(401);
    const [assistant] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.username, "assistant"));
    const live = await t.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, assistant.id));
    expect(live.every((s) => s.revokedAt !== null)).toBe(true);
  });
});
