import { decodeText } from "./text";

/** RFC 2047 encoded words in a header ("=?UTF-8?B?...?="), base64 or Q. */
const decodeWords = (value: string) =>
  value.replace(
    /=\?([^?]+)\?([bqBQ])\?([^?]*)\?=/g,
    (_m, charset: string, mode: string, data: string) => {
      const bytes =
        mode.toUpperCase() === "B" ? Buffer.from(data, "base64") : qp(data.replace(/_/g, " "));
      try {
        return new TextDecoder(charset.toLowerCase()).decode(bytes);
      } catch {
        return bytes.toString("latin1");
      }
    },
  );

const qp = (text: string) => {
  const soft = text.replace(/=\r?\n/g, "");
  const out: number[] = [];
  for (let i = 0; i < soft.length; i += 1) {
    if (soft[i] === "=" && /^[0-9A-Fa-f]{2}$/.test(soft.slice(i + 1, i + 3))) {
      out.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else out.push(soft.charCodeAt(i) & 0xff);
  }
  return Buffer.from(out);
};

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
};

/** The plain-text part of a message (the first text/plain, else text/html with tags removed). */
const textOf = (raw: string, depth = 0): string => {
  const { headers, body } = split(raw);
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary && depth < 5) {
    const parts = body.split(`--${boundary}`).slice(1, -1);
    const texts = parts.map((p) => ({
      type: split(p.replace(/^\r?\n/, "")).headers.get("content-type") ?? "text/plain",
      part: p.replace(/^\r?\n/, ""),
    }));
    const pick =
      texts.find((p) => /^text\/plain/i.test(p.type)) ??
      texts.find((p) => /^(text\/html|multipart\/)/i.test(p.type));
    return pick ? textOf(pick.part, depth + 1) : "";
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? qp(body)
        : Buffer.from(body, "latin1");
  const charset = /charset="?([^";]+)"?/i.exec(type)?.[1]?.toLowerCase();
  let text: string;
  try {
    text = charset ? new TextDecoder(charset).decode(bytes) : decodeText(bytes).text;
  } catch {
    text = decodeText(bytes).text;
  }
  return /^text\/html/i.test(type)
    ? text
        .replace(/<style[\s\S]*?<\/style>|<script[\s\S]*?<\/script>/gi, "")
        .replace(/<[^>]+>/g, "")
        .replace(/&nbsp;/g, " ")
    : text;
};

/** An .eml as its main headers and its text: shown as text, links and scripts never active. */
export const readEmail = (buf: Buffer) => {
  const raw = buf.toString("latin1");
  const { headers } = split(raw);
  // Raw 8-bit header bytes (UTF-8 or GB18030) first, then the encoded words in them.
  const header = (name: string) =>
    decodeWords(decodeText(Buffer.from(headers.get(name) ?? "", "latin1")).text);
  return {
    from: header("from"),
    to: header("to"),
    cc: header("cc"),
    subject: header("subject"),
    date: header("date"),
    text: textOf(raw),
  };
};
