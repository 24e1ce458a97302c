import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { files } from "../../src/server/db/tables";
import { casesSuite } from "../fixtures/cases";
import { pdfBody, upload } from "../fixtures/documents";
import { firmIds, orgApi, roleByCode } from "../fixtures/org";

type Hit = {
  key: string;
  keyword: string;
  source: string;
  name: string;
  conflictRole: string;
  likelyConflict: boolean;
  masked: boolean;
  caseId: string | null;
  caseNo: string | null;
  caseName: string | null;
  leadLawyer: string | null;
  leadPartner: string | null;
};

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const deep = (n: number): unknown => (n === 0 ? "x" : { a: deep(n - 1) });

describe("conflict check: adverse clients, masking, orphans, one name normaliser", () => {
  const s = casesSuite();
  const dir = mkdtempSync(path.join(tmpdir(), "conflicts-adverse-"));
  const CLIENT = "华夏远航物流有限公司";
  let hiddenCase = { id: "", caseNo: "" };

  const search = (body: unknown, who = "lawyer") => s.api.post(who, "/api/conflicts/search", body);
  const hitsOf = async (body: Record<string, unknown>, who = "lawyer") => {
    const res = await search(body, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.hits as Hit[];
  };
  const reportCount = async () =>
    Number(
      rowsOf<{ n: number }>(
        await s.t.database.db.execute(sql`select count(*)::int as n from conflict_reports`),
      )[0].n,
    );

  beforeAll(async () => {
    const made = await s.api.post("lawyer", "/api/accounts", {
      accountType: "organization",
      name: CLIENT,
      creditCode: "91110000MA01ZZZZ9X",
    });
    expect(made.statusCode, made.body).toBe(200);
    // A case of the lawyer's, supervised by the partner, naming an adverse party (对方当事人).
    const opened = await s.api.open("lawyer", {
      leadPartnerId: await s.api.userId("partner"),
      parties: [
        { name: "张三", partyType: "natural", conflictRole: "client" },
        {
          name: "东方对手实业有限公司",
          partyType: "organization",
          litigationRole: "defendant",
          conflictRole: "counterparty",
        },
      ],
    });
    hiddenCase = { id: opened.id, caseNo: opened.caseNo };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  describe("POST /api/conflicts/search", () => {
    it("flags an existing client entered as an adverse party, and only then", async () => {
      const asAdverse = await hitsOf({ keywords: [CLIENT, "无人知晓的名字"], adverse: [CLIENT] });
      const client = asAdverse.find((h) => h.source === "client" && h.name === CLIENT);
      expect(client?.likelyConflict).toBe(true);
      const plain = await hitsOf({ keywords: [CLIENT] });
      expect(plain.find((h) => h.source === "client" && h.name === CLIENT)?.likelyConflict).toBe(
        false,
      );
    });

    it("flags a party entered as the adverse party itself (对方当事人)", async () => {
      const hits = await hitsOf({ keywords: ["东方对手实业有限公司"] });
      const party = hits.find((h) => h.source === "party");
      expect(party).toMatchObject({
        conflictRole: "counterparty",
        likelyConflict: true,
        masked: false,
        caseNo: hiddenCase.caseNo,
      });
    });

    it("refuses an adverse party that is not one of the keywords, in the caller's language", async () => {
      const res = await s.api.post(
        "lawyer",
        "/api/conflicts/search",
        { keywords: ["甲"], adverse: ["乙"] },
        "zh-CN",
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({ code: 422, msg: "对方当事人必须是检索关键词之一" });
    });

    it("refuses NUL, __proto__ and deep JSON", async () => {
      expect((await search({ keywords: ["a\u0000b"] })).statusCode).toBe(400);
      const proto = await s.t.app.inject({
        method: "POST",
        url: "/api/conflicts/search",
        headers: { ...(await s.t.as("lawyer")), "content-type": "application/json" },
        payload: '{"keywords":["a"],"__proto__":{"x":1}}',
      });
      expect(proto.statusCode).toBe(400);
      expect((await search({ keywords: ["a"], adverse: deep(80) })).statusCode).toBe(400);
    });

    it("masks a hit in a case an 'only own' member cannot open: no name or number, its supervising partner to ask", async () => {
      const { a } = await firmIds(s.t);
      const role = await roleByCode(s.t, a, "intern");
      const rules = [
        { action: "basic", subject: "BASIC_PERMISSION" },
        { action: "read", subject: "LAWFIRM_CASE_VIEW", conditions: { ownerId: "${user.id}" } },
        { action: ["read", "create"], subject: "LAWFIRM_CONFLICT_VIEW" },
      ];
      expect(
        (
          await orgApi(s.t).put("admin", `/api/roles/${role.id}/rules`, {
            rules,
            version: role.version,
          })
        ).statusCode,
      ).toBe(200);
      const res = await search({ keywords: ["东方对手实业有限公司"] }, "intern");
      expect(res.statusCode, res.body).toBe(200);
      const [hit] = (res.json().data.hits as Hit[]).filter((h) => h.source === "party");
      expect(hit).toMatchObject({
        masked: true,
        name: "",
        caseId: null,
        caseNo: null,
        caseName: null,
        leadLawyer: null,
        leadPartner: "李明",
        likelyConflict: true,
      });
      // Nothing of the case travels in the answer, the key included.
      expect(res.body).not.toContain(hiddenCase.caseNo);
      expect(res.body).not.toContain(hiddenCase.id);
      expect(hit.key.startsWith("masked:")).toBe(true);
      // The key is stable, so a decision on the masked hit can be saved.
      const saved = await s.api.post("intern", "/api/conflicts/reports", {
        keywords: ["东方对手实业有限公司"],
        decisions: [{ key: hit.key, decision: "potential" }],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(JSON.stringify(saved.json().data.hits)).not.toContain(hiddenCase.caseNo);
    });
  });

  describe("POST /api/conflicts/reports", () => {
    it("keeps the flag and the searched keywords without hits in the saved report and its PDF", async () => {
      const keywords = [CLIENT, "查无此人甲乙丙"];
      const res = await s.api.post(
        "lawyer",
        "/api/conflicts/reports",
        { keywords, adverse: [CLIENT] },
        "zh-CN",
      );
      expect(res.statusCode, res.body).toBe(200);
      const id = res.json().data.id as string;
      const report = (await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).json().data as {
        keywords: string[];
        hits: Hit[];
      };
      expect(report.keywords).toEqual(keywords);
      expect(
        report.hits.find((h) => h.source === "client" && h.name === CLIENT)?.likelyConflict,
      ).toBe(true);
      expect(report.hits.some((h) => h.keyword === "查无此人甲乙丙")).toBe(false);
      const pdf = await s.api.get("lawyer", `/api/conflicts/reports/${id}/pdf`, "zh-CN");
      expect(pdf.statusCode).toBe(200);
      const file = path.join(dir, "report.pdf");
      writeFileSync(file, pdf.rawPayload);
      const text = execFileSync("pdftotext", ["-enc", "UTF-8", file, "-"], {
        encoding: "utf8",
      }).replace(/\s+/g, "");
      expect(text).toContain(`${CLIENT}（疑似冲突）`.replace("（", "(").replace("）", ")"));
      expect(text).toContain("查无此人甲乙丙");
      expect(text).toContain("无命中");
    });
  });

  describe("DELETE /api/conflicts/reports/:id", () => {
    const save = async (who: string, extra: Record<string, unknown> = {}) => {
      const res = await s.api.post(who, "/api/conflicts/reports", {
        keywords: ["孤儿报告测试"],
        ...extra,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    const listed = async (id: string) =>
      (
        (await s.api.get("lawyer", "/api/conflicts/reports?q=孤儿报告测试")).json().data as {
          id: string;
          caseId: string | null;
          isPending: boolean;
          createdBy: string;
        }[]
      ).find((r) => r.id === id);

    it("lets the author discard a report that belongs to no case", async () => {
      const id = await save("lawyer");
      expect(await listed(id)).toMatchObject({
        caseId: null,
        isPending: false,
        createdBy: await s.api.userId("lawyer"),
      });
      const res = await s.api.del("lawyer", `/api/conflicts/reports/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect((await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).statusCode).toBe(404);
    });

    it("leaves an unattached report undeletable by any other path than the discard", async () => {
      const id = await save("lawyer");
      await expect(
        s.t.database.db.execute(sql`delete from conflict_reports where id = ${id}`),
      ).rejects.toThrow();
      expect((await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).statusCode).toBe(200);
    });

    it("refuses a colleague's report and changes nothing", async () => {
      const id = await save("lawyer");
      const before = await reportCount();
      const res = await s.api.del("partner", `/api/conflicts/reports/${id}`, "zh-CN");
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 403, msg: "只有保存该报告的人可以丢弃它" });
      expect(await reportCount()).toBe(before);
    });

    it("refuses a report a submission in approval carries, and one attached to a case", async () => {
      const id = await save("lawyer");
      const sub = await s.api.submit("lawyer", await s.api.values({ name: "孤儿报告测试案" }), {
        conflictReportId: id,
      });
      expect(sub.statusCode, sub.body).toBe(200);
      expect((await listed(id))?.isPending).toBe(true);
      const pending = await s.api.del("lawyer", `/api/conflicts/reports/${id}`);
      expect(pending.statusCode).toBe(409);
      expect(pending.json().code).toBe(409);
      await s.api.acceptAll(sub.json().data.instanceId as string);
      expect((await listed(id))?.caseId).toBeTruthy();
      const attached = await s.api.del("lawyer", `/api/conflicts/reports/${id}`);
      expect(attached.statusCode).toBe(409);
      expect((await s.api.get("lawyer", `/api/conflicts/reports/${id}`)).statusCode).toBe(200);
    });

    it("answers 404 for an unknown or another firm's report and refuses a malformed id", async () => {
      expect(
        (await s.api.del("lawyer", "/api/conflicts/reports/00000000-0000-4000-8000-000000000000"))
          .statusCode,
      ).toBe(404);
      const other = await save("lawyer");
      expect((await s.api.del("admin2", `/api/conflicts/reports/${other}`)).statusCode).toBe(404);
      const before = await reportCount();
      // The router refuses a NUL in the path before the route (404); nothing is touched either way.
      expect([400, 404]).toContain(
        (await s.api.del("lawyer", "/api/conflicts/reports/%00")).statusCode,
      );
      expect([400, 404]).toContain(
        (await s.api.del("lawyer", "/api/conflicts/reports/__proto__")).statusCode,
      );
      expect(await reportCount()).toBe(before);
    });
  });

  describe("zero-width characters (one normaliser)", () => {
    it("refuses the same party twice when one copy carries a zero-width character", async () => {
      const values = await s.api.values({
        parties: [
          { name: "王五", partyType: "natural", conflictRole: "other" },
          { name: "王\u200b五", partyType: "natural", conflictRole: "other" },
        ],
      });
      const res = await s.api.submit("lawyer", values);
      expect(res.statusCode).toBe(422);
    });

    it("finds a party in global search and the conflict check across zero-width characters", async () => {
      await s.api.open("lawyer", {
        name: "零宽测试案",
        parties: [{ name: "钱\u2060孙\ufeff李", partyType: "natural", conflictRole: "other" }],
      });
      for (const q of ["钱孙李", "钱\u200b孙李"]) {
        const res = await s.api.get("lawyer", `/api/search?q=${encodeURIComponent(q)}`);
        expect(res.statusCode, res.body).toBe(200);
        const cases = (res.json().data as { type: string; items: { title: string }[] }[]).find(
          (g) => g.type === "cases",
        );
        expect(cases?.items.map((i) => i.title)).toContain("零宽测试案");
      }
      const hits = await hitsOf({ keywords: ["钱\u200c孙\u200d李"], scopes: ["parties"] });
      expect(hits.some((h) => h.source === "party" && h.caseName === "零宽测试案")).toBe(true);
    });
  });

  describe("the case form's pickers and files", () => {
    it("offers partners as the supervising partner, not the finance clerk or the intern, as the roles say", async () => {
      const names = async () =>
        (
          (await s.api.get("lawyer", "/api/user-service/user/get-partner-select-list")).json()
            .data as { name: string }[]
        ).map((u) => u.name);
      const before = await names();
      expect(before).toContain("李明");
      expect(before).not.toContain("刘芳");
      expect(before).not.toContain("赵磊");
      const { a } = await firmIds(s.t);
      const finance = await roleByCode(s.t, a, "finance");
      const patched = await orgApi(s.t).patch("admin", `/api/roles/${finance.id}`, {
        isPartner: true,
        version: finance.version,
      });
      expect(patched.statusCode, patched.body).toBe(200);
      expect(patched.json().data.isPartner).toBe(true);
      expect(await names()).toContain("刘芳");
      expect(
        (
          await orgApi(s.t).patch("admin", `/api/roles/${finance.id}`, {
            isPartner: "yes",
            version: finance.version + 1,
          })
        ).statusCode,
      ).toBe(422);
    });

    it("moves the filing's attachments into the case's documents folder", async () => {
      const up = await upload(s.t, "lawyer", [
        { field: "file", filename: "起诉状.pdf", body: pdfBody("complaint") },
      ]);
      expect(up.statusCode, up.body).toBe(200);
      const fileId = up.json().data[0].id as string;
      const kase = await s.api.open("lawyer", { name: "附件入卷测试案", attachments: [fileId] });
      const [file] = await s.t.database.db
        .select({ folderId: files.folderId })
        .from(files)
        .where(eq(files.id, fileId));
      expect(file.folderId).toBe(kase.folderId);
      const listed = await s.api.get(
        "lawyer",
        `/api/documents/files?folderId=${String(kase.folderId)}`,
      );
      expect(listed.statusCode, listed.body).toBe(200);
      expect((listed.json().data as { id: string }[]).map((f) => f.id)).toContain(fileId);
    });
  });
});
