import { getTableName, sql } from "drizzle-orm";

import { LEAD_STAGE } from "../../../shared/contracts/intake";
import { AppError } from "../../../shared/errors";
import { leads } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import type { RowOwner } from "../../lib/row-owners";
import { failValidation, fieldError } from "../../schema-engine/checks";
import type { ResourceBinding } from "../../schema-engine";
import type { RecordRow } from "../../schema-engine/types";
import { nextLeadNo } from "./numbering";

/**
 * What a lead's values must say beyond its schema: who the prospect is (a client of the firm or a
 * new one by name), and why it was lost. "Won" is the case opening's to set, never a form's.
 */
const assertLeadValues = (ctx: RequestCtx, values: Record<string, unknown>, before?: RecordRow) => {
  const errors = [];
  if (!values.accountId && !values.prospectName)
    errors.push(fieldError("prospectName", "errors.intake.prospectRequired", ctx.lang));
  if (values.stage === LEAD_STAGE.won && before?.stage !== LEAD_STAGE.won)
    errors.push(fieldError("stage", "errors.intake.wonByConversion", ctx.lang));
  if (values.stage === LEAD_STAGE.lost && !String(values.lostReason ?? "").trim())
    errors.push(fieldError("lostReason", "errors.intake.lostReasonRequired", ctx.lang));
  failValidation(errors);
};

export const leadBindings: Record<string, ResourceBinding> = {
  leads: {
    table: leads,
    beforeInsert: async (ctx, values) => {
      const stage = values.stage ?? LEAD_STAGE.consult;
      assertLeadValues(ctx, { ...values, stage });
      return { stage, leadNo: await nextLeadNo(ctx) };
    },
    // A lead that became a case is the case's history now: it no longer changes or goes.
    beforeChange: (_ctx, before) => {
      if (before.caseId) throw new AppError(409, "errors.intake.leadConverted");
    },
    beforeUpdate: (ctx, before, values) => {
      assertLeadValues(ctx, values, before);
      return {};
    },
  },
};

/**
 * A lead belongs to its originator and to whoever entered it: "only own" shows a lawyer the leads
 * they brought or recorded, "only my department" those of their departments' members.
 */
export const leadRowOwners: Record<string, RowOwner> = {
  [getTableName(leads)]: {
    many: sql`select ${leads.originatorId} where ${leads.originatorId} is not null
      union all select ${leads.createdBy}`,
  },
};
