import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { createTestApp, type TestApp } from "../fixtures/app";
import { workflowApi } from "../fixtures/workflow-api";
import { approval, branch, exclusive, users } from "../fixtures/workflow-defs";

type Row = {
  instanceId: string;
  definitionName?: string;
  nodeName?: string;
  current?: { nodeName: string; assigneeName: string }[];
};

/**
 * Step names are given per language in the designer, like form-field labels: every place the
 * approval centre shows one (pending, all, initiated, handled, the detail, its timeline and
 * return targets) shows the reader's language, the other one when the reader's is empty, and a
 * plain name (definitions from before) as it is.
 */
describe("workflow step names in the reader's language", () => {
  let t: TestApp;
  let api: ReturnType<typeof workflowApi>;
  beforeAll(async () => {
    t = await createTestApp();
    api = workflowApi(t);
  });
  afterAll(() => t.close());

  const list = async (who: string, tab: string, lang: string) => {
    const res = await t.app.inject({
      url: `/api/workflow/lists/${tab}?_start=0&_end=50`,
      headers: await t.as(who, { lang }),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Row[];
  };

  it("shows each step's name in zh-CN and en in every list, the detail and the timeline", async () => {
    const [partner, admin] = [await api.userId("partner"), await api.userId("admin")];
    const flow = await api.publish("admin", [
      approval("review", users(partner), { name: { "zh-CN": "合伙人审核", en: "Partner review" } }),
      exclusive("x", [
        branch(
          "big",
          [[{ left: "amount", op: "gte", value: "10000" }]],
          [approval("sign", users(admin), { name: { "zh-CN": "主任签批", en: "" } })],
        ),
        branch("else", "default", [approval("plain", users(admin), { name: "旧流程节点" })]),
      ]),
    ]);
    const id = await api.start("lawyer", flow.id, { title: "Laptop", amount: "20000" });

    const pendingOf = async (lang: string) =>
      (await list("partner", "pending", lang)).find((r) => r.instanceId === id);
    expect((await pendingOf("en"))?.nodeName).toBe("Partner review");
    expect((await pendingOf("zh-CN"))?.nodeName).toBe("合伙人审核");
    const currentOf = async (tab: string, who: string, lang: string) =>
      (await list(who, tab, lang)).find((r) => r.instanceId === id)?.current;
    expect(await currentOf("all", "admin", "en")).toEqual([
      { nodeName: "Partner review", assigneeName: expect.any(String) },
    ]);
    expect((await currentOf("initiated", "lawyer", "zh-CN"))?.[0].nodeName).toBe("合伙人审核");
    const detail = (await api.detail("partner", id, "en")).json().data;
    expect(detail.myTasks[0].nodeName).toBe("Partner review");

    await api.accept("partner", id);
    // No English name given: the Chinese one, in both languages.
    expect((await currentOf("all", "admin", "en"))?.[0].nodeName).toBe("主任签批");
    expect(
      (await list("partner", "handled", "en")).find((r) => r.instanceId === id)?.nodeName,
    ).toBe("Partner review");
    expect(
      (await list("partner", "handled", "zh-CN")).find((r) => r.instanceId === id)?.nodeName,
    ).toBe("合伙人审核");
    const after = (await api.detail("admin", id, "en")).json().data as {
      events: { nodeId: string | null; nodeName: string }[];
      nodes: { id: string; name: string }[];
      myTasks: { nodeName: string; returnTargets: { nodeId: string; name: string }[] }[];
    };
    expect(after.events.filter((e) => e.nodeId === "review").map((e) => e.nodeName)).toContain(
      "Partner review",
    );
    expect(after.nodes.find((n) => n.id === "plain")?.name).toBe("旧流程节点");
    expect(after.myTasks[0].returnTargets.find((r) => r.nodeId === "review")?.name).toBe(
      "Partner review",
    );
    const zh = (await api.detail("admin", id, "zh-CN")).json().data as typeof after;
    expect(zh.myTasks[0].returnTargets.find((r) => r.nodeId === "review")?.name).toBe("合伙人审核");
  });

  it("the seeded flows name their steps in both languages", async () => {
    const id = await api.start("lawyer", (await startable("leave")).id, {
      title: "Leave",
      leaveType: "年假",
      days: 5,
    });
    const rows = async (lang: string) =>
      (await list("admin", "all", lang))
        .find((r) => r.instanceId === id)
        ?.current?.map((c) => c.nodeName);
    expect(await rows("en")).toEqual(["Department head"]);
    expect(await rows("zh-CN")).toEqual(["部门负责人"]);
    // The workflow's own name too, in every list (the definition row keeps one language).
    const flowName = async (tab: string, who: string, lang: string) =>
      (await list(who, tab, lang)).find((r) => r.instanceId === id)?.definitionName;
    expect(await flowName("all", "admin", "en")).toBe("Leave request");
    expect(await flowName("initiated", "lawyer", "zh-CN")).toBe("请假申请");
    expect(await flowName("pending", "partner", "en")).toBe("Leave request");
  });

  const startable = async (kindOrKey: string) => {
    const res = await t.app.inject({
      url: "/api/workflow/startable",
      headers: await t.as("lawyer"),
    });
    const all = res.json().data as { id: string; key: string; kind: string }[];
    const found = all.find((d) => d.key === kindOrKey || d.kind === kindOrKey);
    expect(found, JSON.stringify(all.map((d) => d.key))).toBeTruthy();
    return found as { id: string };
  };
});
