import type { RequestCtx } from "../../lib/request-ctx";

/** A later step of a contract that others may keep a record of. */
export type ContractStepAction = "archived" | "voided";

/**
 * Runs in the transaction of the step (ctx.db): throwing rolls the step back. E-signing writes
 * the step into the contract's signing trail (and ends a request still out when it is voided).
 */
export type ContractStepHook = (
  ctx: RequestCtx,
  contractId: string,
  action: ContractStepAction,
  detail: Record<string, unknown>,
  now: Date,
) => Promise<void>;

/**
 * What the contracts feature announces when an archive or void approval is applied
 * (`app.contractSteps`): features that keep their own record of a contract register a hook from
 * their plugin, so contracts never call them.
 */
export type ContractSteps = {
  register: (hook: ContractStepHook) => void;
  announce: ContractStepHook;
};

declare module "fastify" {
  interface FastifyInstance {
    contractSteps: ContractSteps;
  }
}

export const createContractSteps = (): ContractSteps => {
  const hooks: ContractStepHook[] = [];
  return {
    register: (hook) => {
      hooks.push(hook);
    },
    announce: async (ctx, contractId, action, detail, now) => {
      for (const hook of hooks) await hook(ctx, contractId, action, detail, now);
    },
  };
};
