import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { dictionaryItems, dictionaryTypes } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { firmIds, orgApi } from "../fixtures/org";

type DictType = {
  id: string;
  code: string;
  name: string;
  isSystem: boolean;
  itemCount: number;
  version: number;
};
type Item = {
  id: string;
  code: string;
  label: string;
  sortOrder: number;
  isEnabled: boolean;
  version: number;
};

describe("dictionaries", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firm: { a: string; b: string };
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firm = await firmIds(t);
  });
  afterAll(() => t.close());

  const typeOf = async (code: string, who = "admin") =>
    ((await api.get(who, "/api/dictionary-types")).json().data as DictType[]).find(
      (d) => d.code === code,
    )!;
  const itemsOf = async (typeId: string) =>
    (await api.get("admin", `/api/dictionary-items?typeId=${typeId}&_end=100`)).json()
      .data as Item[];

  describe("GET /api/dictionary-types", () => {
    it("lists the standard dictionaries, named in the caller's language", async () => {
      const en = (await api.get("admin", "/api/dictionary-types")).json().data as DictType[];
      expect(en.map((d) => d.code)).toEqual([
        "case-type",
        "filing-type",
        "case-stage",
        "cause-of-action",
        "industry",
        "client-source",
        "client-tag",
        "enterprise-type",
        "seal-document-type",
        "contract-type",
        "ethnicity",
        "deadline-type",
        "invoice-tax-rates",
        "lead-stages",
        "lead-sources",
      ]);
      expect(en[0]).toMatchObject({ name: "Case types", isSystem: true, itemCount: 8 });
      expect(en.find((d) => d.code === "ethnicity")!.itemCount).toBe(56);
      const zh = (await api.get("admin", "/api/dictionary-types", "zh-CN")).json()
        .data as DictType[];
      expect(zh[0].name).toBe("案件类型");
      expect((await api.get("lawyer", "/api/dictionary-types")).statusCode).toBe(403);
    });
  });

  describe("GET /api/dictionaries/:type/options", () => {
    it("serves {value, label, enabled} in order, labelled by Lang, to any member with basic rights", async () => {
      const zh = await api.get("lawyer", "/api/dictionaries/case-type/options", "zh-CN");
      expect(zh.statusCode).toBe(200);
      expect(zh.json().data[0]).toEqual({
        value: "civil-litigation",
        label: "民事诉讼",
        enabled: true,
      });
      const en = await api.get("lawyer", "/api/dictionaries/case-type/options", "en");
      expect(en.json().data[0]).toEqual({
        value: "civil-litigation",
        label: "Civil litigation",
        enabled: true,
      });
    });

    it("answers 404 for an unknown type and for another firm's custom type", async () => {
      const res = await api.get("admin", "/api/dictionaries/no-such/options", "zh-CN");
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe("字典不存在");
      await api.post("admin2", "/api/dictionary-types", {
        code: "court-level",
        nameZh: "法院层级",
      });
      expect((await api.get("admin2", "/api/dictionaries/court-level/options")).statusCode).toBe(
        200,
      );
      expect((await api.get("admin", "/api/dictionaries/court-level/options")).statusCode).toBe(
        404,
      );
    });
  });

  describe("types and items", () => {
    it("adds a new dictionary with items and refuses duplicate codes", async () => {
      const created = await api.post("admin", "/api/dictionary-types", {
        code: "court-level",
        nameZh: "法院层级",
        nameEn: "Court levels",
      });
      expect(created.statusCode).toBe(200);
      const type = created.json().data as DictType;
      for (const [code, labelZh, labelEn] of [
        ["basic", "基层法院", "Basic court"],
        ["intermediate", "中级法院", "Intermediate court"],
        ["high", "高级法院", "High court"],
      ]) {
        expect(
          (
            await api.post("admin", "/api/dictionary-items", {
              typeId: type.id,
              code,
              labelZh,
              labelEn,
            })
          ).statusCode,
        ).toBe(200);
      }
      const dup = await api.post(
        "admin",
        "/api/dictionary-items",
        { typeId: type.id, code: "high", labelZh: "重复" },
        "zh-CN",
      );
      expect(dup.statusCode).toBe(409);
      expect(dup.json().msg).toBe("编码 high 已存在");
      expect(
        (await api.post("admin", "/api/dictionary-types", { code: "court-level", nameZh: "重复" }))
          .statusCode,
      ).toBe(409);
      expect((await itemsOf(type.id)).map((i) => i.code)).toEqual([
        "basic",
        "intermediate",
        "high",
      ]);
    });

    it("reorders items and disables one, which the options then flag", async () => {
      const type = await typeOf("court-level");
      const items = await itemsOf(type.id);
      const ids = [items[2].id, items[0].id, items[1].id];
      expect(
        (await api.post("admin", "/api/dictionary-items/reorder", { typeId: type.id, ids }))
          .statusCode,
      ).toBe(200);
      expect((await itemsOf(type.id)).map((i) => i.code)).toEqual([
        "high",
        "basic",
        "intermediate",
      ]);
      const basic = items[0];
      const off = await api.patch("admin", `/api/dictionary-items/${basic.id}`, {
        isEnabled: false,
        version: basic.version,
      });
      expect(off.json().data).toMatchObject({ isEnabled: false, version: basic.version + 1 });
      const options = (
        await api.get("lawyer", "/api/dictionaries/court-level/options", "en")
      ).json().data;
      expect(options).toEqual([
        { value: "high", label: "High court", enabled: true },
        { value: "basic", label: "Basic court", enabled: false },
        { value: "intermediate", label: "Intermediate court", enabled: true },
      ]);
      const enabledOnly = (
        await api.get("lawyer", "/api/dictionaries/court-level/options?enabled=true")
      ).json().data;
      expect(enabledOnly.map((o: { value: string }) => o.value)).toEqual(["high", "intermediate"]);
    });

    it("refuses another firm's type and items (404), changing nothing", async () => {
      const [foreignType] = await t.database.db
        .select()
        .from(dictionaryTypes)
        .where(and(eq(dictionaryTypes.workspaceId, firm.b), eq(dictionaryTypes.code, "industry")));
      const add = await api.post("admin", "/api/dictionary-items", {
        typeId: foreignType.id,
        code: "x",
        labelZh: "x",
      });
      expect(add.statusCode).toBe(404);
      const [foreignItem] = await t.database.db
        .select()
        .from(dictionaryItems)
        .where(eq(dictionaryItems.typeId, foreignType.id));
      expect(
        (
          await api.patch("admin", `/api/dictionary-items/${foreignItem.id}`, {
            labelZh: "改",
            version: foreignItem.version,
          })
        ).statusCode,
      ).toBe(404);
      expect((await api.del("admin", `/api/dictionary-items/${foreignItem.id}`)).statusCode).toBe(
        404,
      );
      expect(
        (
          await api.post("admin", "/api/dictionary-items/reorder", {
            typeId: foreignType.id,
            ids: [],
          })
        ).statusCode,
      ).toBe(404);
      const [after] = await t.database.db
        .select()
        .from(dictionaryItems)
        .where(eq(dictionaryItems.id, foreignItem.id));
      expect(after).toEqual(foreignItem);
    });
  });

  describe("items in use", () => {
    it("can be disabled but not deleted, as registered checkers say", async () => {
      // No stored seal request uses "lawyer-letter" (the demo's use other types), so only this test's checker answers.
      const calls: string[] = [];
      const unregister = t.app.dictionaryUsage.register("seal-document-type", async (ctx, item) => {
        calls.push(`${ctx.workspaceId}:${item.typeCode}:${item.code}`);
        return item.code === "lawyer-letter";
      });
      try {
        const type = await typeOf("seal-document-type");
        const letter = (await itemsOf(type.id)).find((i) => i.code === "lawyer-letter")!;
        for (const [lang, msg] of [
          [
            "en",
            '"Lawyer\'s letter" is used by existing records: disable it instead of deleting it',
          ],
          ["zh-CN", "“律师函”已被业务数据使用，只能停用，不能删除"],
        ] as const) {
          const res = await api.del("admin", `/api/dictionary-items/${letter.id}`, lang);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({ code: 409, msg });
        }
        expect(calls).toContain(`${firm.a}:seal-document-type:lawyer-letter`);
        const off = await api.patch("admin", `/api/dictionary-items/${letter.id}`, {
          isEnabled: false,
          version: letter.version,
        });
        expect(off.statusCode).toBe(200);
        const unused = (await itemsOf(type.id)).find((i) => i.code === "evidence-list")!;
        expect((await api.del("admin", `/api/dictionary-items/${unused.id}`)).statusCode).toBe(200);
      } finally {
        unregister();
      }
      const letter = (await itemsOf((await typeOf("seal-document-type")).id)).find(
        (i) => i.code === "lawyer-letter",
      )!;
      expect((await api.del("admin", `/api/dictionary-items/${letter.id}`)).statusCode).toBe(200);
      // Cases store case types: a type the demo cases use stays.
      const civil = (await itemsOf((await typeOf("case-type")).id)).find(
        (i) => i.code === "civil-litigation",
      )!;
      expect((await api.del("admin", `/api/dictionary-items/${civil.id}`)).statusCode).toBe(409);
    });

    it("keeps standard types and custom types with used items; deletes unused custom types", async () => {
      const system = await typeOf("industry");
      const res = await api.del("admin", `/api/dictionary-types/${system.id}`, "zh-CN");
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toBe("标准字典不能删除，可以停用其中的选项");
      const custom = await typeOf("court-level");
      const unregister = t.app.dictionaryUsage.register(
        "*",
        async (_ctx, item) => item.code === "high",
      );
      expect((await api.del("admin", `/api/dictionary-types/${custom.id}`)).statusCode).toBe(409);
      unregister();
      expect((await api.del("admin", `/api/dictionary-types/${custom.id}`)).statusCode).toBe(200);
      expect(
        await t.database.db
          .select()
          .from(dictionaryItems)
          .where(eq(dictionaryItems.typeId, custom.id)),
      ).toEqual([]);
    });
  });
});
