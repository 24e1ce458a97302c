import type { RequestCtx } from "../../lib/request-ctx";

/**
 * Runs in the transaction that closes the case (ctx.db), after it is closed: throwing rolls the
 * close back. Archiving opens the case's volume here.
 */
export type CaseClosedHook = (
  ctx: RequestCtx,
  closed: { caseId: string; closedAt: Date },
) => Promise<void>;

/**
 * What cases announce when a case closes (`app.closingSteps`), whichever way: the closing
 * approval's accept or an administrator's direct close. Features that follow a closed case
 * register a hook from their plugin, so cases never import them.
 */
export type ClosingSteps = {
  register: (hook: CaseClosedHook) => void;
  announce: CaseClosedHook;
};

declare module "fastify" {
  interface FastifyInstance {
    closingSteps: ClosingSteps;
  }
}

export const createClosingSteps = (): ClosingSteps => {
  const hooks: CaseClosedHook[] = [];
  return {
    register: (hook) => {
      hooks.push(hook);
    },
    announce: async (ctx, closed) => {
      for (const hook of hooks) await hook(ctx, closed);
    },
  };
};
