import { randomUUID } from "node:crypto";

import { type APIRequestContext, type Browser, expect } from "@playwright/test";
import { PDFDocument, rgb, StandardFonts } from "pdf-lib";

import { apiToken } from "./helpers";

/** API set-up for the e-signing specs: a real two-page PDF and an approved contract (the seal is the demo firm's). */

export const FIRM = "明德律师事务所";

const headers = async (request: APIRequestContext, username: string) => ({
  authorization: `Bearer ${await apiToken(request, username)}`,
  "idempotency-key": randomUUID(),
});

export const api = async <T>(
  request: APIRequestContext,
  username: string,
  method: "get" | "post",
  url: string,
  data?: unknown,
) => {
  const h = await headers(request, username);
  const res =
    method === "get"
      ? await request.get(url, { headers: h })
      : await request.post(url, { headers: h, data });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as T;
};

/** Uploads through the documents' raw route, as the app's upload control does. */
const upload = async (request: APIRequestContext, username: string, name: string, body: Buffer) => {
  // The upload token belongs to the sign-in that asked for it: one sign-in for both calls.
  const h = await headers(request, username);
  const tokenRes = await request.get("/api/user-service/user/get-up-token", { headers: h });
  const { token } = (await tokenRes.json()).data as { token: string };
  const res = await request.post(`/api/documents/files/raw?name=${encodeURIComponent(name)}`, {
    headers: { ...h, "content-type": "application/octet-stream", "x-upload-token": token },
    data: body,
  });
  expect(res.status(), await res.text()).toBe(200);
  const rows = (await res.json()).data as { id: string }[];
  return rows[0].id;
};

/** A two-page A4 contract text the server can render page by page (Latin text: the standard fonts have no CJK). */
export const contractPdf = async (title: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2]) {
    const page = doc.addPage([595, 842]);
    page.drawText(`${title} - page ${n}`, { x: 60, y: 770, size: 20, font });
    for (let line = 0; line < 24; line += 1)
      page.drawText(`Clause ${n}.${line + 1}: the parties agree to the terms set out here.`, {
        x: 60,
        y: 720 - line * 22,
        size: 11,
        font,
        color: rgb(0.2, 0.2, 0.2),
      });
    if (n === 2) page.drawText("Signatures:", { x: 60, y: 160, size: 12, font });
  }
  return Buffer.from(await doc.save());
};

/** Accepts every pending task of an approval as whoever holds it; the custodian confirms one copy stamped today. */
const acceptAll = async (request: APIRequestContext, instanceId: string, users: string[]) => {
  const stamped = {
    stampedCopies: 1,
    stampedAt: new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Shanghai" }),
  };
  for (const username of users) {
    const detail = await api<{ myTasks: { id: string; kind: string }[] }>(
      request,
      username,
      "get",
      `/api/workflow/instances/${instanceId}`,
    );
    for (const task of detail.myTasks) {
      await api(request, username, "post", `/api/workflow/instances/${instanceId}/actions`, {
        type: "accept",
        taskId: task.id,
        ...(task.kind === "handler" ? { formPatch: stamped } : {}),
      });
    }
  }
};

/**
 * An approved contract on one of the lawyer's formal cases, its text a PDF, the counterparty
 * signatory given by email: submitted by the lawyer, approved by the partner and the admin, stamped by finance.
 */
export const approvedContract = async (
  request: APIRequestContext,
  name: string,
  signer: { name: string; email: string },
  /** More attachments, e.g. a file named .pdf that is not one. */
  extra: { name: string; body: Buffer }[] = [],
) => {
  const [kase] = await api<{ id: string }[]>(
    request,
    "lawyer",
    "get",
    "/api/cases?_start=0&_end=1&status=formal",
  );
  const pdfId = await upload(
    request,
    "lawyer",
    `${name}.pdf`,
    await contractPdf(`Engagement contract ${name.replace(/\D/g, "")}`),
  );
  const extraIds = [];
  for (const file of extra) extraIds.push(await upload(request, "lawyer", file.name, file.body));
  const seal = (
    await api<{ id: string; sealType: string }[]>(request, "lawyer", "get", "/api/seal-options")
  ).find((s) => s.sealType === "contract")!;
  const values = {
    name,
    contractType: "engagement",
    caseId: kase.id,
    startDate: "2026-01-01",
    endDate: "2026-12-31",
    copies: 1,
    sealId: seal.id,
    signerName: signer.name,
    signerEmail: signer.email,
    attachmentIds: [pdfId, ...extraIds],
  };
  const { instanceId } = await api<{ instanceId: string }>(
    request,
    "lawyer",
    "post",
    "/api/contract-submissions",
    { values },
  );
  await acceptAll(request, instanceId, ["partner", "admin", "finance"]);
  const { contractId } = await api<{ contractId: string }>(
    request,
    "lawyer",
    "get",
    `/api/contract-submissions/${instanceId}`,
  );
  expect(contractId).toBeTruthy();
  return contractId;
};

type OutboxItem = {
  recipient: string;
  kind: string;
  subject: string;
  body: string;
  createdAt: string;
};

/** The newest message of a kind sent to someone (the Outbox keeps them all: no mail server in tests). */
export const lastMessage = async (request: APIRequestContext, recipient: string, kind: string) => {
  const { items } = await api<{ items: OutboxItem[] }>(
    request,
    "admin",
    "get",
    `/api/outbox?page=1&pageSize=50&q=${encodeURIComponent(recipient)}`,
  );
  const item = items.find((i) => i.recipient === recipient && i.kind === kind);
  if (!item) throw new Error(`no ${kind} message to ${recipient}`);
  return item;
};

/** A phone of the counterparty's: its own browser profile, no account, 390 px wide. */
export const phone = async (browser: Browser) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: "zh-CN",
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error" && !/status of 4\d\d/.test(m.text()))
      errors.push(`console: ${m.text()}`);
  });
  return { context, page, errors };
};
