import { Readable } from "node:stream";

import { ZipArchive } from "archiver";

/**
 * A one-sheet xlsx written as a stream that is pulled, not pushed: the sheet's rows come from an
 * async iterable that is only advanced when the zip's deflate asks for more, so memory stays flat
 * however many rows there are. (exceljs's streaming writer pushes every row into its zip without
 * back-pressure and holds the whole uncompressed sheet in buffers until the end: +150 MB at 50 000
 * rows. exceljs still reads imports.)
 */
export type Cell = string | number | boolean | Date | null | undefined;

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
const REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG = "http://schemas.openxmlformats.org/package/2006/relationships";

const CONTENT_TYPES = `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/></Types>`;
const ROOT_RELS = `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const WORKBOOK_RELS = `${XML}<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/styles" Target="styles.xml"/></Relationships>`;
// Style 1: bold header; style 2: date and time (built-in format 22), so dates read as dates;
// styles 3 and 4 (plain and bold) carry quotePrefix, Excel's "typed with a leading apostrophe".
const STYLES = `${XML}<styleSheet xmlns="${NS}"><fonts count="2"><font><sz val="11"/><name val="Calibri"/></font><font><b/><sz val="11"/><name val="Calibri"/></font></fonts><fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills><borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs><cellXfs count="5"><xf/><xf fontId="1" applyFont="1"/><xf numFmtId="22" applyNumberFormat="1"/><xf quotePrefix="1"/><xf fontId="1" applyFont="1" quotePrefix="1"/></cellXfs></styleSheet>`;

/**
 * Text a spreadsheet would take for a formula when the cell is edited, or when the sheet is saved
 * as CSV and opened again (CSV/formula injection, OWASP): = + - @ and a leading tab or CR.
 */
export const FORMULA_LEADING = /^[=+\-@\t\r]/;

// XML 1.0 forbids most control characters; a stray one would make Excel refuse the whole file.
// eslint-disable-next-line no-control-regex
const INVALID_XML = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;
const escape = (text: string) =>
  text
    .replace(INVALID_XML, "")
    .replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c] ?? c);

export const columnName = (index: number) => {
  let name = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26))
    name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

const EXCEL_EPOCH_DAYS = 25569;

const cellXml = (ref: string, value: Cell, bold: boolean): string => {
  if (value === null || value === undefined || value === "") return "";
  const style = bold ? ' s="1"' : "";
  // The text is kept exactly (it reads and imports back as written); the quotePrefix style makes
  // Excel, WPS and LibreOffice treat it as text that is never evaluated.
  const textStyle =
    typeof value === "string" && FORMULA_LEADING.test(value) ? (bold ? ' s="4"' : ' s="3"') : style;
  if (value instanceof Date)
    return `<c r="${ref}" s="2"><v>${value.getTime() / 86_400_000 + EXCEL_EPOCH_DAYS}</v></c>`;
  if (typeof value === "number" && Number.isFinite(value))
    return `<c r="${ref}"${style}><v>${value}</v></c>`;
  if (typeof value === "boolean") return `<c r="${ref}" t="b"${style}><v>${value ? 1 : 0}</v></c>`;
  return `<c r="${ref}" t="inlineStr"${textStyle}><is><t xml:space="preserve">${escape(String(value))}</t></is></c>`;
};

const rowXml = (index: number, cells: Cell[], bold = false) =>
  `<row r="${index}">${cells.map((v, i) => cellXml(`${columnName(i)}${index}`, v, bold)).join("")}</row>`;

async function* sheetXml(header: string[], rows: AsyncIterable<Cell[]>, width: number) {
  const cols = header.length
    ? `<cols><col min="1" max="${header.length}" width="${width}" customWidth="1"/></cols>`
    : "";
  yield `${XML}<worksheet xmlns="${NS}"><sheetViews><sheetView workbookViewId="0"><pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/></sheetView></sheetViews>${cols}<sheetData>${rowXml(1, header, true)}`;
  let index = 1;
  let chunk = "";
  for await (const cells of rows) {
    chunk += rowXml(++index, cells);
    // Hand rows over in ~64 KB strings: fewer, larger writes into the deflate.
    if (chunk.length > 65_536) {
      yield chunk;
      chunk = "";
    }
  }
  yield `${chunk}</sheetData></worksheet>`;
}

/** Sheet names: at most 31 characters, none of : \ / ? * [ ]. */
const sheetName = (name: string) =>
  escape(name.replace(/[:\\/?*[\]]/g, " ").slice(0, 31) || "Sheet1");

/** The xlsx as a readable stream; an error from `rows` destroys the stream with it. */
export const streamXlsx = (
  name: string,
  header: string[],
  rows: AsyncIterable<Cell[]>,
  width = 20,
): Readable => {
  const zip = new ZipArchive({ zlib: { level: 6 } });
  zip.append(CONTENT_TYPES, { name: "[Content_Types].xml" });
  zip.append(ROOT_RELS, { name: "_rels/.rels" });
  zip.append(
    `${XML}<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="${sheetName(name)}" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    { name: "xl/workbook.xml" },
  );
  zip.append(WORKBOOK_RELS, { name: "xl/_rels/workbook.xml.rels" });
  zip.append(STYLES, { name: "xl/styles.xml" });
  const sheet = Readable.from(sheetXml(header, rows, width));
  sheet.on("error", (error) => zip.destroy(error));
  zip.append(sheet, { name: "xl/worksheets/sheet1.xml" });
  void zip.finalize().catch((error: unknown) => zip.destroy(error as Error));
  return zip;
};
