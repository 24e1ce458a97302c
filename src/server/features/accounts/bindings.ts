import { AppError } from "../../../shared/errors";
import { accountEmployees, accounts } from "../../db/tables";
import type { ResourceBinding } from "../../schema-engine";

/** Status of a client whose changes wait for approval (the workflow issue approves them). */
export const PENDING = "pending";
export const ACTIVE = "active";

/** The tables behind schemas/accounts.schema.json and schemas/account-employees.schema.json. */
export const accountBindings: Record<string, ResourceBinding> = {
  accounts: {
    table: accounts,
    beforeChange: (_ctx, before) => {
      // Edits on top of changes still under review would be approved without anyone seeing them.
      if (before.status === PENDING) throw new AppError(409, "errors.accountPending");
    },
  },
  "account-employees": { table: accountEmployees },
};
