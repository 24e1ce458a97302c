import { WORKFLOW_KINDS, type WorkflowKind } from "../../../shared/workflow";
import type { RequestCtx } from "../../lib/request-ctx";

/** What a business effect sees of the instance that finished. */
export type EffectInstance = {
  id: string;
  workspaceId: string;
  kind: string;
  definitionId: string;
  versionId: string;
  title: string;
  initiatorId: string;
  /** Set by the feature that started the instance (e.g. "accounts:<id>"). */
  businessRef: string;
  form: Record<string, unknown>;
  /** Who performed the action that finished it. */
  actorId: string;
};

/**
 * Each hook gets a service context built by the engine (effect-ctx.ts) on the transaction of the
 * final action: the firm of the approval, its last actor, the instance's language. Throwing an
 * AppError rolls the action back with that error.
 */
export type EffectHook = (ctx: RequestCtx, instance: EffectInstance) => Promise<void>;
export type BusinessEffect = {
  onComplete: EffectHook;
  onReject?: EffectHook;
  onCancel?: EffectHook;
};

/** The kinds whose approvals change business records when they end; "general" ones just complete. */
export type BusinessKind = Exclude<WorkflowKind, "general">;

/**
 * The feature whose plugin registers each business kind's effect. A kind added to WORKFLOW_KINDS
 * without a line here is a type error, and a kind whose feature did not register its effect stops
 * the start (`assertComplete`), naming the kind and the plugin expected to register it.
 */
const EFFECT_OWNERS = {
  case: "cases",
  "case-change": "cases",
  contract: "contracts",
  "contract-archive": "contracts",
  "contract-cancel": "contracts",
  seal: "seals",
  invoice: "invoices",
  "case-close": "closing",
  "case-archive": "archive",
  "archive-loan": "archive",
} as const satisfies Record<BusinessKind, string>;

const BUSINESS_KINDS = WORKFLOW_KINDS.filter((kind): kind is BusinessKind => kind in EFFECT_OWNERS);

/**
 * A business kind, or "<kind>:<ref prefix>" for an effect on part of a kind (e.g.
 * "general:accounts": client changes ride on a general flow, so other features can share it).
 */
export type EffectKey = BusinessKind | `${WorkflowKind}:${string}`;

export type WorkflowRegistry = {
  /** Features register what happens when an approval of their kind ends, once, from their plugin. */
  registerEffect: (key: EffectKey, effect: BusinessEffect) => void;
  /** The effect for an instance: one registered for "<kind>:<ref prefix>" wins over the bare kind's. */
  effectOf: (kind: string, businessRef?: string) => BusinessEffect | undefined;
  /** Throws naming every business kind that has no effect (run when the app is ready). */
  assertComplete: () => void;
};

declare module "fastify" {
  interface FastifyInstance {
    workflow: WorkflowRegistry;
  }
}

declare module "../../lib/request-ctx" {
  interface AppRegistries {
    workflow: WorkflowRegistry;
  }
}

export const createWorkflowRegistry = (): WorkflowRegistry => {
  const effects = new Map<string, BusinessEffect>();
  return {
    registerEffect: (key, effect) => {
      if (effects.has(key)) throw new Error(`Workflow effect ${key} is registered twice`);
      effects.set(key, effect);
    },
    effectOf: (kind, businessRef = "") => {
      const prefix = businessRef.split(":")[0];
      return (prefix && effects.get(`${kind}:${prefix}`)) || effects.get(kind);
    },
    assertComplete: () => {
      const missing = BUSINESS_KINDS.filter((kind) => !effects.has(kind));
      if (missing.length > 0) {
        const named = missing
          .map((kind) => `${kind} (the ${EFFECT_OWNERS[kind]} plugin)`)
          .join(", ");
        throw new Error(`Workflow kinds with no business effect: ${named}`);
      }
    },
  };
};
