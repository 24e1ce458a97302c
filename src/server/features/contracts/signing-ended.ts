import { sql } from "drizzle-orm";

import { contracts } from "../../db/tables";
import { CONTRACT_STATUS } from "./status";

/**
 * The contract's columns once an e-signing ended without being signed (declined, expired,
 * cancelled): its signing status says so, and a contract still "signing" goes back to "approved",
 * so it is prepared again or marked signed on paper, not left in signing with nothing out.
 */
export const signingEndedSet = (
  signingStatus: "declined" | "expired" | "cancelled",
  now: Date,
) => ({
  signingStatus,
  status: sql`case when ${contracts.status} = ${CONTRACT_STATUS.signing} then ${CONTRACT_STATUS.approved} else ${contracts.status} end`,
  version: sql`${contracts.version} + 1`,
  updatedAt: now,
});
