/** Largest part of a text file shown; the rest is a download. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/**
 * Decodes a text file's bytes as the writer meant them: a BOM names UTF-8 or UTF-16; otherwise
 * valid UTF-8 is UTF-8 and anything else is read as GB18030 (what Chinese Windows saves as ANSI).
 * The text is only ever shown as text (React escapes it): nothing in it is run or rendered.
 */
export const decodeText = (buf: Buffer): { text: string; encoding: string; truncated: boolean } => {
  const truncated = buf.length > TEXT_PREVIEW_BYTES;
  let bytes = truncated ? buf.subarray(0, TEXT_PREVIEW_BYTES) : buf;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return {
      text: new TextDecoder("utf-8").decode(bytes.subarray(3)),
      encoding: "UTF-8",
      truncated,
    };
  if (bytes[0] === 0xff && bytes[1] === 0xfe)
    return {
      text: new TextDecoder("utf-16le").decode(bytes.subarray(2)),
      encoding: "UTF-16LE",
      truncated,
    };
  if (bytes[0] === 0xfe && bytes[1] === 0xff)
    return {
      text: new TextDecoder("utf-16be").decode(bytes.subarray(2)),
      encoding: "UTF-16BE",
      truncated,
    };
  // A cut at the size limit may split a character: drop up to 3 trailing bytes before deciding.
  for (let cut = 0; cut < 4 && truncated; cut += 1) {
    try {
      return {
        text: new TextDecoder("utf-8", { fatal: true }).decode(
          bytes.subarray(0, bytes.length - cut),
        ),
        encoding: "UTF-8",
        truncated,
      };
    } catch {
      continue;
    }
  }
  try {
    return {
      text: new TextDecoder("utf-8", { fatal: true }).decode(bytes),
      encoding: "UTF-8",
      truncated,
    };
  } catch {
    bytes = truncated ? bytes.subarray(0, bytes.length - 1) : bytes;
    return { text: new TextDecoder("gb18030").decode(bytes), encoding: "GB18030", truncated };
  }
};
