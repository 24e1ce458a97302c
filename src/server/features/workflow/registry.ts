import type { Db } from "../../db/client";

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

export type BusinessEffect = {
  /** Runs in the transaction of the final accept; throwing an AppError rolls the accept back. */
  onComplete: (tx: Db, instance: EffectInstance) => Promise<void>;
  onReject?: (tx: Db, instance: EffectInstance) => Promise<void>;
  onCancel?: (tx: Db, instance: EffectInstance) => Promise<void>;
};

const effects = new Map<string, BusinessEffect>();

/**
 * Features register what happens when an approval of their kind ends (a case is created, a
 * contract archived, client changes applied). Registration is code, done once at import, so
 * every app process has the same table. General approvals need none: they just complete.
 */
export const registerBusinessEffect = (kind: string, effect: BusinessEffect) => {
  effects.set(kind, effect);
};

/**
 * The effect for an instance: one registered as "<kind>:<ref prefix>" (e.g. "general:accounts",
 * so several features can share the general kind) wins over one registered for the bare kind.
 */
export const businessEffectOf = (kind: string, businessRef = "") => {
  const prefix = businessRef.split(":")[0];
  return (prefix && effects.get(`${kind}:${prefix}`)) || effects.get(kind);
};

export const HOOK_NAMES = { onComplete: "onComplete", onReject: "onReject", onCancel: "onCancel" } as const;
