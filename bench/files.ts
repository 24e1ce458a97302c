import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  closeSync,
  createWriteStream,
  existsSync,
  mkdtempSync,
  openSync,
  readFileSync,
  readSync,
  rmSync,
  statSync,
} from "node:fs";
import { open } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";

import { type Answer, request } from "./lib/http";
import { login, startApp, stop, waitFor } from "./lib/servers";

/**
 * bench/files: upload and download of one 200 MB file through the real app (its own process,
 * embedded PGlite) versus a bare node:http server doing the same necessary work, and versus
 * copying the same file on the same disk, and the servers' resident memory meanwhile. Prints
 * figures only.
 *
 * The judged baseline is bench/files-baseline-server.ts: node:http, no framework, streaming the
 * upload to disk with the same sha256 and fsync, and the download from disk, driven by the same
 * curl commands. Targets: upload and download >= 0.80 of it; server RSS <= +100 MB over idle.
 *
 * The `cp` figures stay as context (what the disk and page cache can do at all):
 * - `cp`: a copy into the page cache; nothing has reached the disk when it returns.
 * - `cp + fsync`: the same copy, then fsync of the copy, i.e. the bytes are durable.
 * The upload route fsyncs each body before it answers 200 (a file store must not acknowledge a
 * file a power cut can still lose), so the upload is judged against `cp + fsync`. The download
 * writes to the client's page cache exactly like `cp`, so it is judged against `cp`. Every ratio
 * is printed against both anyway.
 *
 * The transfers go through curl (a native client, like the browser), the upload as the upload
 * panel sends it (raw body, POST /files/raw), the download as the browser fetches it (a ticket
 * link); the multipart route is timed once for reference.
 *
 * Each figure is the median of ROUNDS runs (`BENCH_ROUNDS`, default 5), each round timing cp,
 * cp + fsync, an upload and a download back to back; `BENCH_FILE_MB` changes the size.
 *
 * Every timed run starts from the same state, so the baselines are steadier and the ratios fair:
 * - The file the run reads (the source, or the stored body for a download) is read once just
 *   before, so it comes from the page cache. Without this, `cp` varied up to tenfold between runs:
 *   this VM's kernel pages out page cache that has not been touched for ~30 s (DAMON `pageout`),
 *   so a varying part of the source had to come back from the disk. The last line prints how
 *   much the timed runs still read from the disk (should be 0).
 * - One untimed round runs first (see the loop).
 * - Dirty pages are flushed (`sync`) and the disk is let go idle (nothing in flight, which also
 *   covers the discards ext4 issues after a commit for the copies removed in between), so one
 *   run's writeback does not land in the next one's time.
 */
const SIZE_MB = Number(process.env.BENCH_FILE_MB ?? 200);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const PORT = Number(process.env.BENCH_PORT ?? 3411);
const base = `http://127.0.0.1:${PORT}`;
/** The bare node:http baseline listens on the next port. */
const baselineBase = `http://127.0.0.1:${PORT + 1}`;
const dir = mkdtempSync(path.join(os.tmpdir(), "lm-bench-files-"));
const dataDir = path.join(dir, "data");
const source = path.join(dir, "source.bin");
const copy = path.join(dir, "copy.bin");

const writeSource = async () => {
  const out = createWriteStream(source);
  // A PDF header so the upload passes content sniffing; random bytes so nothing compresses.
  out.write(Buffer.from("%PDF-1.7\n"));
  const chunk = randomBytes(1024 * 1024);
  for (let i = 0; i < SIZE_MB; i++)
    if (!out.write(chunk)) await new Promise<void>((r) => out.once("drain", () => r()));
  await new Promise<void>((resolve) => out.end(resolve));
};

/** The block device holding `file` in /sys (undefined on a virtual file system). */
const blockDeviceOf = (file: string) => {
  const dev = statSync(file).dev;
  const sys = `/sys/dev/block/${(dev >> 8) & 0xfff}:${(dev & 0xff) | ((dev >> 12) & 0xfff00)}`;
  return existsSync(`${sys}/inflight`) ? sys : undefined;
};
const device = blockDeviceOf(dir);
const deviceNumbers = (file: string) =>
  device ? readFileSync(`${device}/${file}`, "utf8").trim().split(/\s+/).map(Number) : [];
