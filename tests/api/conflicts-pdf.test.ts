import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { reportDigest } from "../../src/server/features/conflicts/pdf";
import { getReport } from "../../src/server/features/conflicts/reports";
import { casesSuite } from "../fixtures/cases";
import { pdfBody, serviceCtx, upload } from "../fixtures/documents";

type Hit = { key: string; keyword: string; name: string };

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const count = async (s: ReturnType<typeof casesSuite>, table: "conflict_reports" | "file_locks") =>
  Number(
    (
      (await s.t.database.db.execute(
        sql.raw(`select count(*)::int as n from ${table}`),
      )) as unknown as { rows: { n: number }[] }
    ).rows[0].n,
  );

describe("conflict reports: waiver letters and PDF export", () => {
  const s = casesSuite();
  const dir = mkdtempSync(path.join(tmpdir(), "conflicts-pdf-"));
  const keywords = ["对手贸易", "星辰"];
  let hits: Hit[] = [];
  let letterId = "";
  let reportId = "";

  const hitsOf = async (kws: string[]) => {
    const res = await s.api.post("lawyer", "/api/conflicts/search", { keywords: kws });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hits as Hit[];
  };
  const letter = async (name: string) => {
    const up = await upload(s.t, "lawyer", [
      { field: "file", filename: name, body: pdfBody("waiver") },
    ]);
    expect(up.statusCode, up.body).toBe(200);
    return up.json().data[0].id as string;
  };
  const pdfOf = async (who: string, id: string, lang: "en" | "zh-CN" = "zh-CN") =>
    s.api.get(who, `/api/conflicts/reports/${id}/pdf`, lang);
  const textOf = (bytes: Buffer, name: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, bytes);
    execFileSync("qpdf", ["--check", file]); // throws on a non-zero exit
    return execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], { encoding: "utf8" });
  };

  beforeAll(async () => {
    const acct = await s.api.post("lawyer", "/api/accounts", {
      accountType: "organization",
      name: "北京星辰科技有限公司",
      creditCode: "91110000MA01ABCD2X",
    });
    expect(acct.statusCode, acct.body).toBe(200);
    const kase = await s.api.open("lawyer", {
      parties: [
        { name: "张三", partyType: "natural", litigationRole: "plaintiff", conflictRole: "client" },
        {
          name: "上海对手贸易有限公司",
          partyType: "organization",
          litigationRole: "defendant",
          conflictRole: "counterparty-related",
        },
      ],
    });
    // Opened at 01:00 in Beijing on 2 March: still 1 March in UTC.
    await s.t.database.db.execute(
      sql`update cases set created_at = '2026-03-01T17:00:00Z' where id = ${kase.id}`,
    );
    hits = await hitsOf(keywords);
    letterId = await letter("豁免函-对手贸易.pdf");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe("POST /api/conflicts/reports (waivers)", () => {
    it("refuses a waived hit without a letter in both languages and writes nothing", async () => {
      const counter = hits.find((h) => h.name === "上海对手贸易有限公司")!;
      const before = [await count(s, "conflict_reports"), await count(s, "file_locks")];
      const body = {
        keywords,
        decisions: [{ key: counter.key, decision: "waived", remark: "客户同意" }],
      };
      const zh = await s.api.post("lawyer", "/api/conflicts/reports", body, "zh-CN");
      expect(zh.statusCode).toBe(422);
      expect(zh.json()).toMatchObject({ code: 422, msg: "豁免须上传豁免函到文档" });
      const en = await s.api.post("lawyer", "/api/conflicts/reports", body, "en");
      expect(en.statusCode).toBe(422);
      expect(en.json().msg).toBe("A waiver needs the waiver letter uploaded to Documents");
      const gone = await s.api.post("lawyer", "/api/conflicts/reports", {
        ...body,
        decisions: [{ ...body.decisions[0], waiverFileId: "00000000-0000-4000-8000-000000000000" }],
      });
      expect(gone.statusCode).toBe(422);
      expect([await count(s, "conflict_reports"), await count(s, "file_locks")]).toEqual(before);
    });

    it("saves a waiver with its letter and locks the letter against deletion for good", async () => {
      const counter = hits.find((h) => h.name === "上海对手贸易有限公司")!;
      const client = hits.find((h) => h.name === "北京星辰科技有限公司")!;
      const saved = await s.api.post("lawyer", "/api/conflicts/reports", {
        keywords,
        decisions: [
          {
            key: counter.key,
            decision: "waived",
            remark: "客户书面同意豁免",
            waiverFileId: letterId,
          },
          { key: client.key, decision: "potential", remark: "同一客户" },
        ],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      reportId = saved.json().data.id;
      const file = (await s.api.get("lawyer", `/api/documents/files/${letterId}`)).json().data;
      expect(file.locks).toEqual([
        expect.objectContaining({ entity: "conflict_reports", entityId: reportId }),
      ]);
      // The admin may delete any file of the firm; the lock still wins.
      // The report's day is the firm's (Beijing) day, whatever the hour in UTC.
      const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Shanghai" }).format(
        new Date(saved.json().data.createdAt),
      );
      const label = `${day} 对手贸易、星辰`;
      const del = await s.api.del("admin", `/api/documents/files/${letterId}`, "zh-CN");
      expect(del.statusCode).toBe(409);
      expect(del.json().msg).toBe(
        `文件“豁免函-对手贸易.pdf”不能删除：它被利益冲突报告“${label}”引用`,
      );
      const delEn = await s.api.del("admin", `/api/documents/files/${letterId}`);
      expect(delEn.statusCode).toBe(409);
      expect(delEn.json().msg).toBe(
        `The file "豁免函-对手贸易.pdf" cannot be deleted: it is referenced by conflict report "${label}"`,
      );
      expect((await s.api.get("lawyer", `/api/documents/files/${letterId}`)).statusCode).toBe(200);
    });
  });

  describe("GET /api/conflicts/reports/:id/pdf", () => {
    it("is a valid PDF with the firm, keywords, hits, decisions, letter and digest, in Chinese", async () => {
      const res = await pdfOf("lawyer", reportId);
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      expect(res.headers["content-type"]).toBe("application/pdf");
      expect(res.headers["content-disposition"]).toMatch(/^attachment; filename=/);
      expect(res.rawPayload.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      const text = textOf(res.rawPayload, "zh.pdf");
      for (const kw of keywords) expect(text).toContain(kw);
      expect(text).toContain("上海对手贸易有限公司");
      expect(text).toContain("北京星辰科技有限公司");
      expect(text).toContain("利益冲突检索报告");
      expect(text).toContain("已豁免");
      expect(text).toContain("客户书面同意豁免");
      expect(text).toContain("豁免函-对手贸易.pdf");
      expect(text).toContain("潜在冲突");
      expect(text).toContain("张伟"); // who ran it
      const ctx = await serviceCtx(s.t, "lawyer");
      // When, on the firm's clock with its offset (not the server's UTC).
      const ranAt = new Date((await getReport(ctx, reportId)).createdAt);
      expect(text).toContain(
        `${new Date(ranAt.getTime() + 8 * 3_600_000).toISOString().slice(0, 19).replace("T", " ")} (UTC+8)`,
      );
      expect(text).toContain(reportDigest(await getReport(ctx, reportId)));
      // The hit's case was opened on the firm's 2 March, whatever UTC says.
      expect(text).toMatch(/上海对手贸易有限公司[\s\S]*2026-03-02/);
      expect(text).not.toContain("2026-03-01");
    });

    it("follows the Lang header", async () => {
      const res = await pdfOf("lawyer", reportId, "en");
      expect(res.statusCode).toBe(200);
      const text = textOf(res.rawPayload, "en.pdf");
      expect(text).toContain("Conflict of interest check report");
      expect(text).toContain("Waived");
      expect(text).toContain("上海对手贸易有限公司");
    });

    it("records the SHA-256 of every exported PDF: the audit row and the header equal the downloaded bytes' hash", async () => {
      const exportsBefore = (await s.api.get("lawyer", `/api/conflicts/reports/${reportId}`)).json()
        .data.exports.length;
      const first = await pdfOf("lawyer", reportId);
      const second = await pdfOf("lawyer", reportId, "en");
      expect(first.statusCode).toBe(200);
      const hashes = [first, second].map((r) =>
        createHash("sha256").update(r.rawPayload).digest("hex"),
      );
      expect([first.headers["x-content-sha256"], second.headers["x-content-sha256"]]).toEqual(
        hashes,
      );
      const logged = rowsOf<{ sha: string; user: string }>(
        await s.t.database.db
          .execute(sql`select after->>'sha256' as sha, user_id::text as user from audit_logs
          where entity = 'conflict_reports' and entity_id = ${reportId} and action = 'export' order by id desc limit 2`),
      );
      expect(logged.map((l) => l.sha)).toEqual([hashes[1], hashes[0]]);
      const report = (await s.api.get("lawyer", `/api/conflicts/reports/${reportId}`)).json().data;
      expect(report.exports).toHaveLength(exportsBefore + 2);
      expect(report.exports[0]).toMatchObject({ sha256: hashes[1], by: "张伟" });
      const listed = (await s.api.get("lawyer", "/api/conflicts/reports"))
        .json()
        .data.find((r: { id: string }) => r.id === reportId);
      expect(listed.lastPdfSha256).toBe(hashes[1]);
      // A refused export records nothing.
      const count = async () =>
        rowsOf<{ n: number }>(
          await s.t.database.db.execute(
            sql`select count(*)::int as n from audit_logs where action = 'export'`,
          ),
        )[0].n;
      const n = await count();
      expect((await pdfOf("lawyer2", reportId)).statusCode).toBe(404);
      expect(await count()).toBe(n);
    });

    it("answers 404 for another firm's report and for an unknown id, 403 without the permission", async () => {
      expect((await pdfOf("lawyer2", reportId)).statusCode).toBe(404);
      expect((await pdfOf("lawyer", "00000000-0000-4000-8000-000000000000")).statusCode).toBe(404);
      expect((await pdfOf("intern", reportId)).statusCode).toBe(403);
    });
  });

  describe("hostile input", () => {
    const expect4xx = (status: number) => {
      expect(status).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    };
    const raw = async (method: "GET" | "POST", url: string, payload?: string) =>
      s.t.app.inject({
        method,
        url,
        headers: {
          ...(await s.t.as("lawyer")),
          ...(payload ? { "content-type": "application/json" } : {}),
        },
        ...(payload ? { payload } : {}),
      });

    it("answers NUL, __proto__ and 10 000-deep input with a 4xx and writes nothing", async () => {
      const before = [await count(s, "conflict_reports"), await count(s, "file_locks")];
      expect4xx((await raw("GET", "/api/conflicts/reports/%00/pdf")).statusCode);
      expect4xx((await raw("GET", `/api/conflicts/reports/${reportId}%00/pdf`)).statusCode);
      expect4xx((await raw("GET", `/api/conflicts/reports/${reportId}/pdf?x=a%00b`)).statusCode);
      expect4xx(
        (await raw("GET", `/api/conflicts/reports/${reportId}/pdf?__proto__=1`)).statusCode,
      );
      expect4xx(
        (
          await raw(
            "GET",
            `/api/conflicts/reports/${reportId}/pdf?${"a".repeat(1)}${"[a]".repeat(10_000)}=1`,
          )
        ).statusCode,
      );
      const counter = hits.find((h) => h.name === "上海对手贸易有限公司")!;
      const decision = { key: counter.key, decision: "waived", waiverFileId: letterId };
      expect4xx(
        (
          await raw(
            "POST",
            "/api/conflicts/reports",
            JSON.stringify({ keywords, decisions: [{ ...decision, remark: "a\u0000b" }] }),
          )
        ).statusCode,
      );
      expect4xx(
        (
          await raw(
            "POST",
            "/api/conflicts/reports",
            `{"keywords":${JSON.stringify(keywords)},"decisions":[{"__proto__":{"isAdmin":true},"key":${JSON.stringify(counter.key)},"decision":"waived","waiverFileId":"${letterId}"}]}`,
          )
        ).statusCode,
      );
      let deep = '"leaf"';
      for (let i = 0; i < 10_000; i++) deep = `{"a":${deep}}`;
      expect4xx(
        (
          await raw(
            "POST",
            "/api/conflicts/reports",
            `{"keywords":${JSON.stringify(keywords)},"decisions":[${deep}]}`,
          )
        ).statusCode,
      );
      expect([await count(s, "conflict_reports"), await count(s, "file_locks")]).toEqual(before);
    });
  });
});
