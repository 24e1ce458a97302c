import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { BWRAP, probeSandbox, sandboxArgv } from "./sandbox";

export type ConverterOptions = {
  timeoutMs: number;
  maxBytes: number;
  concurrency: number;
  /** The LibreOffice binary (or, in tests, a script that acts as one). */
  command?: string;
  /** Where each job's own folder is made (default: the OS temp dir). */
  workDir?: string;
  /** bubblewrap's path (default /usr/bin/bwrap). */
  bwrap?: string;
  /** Told once when conversions must run without the sandbox. */
  log?: { warn: (obj: object, msg: string) => void };
};

/** Why a file has no PDF preview: each becomes a translated message. */
export class ConvertError extends Error {
  constructor(readonly reason: "tooLarge" | "timeout" | "failed" | "unavailable") {
    super(reason);
  }
}

/** Whether a LibreOffice binary is on this machine (the tests that need one say so when not). */
export const findSoffice = (command?: string) =>
  [command, "/usr/bin/soffice", "/usr/bin/libreoffice", "/opt/libreoffice/program/soffice"].find(
    (c) => c && existsSync(c),
  );

/**
 * Office → PDF with LibreOffice headless, one process per file, inside the bubblewrap box of
 * sandbox.ts: no network, no view of the app's data, its own empty HOME and profile in a fresh
 * job folder holding only a copy of the one file, killed at the time limit. At most
 * `concurrency` run at once; the rest wait their turn. Where bwrap cannot run (no user
 * namespaces), conversions still run, unboxed, and the log says so once at start-up.
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
  const workDir = opts.workDir ?? os.tmpdir();
  const bwrap = opts.bwrap ?? BWRAP;

  let probed: Promise<"bwrap" | "none"> | undefined;
  /** "bwrap" when conversions run in the box; "none" when this machine cannot build it. */
  const isolation = () => {
    probed ??= (async () => {
      await mkdir(workDir, { recursive: true });
      const dir = await mkdtemp(path.join(workDir, "lm-probe-"));
      const probe = await probeSandbox(bwrap, dir).finally(() =>
        rm(dir, { recursive: true, force: true }),
      );
      if (probe.ok) return "bwrap";
      opts.log?.warn(
        { bwrap, why: probe.why },
        "office previews run WITHOUT the sandbox: the converter can reach the network and every file the server can read",
      );
      return "none";
    })();
    return probed;
  };

  const toPdf = async (input: Buffer, ext: string): Promise<Buffer> => {
    if (input.length > opts.maxBytes) throw new ConvertError("tooLarge");
    const soffice = findSoffice(opts.command);
    if (!soffice) throw new ConvertError("unavailable");
    const boxed = (await isolation()) === "bwrap";
    await acquire();
    const dir = await mkdtemp(path.join(workDir, "lm-preview-")).catch((error: unknown) => {
      release();
      throw error;
    });
    try {
      const source = path.join(dir, `in.${ext}`);
      await writeFile(source, input);
      const args = [
        `-env:UserInstallation=file://${path.join(dir, "profile")}`,
        "--headless",
        "--norestore",
        "--nolockcheck",
        "--nodefault",
        "--nofirststartwizard",
        "--convert-to",
        "pdf",
        "--outdir",
        path.join(dir, "out"),
        source,
      ];
      const env = { HOME: dir, PATH: "/usr/bin:/bin", LANG: "C.UTF-8", TMPDIR: dir };
      if (boxed) await run(bwrap, sandboxArgv(dir, soffice, args, env), {}, opts.timeoutMs);
      else await run(soffice, args, env, opts.timeoutMs);
      return await readFile(path.join(dir, "out", "in.pdf")).catch(() => {
        throw new ConvertError("failed");
      });
    } finally {
      release();
      await rm(dir, { recursive: true, force: true });
    }
  };
  return { toPdf, isolation };
};

export type OfficeConverter = ReturnType<typeof createConverter>;

const run = (cmd: string, args: string[], env: Record<string, string>, timeoutMs: number) =>
  new Promise<void>((resolve, reject) => {
    // detached: its own process group, so the kill reaches LibreOffice's helper processes too
    // (in the box, bwrap's --die-with-parent and its PID namespace take the rest with it).
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