/** MB read from the disk so far (field 3 of the block stat: 512-byte sectors read). */
const diskReadMb = () => (deviceNumbers("stat")[2] ?? 0) / 2048;

/** Reads a file through once, so the timed run finds it in the page cache. */
const warm = (file: string) => {
  const fd = openSync(file, "r");
  const buffer = Buffer.allocUnsafe(4 * 1024 * 1024);
  try {
    while (readSync(fd, buffer, 0, buffer.length, null) > 0);
  } finally {
    closeSync(fd);
  }
};

/** Flushes dirty pages, then waits until the disk has had nothing in flight for 50 ms (3 s at most). */
const settle = async () => {
  spawnSync("sync");
  const until = Date.now() + 3000;
  for (let idleFor = 0; idleFor < 5 && Date.now() < until;) {
    await new Promise((r) => setTimeout(r, 10));
    idleFor = deviceNumbers("inflight").some((n) => n > 0) ? 0 : idleFor + 1;
  }
};

const rssOf = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) / 1024 : 0;
};

/** CPU seconds (user + system) a process has used so far, from /proc (clock ticks of 10 ms). */
const cpuOf = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** CPU seconds all CPUs have spent busy so far (every /proc/stat column but idle and iowait). */
const machineBusy = () => {
  const [, ...ticks] = readFileSync("/proc/stat", "utf8")
    .split("\n")[0]
    .trim()
    .split(/\s+/)
    .map(Number);
  return (ticks.reduce((a, b) => a + b, 0) - ticks[3] - ticks[4]) / 100;
};

/** CPU seconds of this process and of its children it has waited for (cp, curl). */
const benchCpu = () => {
  const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) / 100;
};

/**
 * Times fn while sampling a process's RSS every 20 ms, after warming `reads` and settling the
 * disk; answers seconds, CPU seconds, the peak RSS and the MB read from the disk meanwhile.
 */
const measure = async (pid: number, reads: string, fn: () => Promise<void>) => {
  warm(reads);
  await settle();
  const readBefore = diskReadMb();
  let peak = rssOf(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssOf(pid));
  }, 20);
  const cpuBefore = cpuOf(pid);
  const benchBefore = benchCpu();
  const busyBefore = machineBusy();
  const started = process.hrtime.bigint();
  await fn();
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(timer);
  const cpu = cpuOf(pid) - cpuBefore;
  // What neither the server nor this bench (with cp and curl) used: other work on the machine.
  const others = Math.max(
    0,
    machineBusy() - busyBefore - (pid === process.pid ? 0 : cpu) - (benchCpu() - benchBefore),
  );
  return {
    seconds,
    cpu,
    others,
    peak: Math.max(peak, rssOf(pid)),
    diskRead: diskReadMb() - readBefore,
  };
};

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const cpOnce = async (withFsync: boolean) => {
  const result = spawnSync("cp", [source, copy]);
  if (result.status !== 0) throw new Error(result.stderr.toString());
  if (withFsync) {
    const handle = await open(copy, "r+");
    await handle.sync();
    await handle.close();
  }
};

const envelope = <T>(answer: Answer) => {
  const parsed = JSON.parse(answer.body) as { code: number; msg: string; data: T };
  if (parsed.code !== 200) throw new Error(`${answer.status}: ${parsed.msg}`);
  return parsed.data;
};

/**
 * The transfers themselves run through curl: a native client, as the browser is, so the figures
 * measure the server rather than a JavaScript client competing with it for the two CPUs.
 */
const curl = (args: string[]) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn("curl", ["-sS", "--fail-with-body", "-H", "Expect:", ...args]);
    const out: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => out.push(c));
    child.stderr.on("data", (c: Buffer) => out.push(c));
    child.on("error", reject);
    child.on("close", (code) => {
      const text = Buffer.concat(out).toString();
      if (code === 0) resolve(text);
      else reject(new Error(`curl exited ${code}: ${text}`));
    });
  });

