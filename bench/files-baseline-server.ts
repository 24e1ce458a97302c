import { createHash, randomUUID } from "node:crypto";
import { createReadStream, mkdirSync, statSync } from "node:fs";
import { open, rename } from "node:fs/promises";
import http from "node:http";
import path from "node:path";

/**
 * The fair baseline of bench/files: a bare node:http server (no framework, no database, no
 * sign-in) doing only the work a file store cannot skip. Upload: stream the body to a temporary
 * file while computing its sha256, fsync it, move it under its hash. Download: stream the stored
 * body from disk (4 MiB reads, as the app's disk store). Started by bench/files.ts with PORT and
 * DIR; nothing else.
 */
const dir = process.env.DIR ?? "/tmp/lm-files-baseline";
const blobs = path.join(dir, "blobs");
mkdirSync(blobs, { recursive: true });
const CHUNK = 4 * 1024 * 1024;

const upload = async (req: http.IncomingMessage, res: http.ServerResponse) => {
  const temp = path.join(dir, `${randomUUID()}.part`);
  const handle = await open(temp, "w");
  const hash = createHash("sha256");
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    hash.update(chunk);
    size += chunk.length;
    let written = 0;
    while (written < chunk.length) written += (await handle.write(chunk, written)).bytesWritten;
  }
  await handle.sync();
  await handle.close();
  const sha256 = hash.digest("hex");
  await rename(temp, path.join(blobs, sha256));
  res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ sha256, size }));
};

const download = (sha256: string, res: http.ServerResponse) => {
  const file = path.join(blobs, path.basename(sha256));
  const size = statSync(file).size;
  res.writeHead(200, { "content-type": "application/octet-stream", "content-length": size });
  createReadStream(file, { highWaterMark: CHUNK }).pipe(res);
};

http
  .createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && url.pathname === "/upload") {
      upload(req, res).catch((err: unknown) => res.writeHead(500).end(String(err)));
    } else if (req.method === "GET" && url.pathname.startsWith("/download/")) {
      download(url.pathname.slice("/download/".length), res);
    } else if (url.pathname === "/health") {
      res.end("ok");
    } else {
      res.writeHead(404).end();
    }
  })
  .listen(Number(process.env.PORT ?? 3412), "127.0.0.1");
