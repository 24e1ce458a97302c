import { spawn } from "node:child_process";
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";
import path from "node:path";

/**
 * The box a converter runs in, built with bubblewrap (`bwrap`): new user, PID, IPC, UTS and
 * network namespaces (--unshare-all: the only network is an unconnected loopback), a read-only
 * view of the system files a program needs (/usr, the /lib and /bin links, fonts, the dynamic
 * linker's cache, LibreOffice's /etc files), a private /tmp, and the job's own folder as the
 * only path it can write. Nothing else of the host is there: not the app's data dir, not /root,
 * not /home, not the app's code. A document that links to a file ("file:///…/data/…") finds
 * nothing to pull into its PDF, and one that links to a URL finds no network.
 */
export const BWRAP = "/usr/bin/bwrap";

/** The top-level links and folders of a merged-/usr system; each is a link (kept as one) or bound. */
const ROOT_ENTRIES = ["/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32"];
/** What fontconfig and LibreOffice read under /etc; all of it is configuration, none of it data. */
const ETC_ENTRIES = [
  "/etc/fonts",
  "/etc/libreoffice",
  "/etc/ld.so.cache",
  "/etc/localtime",
  "/etc/alternatives",
];

const systemMounts = () => {
  const args = ["--ro-bind", "/usr", "/usr"];
  for (const entry of ROOT_ENTRIES) {
    if (!existsSync(entry)) continue;
    if (lstatSync(entry).isSymbolicLink()) args.push("--symlink", readlinkSync(entry), entry);
    else args.push("--ro-bind", entry, entry);
  }
  for (const entry of ETC_ENTRIES) args.push("--ro-bind-try", entry, entry);
  return args;
};

/**
 * The folder the program itself lives in, when it is outside /usr: LibreOffice's own tarball
 * install (/opt/libreoffice/program/soffice needs all of /opt/libreoffice), or a test's script.
 */
const programMount = (command: string) => {
  const real = realpathSync(command);
  if (real.startsWith("/usr/")) return [];
  const dir = path.dirname(real);
  const root = path.basename(dir) === "program" ? path.dirname(dir) : dir;
  return ["--ro-bind", root, root];
};

/** argv for bwrap running `command args` with `jobDir` as its only writable folder and `env` as its whole environment. */
export const sandboxArgv = (
  jobDir: string,
  command: string,
  args: string[],
  env: Record<string, string>,
) => [
  "--unshare-all",
  "--die-with-parent",
  "--new-session",
  ...systemMounts(),
  "--proc",
  "/proc",
  "--dev",
  "/dev",
  "--tmpfs",
  "/tmp",
  // After the private /tmp, which would hide a program kept there.
  ...programMount(command),
  "--bind",
  jobDir,
  jobDir,
  "--chdir",
  jobDir,
  "--clearenv",
  ...Object.entries(env).flatMap(([key, value]) => ["--setenv", key, value]),
  "--",
  command,
  ...args,
];

/**
 * Whether bwrap can build that box here: it needs user namespaces (or a setuid bwrap), which
 * some containers forbid. The probe runs `true` inside the very box the converter uses.
 */
export const probeSandbox = (bwrap: string, jobDir: string) =>
  new Promise<{ ok: true } | { ok: false; why: string }>((resolve) => {
    if (!existsSync(bwrap))
      return resolve({ ok: false, why: `${bwrap} is not installed (Debian package bubblewrap)` });
    const child = spawn(bwrap, sandboxArgv(jobDir, "/usr/bin/true", [], {}), {
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8");
    });
    child.on("error", (error) => resolve({ ok: false, why: error.message }));
    child.on("exit", (code) =>
      resolve(code === 0 ? { ok: true } : { ok: false, why: stderr.trim() || `exit ${code}` }),
    );
  });
