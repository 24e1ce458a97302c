import type { RequestCtx } from "../../lib/request-ctx";

/**
 * Runs in the closing approval's transaction (ctx.db), after the case is closed: throwing rolls
 * the accept back. Archiving opens the case's volume here.
 */
export type CaseClosedHook = (
  ctx: RequestCtx,
  closed: { caseId: string; closedAt: Date },
) => Promise<void>;

/**
 * What closing announces when a closing approval is accepted (`app.closingSteps`): features that
 * follow a closed case register a hook from their plugin, so closing never imports them.
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
