import type { SessionStore } from "../../lib/session-store";

/** What org routes need from the rest of the app: live sessions must drop stale rules. */
export type OrgDeps = { sessions: Pick<SessionStore, "invalidate"> };
