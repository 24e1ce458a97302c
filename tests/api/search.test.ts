import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";

type Group = {
  type: string;
  labelKey: string;
  items: { id: string; title: string; link: string }[];
};

describe("GET /api/search", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const search = async (who: string, q: string) =>
    t.app.inject({ url: `/api/search?q=${encodeURIComponent(q)}`, headers: await t.as(who) });

  it("finds people of the firm by name, grouped by type", async () => {
    const res = await search("lawyer", "张");
    expect(res.statusCode).toBe(200);
    const groups = res.json().data as Group[];
    const people = groups.find((g) => g.type === "members");
    expect(people?.labelKey).toBe("search.groups.members");
    expect(people?.items.map((i) => i.title)).toContain("张伟 (律师)");
  });

  it("never returns another firm's people", async () => {
    const groups = (await search("lawyer", "吴")).json().data as Group[];
    expect(groups.flatMap((g) => g.items).map((i) => i.title)).not.toContain("吴敏 (律师)");
  });

  it("offers only the groups the caller may read", async () => {
    const admin = (await search("admin", "部")).json().data as Group[];
    expect(admin.map((g) => g.type)).toContain("departments");
    const lawyer = (await search("lawyer", "部")).json().data as Group[];
    expect(lawyer.map((g) => g.type)).not.toContain("departments");
    const intern = (await search("intern", "张")).json().data as Group[];
    expect(intern).toEqual([]);
  });

  it("finds leads by number, title, prospect and party, in the lead's row scope", async () => {
    const byTitle = (await search("lawyer", "设备采购")).json().data as Group[];
    const leads = byTitle.find((g) => g.type === "leads");
    expect(leads?.labelKey).toBe("search.groups.leads");
    const [hit] = leads!.items;
    expect(hit.title).toBe("设备采购合同货款纠纷咨询");
    expect(hit.link).toBe(`/intake/${hit.id}`);
    for (const q of ["东方精密", "南方建材", (hit as { subtitle?: string }).subtitle!]) {
      const groups = (await search("partner", q)).json().data as Group[];
      const ids = groups.find((g) => g.type === "leads")?.items.map((i) => i.id);
      expect(ids, q).toContain(hit.id);
    }
    // The intern may not read leads: the group is not offered at all.
    const intern = (await search("intern", "设备采购")).json().data as Group[];
    expect(intern.map((g) => g.type)).not.toContain("leads");
  });

  it("treats % and _ as plain characters", async () => {
    const groups = (await search("admin", "%")).json().data as Group[];
    expect(groups).toEqual([]);
  });

  it("requires a query (a bad query string is a 400, like an unknown parameter)", async () => {
    const res = await t.app.inject({ url: "/api/search", headers: await t.as("admin") });
    expect(res.statusCode).toBe(400);
  });
});
