import { type APIRequestContext } from "@playwright/test";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

type Role = { id: string; code: string; version: number; rules: unknown[] };

/**
 * An "only own" client role, end to end: the intern (who has no rights in the demo) is given
 * read and edit of own clients, sees only the client they maintain, may edit it, and a
 * colleague's client is not found. The intern's rules are put back afterwards.
 */
test.describe("row-scoped client rules", () => {
  const stamp = Date.now().toString().slice(-8);
  let admin: Record<string, string>;
  let intern: Role;

  const userId = async (request: APIRequestContext, username: string) => {
    const token = await apiToken(request, username);
    const info = await (
      await request.get("/api/user-service/user/get-login-user-info", {
        headers: { authorization: `Bearer ${token}` },
      })
    ).json();
    return info.data.id as string;
  };
  const setRules = async (request: APIRequestContext, rules: unknown[]) => {
    const roles = (await (await request.get("/api/roles", { headers: admin })).json())
      .data as Role[];
    intern = roles.find((r) => r.code === "intern")!;
    const res = await request.put(`/api/roles/${intern.id}/rules`, {
      headers: admin,
      data: { rules, version: intern.version },
    });
    expect(res.status()).toBe(200);
  };
  const createClient = async (
    request: APIRequestContext,
    name: string,
    maintainerId: string,
    n: number,
  ) => {
    const res = await request.post("/api/accounts", {
      headers: admin,
      data: {
        accountType: "organization",
        name,
        creditCode: `91310000MB${stamp.slice(-6)}${n}${n}`,
        maintainerId,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    return (await res.json()).data.id as string;
  };

  test.beforeAll(async ({ request }) => {
    admin = { authorization: `Bearer ${await apiToken(request, "admin")}` };
  });
  test.afterAll(async ({ request }) => {
    await setRules(request, []);
  });

  test("shows the intern only the clients they maintain; a colleague's is not found", async ({
    page,
    request,
  }) => {
    const own = await createClient(
      request,
      `自管客户${stamp}有限公司`,
      await userId(request, "intern"),
      1,
    );
    const colleagues = await createClient(
      request,
      `同事客户${stamp}有限公司`,
      await userId(request, "lawyer"),
      2,
    );
    await setRules(request, [
      { action: "basic", subject: "BASIC_PERMISSION" },
      {
        action: ["read", "update"],
        subject: "LAWFIRM_CUSTOMER_VIEW",
        conditions: { ownerId: "${user.id}" },
      },
    ]);

    await signIn(page, request, "intern");
    await page.goto("/manage/contacts");
    await expect(page.getByRole("cell", { name: `自管客户${stamp}有限公司` })).toBeVisible();
    await expect(page.getByRole("cell", { name: `同事客户${stamp}有限公司` })).toHaveCount(0);
    await snap(page, "row-scope-list");

    await page.goto(`/manage/contacts/instution-detail/${own}`);
    await expect(page.getByRole("button", { name: /编\s*辑/ })).toBeVisible();
    await expect(page.getByRole("button", { name: /删\s*除/ })).toHaveCount(0);
    await expect(
      page.locator(".ant-descriptions").getByText("赵磊", { exact: true }),
    ).toBeVisible();
    await snap(page, "row-scope-own-detail");

    await page.goto(`/manage/contacts/instution-detail/${colleagues}`);
    await expect(page.getByRole("heading", { name: "页面不存在" })).toBeVisible();
    await expect(page.getByText(`同事客户${stamp}有限公司`)).toHaveCount(0);
    await expect(page.getByRole("button", { name: /编\s*辑/ })).toHaveCount(0);
    await snap(page, "row-scope-colleague-detail");
  });
});
