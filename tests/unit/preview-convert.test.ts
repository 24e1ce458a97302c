import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import {
  ConvertError,
  createConverter,
  findSoffice,
} from "../../src/server/features/documents/preview/convert";

/**
 * The converter with stand-in programs: shell scripts called exactly as LibreOffice is
 * (`… --outdir <job>/out <job>/in.<ext>`), run in the same bubblewrap box. Each test's scripts
 * and job folders live in their own temp dirs.
 */
const scripts = mkdtempSync(path.join(os.tmpdir(), "lm-fake-soffice-"));
const script = (name: string, body: string) => {
  const file = path.join(scripts, name);
  // The last argument is the source; its folder is the job's own folder.
  writeFileSync(
    file,
    `#!/bin/sh\nfor a; do last="$a"; done\njob=$(dirname "$last")\nmkdir -p "$job/out"\n${body}\n`,
  );
  chmodSync(file, 0o755);
  return file;
};
const workDir = () => mkdtempSync(path.join(os.tmpdir(), "lm-jobs-"));
const base = { timeoutMs: 30_000, maxBytes: 1024 * 1024, concurrency: 2 };
const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => "converted",
    (error: unknown) => (error instanceof ConvertError ? error.reason : String(error)),
  );

// The app's data dir stand-in, outside /tmp so that the box's private /tmp is not what hides it.
const dataDir = mkdtempSync(path.join("/var/tmp", "lm-data-"));
const SECRET = "STORED-CLIENT-SECRET-7301";
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(scripts, { recursive: true, force: true });
});

