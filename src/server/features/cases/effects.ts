import type { FastifyInstance } from "fastify";

import type { RequestCtx } from "../../lib/request-ctx";
import type { EffectInstance } from "../workflow";
import { resolveCaseChanges } from "./changes";
import { CASE_CHANGE, CASE_SUBMISSION, syncRecordFiles } from "./files";
import { openCase } from "./open-case";
import { CASE_REF } from "./status";

/** The id after "cases:new:" or "cases:" in an approval's businessRef. */
const refId = (ref: string, prefix: string) =>
  ref.startsWith(prefix) ? ref.slice(prefix.length) : "";

/**
 * Opening approvals make the case when accepted (rejected or cancelled: nothing, no number used);
 * case-change approvals apply or drop the kept changes. Both run inside the approval's
 * transaction, so a failure rolls the accept back with its error.
 */
export const registerCaseEffects = (app: FastifyInstance) => {
  // The filing's files were locked with the submission; the case (if made) now holds its own locks.
  const release = async (ctx: RequestCtx, instance: EffectInstance) => {
    const id = refId(instance.businessRef, `${CASE_REF}:new:`);
    if (id) await syncRecordFiles(ctx, CASE_SUBMISSION, id, "", []);
  };
  app.workflow.registerEffect("case", {
    onComplete: async (ctx, instance) => {
      const id = refId(instance.businessRef, `${CASE_REF}:new:`);
      // A case flow started by hand from the approval centre has no submission: nothing to open.
      if (id) await openCase(ctx, app.resources, id, instance.id);
      await release(ctx, instance);
    },
    onReject: release,
    onCancel: release,
  });
  const resolve = (approved: boolean) => async (ctx: RequestCtx, instance: EffectInstance) => {
    const id = refId(instance.businessRef, `${CASE_REF}:`);
    if (!id) return;
    await resolveCaseChanges(ctx, app.resources, id, approved);
    // Applied, the case holds the files itself; dropped, the change's files are free again.
    await syncRecordFiles(ctx, CASE_CHANGE, id, "", []);
  };
  app.workflow.registerEffect("case-change", {
    onComplete: resolve(true),
    onReject: resolve(false),
    onCancel: resolve(false),
  });
};
