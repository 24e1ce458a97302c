/** Interface preferences: kept in cookies for the first paint and on the server per user. */
export const PREFERENCE_OPTIONS = {
  theme: ["light", "dark", "system"],
  skin: ["default", "bordered"],
  navLayout: ["vertical", "horizontal", "collapsed"],
  contentWidth: ["boxed", "fluid"],
  navbarType: ["sticky", "hidden"],
  footerType: ["static", "sticky", "hidden"],
} as const;

type Options = typeof PREFERENCE_OPTIONS;

export type Preferences = { [K in keyof Options]: Options[K][number] } & {
  navbarBlur: boolean;
  navCollapsed: boolean;
  isRtl: boolean;
  language: "zh-CN" | "en";
};

export const DEFAULT_PREFERENCES: Preferences = {
  theme: "light",
  skin: "default",
  navLayout: "vertical",
  contentWidth: "boxed",
  navbarType: "sticky",
  footerType: "static",
  navbarBlur: true,
  navCollapsed: false,
  isRtl: false,
  language: "zh-CN",
};

/** JSON schema of a partial update; the server validates with it. */
export const preferencesPatchSchema = {
  type: "object",
  additionalProperties: false,
  minProperties: 1,
  properties: {
    ...Object.fromEntries(
      Object.entries(PREFERENCE_OPTIONS).map(([key, values]) => [
        key,
        { type: "string", enum: values },
      ]),
    ),
    navbarBlur: { type: "boolean" },
    navCollapsed: { type: "boolean" },
    isRtl: { type: "boolean" },
    language: { type: "string", enum: ["zh-CN", "en"] },
  },
} as const;

/** Stored values over the defaults, ignoring anything a newer or older version left behind. */
export const mergePreferences = (
  stored: Record<string, unknown> | null | undefined,
): Preferences => {
  const out: Record<string, unknown> = { ...DEFAULT_PREFERENCES };
  for (const [key, value] of Object.entries(stored ?? {})) {
    const options = (PREFERENCE_OPTIONS as Record<string, readonly string[]>)[key];
    if (options ? options.includes(String(value)) : typeof value === typeof out[key])
      out[key] = value;
  }
  return out as Preferences;
};
