import { acceptAs, api } from "./api-steps";
import { uploadTo, useLanguage, volume, volumes } from "./archive-steps";
import { axeFindings, newCase } from "./fees-steps";
import { signIn, snap, useFirm } from "./helpers";
import { expect, test, toast } from "./page-errors";

/**
 * Issue 29: the archivist assembles a volume on its page. The files are reordered with the
 * arrow buttons and saved, the client's quality card is chosen from the case folder, and a file
 * the merge cannot put into a PDF fails the merge with its reason, which Retry queues again.
 * The case is closed by the administrator directly, which opens its volume too.
 */
const stamp = Date.now().toString().slice(-6);

const TEXTS = {
  "zh-CN": {
    up: (name: string) => `上移 ${name}`,
    save: "保存卷内文件",
    saved: "卷内文件已保存",
    cardFile: "质量监督卡文件",
    setCard: "设为质量监督卡",
    cardSet: "质量监督卡已设置",
    submit: "提交归档",
    unsupported: "该类型的文件无法转为 PDF",
    retry: /^重\s?试$/,
    retried: "已重新排队合成",
  },
  en: {
    up: (name: string) => `Move ${name} up`,
    save: "Save items",
    saved: "The items were saved",
    cardFile: "Quality card file",
    setCard: "Use as quality card",
    cardSet: "The quality card was set",
    submit: "Submit for archiving",
    unsupported: "A file of this type cannot be put into a PDF",
    retry: /^Retry$/,
    retried: "The merge was queued again",
  },
} as const;

test.describe("assembling a volume", () => {
  test.describe.configure({ mode: "serial" });
  test.beforeAll(async ({ request }) => {
    for (const who of ["admin", "partner", "lawyer"]) await useFirm(request, who, "明德律师事务所");
  });

  for (const lang of ["zh-CN", "en"] as const) {
    test(`reorders, sets the quality card, and retries a failed merge (${lang})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(240_000);
      const L = TEXTS[lang];
      const caseId = await newCase(request, `组卷测试${lang}${stamp}`);
      const kase = await api<{ folderId: string; version: number }>(
        request,
        "admin",
        "get",
        `/api/cases/${caseId}`,
      );
      const [first, second, card, odd] = ["起诉状", "判决书", "质量卡", "数据"].map(
        (n) => `${n}${lang}${stamp}`,
      );
      await uploadTo(request, kase.folderId, `${first}.pdf`);
      await uploadTo(request, kase.folderId, `${second}.pdf`);
      await uploadTo(request, kase.folderId, `${card}.pdf`);
      // Neither a PDF, an image, text nor Office: the merge says so instead of guessing.
      await uploadTo(request, kase.folderId, `${odd}.bin`, Buffer.from([0, 1, 2, 3, 250, 251]));
      const fresh = await api<{ version: number }>(request, "admin", "get", `/api/cases/${caseId}`);
      await api(request, "admin", "post", `/api/cases/${caseId}/close`, { version: fresh.version });
      const [draft] = await volumes(request, `caseId=${caseId}`);
      expect(draft.status).toBe("draft");

      await signIn(page, request, "admin");
      await useLanguage(page, lang);
      await page.goto(`/manage/archive/volumes/${draft.id}`);
      await expect(page.getByText(`${second}.pdf`)).toBeVisible({ timeout: 30_000 });
      await page.getByRole("button", { name: L.up(`${second}.pdf`) }).click();
      await page.getByRole("button", { name: L.save }).click();
      await expect(toast(page)).toContainText(L.saved);
      const saved = await volume(request, draft.id);
      const names = saved.items!.filter((i) => i.kind === "file").map((i) => i.name);
      expect(names).toEqual([`${second}.pdf`, `${first}.pdf`, `${card}.pdf`, `${odd}.bin`]);

      await page.getByRole("combobox", { name: L.cardFile }).click();
      await page
        .locator(".ant-select-dropdown:visible .ant-select-item-option")
        .filter({ hasText: `${card}.pdf` })
        .click();
      await page.getByRole("button", { name: L.setCard }).click();
      await expect(toast(page)).toContainText(L.cardSet);
      const carded = await volume(request, draft.id);
      expect(carded.qualityCardFileId).toBeTruthy();
      await snap(page, `archive-assembly-${lang}`);
      expect(await axeFindings(page, `assembly ${lang}`)).toEqual([]);

      await page.getByRole("button", { name: L.submit }).click();
      await expect.poll(async () => (await volume(request, draft.id)).approvalId).toBeTruthy();
      const pending = await volume(request, draft.id);
      await acceptAs(request, pending.approvalId!, ["admin", "partner", "admin"]);
      // The merge job runs every 10 s here; the .bin file fails it with its reason.
      await expect
        .poll(async () => (await volume(request, draft.id)).mergeStatus, { timeout: 90_000 })
        .toBe("failed");
      await page.reload();
      await expect(page.getByText(L.unsupported)).toBeVisible({ timeout: 30_000 });
      await snap(page, `archive-merge-failed-${lang}`);
      expect(await axeFindings(page, `merge failed ${lang}`)).toEqual([]);
      await page.getByRole("button", { name: L.retry }).click();
      await expect(toast(page)).toContainText(L.retried);
    });
  }
});
