import { AVATAR_MAX_BYTES } from "../../../shared/contracts/profile";

/** The server accepts avatars up to 256 KB; a 256×256 square is all the UI ever shows. */
export const AVATAR_SIZE = 256;

const loadImage = (file: File) =>
  new Promise<HTMLImageElement>((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      resolve(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error("image"));
    };
    img.src = url;
  });

/** Bytes a base64 data URL decodes to. */
export const dataUrlBytes = (dataUrl: string) => {
  const base64 = dataUrl.slice(dataUrl.indexOf(",") + 1);
  return (
    Math.floor((base64.length * 3) / 4) - (base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0)
  );
};

/**
 * Centre-crops the picture to a square and draws it at 256×256, so a phone photo of several
 * megabytes becomes a small JPEG (PNG keeps transparency when the source has it).
 */
export const downscaleAvatar = async (file: File): Promise<string> => {
  const img = await loadImage(file);
  const side = Math.min(img.naturalWidth, img.naturalHeight);
  const canvas = document.createElement("canvas");
  canvas.width = AVATAR_SIZE;
  canvas.height = AVATAR_SIZE;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("canvas");
  context.drawImage(
    img,
    (img.naturalWidth - side) / 2,
    (img.naturalHeight - side) / 2,
    side,
    side,
    0,
    0,
    AVATAR_SIZE,
    AVATAR_SIZE,
  );
  const png = file.type === "image/png" ? canvas.toDataURL("image/png") : "";
  if (png && dataUrlBytes(png) <= AVATAR_MAX_BYTES) return png;
  return canvas.toDataURL("image/jpeg", 0.86);
};
