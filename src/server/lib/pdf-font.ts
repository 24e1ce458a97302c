import { readFile } from "node:fs/promises";
import { Readable } from "node:stream";

import * as fontkit from "fontkit";
import type { PDFDocument } from "pdf-lib";

import type { Config } from "./config";

/** pdf-lib does not export its fontkit interface; it is what registerFontkit takes. */
type Fontkit = Parameters<PDFDocument["registerFontkit"]>[0];

/** Where the CJK face comes from: fonts-noto-cjk's collection, Simplified Chinese face (`face` applies to collections only). */
export type PdfFont = { path: string; face: string };

export const DEFAULT_PDF_FONT: PdfFont = {
  path: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
  face: "NotoSansCJKsc-Regular",
};

/** The configured face (PDF_FONT_PATH, PDF_FONT_FACE), else the default. */
export const pdfFontOf = (config: Pick<Config, "pdfFontPath" | "pdfFontFace">): PdfFont =>
  config.pdfFontPath
    ? { path: config.pdfFontPath, face: config.pdfFontFace ?? DEFAULT_PDF_FONT.face }
    : DEFAULT_PDF_FONT;

type Loaded = { bytes: Buffer; fontkit: Fontkit };
const cache = new Map<string, Promise<Loaded>>();

/**
 * Upstream fontkit 2 for pdf-lib, not @pdf-lib/fontkit: that fork's subsetter writes a CFF with an
 * invalid header for CID-keyed fonts such as Noto Sans CJK (poppler and FreeType render nothing)
 * and mis-pads TrueType `loca`. fontkit 2 also opens one face of a .ttc by its PostScript name,
 * so no face has to be extracted. pdf-lib only still calls the stream-era `encodeStream()`.
 */
const fontkitFor = (face: string): Fontkit => {
  let parsed: fontkit.Font | undefined;
  return {
    create: (bytes: Uint8Array) => {
      if (!parsed) {
        const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
        // Only a collection is asked for the face: fontkit reads a name given for a single font as a variation.
        const opened = fontkit.create(buffer);
        const font =
          "fonts" in opened ? (fontkit.create(buffer, face) as fontkit.Font | null) : opened;
        if (!font || !("createSubset" in font)) throw new Error(`PDF font face ${face} not found`);
        const createSubset = font.createSubset.bind(font);
        font.createSubset = () => {
          const subset = createSubset();
          return Object.assign(subset, {
            encodeStream: () => Readable.from([Buffer.from(subset.encode())]),
          });
        };
        parsed = font;
      }
      return parsed as unknown as ReturnType<Fontkit["create"]>;
    },
  };
};

/** Read once per process (the collection is ~19 MB); a missing file fails the export with a 500. */
export const loadPdfFont = (font: PdfFont) => {
  const key = `${font.path}#${font.face}`;
  let loaded = cache.get(key);
  if (!loaded) {
    loaded = readFile(font.path).then((bytes) => ({ bytes, fontkit: fontkitFor(font.face) }));
    loaded.catch(() => cache.delete(key));
    cache.set(key, loaded);
  }
  return loaded;
};
