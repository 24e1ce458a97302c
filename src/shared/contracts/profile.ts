/** The signed-in user's own account: limits the server enforces and the settings screen checks first. */

/** Largest avatar, as the stored image's bytes. */
export const AVATAR_MAX_BYTES = 256 * 1024;
/** The image types an avatar may be. */
export const AVATAR_TYPES: readonly string[] = [
  "image/png",
  "image/jpeg",
  "image/webp",
  "image/gif",
];
