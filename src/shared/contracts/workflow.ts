/** Limits of an approval's requests that the server enforces and the client's forms check first. */

/** Files one submission or action attaches at most. */
export const MAX_ATTACHMENTS = 20;
/** Longest comment on a submission, an action or a reassignment. */
export const APPROVAL_COMMENT_MAX = 2000;
