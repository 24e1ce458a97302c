import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";
import { PDFDocument, type PDFFont, type PDFPage, rgb } from "pdf-lib";

import type { SavedHit as StoredHit } from "../../../shared/contracts/conflicts";
import { firmDay, formatFirmTime } from "../../../shared/firm-time";
import { workspaces } from "../../db/tables";
import { translatorFor } from "../../lib/i18n";
import { readFirmTimeZone } from "../../lib/firm-time";
import type { RequestCtx } from "../../lib/request-ctx";
import { type PdfFont, loadPdfFont } from "../../lib/pdf-font";
import { type getReport, getReportWithLetters } from "./reports";

type Report = Awaited<ReturnType<typeof getReport>>;

const sortKeys = (v: unknown): unknown => {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object" && !(v instanceof Date)) {
    return Object.fromEntries(
      Object.keys(v)
        .sort()
        .map((k) => [k, sortKeys((v as Record<string, unknown>)[k])]),
    );
  }
  return v;
};

/**
 * sha256 of the report's evidence as stored (id, firm, who, when, keywords, scopes, hits), keys
 * sorted so the digest does not depend on jsonb's key order. `caseId` is left out: attaching the
 * case later is the one change the append-only trigger allows, and must not change the digest.
 */
export const reportDigest = (r: Report) =>
  createHash("sha256")
    .update(
      JSON.stringify(
        sortKeys({
          id: r.id,
          workspaceId: r.workspaceId,
          createdAt: new Date(r.createdAt).toISOString(),
          createdBy: r.createdBy,
          createdByName: r.createdByName,
          keywords: r.keywords,
          scopes: r.scopes,
          hits: r.hits,
        }),
      ),
    )
    .digest("hex");

const A4: [number, number] = [595.28, 841.89];
const MARGIN = 48;
// Control characters (a remark's line breaks included) would be drawn as missing glyphs.
const clean = (s: string) => s.replace(/[\p{Cc}\p{Cf}\u2028\u2029]+/gu, " ");

/** A top-down text cursor that wraps by measured width (CJK text has no spaces to break at). */
const writer = (doc: PDFDocument, font: PDFFont) => {
  let page: PDFPage = doc.addPage(A4);
  let y = A4[1] - MARGIN;
  const width = A4[0] - 2 * MARGIN;
  const fits = (s: string, size: number, max: number) => font.widthOfTextAtSize(s, size) <= max;
  // Han characters break anywhere; Latin words and numbers move to the next line whole.
  const wrap = (text: string, size: number, max: number) => {
    const lines: string[] = [];
    let line = "";
    for (const token of clean(text).match(/\p{Script=Han}|[^\s\p{Script=Han}]+|\s+/gu) ?? []) {
      if (fits(line + token, size, max)) {
        line += token;
        continue;
      }
      if (line.trim()) lines.push(line.trimEnd());
      line = token.trim() ? token : "";
      // A word wider than the line is cut where it must be.
      while (!fits(line, size, max)) {
        const chars = [...line];
        let cut = chars.length - 1;
        while (cut > 1 && !fits(chars.slice(0, cut).join(""), size, max)) cut -= 1;
        lines.push(chars.slice(0, cut).join(""));
        line = chars.slice(cut).join("");
      }
    }
    return [...lines, line];
  };
  const text = (
    s: string,
    opts: { size?: number; indent?: number; gray?: boolean; gap?: number } = {},
  ) => {
    const size = opts.size ?? 10;
    const indent = opts.indent ?? 0;
    for (const line of wrap(s, size, width - indent)) {
      if (y - size < MARGIN) {
        page = doc.addPage(A4);
        y = A4[1] - MARGIN;
      }
      y -= size * 1.45;
      page.drawText(line, {
        x: MARGIN + indent,
        y,
        size,
        font,
        color: opts.gray ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
      });
    }
    y -= opts.gap ?? 0;
  };
  const rule = () => {
    y -= 6;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: A4[0] - MARGIN, y },
      thickness: 0.5,
      color: rgb(0.7, 0.7, 0.7),
    });
    y -= 4;
  };
  return { text, rule };
};

/** On the firm's clock with its offset ("2026-11-27 09:30:00 (UTC+8)"): the reader is the firm, not the server. */
const stamp = (d: Date | string, zone: string) =>
  formatFirmTime(d, zone, "YYYY-MM-DD HH:mm:ss", true);

/**
 * The saved report as a PDF: firm, who ran it and when, keywords and scopes, every hit grouped by
 * keyword with its decision, and the digest of the stored record so a printout can be matched
 * to the evidence.
 */
