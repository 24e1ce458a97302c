import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Converted previews, next to the file bodies: one PDF per stored body (bodies are content
 * addressed, so a version's preview is made once and shared by identical uploads). The purge
 * that deletes an unreferenced body deletes its preview with it.
 */
export const createPreviewCache = (root: string) => {
  const fileOf = (key: string) => path.join(root, `${key.replace(/[^A-Za-z0-9_-]/g, "_")}.pdf`);
  return {
    get: (key: string) => readFile(fileOf(key)).catch(() => undefined),
    put: async (key: string, pdf: Buffer) => {
      await mkdir(root, { recursive: true });
      // Written aside and renamed, so a reader never sees half a PDF.
      const tmp = `${fileOf(key)}.${process.pid}.tmp`;
      await writeFile(tmp, pdf);
      await rename(tmp, fileOf(key));
    },
    remove: (key: string) => rm(fileOf(key), { force: true }),
  };
};
export type PreviewCache = ReturnType<typeof createPreviewCache>;
