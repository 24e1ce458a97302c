/** Status of a client whose changes wait for approval, and of one in force. */
export const PENDING = "pending";
export const ACTIVE = "active";

/** Approvals of client changes carry this business reference: "accounts:<account id>". */
export const ACCOUNT_CHANGE_REF = "accounts";