describe("office converter: the sandbox", () => {
  let server: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    writeFileSync(path.join(dataDir, "secret.txt"), SECRET);
    server = net.createServer((socket) => {
      connections += 1;
      socket.end("hello");
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  // .ci/run installs bubblewrap; this machine and CI can build the box, so previews run in it.
  it("is available here", async () => {
    expect(await createConverter({ ...base, workDir: workDir() }).isolation()).toBe("bwrap");
  });

  it("cannot read the data dir, write outside its job folder, or open a network connection", async () => {
    // The stand-in tries each escape and writes what it got as its "PDF".
    const probe = script(
      "escape.sh",
      [
        `{ cat "${dataDir}/secret.txt" 2>&1 || echo "read:denied"`,
        `  ls "${dataDir}" 2>&1 || echo "list:denied"`,
        `  ls "${process.cwd()}/src" 2>&1 || echo "code:denied"`,
        `  (echo pwned > "${dataDir}/pwned") 2>&1 || echo "write:denied"`,
        `  /usr/bin/bash -c 'exec 3<>/dev/tcp/127.0.0.1/${port} && cat <&3' 2>&1 || echo "net:denied"`,
        `  /usr/bin/bash -c 'exec 3<>/dev/tcp/1.1.1.1/80' 2>&1 || echo "internet:denied"`,
        `} > "$job/out/in.pdf"`,
      ].join("\n"),
    );
    const pdf = await createConverter({ ...base, command: probe, workDir: workDir() }).toPdf(
      Buffer.from("x"),
      "docx",
    );
    const report = pdf.toString("utf8");
    expect(report).not.toContain(SECRET);
    expect(report, "a listing of the data dir").not.toMatch(/^secret\.txt$/m);
    expect(report).not.toContain("hello");
    for (const denied of ["read", "list", "code", "write", "net", "internet"])
      expect(report).toContain(`${denied}:denied`);
    expect(existsSync(path.join(dataDir, "pwned"))).toBe(false);
    expect(connections).toBe(0);
  });

  it("falls back to converting unboxed, with one warning, only where bwrap cannot run", async () => {
    const warnings: string[] = [];
    const log = { warn: (_obj: object, msg: string) => void warnings.push(msg) };
    const marker = script("marker.sh", `printf '%%PDF-unboxed' > "$job/out/in.pdf"`);
    const converter = createConverter({
      ...base,
      command: marker,
      workDir: workDir(),
      log,
      bwrap: path.join(scripts, "no-bwrap"),
    });
    expect(await converter.isolation()).toBe("none");
    expect((await converter.toPdf(Buffer.from("x"), "docx")).toString()).toBe("%PDF-unboxed");
    await converter.toPdf(Buffer.from("y"), "docx");
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("WITHOUT the sandbox");
    const boxed = createConverter({ ...base, command: marker, workDir: workDir(), log });
    expect(await boxed.isolation()).toBe("bwrap");
    expect(warnings).toHaveLength(1);
  });

  // A real escape: LibreOffice embeds a linked image ("file:///…") when it converts. Unboxed, the
  // secret drawing ends up in the PDF (the control below); boxed, the link points at nothing.
  const soffice = findSoffice();
  it(
    `LibreOffice does not pull a linked file of the data dir into the PDF (${soffice ?? "soffice missing"})`,
    { timeout: 180_000 },
    async () => {
      expect(soffice, "install libreoffice-core libreoffice-writer").toBeTruthy();
      const svg = path.join(dataDir, "seal.svg");
      writeFileSync(
        svg,
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><text x="10" y="50" font-size="30">${SECRET}</text></svg>`,
      );
      const doc = Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:xlink="http://www.w3.org/1999/xlink" office:version="1.2" office:mimetype="application/vnd.oasis.opendocument.text"><office:body><office:text><text:p>VisibleBefore<draw:frame draw:name="i1" text:anchor-type="as-char" svg:width="8cm" svg:height="2cm"><draw:image xlink:href="file://${svg}" xlink:type="simple" xlink:show="embed" xlink:actuate="onLoad"/></draw:frame></text:p></office:text></office:body></office:document>`,
      );
      const pdfText = (pdf: string) => execFileSync("pdftotext", [pdf, "-"]).toString("utf8");

      const control = mkdtempSync(path.join(os.tmpdir(), "lm-control-"));
      writeFileSync(path.join(control, "in.fodt"), doc);
      execFileSync(
        soffice as string,
        [
          `-env:UserInstallation=file://${control}/profile`,
          "--headless",
          "--norestore",
          "--convert-to",
          "pdf",
          "--outdir",
          control,
          path.join(control, "in.fodt"),
        ],
        { env: { HOME: control, PATH: "/usr/bin:/bin" }, stdio: "ignore" },
      );
      expect(
        pdfText(path.join(control, "in.pdf")),
        "unboxed LibreOffice embeds the linked file",
      ).toContain(SECRET);
      rmSync(control, { recursive: true, force: true });

      const pdf = await createConverter({ ...base, timeoutMs: 120_000, workDir: workDir() }).toPdf(
        doc,
        "fodt",
      );
      const out = path.join(mkdtempSync(path.join(os.tmpdir(), "lm-boxed-")), "out.pdf");
      writeFileSync(out, pdf);
      const text = pdfText(out);
      expect(text).toContain("VisibleBefore");
      expect(text).not.toContain(SECRET);
    },
  );
});

describe("office converter: limits and queue", () => {
  it(
    "kills a conversion at the time limit, with everything it started",
    { timeout: 30_000 },
    async () => {
      const slow = script("slow.sh", "sleep 31.337");
      const started = Date.now();
      const reason = await reasonOf(
        createConverter({ ...base, timeoutMs: 700, command: slow, workDir: workDir() }).toPdf(
          Buffer.from("x"),
          "doc",
        ),
      );
      expect(reason).toBe("timeout");
      expect(Date.now() - started).toBeLessThan(10_000);
      // No process of the job is left: not bwrap, not the script, not its sleep.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const left = readdirSync("/proc")
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("31.337");
          } catch {
            return false;
          }
        });
      expect(left).toEqual([]);
    },
  );

  it("refuses a file over the size limit without starting the converter", async () => {
    const jobs = workDir();
    const never = script("never.sh", `printf '%%PDF-never' > "$job/out/in.pdf"`);
    const converter = createConverter({ ...base, maxBytes: 10, command: never, workDir: jobs });
    expect(await reasonOf(converter.toPdf(Buffer.alloc(11), "xlsx"))).toBe("tooLarge");
    expect(readdirSync(jobs).filter((d) => d.startsWith("lm-preview-"))).toEqual([]);
    // At the limit it runs.
    expect((await converter.toPdf(Buffer.alloc(10), "xlsx")).toString()).toBe("%PDF-never");
  });

  it("says 'failed' when the converter exits with an error or writes no PDF", async () => {
    const converter = (body: string) =>
      createConverter({ ...base, command: script(`f${body.length}.sh`, body), workDir: workDir() });
    expect(await reasonOf(converter("exit 3").toPdf(Buffer.from("x"), "ppt"))).toBe("failed");
    expect(await reasonOf(converter("true").toPdf(Buffer.from("x"), "ppt"))).toBe("failed");
  });

  it(
    "runs at most PREVIEW_CONCURRENCY conversions at once; the rest wait their turn",
    { timeout: 60_000 },
    async () => {
      const jobs = workDir();
      // Each job says it started, then waits until the test lets it finish.
      const gated = script(
        "gated.sh",
        [
          `touch "$job/started"`,
          `while [ ! -e "$job/go" ]; do sleep 0.05; done`,
          `printf '%%PDF-%s' "$(basename "$job")" > "$job/out/in.pdf"`,
        ].join("\n"),
      );
      const converter = createConverter({ ...base, concurrency: 2, command: gated, workDir: jobs });
      const results = [1, 2, 3, 4, 5].map((n) => converter.toPdf(Buffer.from(String(n)), "docx"));
      const live = () => readdirSync(jobs).filter((d) => d.startsWith("lm-preview-"));
      const started = () => live().filter((d) => existsSync(path.join(jobs, d, "started")));
      const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      const until = async (check: () => boolean) => {
        for (let i = 0; i < 400 && !check(); i += 1) await pause(25);
        expect(check()).toBe(true);
      };
      // Let the jobs go one at a time: before each, exactly two run (fewer at the end), even after
      // giving a third every chance to start.
      for (let released = 0; released < 5; released += 1) {
        const running = Math.min(2, 5 - released);
        await until(() => started().length === running);
        await pause(200);
        expect(live()).toHaveLength(running);
        const first = started()[0];
        writeFileSync(path.join(jobs, first, "go"), "");
        await until(() => !live().includes(first));
      }
      const pdfs = await Promise.all(results);
      expect(new Set(pdfs.map((p) => p.toString())).size).toBe(5);
      expect(pdfs.every((p) => p.subarray(0, 5).toString() === "%PDF-")).toBe(true);
    },
  );
});
