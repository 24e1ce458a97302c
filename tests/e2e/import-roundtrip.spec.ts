import ExcelJS from "exceljs";

import { apiToken, signIn, snap } from "./helpers";
import { expect, test } from "./page-errors";

/**
 * Issue 21 point 2 in the browser: the clients' own export, imported back on the import screen,
 * stops on the matching rows by default and updates them when asked; with "import the valid rows,
 * report the rest" a file of matched, new and bad rows writes the new one, skips the matched ones
 * and reports the bad one, and the report downloads as xlsx with its reason (zh-CN and en).
 */
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const TEXT = {
  "zh-CN": {
    title: "导入客户",
    update: "更新已有记录",
    skip: "跳过该行",
    stopped: /发现 2 处问题，未导入任何数据/,
    updated: "导入完成：共 2 行，新增 0 条，更新 0 条，未变更 2 条，跳过 0 条",
    skipped: "跳过 2 条",
    partial: "导入有效行，其余行报告问题",
    partialDone:
      "导入完成：共 4 行，新增 1 条，更新 0 条，未变更 0 条，跳过 2 条。另有 1 处问题的行未导入，可下载错误报告。",
    download: "下载错误报告",
    reportHead: ["行号", "字段", "问题"],
    sheet: "导入错误",
  },
  en: {
    title: "Import clients",
    update: "Update the existing record",
    skip: "Skip the row",
    stopped: /2 problems/,
    updated: "2 rows: 0 added, 0 updated, 2 unchanged, 0 skipped",
    skipped: "2 skipped",
    partial: "Import the valid rows and report the rest",
    partialDone:
      "4 rows: 1 added, 0 updated, 0 unchanged, 2 skipped. The rows with 1 problem were not imported; download the report for details.",
    download: "Download error report",
    reportHead: ["Row", "Field", "Problem"],
    sheet: "Import errors",
  },
} as const;

/** The export with rows added at its end (the export's own columns; no Record ID: new rows). */
const withRows = async (exported: Buffer, rows: Record<string, string>[]) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(exported as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  const header = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
  for (const row of rows) sheet.addRow(header.map((h) => row[h] ?? null));
  return Buffer.from(await book.xlsx.writeBuffer());
};

const readReport = async (path: string) => {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(path);
  const sheet = book.worksheets[0];
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { name: sheet.name, rows };
};

for (const lang of ["zh-CN", "en"] as const) {
  const L = TEXT[lang];
  test(`clients export imports back: stop, skip, update, and valid rows with a downloaded report (${lang})`, async ({
    page,
    request,
  }) => {
    await page.addInitScript((l) => localStorage.setItem("language", l), lang);
    const stamp = `${lang === "en" ? "E" : "Z"}${Date.now().toString().slice(-7)}`;
    const headers = { authorization: `Bearer ${await apiToken(request, "partner")}` };
    for (const n of [1, 2]) {
      const res = await request.post("/api/accounts", {
        headers,
        data: {
          accountType: "organization",
          name: `往返${stamp}${n}有限公司`,
          creditCode: `91310000RT${stamp.slice(1)}${n}`,
          remark: `备注${n}`,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
    const exported = await request.get(
      `/api/accounts/export?name_like=${encodeURIComponent(`往返${stamp}`)}`,
      { headers: { ...headers, lang } },
    );
    expect(exported.status()).toBe(200);
    const file = { name: "accounts-export.xlsx", mimeType: XLSX, buffer: await exported.body() };

    await signIn(page, request, "partner");
    await page.goto("/manage/contacts/import");
    await expect(page.getByRole("heading", { name: L.title })).toBeVisible();
    await page.locator("input[type=file]").setInputFiles(file);
    await expect(page.getByText(L.stopped)).toBeVisible();
    await snap(page, `import-roundtrip-01-stopped-${lang}`);

    await page.getByRole("radio", { name: L.skip }).check();
    await page.locator("input[type=file]").setInputFiles(file);
    await expect(page.getByText(L.skipped).first()).toBeVisible();

    await page.getByRole("radio", { name: L.update }).check();
    await page.locator("input[type=file]").setInputFiles(file);
    // Unchanged rows change nothing and are counted as unchanged: the export came back as it went out.
    await expect(page.getByText(L.updated).first()).toBeVisible();
    await snap(page, `import-roundtrip-02-updated-${lang}`);

    // Import the valid rows, report the rest: the two matched rows skipped, a new one written, a
    // bad one (a credit code of 5 characters) reported; the report downloads with its reason.
    const nameCol = lang === "en" ? "Name" : "客户名称";
    const codeCol = lang === "en" ? "Organization ID" : "统一社会信用代码";
    const typeCol = lang === "en" ? "Client type" : "客户类型";
    const orgType = lang === "en" ? "Organization" : "机构";
    const mixed = await withRows(file.buffer, [
      {
        [typeCol]: orgType,
        [nameCol]: `往返${stamp}新增有限公司`,
        [codeCol]: `91310000RN${stamp.slice(1)}9`,
      },
      { [typeCol]: orgType, [nameCol]: `往返${stamp}错误有限公司`, [codeCol]: "SHORT" },
    ]);
    await page.getByRole("radio", { name: L.skip }).check();
    await page.getByRole("checkbox", { name: L.partial }).check();
    await page
      .locator("input[type=file]")
      .setInputFiles({ ...file, name: "accounts-mixed.xlsx", buffer: mixed });
    await expect(page.getByText(L.partialDone)).toBeVisible();
    const problem = page.getByRole("row").filter({ hasText: codeCol });
    await expect(problem).toHaveCount(1);
    const [rowNo, field, reason] = await problem.getByRole("cell").allInnerTexts();
    expect(rowNo).toBe("5");
    await snap(page, `import-roundtrip-03-partial-${lang}`);
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: L.download }).click();
    const saved = await download;
    expect(saved.suggestedFilename()).toMatch(/import-errors\.xlsx$/);
    const report = await readReport(await saved.path());
    expect(report.name).toBe(L.sheet);
    expect(report.rows).toEqual([[...L.reportHead], [5, field, reason]]);
    // Written: the new client, not the bad one.
    const found = await request.get(
      `/api/accounts?name_like=${encodeURIComponent(`往返${stamp}`)}&_start=0&_end=10`,
      { headers },
    );
    expect(
      ((await found.json()) as { data: { name: string }[] }).data.map((a) => a.name).sort(),
    ).toEqual(
      [1, 2]
        .map((n) => `往返${stamp}${n}有限公司`)
        .concat(`往返${stamp}新增有限公司`)
        .sort(),
    );
  });
}
