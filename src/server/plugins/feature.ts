import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

import type { RowOwner } from "../lib/row-owners";
import type { ResourceBinding } from "../schema-engine";

type Bindings = Record<string, ResourceBinding>;

/** A feature's plugin, carrying the schema-engine bindings of its tables for the app to read first. */
export type FeaturePlugin = FastifyPluginAsync & {
  readonly featureName: string;
  readonly bindings: Bindings;
};

/**
 * A feature as a Fastify plugin (fastify-plugin, so what it decorates and registers is the app's):
 * `dependencies` names the feature plugins it needs registered first (the start fails
 * otherwise); `bindings` are its tables behind schemas/*.schema.json, which the app hands to
 * the schema loader before anything opens, so a schema that does not fit its table stops the
 * start. The body registers the feature's routes (under the prefix it needs), business effects,
 * row owners, jobs, search providers and start-up steps on the app's registries; importing a
 * feature registers nothing.
 */
export const featurePlugin = (
  name: string,
  register: (app: FastifyInstance) => Promise<void>,
  opts: { dependencies?: string[]; bindings?: Bindings } = {},
): FeaturePlugin =>
  Object.assign(fp(register, { name, dependencies: opts.dependencies ?? [] }), {
    featureName: name,
    bindings: opts.bindings ?? {},
  });

/** Every feature's bindings, one table per resource name (two features binding one name is a mistake). */
export const bindingsOf = (features: FeaturePlugin[]): Bindings => {
  const all: Bindings = {};
  for (const feature of features) {
    for (const [resource, binding] of Object.entries(feature.bindings)) {
      if (resource in all)
        throw new Error(
          `Schema ${resource} is bound by two features (the second: ${feature.featureName})`,
        );
      all[resource] = binding;
    }
  }
  return all;
};

/** Registers each of a record's owners (one table each) on the app. */
export const registerRowOwners = (app: FastifyInstance, owners: Record<string, RowOwner>) => {
  for (const [table, owner] of Object.entries(owners)) app.rowOwners.register(table, owner);
};
