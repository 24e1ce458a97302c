import { randomUUID } from "node:crypto";

import { type APIRequestContext, expect, type Page } from "@playwright/test";

import { apiToken } from "./helpers";

/** One API call as this user, answered 200 (each with its own Idempotency-Key); returns `data`. */
export const api = async <T>(
  request: APIRequestContext,
  username: string,
  method: "get" | "post" | "put",
  url: string,
  data?: unknown,
) => {
  const headers = {
    authorization: `Bearer ${await apiToken(request, username)}`,
    "idempotency-key": randomUUID(),
  };
  const res = await request[method](url, { headers, ...(data === undefined ? {} : { data }) });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};

/** Accepts every task these people hold on an approval, in order. */
export const acceptAs = async (request: APIRequestContext, instanceId: string, users: string[]) => {
  for (const username of users) {
    const detail = await api<{ myTasks: { id: string }[] }>(
      request,
      username,
      "get",
      `/api/workflow/instances/${instanceId}`,
    );
    for (const task of detail.myTasks)
      await api(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
      });
  }
};

/** Picks an option of the antd select whose input has this id (rjsf names inputs root_<path>). */
export const pick = async (page: Page, id: string, option: string | RegExp) => {
  await page
    .locator(`#${id}`)
    .locator("xpath=ancestor::*[contains(@class,'ant-select-selector')][1]")
    .click();
  await page
    .locator(".ant-select-dropdown:visible .ant-select-item-option")
    .filter({ hasText: option })
    .first()
    .click();
};
