/** Route metas several features share (routing/route-types.ts describes the fields). */

/** What every signed-in member may open: the home page, calendar, tasks, their own settings. */
export const BASIC = { action: "basic", subject: "BASIC_PERMISSION" } as const;

/** Pages outside the sign-in, in the blank layout (sign-in, the error pages). */
export const PUBLIC_BLANK = { public: true, layout: "blank" } as const;

/** A business approval's detail page: whoever takes part may open it; the approval centre stays highlighted. */
export const APPROVAL_DETAIL = {
  action: "basic",
  subject: "BASIC_PERMISSION",
  isDetail: true,
  navActiveLink: "/workflow/center",
} as const;
