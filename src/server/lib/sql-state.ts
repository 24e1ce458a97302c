/** The SQLSTATE of a database error (e.g. "23505", "55P03"), through drizzle's wrapper if any. */
export const sqlState = (error: unknown): string | undefined => {
  for (let e: unknown = error, i = 0; e && i < 4; i += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};
