import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import { login, stop, waitFor } from "./lib/servers";

/**
 * bench/files: upload and download of one 200 MB file through the real app (its own process)
 * versus `cp` of the same file on the same disk, and the server's resident memory meanwhile.
 * Prints figures only. `BENCH_FILE_MB` changes the size.
 */
const SIZE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const PORT = Number(process.env.BENCH_PORT ?? 3411);
const base = `http://127.0.0.1:${PORT}`;
const dir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-files-"));
const dataDir = path.join(dir, "data");
const source = path.join(dir, "source.bin");

const writeSource = async () => {
  const out = createWriteStream(source);
  // A PDF header so the upload passes content sniffing; random bytes so nothing compresses.
  out.write(Buffer.from("%PDF-1.7\n"));
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < SIZE_MB; i++) if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((resolve) => out.end(resolve));
};

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
};

/** Samples a process's RSS every 20 ms while fn runs; returns fn's seconds and the peak. */
const measure = async (pid: number, fn: () => Promise<void>) => {
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const started = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  return { seconds, peak: Math.max(peak, rssOf(pid)) };
};

const uploadFile = (token: string, uploadToken: string) =>
  new Promise<string>((resolve, reject) => {
    const boundary = `----bench${randomBytes(6).toString("hex")}`;
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-${Date.now()}.pdf"\r\n` +
        "Content-Type: application/pdf\r\n\r\n",
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const req = http.request(`${base}/api/documents/files`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "x-upload-token": uploadToken,
        "content-type": `multipart/form-data; boundary=${boundary}`,
        "content-length": head.length + statSync(source).size + tail.length,
      },
    });
    req.on("response", (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const body = JSON.parse(Buffer.concat(chunks).toString()) as { code: number; msg: string; data: { id: string }[] };
        if (body.code !== 200) reject(new Error(body.msg));
        else resolve(body.data[0].id);
      });
    });
    req.on("error", reject);
    req.write(head);
    const file = createReadStream(source);
    file.pipe(req, { end: false });
    file.on("end", () => req.end(tail));
  });

const downloadFile = (token: string, id: string, target: string) =>
  new Promise<void>((resolve, reject) => {
    http
      .get(`${base}/api/documents/files/${id}/content`, { headers: { authorization: `Bearer ${token}` } }, (res) => {
        if (res.statusCode !== 200) return reject(new Error(`download answered ${res.statusCode}`));
        pipeline(res, createWriteStream(target)).then(resolve, reject);
      })
      .on("error", reject);
  });

const mbps = (seconds: number) => SIZE_MB / seconds;

await writeSource();
const fsType = spawnSync("stat", ["-f", "-c", "%T", dir]).stdout.toString().trim();

const cp = await measure(process.pid, async () => {
  const result = spawnSync("cp", [source, path.join(dir, "copy.bin")]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
});
rmSync(path.join(dir, "copy.bin"));

const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
  env: {
    ...process.env,
    PORT: String(PORT),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    DATABASE_URL: "",
    UPLOAD_MAX_FILE_BYTES: String((SIZE_MB + 10) * 1024 * 1024),
  },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  await waitFor(`${base}/api/health`);
  const token = await login(base, "admin");
  const upToken = async () => {
    const res = await fetch(`${base}/api/user-service/user/get-up-token`, { headers: { authorization: `Bearer ${token}` } });
    return ((await res.json()) as { data: { token: string } }).data.token;
  };
  // Warm-up: load the upload and download code paths before measuring idle memory.
  await fetch(`${base}/api/documents/files`, { headers: { authorization: `Bearer ${token}` } });
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssOf(child.pid ?? 0);

  let fileId = "";
  const up = await measure(child.pid ?? 0, async () => {
    fileId = await uploadFile(token, await upToken());
  });
  const down = await measure(child.pid ?? 0, () => downloadFile(token, fileId, path.join(dir, "downloaded.bin")));
  const same = statSync(path.join(dir, "downloaded.bin")).size === statSync(source).size;

  console.log(`file: ${SIZE_MB} MB of random bytes on ${fsType} (${dir})`);
  console.log(`cp                 : ${mbps(cp.seconds).toFixed(0)} MB/s (${cp.seconds.toFixed(2)} s)`);
  console.log(`upload (multipart) : ${mbps(up.seconds).toFixed(0)} MB/s (${up.seconds.toFixed(2)} s), ratio to cp ${(cp.seconds / up.seconds).toFixed(2)} (target >= 0.70)`);
  console.log(`download           : ${mbps(down.seconds).toFixed(0)} MB/s (${down.seconds.toFixed(2)} s), ratio to cp ${(cp.seconds / down.seconds).toFixed(2)} (target >= 0.70), same size: ${same}`);
  console.log(`server RSS idle ${idle.toFixed(0)} MB; peak during upload ${up.peak.toFixed(0)} MB (+${(up.peak - idle).toFixed(0)}), during download ${down.peak.toFixed(0)} MB (+${(down.peak - idle).toFixed(0)}) (target: < +100 MB)`);
} finally {
  await stop(child);
  rmSync(dir, { recursive: true, force: true });
}