const curlData = async <T>(args: string[]) => envelope<T>({ status: 200, body: await curl(args) });

/** The upload panel's path: the file as the raw body, one request. */
const uploadRaw = async (token: string, uploadToken: string, name: string) => {
  const url = `${base}/api/documents/files/raw?name=${encodeURIComponent(name)}`;
  const headers = ["-H", `authorization: Bearer ${token}`, "-H", `x-upload-token: ${uploadToken}`];
  const data = await curlData<{ id: string; sha256: string }[]>([
    "-X",
    "POST",
    ...headers,
    "-H",
    "content-type: application/octet-stream",
    "-T",
    source,
    url,
  ]);
  return data[0];
};

/** Where the disk store keeps a body (storage/disk-store.ts), to warm it before a download. */
const bodyPath = (sha256: string) =>
  path.join(dataDir, "files", "blobs", sha256.slice(0, 2), sha256.slice(2, 4), sha256);

/** The multipart route, for reference: same body, framed as multipart/form-data. */
const uploadMultipart = async (token: string, uploadToken: string, name: string) => {
  const headers = ["-H", `authorization: Bearer ${token}`, "-H", `x-upload-token: ${uploadToken}`];
  const data = await curlData<{ id: string }[]>([
    ...headers,
    "-F",
    `file=@${source};filename=${name};type=application/pdf`,
    `${base}/api/documents/files`,
  ]);
  return data[0].id;
};

/** The browser's path: a ticket link, then a plain GET written to disk. */
const downloadByTicket = async (token: string, id: string) => {
  const { url } = envelope<{ url: string }>(
    await request(
      `${base}/api/documents/files/${id}/ticket`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          "content-length": 2,
        },
      },
      () => Readable.from(["{}"]),
    ),
  );
  return async () => {
    await curl(["-o", copy, `${base}${url}`]);
  };
};

/** The same upload and download against the bare node:http baseline, by the same curl. */
const baselineUpload = async () =>
  JSON.parse(
    await curl([
      "-X",
      "POST",
      "-H",
      "content-type: application/octet-stream",
      "-T",
      source,
      `${baselineBase}/upload`,
    ]),
  ) as { sha256: string };
const baselineDownload = (sha256: string) => async () => {
  await curl(["-o", copy, `${baselineBase}/download/${sha256}`]);
};

const mbps = (seconds: number) => SIZE_MB / seconds;
const fmt = (seconds: number) =>
  `${mbps(seconds).toFixed(0).padStart(5)} MB/s (${seconds.toFixed(3)} s)`;
const ratio = (baseline: number, seconds: number) => (baseline / seconds).toFixed(2);

await writeSource();
const fsType = spawnSync("stat", ["-f", "-c", "%T", dir]).stdout.toString().trim();

