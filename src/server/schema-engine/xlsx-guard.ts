import { inflateRawSync } from "node:zlib";

import { AppError } from "../../shared/errors";

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX_ENTRIES = 200;

/** `errors.importNotXlsx` or `errors.importTooLarge`. */
const badFile = (reason: "NotXlsx" | "TooLarge") => new AppError(400, `errors.import${reason}`);

const findEocd = (buf: Buffer) => {
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 65_535); i--) {
    if (buf.readUInt32LE(i) === EOCD) return i;
  }
  return -1;
};

/**
 * Opens the xlsx (a zip) before any parser does and inflates every entry against one budget of
 * bytes: a zip bomb (a tiny file that expands to gigabytes of shared strings or a sheet with a
 * million columns) is refused without ever being expanded, whatever sizes its headers claim.
 */
export const assertSafeXlsx = (buf: Buffer, maxUncompressed: number) => {
  if (buf.length < 22 || buf.readUInt32LE(0) !== LOCAL) throw badFile("NotXlsx");
  const eocd = findEocd(buf);
  if (eocd < 0) throw badFile("NotXlsx");
  const entries = buf.readUInt16LE(eocd + 10);
  let offset = buf.readUInt32LE(eocd + 16);
  if (entries > MAX_ENTRIES || offset >= buf.length) throw badFile("NotXlsx");
  let budget = maxUncompressed;
  let hasSheet = false;
  for (let n = 0; n < entries; n++) {
    if (offset + 46 > buf.length || buf.readUInt32LE(offset) !== CENTRAL) throw badFile("NotXlsx");
    const method = buf.readUInt16LE(offset + 10);
    const compressed = buf.readUInt32LE(offset + 20);
    const nameLength = buf.readUInt16LE(offset + 28);
    const extraLength = buf.readUInt16LE(offset + 30);
    const commentLength = buf.readUInt16LE(offset + 32);
    const local = buf.readUInt32LE(offset + 42);
    const name = buf.toString("utf8", offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;
    if (name.startsWith("xl/worksheets/")) hasSheet = true;
    if (local + 30 > buf.length || buf.readUInt32LE(local) !== LOCAL) throw badFile("NotXlsx");
    const dataStart = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const data = buf.subarray(dataStart, dataStart + compressed);
    let size: number;
    if (method === 0) size = data.length;
    else if (method === 8) {
      try {
        size = inflateRawSync(data, { maxOutputLength: Math.max(1, budget) }).length;
      } catch (error) {
        throw badFile(
          (error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE" ||
            error instanceof RangeError
            ? "TooLarge"
            : "NotXlsx",
        );
      }
    } else throw badFile("NotXlsx");
    budget -= size;
    if (budget < 0) throw badFile("TooLarge");
  }
  if (!hasSheet) throw badFile("NotXlsx");
};
