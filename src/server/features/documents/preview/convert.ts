import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export type ConverterOptions = { timeoutMs: number; maxBytes: number; concurrency: number; command?: string };

/** Why a file has no PDF preview: each becomes a translated message. */
export class ConvertError extends Error {
  constructor(readonly reason: "tooLarge" | "timeout" | "failed" | "unavailable") {
    super(reason);
  }
}

const UNSHARE = "/usr/bin/unshare";

/** Whether a LibreOffice binary is on this machine (the tests that need one say so when not). */
export const findSoffice = (command?: string) =>
  [command, "/usr/bin/soffice", "/usr/bin/libreoffice", "/opt/libreoffice/program/soffice"].find((c) => c && existsSync(c));

/**
 * Office → PDF with LibreOffice headless, one process per file: its own empty HOME and profile
 * in a fresh temp dir (nothing of the app's data dir is given to it, only a copy of the one
 * file), no network (a new empty network namespace with `unshare -n` where the kernel allows it),
 * killed at the time limit. At most `concurrency` run at once; the rest wait their turn.
 */
export const createConverter = (opts: ConverterOptions) => {
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (running < opts.concurrency) {
        running += 1;
        resolve();
      } else waiting.push(resolve);
    });
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };
  let canUnshare: boolean | undefined;
  const isolated = async () => {
    if (canUnshare === undefined) canUnshare = existsSync(UNSHARE) && (await run(UNSHARE, ["-n", "true"], {}, 5000).then(() => true, () => false));
    return canUnshare;
  };

  const toPdf = async (input: Buffer, ext: string): Promise<Buffer> => {
    if (input.length > opts.maxBytes) throw new ConvertError("tooLarge");
    const soffice = findSoffice(opts.command);
    if (!soffice) throw new ConvertError("unavailable");
    await acquire();
    const dir = await mkdtemp(path.join(os.tmpdir(), "lm-preview-"));
    try {
      const source = path.join(dir, `in.${ext}`);
      await writeFile(source, input);
      const args = [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless", "--norestore", "--nolockcheck", "--nodefault", "--nofirststartwizard",
        "--convert-to", "pdf", "--outdir", path.join(dir, "out"), source,
      ];
      const env = { HOME: dir, PATH: "/usr/bin:/bin", LANG: "C.UTF-8", TMPDIR: dir };
      const [cmd, argv] = (await isolated()) ? [UNSHARE, ["-n", soffice, ...args]] : [soffice, args];
      await run(cmd, argv, env, opts.timeoutMs);
      return await readFile(path.join(dir, "out", "in.pdf")).catch(() => {
        throw new ConvertError("failed");
      });
    } finally {
      release();
      await rm(dir, { recursive: true, force: true });
    }
  };
  return { toPdf, isolated };
};

const run = (cmd: string, args: string[], env: Record<string, string>, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    // detached: its own process group, so the kill reaches LibreOffice's helper processes too.
    const child = spawn(cmd, args, { env, stdio: "ignore", detached: true });
    const timer = setTimeout(() => {
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        child.kill("SIGKILL");
      }
      reject(new ConvertError("timeout"));
    }, timeoutMs);
    child.on("error", () => {
      clearTimeout(timer);
      reject(new ConvertError("failed"));
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      if (code === 0) resolve();
      else reject(new ConvertError("failed"));
    });
  });
