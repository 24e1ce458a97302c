import http from "node:http";

export type Answer = { status: number; body: string };

/**
 * One request with node:http, the whole answer as text. node:http rather than fetch: the bench
 * client shares the two CPUs with the app and PostgreSQL, and fetch spends about twice the CPU
 * per request (WHATWG streams). The body is a string or, for uploads, a stream piped in.
 */
export const request = (
  url: string,
  init: http.RequestOptions,
  body?: string | (() => NodeJS.ReadableStream),
) =>
  new Promise<Answer>((resolve, reject) => {
    const req = http.request(url, init, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
      res.on("error", reject);
    });
    req.on("error", reject);
    if (typeof body === "function") body().pipe(req);
    else req.end(body);
  });
