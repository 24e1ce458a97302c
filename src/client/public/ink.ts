/** Canvas helpers of the signature pad: the pad is 600 × 200 device-independent pixels. */

export const PAD = { width: 600, height: 200 };
export const INK = "#1b2a6b";
/** Script faces most systems have; the generic `cursive` is the last resort. No web font is fetched. */
export const SCRIPT_FONT =
  '"Segoe Script", "Brush Script MT", "Snell Roundhand", "Apple Chancery", "STKaiti", "KaiTi", "Kaiti SC", cursive';

export const clear = (canvas: HTMLCanvasElement) =>
  canvas.getContext("2d")?.clearRect(0, 0, canvas.width, canvas.height);

/** Writes a typed name as large as fits, centred. */
export const drawTyped = (canvas: HTMLCanvasElement, text: string) => {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  if (!text.trim()) return;
  let size = 96;
  do {
    ctx.font = `italic ${size}px ${SCRIPT_FONT}`;
    size -= 4;
  } while (ctx.measureText(text).width > canvas.width - 40 && size > 16);
  ctx.fillStyle = INK;
  ctx.textAlign = "center";
  ctx.textBaseline = "middle";
  ctx.fillText(text, canvas.width / 2, canvas.height / 2);
};

/** Fits an uploaded picture into the pad (re-encoding it drops its metadata and format quirks). */
export const drawImage = async (canvas: HTMLCanvasElement, file: Blob) => {
  const ctx = canvas.getContext("2d");
  if (!ctx) return;
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(canvas.width / bitmap.width, canvas.height / bitmap.height, 1);
  const w = bitmap.width * scale;
  const h = bitmap.height * scale;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(bitmap, (canvas.width - w) / 2, (canvas.height - h) / 2, w, h);
  bitmap.close();
};

/**
 * The drawn part only, as base64 PNG without the `data:` prefix (what the sign call takes): the
 * empty margins would otherwise shrink the signature inside its box on the PDF. Null when blank.
 */
export const toPng = (canvas: HTMLCanvasElement): string | null => {
  const ctx = canvas.getContext("2d");
  if (!ctx) return null;
  const { data, width, height } = ctx.getImageData(0, 0, canvas.width, canvas.height);
  let top = height;
  let left = width;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      if (data[(y * width + x) * 4 + 3] > 16) {
        if (x < left) left = x;
        if (x > right) right = x;
        if (y < top) top = y;
        if (y > bottom) bottom = y;
      }
    }
  }
  if (right < 0) return null;
  const pad = 6;
  const x = Math.max(0, left - pad);
  const y = Math.max(0, top - pad);
  const w = Math.min(width, right + pad + 1) - x;
  const h = Math.min(height, bottom + pad + 1) - y;
  const out = document.createElement("canvas");
  out.width = w;
  out.height = h;
  out.getContext("2d")?.drawImage(canvas, x, y, w, h, 0, 0, w, h);
  return out.toDataURL("image/png").replace(/^data:image\/png;base64,/, "");
};
