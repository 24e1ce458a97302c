import type { APIRequestContext, Page } from "@playwright/test";

import { PDFDocument, StandardFonts } from "pdf-lib";

import { api } from "./api-steps";
import { apiToken } from "./helpers";
import { expect } from "./page-errors";

export type Volume = {
  id: string;
  volumeNo: string | null;
  status: string;
  mergeStatus: string;
  approvalId: string | null;
  qualityCardFileId?: string | null;
  items?: { kind: string; fileId: string | null; name: string | null }[];
};

export const volumes = (request: APIRequestContext, query: string) =>
  api<Volume[]>(request, "admin", "get", `/api/archive-volumes?${query}`);

export const volume = (request: APIRequestContext, id: string) =>
  api<Volume>(request, "admin", "get", `/api/archive-volumes/${id}`);

/** A real one-page PDF, so the volume's merge goes through (a broken one fails it by design). */
const onePagePdf = async (text: string) => {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 72, y: 760, size: 14, font });
  return Buffer.from(await doc.save());
};

/** A file put into the case folder by the lawyer (a small PDF unless `body` says otherwise). */
export const uploadTo = async (
  request: APIRequestContext,
  folderId: string,
  name: string,
  body?: Buffer,
) => {
  const headers = { authorization: `Bearer ${await apiToken(request, "lawyer")}` };
  const { token } = (
    await (await request.get("/api/user-service/user/get-up-token", { headers })).json()
  ).data as { token: string };
  const res = await request.post(
    `/api/documents/files/raw?name=${encodeURIComponent(name)}&folderId=${folderId}`,
    {
      headers: { ...headers, "content-type": "application/octet-stream", "x-upload-token": token },
      data: body ?? (await onePagePdf(name.replace(/[^\x20-\x7e]/g, "?"))),
    },
  );
  expect(res.status(), await res.text()).toBe(200);
};

export const useLanguage = async (page: Page, lang: string) =>
  page.evaluate((l) => localStorage.setItem("language", l), lang);
