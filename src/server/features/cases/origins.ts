import type { RequestCtx } from "../../lib/request-ctx";

/**
 * A record a case may be opened from (a lead, kept by the intake feature). Cases knows only this
 * shape: the feature owning the record registers it, and a submission naming one is refused unless
 * that feature says the record may still become a case.
 */
export type CaseOrigin = {
  /** At submission: throws (404 another firm's, 409 already a case) when the record may not. */
  assertOpenable: (ctx: RequestCtx, id: string) => Promise<void>;
  /** In the opening approval's transaction, once the case exists. */
  onOpened: (ctx: RequestCtx, id: string, caseId: string) => Promise<void>;
};

export type CaseOriginRegistry = {
  register: (origin: CaseOrigin) => void;
  /** The registered origin; a submission naming a lead with no intake feature is a mistake. */
  get: () => CaseOrigin;
};

declare module "fastify" {
  interface FastifyInstance {
    caseOrigins: CaseOriginRegistry;
  }
}

declare module "../../lib/request-ctx" {
  interface AppRegistries {
    caseOrigins: CaseOriginRegistry;
  }
}

export const createCaseOriginRegistry = (): CaseOriginRegistry => {
  let registered: CaseOrigin | undefined;
  return {
    register: (origin) => {
      if (registered) throw new Error("A case origin is registered twice");
      registered = origin;
    },
    get: () => {
      if (!registered) throw new Error("No feature registered the origin of cases (leadId)");
      return registered;
    },
  };
};
