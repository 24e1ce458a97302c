import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTokenSigner, SESSION_AUDIENCE } from "../../src/server/lib/tokens";
import { signTicket, type TicketTarget } from "../../src/server/features/documents/tickets";
import { createTestApp, type TestApp } from "../fixtures/app";
import { pdfBody, PNG_BODY, rawUpload, zipEntryNames } from "../fixtures/documents";

type Row = { id: string; name: string };

/** The firm a sign-in is in, straight from its session row. */
const firmOfSession = async (t: TestApp, sid: string) => {
  const result = await t.database.db.execute(
    sql`select workspace_id::text as id from sessions where id = ${sid}`,
  );
  return (result as unknown as { rows: { id: string }[] }).rows[0].id;
};

const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split(".")[1], "base64url").toString()) as {
    sid: string;
    sub: string;
  };

describe("download tickets", () => {
  let t: TestApp;
  const headers = (user: string, lang = "en") => t.as(user, { lang });
  const firmOf = (sid: string) => firmOfSession(t, sid);
  const uploadAs = async (
    user: string,
    name: string,
    body: Buffer,
    query: Record<string, string> = {},
  ) => {
    const res = await rawUpload(t, user, body, { name, ...query });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json().data[0] as Row & { folderId: string };
  };
  const ticketFor = async (user: string, url: string, payload: object = {}) => {
    const res = await t.app.inject({ method: "POST", url, headers: await headers(user), payload });
    return res;
  };
  const fileTicket = async (user: string, id: string, payload: object = {}) => {
    const res = await ticketFor(user, `/api/documents/files/${id}/ticket`, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { url: string; expiresAt: string };
  };
  /** The browser's request: no Bearer header, only the link. */
  const open = (url: string, extra: Record<string, string> = {}) =>
    t.app.inject({ url, headers: { lang: "en", ...extra } });
  /** A ticket signed with the server's own key, for claims the API would never hand out. */
  const forge = async (
    user: string,
    target: TicketTarget,
    expiresAt = new Date(Date.now() + 60_000),
  ) => {
    const bearer = (await headers(user)).authorization.slice(7);
    const { sid, sub } = claimsOf(bearer);
    return signTicket(
      createTokenSigner(t.app.config.jwtSecret),
      { userId: sub, sessionId: sid, workspaceId: await firmOf(sid) },
      target,
      expiresAt,
    );
  };

  let pdf: Row;
  let png: Row;
  const body = pdfBody("ticket-body");

  beforeAll(async () => {
    t = await createTestApp();
    pdf = await uploadAs("lawyer", "判决书（终审）.pdf", body);
    png = await uploadAs("lawyer", "照片.png", PNG_BODY);
  });
  afterAll(() => t.close());

  it("downloads a file by its link alone, named in RFC 5987 form and never cached", async () => {
    const { url, expiresAt } = await fileTicket("lawyer", pdf.id);
    expect(url).toMatch(new RegExp(`^/api/documents/files/${pdf.id}/download\\?ticket=`));
    const life = new Date(expiresAt).getTime() - Date.now();
    expect(life).toBeGreaterThan(50_000);
    expect(life).toBeLessThanOrEqual(60_000);
    const res = await open(url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(body)).toBe(true);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="_______.pdf"; filename*=UTF-8''${encodeURIComponent("判决书（终审）.pdf")}`,
    );
    expect(res.headers["cache-control"]).toBe("private, no-store");
    expect(res.headers["content-length"]).toBe(String(body.length));
    // The same link works again within its minute (a PDF viewer asks for ranges as it goes).
    expect((await open(url)).statusCode).toBe(200);
  });

  it("serves ranges, inline previews and older versions", async () => {
    const inline = await fileTicket("lawyer", pdf.id, { inline: true });
    const part = await open(inline.url, { range: "bytes=0-3" });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe("%PDF");
    expect(part.headers["content-range"]).toBe(`bytes 0-3/${body.length}`);
    expect(part.headers["content-disposition"]).toMatch(/^inline; /);
    const image = await open((await fileTicket("lawyer", png.id, { inline: true })).url);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(image.rawPayload.equals(PNG_BODY)).toBe(true);

    const v2 = await rawUpload(
      t,
      "admin",
      pdfBody("second"),
      { name: "判决书（终审）.pdf" },
      { url: `/api/documents/files/${pdf.id}/versions/raw` },
    );
    expect(v2.statusCode).toBe(200);
    const old = await open((await fileTicket("lawyer", pdf.id, { version: 1 })).url);
    expect(old.rawPayload.equals(body)).toBe(true);
    const current = await open((await fileTicket("lawyer", pdf.id)).url);
    expect(current.rawPayload.equals(pdfBody("second"))).toBe(true);
    const missing = await ticketFor("lawyer", `/api/documents/files/${pdf.id}/ticket`, {
      version: 9,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("opens only what the ticket names", async () => {
    const { url } = await fileTicket("lawyer", pdf.id);
    const ticket = new URL(url, "http://x").searchParams.get("ticket") ?? "";
    const other = await open(`/api/documents/files/${png.id}/download?ticket=${ticket}`);
    expect(other.statusCode).toBe(401);
    expect(other.json()).toMatchObject({
      code: 401,
      msg: "This link is not valid; open the file again from the Documents page",
      data: null,
    });
    const folder = await open(`/api/documents/folders/${pdf.id}/download?ticket=${ticket}`);
    expect(folder.statusCode).toBe(404);
    const asFolder = await forge("lawyer", { kind: "folder", id: png.id });
    expect(
      (await open(`/api/documents/files/${png.id}/download?ticket=${asFolder}`)).statusCode,
    ).toBe(401);
  });

  it("refuses an expired, forged or missing ticket, and a Bearer token instead of one", async () => {
    const expired = await forge(
      "lawyer",
      { kind: "file", id: pdf.id },
      new Date(Date.now() - 1000),
    );
    const late = await open(`/api/documents/files/${pdf.id}/download?ticket=${expired}`);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      code: 401,
      msg: "This link has expired; open the file again from the Documents page",
    });

    const { url } = await fileTicket("lawyer", pdf.id);
    const ticket = new URL(url, "http://x").searchParams.get("ticket") ?? "";
    const [head, payload, signature] = ticket.split(".");
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString());
    const retargeted = Buffer.from(
      JSON.stringify({ ...claims, target: { kind: "file", id: png.id } }),
    ).toString("base64url");
    const tampered = await open(
      `/api/documents/files/${png.id}/download?ticket=${head}.${retargeted}.${signature}`,
    );
    expect(tampered.statusCode).toBe(401);
    expect(tampered.json().code).toBe(401);

    const bearer = (await headers("lawyer")).authorization.slice(7);
    const { sid, sub } = claimsOf(bearer);
    const otherKey = await createTokenSigner("another-secret-that-is-long-enough-for-hs256").sign(
      { sid, ws: claims.ws, target: { kind: "file", id: pdf.id } },
      "ticket",
      sub,
      new Date(Date.now() + 60_000),
    );
    expect(
      (await open(`/api/documents/files/${pdf.id}/download?ticket=${otherKey}`)).statusCode,
    ).toBe(401);
    // A sign-in token is for the Authorization header only, never a link.
    const session = await createTokenSigner(t.app.config.jwtSecret).sign(
      { sid },
      SESSION_AUDIENCE,
      sub,
      new Date(Date.now() + 60_000),
    );
    expect(
      (await open(`/api/documents/files/${pdf.id}/download?ticket=${session}`)).statusCode,
    ).toBe(401);
    const none = await open(`/api/documents/files/${pdf.id}/download`);
    expect(none.statusCode).toBe(401);
    const withBearer = await t.app.inject({
      url: `/api/documents/files/${pdf.id}/download`,
      headers: await headers("lawyer"),
    });
    expect(withBearer.statusCode).toBe(401);
    // Nor is a ticket a sign-in: as a Bearer token it opens nothing.
    const asBearer = await t.app.inject({
      url: `/api/documents/files/${pdf.id}/content`,
      headers: { authorization: `Bearer ${ticket}` },
    });
    expect(asBearer.statusCode).toBe(401);
  });

  it("dies with the sign-in, and with the right to read the file", async () => {
    const token = await t.login("lawyer");
    const auth = { authorization: `Bearer ${token}` };
    const res = await t.app.inject({
      method: "POST",
      url: `/api/documents/files/${pdf.id}/ticket`,
      headers: auth,
      payload: {},
    });
    const { url } = res.json().data;
    expect((await open(url)).statusCode).toBe(200);
    await t.app.inject({ method: "POST", url: "/api/auth/logout", headers: auth });
    const revoked = await open(url);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().msg).toBe("You have signed out, please sign in again");

    // The intern may not read documents: no ticket, and a ticket made for them anyway is refused.
    expect((await ticketFor("intern", `/api/documents/files/${pdf.id}/ticket`)).statusCode).toBe(
      403,
    );
    const internTicket = await forge("intern", { kind: "file", id: pdf.id });
    expect(
      (await open(`/api/documents/files/${pdf.id}/download?ticket=${internTicket}`)).statusCode,
    ).toBe(403);

    // A file moved to the trash after the link was made is gone.
    const doomed = await uploadAs("lawyer", "待删.pdf", pdfBody("doomed"));
    const link = (await fileTicket("lawyer", doomed.id)).url;
    await t.app.inject({
      method: "DELETE",
      url: `/api/documents/files/${doomed.id}`,
      headers: await headers("admin"),
    });
    expect((await open(link)).statusCode).toBe(404);
  });

  it("never opens another firm's file or folder", async () => {
    const asked = await ticketFor("admin2", `/api/documents/files/${pdf.id}/ticket`);
    expect(asked.statusCode).toBe(404);
    expect(asked.body).not.toContain("判决书");
    // Even a correctly signed ticket of firm B's admin naming firm A's file finds nothing.
    const foreign = await forge("admin2", { kind: "file", id: pdf.id });
    const res = await open(`/api/documents/files/${pdf.id}/download?ticket=${foreign}`);
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain("ticket-body");
    const folder = await uploadAs("lawyer", "机密.pdf", pdfBody("secret"), {
      relativePath: "机密案卷/机密.pdf",
    });
    expect(
      (await ticketFor("admin2", `/api/documents/folders/${folder.folderId}/ticket`)).statusCode,
    ).toBe(404);
    const foreignZip = await forge("admin2", { kind: "folder", id: folder.folderId });
    expect(
      (await open(`/api/documents/folders/${folder.folderId}/download?ticket=${foreignZip}`))
        .statusCode,
    ).toBe(404);
  });

  it("streams a folder zip of the caller's own files, and refuses before issuing when it cannot", async () => {
    const mine = await uploadAs("lawyer", "我的.pdf", pdfBody("mine"), {
      relativePath: "共享卷/我的.pdf",
    });
    await uploadAs("lawyer", "图.png", PNG_BODY, { relativePath: "共享卷/证据/图.png" });
    await uploadAs("assistant", "助理.pdf", pdfBody("theirs"), { relativePath: "共享卷/助理.pdf" });
    const ticket = await ticketFor("lawyer", `/api/documents/folders/${mine.folderId}/ticket`);
    expect(ticket.statusCode).toBe(200);
    const { url } = ticket.json().data;
    expect(url).toMatch(new RegExp(`^/api/documents/folders/${mine.folderId}/download\\?ticket=`));
    const zip = await open(url);
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["content-type"]).toBe("application/zip");
    expect(zip.headers["content-disposition"]).toContain(
      `filename*=UTF-8''${encodeURIComponent("共享卷.zip")}`,
    );
    expect(zipEntryNames(zip.rawPayload).sort()).toEqual(["我的.pdf", "证据/图.png"].sort());
    const fileLink = (await fileTicket("lawyer", mine.id)).url;
    const fileTicketValue = new URL(fileLink, "http://x").searchParams.get("ticket");
    expect(
      (await open(`/api/documents/folders/${mine.folderId}/download?ticket=${fileTicketValue}`))
        .statusCode,
    ).toBe(401);

    const empty = await ticketFor("intern", `/api/documents/folders/${mine.folderId}/ticket`);
    expect(empty.statusCode).toBe(403);
    const none = await ticketFor("admin", `/api/documents/folders/${mine.folderId}/ticket`);
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('The folder "共享卷" holds no files you uploaded');
  });
});