export const reportPdf = async (ctx: RequestCtx, id: string, fontSource: PdfFont) => {
  const report = await getReportWithLetters(ctx, id);
  const t = translatorFor(ctx.lang);
  const hits = report.hits as StoredHit[];
  const [firm] = await ctx.db
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, ctx.workspaceId));
  const letterName = new Map(report.letters.map((f) => [f.id, f.name]));
  const zone = await readFirmTimeZone(ctx.db, ctx.workspaceId);

  const loaded = await loadPdfFont(fontSource);
  const doc = await PDFDocument.create();
  doc.registerFontkit(loaded.fontkit);
  const font = await doc.embedFont(loaded.bytes, { subset: true });
  doc.setTitle(t("conflicts.pdf.title"));
  doc.setCreator("law-manage");
  doc.setCreationDate(new Date(report.createdAt));
  const w = writer(doc, font);
  const digest = reportDigest(report);

  w.text(t("conflicts.pdf.title"), { size: 16, gap: 6 });
  w.text(`${t("conflicts.pdf.firm")}: ${firm?.name ?? ""}`);
  w.text(`${t("conflicts.pdf.ranBy")}: ${report.createdByName}`);
  w.text(`${t("conflicts.pdf.ranAt")}: ${stamp(report.createdAt, zone)}`);
  w.text(`${t("conflicts.pdf.reportId")}: ${report.id}`);
  w.text(`${t("conflicts.keywords")}: ${report.keywords.join("、")}`);
  w.text(
    `${t("conflicts.scopes")}: ${report.scopes.map((s) => t(`conflicts.scope.${s}`)).join("、")}`,
  );
  w.text(`${t("conflicts.pdf.hitCount")}: ${hits.length}`);
  w.rule();
  for (const keyword of report.keywords) {
    const mine = hits.filter((h) => h.keyword === keyword);
    w.text(t("conflicts.pdf.keywordHeading", { keyword, count: mine.length }), {
      size: 12,
      gap: 2,
    });
    if (mine.length === 0) w.text(t("conflicts.pdf.noHits"), { indent: 12, gray: true });
    mine.forEach((h, i) => {
      w.text(
        `${i + 1}. ${h.masked ? t("conflicts.masked.name") : h.name}${h.likelyConflict ? ` (${t("conflicts.likely")})` : ""}`,
        { indent: 12, size: 11 },
      );
      const detail = (label: string, value: string) =>
        w.text(`${label}: ${value}`, { indent: 26, size: 9 });
      detail(t("conflicts.cols.match"), t(`conflicts.match.${h.match}`));
      detail(
        t("conflicts.cols.role"),
        t(`cases.conflictRoles.${h.conflictRole}`, { defaultValue: h.conflictRole }),
      );
      detail(t("conflicts.pdf.source"), t(`conflicts.source.${h.source}`));
      if (h.accountName && h.accountName !== h.name)
        detail(t("conflicts.pdf.account"), h.accountName);
      if (h.caseNo) {
        const status = h.caseStatus
          ? t(`cases.status.${h.caseStatus}`, { defaultValue: h.caseStatus })
          : "";
        detail(
          t("conflicts.pdf.case"),
          [
            h.caseNo,
            h.caseName,
            status,
            // The day the case was opened in the firm, not the UTC date of that instant.
            h.caseCreatedAt ? firmDay(h.caseCreatedAt, zone) : "",
            h.leadLawyer,
          ]
            .filter(Boolean)
            .join(" · "),
        );
      }
      if (h.masked)
        detail(
          t("conflicts.pdf.case"),
          h.leadPartner
            ? t("conflicts.masked.askPartner", { partner: h.leadPartner })
            : t("conflicts.masked.noPartner"),
        );
      // The arrow runs from holder to company: back up the shareholders (A ←35%— B: B holds 35% of A).
      const arrow = (share: number) => (h.path?.direction === "up" ? `←${share}%—` : `—${share}%→`);
      if (h.path)
        detail(
          t("conflicts.pdf.path"),
          [h.path.from, ...h.path.steps.map((s) => `${arrow(s.share)} ${s.name}`)].join(" "),
        );
      detail(
        t("conflicts.cols.decision"),
        h.decision ? t(`conflicts.decision.${h.decision}`) : t("conflicts.pdf.undecided"),
      );
      if (h.remark) detail(t("conflicts.remark"), h.remark);
      if (h.waiverFileId)
        detail(t("conflicts.waiver.letter"), letterName.get(h.waiverFileId) ?? h.waiverFileId);
    });
    w.rule();
  }
  w.text(`${t("conflicts.pdf.digest")}: ${digest}`, { size: 8, gray: true });
  w.text(t("conflicts.pdf.digestHint"), { size: 8, gray: true });
  const bytes = await doc.save();
  return {
    bytes,
    name: `${t("conflicts.pdf.fileName")}-${stamp(report.createdAt, zone).slice(0, 10)}-${report.id.slice(0, 8)}.pdf`,
  };
};