// The app on the embedded database, its files under this run's directory (BENCH_NODE_ARGS applies).
const { child } = await startApp(PORT, {
  DATA_DIR: dataDir,
  DATABASE_URL: "",
  UPLOAD_MAX_FILE_BYTES: String((SIZE_MB + 10) * 1024 * 1024),
  DOCUMENTS_PURGE_INTERVAL_SECONDS: "0",
});
// Run by node itself (no npx wrapper), so stopping the child stops the server.
const baselineDir = path.join(dir, "baseline");
const baseline = spawn(process.execPath, ["--import", "tsx", "bench/files-baseline-server.ts"], {
  env: { ...process.env, PORT: String(PORT + 1), DIR: baselineDir },
  stdio: ["ignore", "inherit", "inherit"],
});
try {
  await waitFor(`${baselineBase}/health`);
  const pid = child.pid ?? 0;
  const baselinePid = baseline.pid ?? 0;
  const token = await login(base, "admin");
  const upToken = async () =>
    envelope<{ token: string }>(
      await request(`${base}/api/user-service/user/get-up-token`, {
        headers: { authorization: `Bearer ${token}` },
      }),
    ).token;
  // Warm-up: load the upload and download code paths (small file) before measuring idle memory.
  {
    const warm = await request(
      `${base}/api/documents/files/raw?name=warm-up.txt`,
      {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "x-upload-token": await upToken(),
          "content-type": "application/octet-stream",
          "content-length": 5,
        },
      },
      () => Readable.from([Buffer.from("hello")]),
    );
    await (
      await downloadByTicket(token, envelope<{ id: string }[]>(warm)[0].id)
    )();
    rmSync(copy);
  }
  {
    const warmBody = await baselineUpload();
    await baselineDownload(warmBody.sha256)();
    rmSync(copy);
  }
  await new Promise((r) => setTimeout(r, 1000));
  const idle = rssOf(pid);
  const baselineIdle = rssOf(baselinePid);
  let baselinePeak = baselineIdle;
  const baseUpTimes: number[] = [];
  const baseDownTimes: number[] = [];
  const vsBaseline: { up: number; down: number }[] = [];

  // Rounds interleave the baselines with the transfers, so a machine shared with other work
  // slows both sides of each ratio alike; ratios are taken per round, then the median. Round -1
  // is not counted: its copies are the first to touch memory the VM's host has taken back
  // (free page reporting), which made the first cp of a run up to 8x slower than the rest.
  const cpTimes: number[] = [];
  const cpSyncTimes: number[] = [];
  const upTimes: number[] = [];
  const downTimes: number[] = [];
  const upCpu: number[] = [];
  const downCpu: number[] = [];
  const othersCpu: number[] = [];
  const upRatios: { cp: number; cpSync: number }[] = [];
  const downRatios: { cp: number; cpSync: number }[] = [];
  let peak = idle;
  let sameSize = true;
  const diskReads = { cp: 0, cpSync: 0, up: 0, down: 0 };
  for (let i = -1; i < ROUNDS; i++) {
    const cpRun = await measure(process.pid, source, () => cpOnce(false));
    const cp = cpRun.seconds;
    rmSync(copy);
    const cpSyncRun = await measure(process.pid, source, () => cpOnce(true));
    const cpSync = cpSyncRun.seconds;
    rmSync(copy);
    const upload = await upToken();
    let stored = { id: "", sha256: "" };
    const up = await measure(pid, source, async () => {
      stored = await uploadRaw(token, upload, `bench-${i + 1}.pdf`);
    });
    const get = await downloadByTicket(token, stored.id);
    const down = await measure(pid, bodyPath(stored.sha256), get);
    sameSize &&= statSync(copy).size === statSync(source).size;
    rmSync(copy);
    let baseStored = { sha256: "" };
    const baseUp = await measure(baselinePid, source, async () => {
      baseStored = await baselineUpload();
    });
    const baseDown = await measure(
      baselinePid,
      path.join(baselineDir, "blobs", baseStored.sha256),
      baselineDownload(baseStored.sha256),
    );
    sameSize &&= statSync(copy).size === statSync(source).size;
    rmSync(copy);
    rmSync(path.join(baselineDir, "blobs", baseStored.sha256));
    peak = Math.max(peak, up.peak, down.peak);
    baselinePeak = Math.max(baselinePeak, baseUp.peak, baseDown.peak);
    if (i < 0) continue;
    baseUpTimes.push(baseUp.seconds);
    baseDownTimes.push(baseDown.seconds);
    vsBaseline.push({ up: baseUp.seconds / up.seconds, down: baseDown.seconds / down.seconds });
    diskReads.cp += cpRun.diskRead;
    diskReads.cpSync += cpSyncRun.diskRead;
    diskReads.up += up.diskRead;
    diskReads.down += down.diskRead;
    cpTimes.push(cp);
    cpSyncTimes.push(cpSync);
    upTimes.push(up.seconds);
    downTimes.push(down.seconds);
    upCpu.push(up.cpu);
    downCpu.push(down.cpu);
    othersCpu.push(cpRun.others + cpSyncRun.others + up.others + down.others);
    upRatios.push({ cp: cp / up.seconds, cpSync: cpSync / up.seconds });
    downRatios.push({ cp: cp / down.seconds, cpSync: cpSync / down.seconds });
  }
  const uploadMultipartToken = await upToken();
  const multipart = await measure(pid, source, async () => {
    await uploadMultipart(token, uploadMultipartToken, "bench-multipart.pdf");
  });

  const cp = median(cpTimes);
  const cpSync = median(cpSyncTimes);
  const up = median(upTimes);
  const down = median(downTimes);
  const r = (list: { cp: number; cpSync: number }[], key: "cp" | "cpSync") =>
    median(list.map((x) => x[key])).toFixed(2);
  console.log(
    `file: ${SIZE_MB} MB of random bytes on ${fsType} (${dir}); ${ROUNDS} rounds, medians; ${os.cpus().length} CPUs, load ${os.loadavg()[0].toFixed(1)}`,
  );
  const vs = (key: "up" | "down") => median(vsBaseline.map((x) => x[key])).toFixed(2);
  console.log(
    `node:http baseline upload   : ${fmt(median(baseUpTimes))}   stream to disk, sha256, fsync`,
  );
  console.log(`node:http baseline download : ${fmt(median(baseDownTimes))}   stream from disk`);
  console.log(
    `upload (raw body, fsynced)  : ${fmt(up)}   ratio to node:http ${vs("up")} (judged, target >= 0.80); context: to cp+fsync ${r(upRatios, "cpSync")}, to cp ${r(upRatios, "cp")}`,
  );
  console.log(
    `download (ticket link)      : ${fmt(down)}   ratio to node:http ${vs("down")} (judged, target >= 0.80); context: to cp ${r(downRatios, "cp")}, to cp+fsync ${r(downRatios, "cpSync")}; same size: ${sameSize}`,
  );
  console.log(`cp (context)                : ${fmt(cp)}   page cache only, nothing on disk yet`);
  console.log(`cp + fsync (context)        : ${fmt(cpSync)}   durable`);
  console.log(
    `upload (multipart, 1 run)   : ${fmt(multipart.seconds)}   ratio to cp+fsync ${ratio(cpSync, multipart.seconds)}, for reference`,
  );
  console.log(
    `server CPU per transfer (median): upload ${median(upCpu).toFixed(2)} s, download ${median(downCpu).toFixed(2)} s (a wall time well above it means the 2 CPUs were busy with other work)`,
  );
  console.log(
    `CPU used by everything else (other work, kernel writeback and network threads) during a round's timed runs (median): ${median(othersCpu).toFixed(2)} s; runs: ${othersCpu.map((s) => s.toFixed(2)).join(" ")}`,
  );
  console.log(
    `runs (s): node:http upload ${baseUpTimes.map((s) => s.toFixed(3)).join(" ")} | node:http download ${baseDownTimes.map((s) => s.toFixed(3)).join(" ")}`,
  );
  console.log(
    `runs (s): cp ${cpTimes.map((s) => s.toFixed(3)).join(" ")} | cp+fsync ${cpSyncTimes.map((s) => s.toFixed(3)).join(" ")} | upload ${upTimes.map((s) => s.toFixed(3)).join(" ")} | download ${downTimes.map((s) => s.toFixed(3)).join(" ")}`,
  );
  const above = (mb: number) => `${mb >= idle ? "+" : ""}${(mb - idle).toFixed(0)}`;
  const mb = (n: number) => n.toFixed(0);
  console.log(
    `disk reads during the timed runs (MB, all rounds): cp ${mb(diskReads.cp)}, cp+fsync ${mb(diskReads.cpSync)}, upload ${mb(diskReads.up)}, download ${mb(diskReads.down)}${device ? "" : " (no block device found: not measured)"}`,
  );
  console.log(
    `server RSS idle ${idle.toFixed(0)} MB; peak during raw uploads and downloads ${peak.toFixed(0)} MB (${above(peak)}), during the multipart upload ${multipart.peak.toFixed(0)} MB (${above(multipart.peak)}) (target: < +100 MB); node:http baseline idle ${baselineIdle.toFixed(0)} MB, peak ${baselinePeak.toFixed(0)} MB`,
  );
} finally {
  await stop(child);
  await stop(baseline);
  rmSync(dir, { recursive: true, force: true });
}
