import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { memberGroups, savedFilters } from "../../src/server/db/tables";
import { createTestApp, type TestApp } from "../fixtures/app";
import { departmentByName, firmIds, memberOf, orgApi, userId } from "../fixtures/org";

type Group = { id: string; name: string; memberIds: string[]; version: number };

describe("member groups, saved filters and the picker", () => {
  let t: TestApp;
  let api: ReturnType<typeof orgApi>;
  let firm: { a: string; b: string };
  beforeAll(async () => {
    t = await createTestApp();
    api = orgApi(t);
    firm = await firmIds(t);
  });
  afterAll(() => t.close());

  describe("/api/member-groups", () => {
    it("lists only the caller's own groups, in sort order, with members", async () => {
      const admin = (await api.get("admin", "/api/member-groups")).json().data as Group[];
      expect(admin.map((g) => g.name)).toEqual(["合伙人会议", "诉讼团队"]);
      expect(admin[0].memberIds.sort()).toEqual(
        [await userId(t, "admin"), await userId(t, "partner")].sort(),
      );
      const partner = (await api.get("partner", "/api/member-groups")).json().data as Group[];
      expect(partner.map((g) => g.name)).toEqual(["常用审批人"]);
      expect((await api.get("lawyer", "/api/member-groups")).json().data).toEqual([]);
    });

    it("creates, edits and deletes a group of the firm's members", async () => {
      const created = await api.post("lawyer", "/api/member-groups", {
        name: "我的团队",
        sortOrder: 2,
        memberIds: [await userId(t, "assistant")],
      });
      expect(created.statusCode).toBe(200);
      const group = created.json().data as Group;
      const edited = await api.patch("lawyer", `/api/member-groups/${group.id}`, {
        name: "核心团队",
        memberIds: [await userId(t, "assistant"), await userId(t, "intern")],
        version: group.version,
      });
      expect(edited.json().data).toMatchObject({ name: "核心团队", version: group.version + 1 });
      expect(edited.json().data.memberIds).toHaveLength(2);
      expect((await api.del("lawyer", `/api/member-groups/${group.id}`)).statusCode).toBe(200);
      expect((await api.get("lawyer", "/api/member-groups")).json().data).toEqual([]);
    });

    it("refuses members of another firm and other people's groups", async () => {
      const res = await api.post(
        "lawyer",
        "/api/member-groups",
        { name: "越界", memberIds: [await userId(t, "admin2")] },
        "zh-CN",
      );
      expect(res.statusCode).toBe(404);
      expect(res.json().msg).toBe("本所不存在该成员");
      const adminGroup = ((await api.get("admin", "/api/member-groups")).json().data as Group[])[0];
      const steal = await api.patch("lawyer", `/api/member-groups/${adminGroup.id}`, {
        name: "mine",
        version: adminGroup.version,
      });
      expect(steal.statusCode).toBe(404);
      expect((await api.del("lawyer", `/api/member-groups/${adminGroup.id}`)).statusCode).toBe(404);
      const [foreign] = await t.database.db
        .select()
        .from(memberGroups)
        .where(eq(memberGroups.workspaceId, firm.b));
      expect((await api.get("admin", `/api/member-groups/${foreign.id}`)).statusCode).toBe(404);
      const [{ n }] = await t.database.db
        .select({ n: count() })
        .from(memberGroups)
        .where(eq(memberGroups.workspaceId, firm.a));
      expect(n).toBe(3);
    });
  });

  describe("/api/saved-filters", () => {
    const filtersOf = async (username: string) => {
      const [{ n }] = await t.database.db
        .select({ n: count() })
        .from(savedFilters)
        .where(
          and(
            eq(savedFilters.workspaceId, firm.a),
            eq(savedFilters.ownerId, await userId(t, username)),
          ),
        );
      return n;
    };

    it("keeps at most 10 filters per member: the 11th answers 400 in the caller's language", async () => {
      expect(await filtersOf("admin")).toBe(1);
      for (let i = 2; i <= 10; i += 1) {
        const res = await api.post("admin", "/api/saved-filters", {
          name: `筛选 ${i}`,
          filter: { q: `${i}` },
        });
        expect(res.statusCode).toBe(200);
      }
      const en = await api.post("admin", "/api/saved-filters", { name: "eleventh", filter: {} });
      expect(en.statusCode).toBe(400);
      expect(en.json()).toEqual({
        code: 400,
        msg: "You can save at most 10 member filters; delete one first",
        data: null,
      });
      const zh = await api.post(
        "admin",
        "/api/saved-filters",
        { name: "eleventh", filter: {} },
        "zh-CN",
      );
      expect(zh.json().msg).toBe("最多只能保存 10 个成员筛选，请先删除一个");
      expect(await filtersOf("admin")).toBe(10);
      // Another member's allowance is their own.
      expect(
        (await api.post("partner", "/api/saved-filters", { name: "eleventh", filter: {} }))
          .statusCode,
      ).toBe(200);
    });

    it("refuses a duplicate name and unknown filter keys", async () => {
      const dup = await api.post("partner", "/api/saved-filters", { name: "eleventh", filter: {} });
      expect(dup.statusCode).toBe(409);
      const bad = await api.post("partner", "/api/saved-filters", {
        name: "bad",
        filter: { sql: "1=1" },
      });
      expect(bad.statusCode).toBe(422);
    });

    it("stores a member-list query that the list accepts as is", async () => {
      const civil = await departmentByName(t, firm.a, "民商事组");
      const res = await api.post("partner", "/api/saved-filters", {
        name: "民商事组在职",
        filter: { departmentId: [civil.id], isEnabled: true },
      });
      const { filter } = res.json().data as {
        filter: { departmentId: string[]; isEnabled: boolean };
      };
      const list = await api.get(
        "partner",
        `/api/members?departmentId[]=${filter.departmentId[0]}&isEnabled=${filter.isEnabled}`,
      );
      expect(
        list
          .json()
          .data.map((m: { username: string }) => m.username)
          .sort(),
      ).toEqual(["assistant", "intern", "lawyer"]);
    });

    it("edits and deletes only the caller's own filters", async () => {
      const [mine] = (await api.get("partner", "/api/saved-filters")).json().data as {
        id: string;
        version: number;
      }[];
      expect(
        (
          await api.patch("admin", `/api/saved-filters/${mine.id}`, {
            name: "x",
            version: mine.version,
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (
          await api.patch("partner", `/api/saved-filters/${mine.id}`, {
            name: "renamed",
            version: mine.version,
          })
        ).json().data.name,
      ).toBe("renamed");
      expect((await api.del("partner", `/api/saved-filters/${mine.id}`)).statusCode).toBe(200);
      const [foreign] = await t.database.db
        .select()
        .from(savedFilters)
        .where(eq(savedFilters.workspaceId, firm.b));
      expect((await api.del("admin", `/api/saved-filters/${foreign.id}`)).statusCode).toBe(404);
    });
  });

  describe("GET /api/org-picker", () => {
    type Picker = {
      departments: { id: string; name: string; parentId: string | null }[];
      members: {
        userId: string;
        name: string;
        initials: string;
        pinyin: string;
        departmentIds: string[];
        isEnabled: boolean;
      }[];
      groups: { name: string; memberIds: string[] }[];
    };

    it("returns the department tree, enabled members with pinyin, and the caller's groups", async () => {
      const res = await api.get("lawyer", "/api/org-picker");
      expect(res.statusCode).toBe(200);
      const data = res.json().data as Picker;
      expect(data.departments).toHaveLength(5);
      const admin = data.members.find((m) => m.name === "王建国")!;
      expect(admin).toMatchObject({ initials: "wjg", pinyin: "wangjianguo", isEnabled: true });
      expect(admin.departmentIds).toEqual([(await departmentByName(t, firm.a, "管理委员会")).id]);
      expect(data.groups).toEqual([]);
      expect(
        ((await api.get("admin", "/api/org-picker")).json().data as Picker).groups.map(
          (g) => g.name,
        ),
      ).toEqual(["合伙人会议", "诉讼团队"]);
    });

    it("leaves out disabled members unless asked", async () => {
      const m = await memberOf(t, firm.a, "intern");
      await api.patch("admin", `/api/members/${m.id}`, { isEnabled: false, version: m.version });
      const names = (
        (await api.get("lawyer", "/api/org-picker")).json().data as Picker
      ).members.map((p) => p.name);
      expect(names).not.toContain("赵磊");
      const all = (
        (await api.get("lawyer", "/api/org-picker?includeDisabled=true")).json().data as Picker
      ).members;
      expect(all.find((p) => p.name === "赵磊")).toMatchObject({ isEnabled: false });
    });

    it("shows only the caller's firm and needs basic rights", async () => {
      const data = (await api.get("admin2", "/api/org-picker")).json().data as Picker;
      expect(data.members.map((p) => p.name).sort()).toEqual(["吴敏", "周强", "李明"].sort());
      expect(data.departments.map((d) => d.name)).toEqual(["主任办公室", "争议解决部"]);
      await api.post("admin", "/api/members", {
        account: "new",
        username: "norights",
        name: "钱多",
        password: "secret123",
      });
      const token = await t.login("norights", "secret123");
      const res = await t.app.inject({
        url: "/api/org-picker",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
