import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { departments } from "../../src/server/db/tables";
import { findDepartmentManagers } from "../../src/server/features/org/departments-service";
import type { RequestCtx } from "../../src/server/lib/request-ctx";
import { createTestApp, type TestApp } from "../fixtures/app";
import { departmentByName, firmIds, orgApi, userId } from "../fixtures/org";

type Dept = {
  id: string;
  parentId: string | null;
  name: string;
  sortOrder: number;
  managerName: string | null;
  memberCount: number;
  version: number;
};

describe("/api/departments", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firm: { a: string; b: string };
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firm = await firmIds(t);
  });
  afterAll(() => t.close());

  const list = async () => (await api.get("admin", "/api/departments")).json().data as Dept[];
  const byName = async (name: string) => (await list()).find((d) => d.name === name)!;

  describe("GET /api/departments", () => {
    it("lists the firm's departments flat with parent, manager and member count", async () => {
      const rows = await list();
      expect(rows.map((d) => d.name)).toEqual([
        "管理委员会",
        "诉讼部",
        "民商事组",
        "非诉部",
        "行政财务部",
      ]);
      const civil = rows.find((d) => d.name === "民商事组")!;
      expect(civil).toMatchObject({ managerName: "张伟", memberCount: 3 });
      expect(civil.parentId).toBe(rows.find((d) => d.name === "诉讼部")!.id);
    });

    it("is readable by a partner but not writable", async () => {
      expect((await api.get("partner", "/api/departments")).statusCode).toBe(200);
      expect((await api.post("partner", "/api/departments", { name: "新部门" })).statusCode).toBe(
        403,
      );
      expect((await api.get("lawyer", "/api/departments")).statusCode).toBe(403);
    });
  });

  describe("POST and PATCH /api/departments", () => {
    it("creates a sub-department at the end of its siblings with a manager", async () => {
      const lit = await byName("诉讼部");
      const res = await api.post("admin", "/api/departments", {
        name: "刑事组",
        parentId: lit.id,
        managerId: await userId(t, "partner"),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        name: "刑事组",
        parentId: lit.id,
        managerName: "李明",
        memberCount: 0,
      });
      const children = (await list()).filter((d) => d.parentId === lit.id).map((d) => d.name);
      expect(children).toEqual(["民商事组", "刑事组"]);
    });

    it("refuses a parent or a manager from another firm, changing nothing", async () => {
      const before = await list();
      const foreign = await departmentByName(t, firm.b, "争议解决部");
      const parent = await api.post(
        "admin",
        "/api/departments",
        { name: "越界", parentId: foreign.id },
        "zh-CN",
      );
      expect(parent.statusCode).toBe(404);
      expect(parent.json().msg).toBe("本所不存在该部门");
      const manager = await api.post("admin", "/api/departments", {
        name: "越界",
        managerId: await userId(t, "admin2"),
      });
      expect(manager.statusCode).toBe(404);
      expect(manager.json().msg).toBe("The member does not exist in this law firm");
      expect(await list()).toEqual(before);
    });

    it("changes the manager with optimistic locking and 404s another firm's department", async () => {
      const ops = await byName("行政财务部");
      const res = await api.patch("admin", `/api/departments/${ops.id}`, {
        managerId: await userId(t, "admin"),
        version: ops.version,
      });
      expect(res.json().data).toMatchObject({ managerName: "王建国", version: ops.version + 1 });
      expect(
        (
          await api.patch("admin", `/api/departments/${ops.id}`, {
            name: "x",
            version: ops.version,
          })
        ).statusCode,
      ).toBe(409);
      const foreign = await departmentByName(t, firm.b, "争议解决部");
      expect(
        (
          await api.patch("admin", `/api/departments/${foreign.id}`, {
            name: "x",
            version: foreign.version,
          })
        ).statusCode,
      ).toBe(404);
      expect((await departmentByName(t, firm.b, "争议解决部")).version).toBe(foreign.version);
    });
  });

  describe("POST /api/departments/:id/move", () => {
    it("reorders siblings and moves a department under another parent", async () => {
      const ops = await byName("行政财务部");
      const res = await api.post("admin", `/api/departments/${ops.id}/move`, {
        parentId: null,
        index: 0,
        version: ops.version,
      });
      expect(res.statusCode).toBe(200);
      const top = (await list()).filter((d) => d.parentId === null).map((d) => d.name);
      expect(top).toEqual(["行政财务部", "管理委员会", "诉讼部", "非诉部"]);
      const corp = await byName("非诉部");
      const moved = await byName("行政财务部");
      await api.post("admin", `/api/departments/${moved.id}/move`, {
        parentId: corp.id,
        index: 0,
        version: moved.version,
      });
      expect((await byName("行政财务部")).parentId).toBe(corp.id);
    });

    it("refuses to move a department under itself or its descendants (no cycles)", async () => {
      const before = await list();
      const lit = await byName("诉讼部");
      const civil = await byName("民商事组");
      for (const [target, lang, msg] of [
        [civil.id, "en", "A department cannot be moved under itself or one of its sub-departments"],
        [lit.id, "zh-CN", "不能把部门移动到它自己或其子部门之下"],
      ] as const) {
        const res = await api.post(
          "admin",
          `/api/departments/${lit.id}/move`,
          { parentId: target, index: 0, version: lit.version },
          lang,
        );
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 400, msg });
      }
      expect(await list()).toEqual(before);
    });
  });

  describe("DELETE /api/departments/:id", () => {
    it("refuses a department with members, with a clear message, in both languages", async () => {
      const civil = await byName("民商事组");
      const en = await api.del("admin", `/api/departments/${civil.id}`);
      expect(en.statusCode).toBe(409);
      expect(en.json().msg).toBe(
        "This department still has 3 member(s); move them to another department before deleting it",
      );
      const zh = await api.del("admin", `/api/departments/${civil.id}`, "zh-CN");
      expect(zh.json().msg).toBe("该部门下还有 3 名成员，请先将他们调到其他部门再删除");
      expect(await byName("民商事组")).toBeDefined();
    });

    it("refuses a department with sub-departments, and deletes an empty one", async () => {
      const corp = await byName("非诉部");
      const res = await api.del("admin", `/api/departments/${corp.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain("sub-department");
      const empty = await byName("刑事组");
      expect((await api.del("admin", `/api/departments/${empty.id}`)).statusCode).toBe(200);
      expect(
        await t.database.db.select().from(departments).where(eq(departments.id, empty.id)),
      ).toEqual([]);
    });

    it("404s another firm's department and leaves it", async () => {
      const foreign = await departmentByName(t, firm.b, "主任办公室");
      expect((await api.del("admin", `/api/departments/${foreign.id}`)).statusCode).toBe(404);
      expect(await departmentByName(t, firm.b, "主任办公室")).toBeDefined();
    });
  });

  describe("findDepartmentManagers (workflow 'department manager' assignees)", () => {
    it("gives the department's manager, skipping the member themselves", async () => {
      const ctx = { db: t.database.db, workspaceId: firm.a } as RequestCtx;
      expect(await findDepartmentManagers(ctx, await userId(t, "assistant"))).toEqual([
        await userId(t, "lawyer"),
      ]);
      // The lawyer manages 民商事组 themselves, so their manager is the parent's: 诉讼部 (partner).
      expect(await findDepartmentManagers(ctx, await userId(t, "lawyer"))).toEqual([
        await userId(t, "partner"),
      ]);
      expect(await findDepartmentManagers(ctx, await userId(t, "assistant"), 2)).toEqual([
        await userId(t, "partner"),
      ]);
    });
  });
});
