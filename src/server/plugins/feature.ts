import type { FastifyInstance, FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";

import type { RowOwner } from "../lib/row-owners";
import type { ResourceBinding } from "../schema-engine";

type Bindings = Record<string, ResourceBinding>;

/**
 * What a feature adds to another feature's resource: hooks that run after the owner's, in the
 * same transaction (fees splits a payment when the cases feature writes it). The owner does not
 * know who extends it; the extending feature names the owner in its dependencies.
 */
export type BindingExtension = Pick<
  ResourceBinding,
  "beforeChange" | "beforeDelete" | "beforeInsert" | "beforeUpdate" | "afterWrite" | "withDetail"
>;
type Extensions = Record<string, BindingExtension>;

/** A feature's plugin, carrying the schema-engine bindings of its tables for the app to read first. */
export type FeaturePlugin = FastifyPluginAsync & {
  readonly featureName: string;
  readonly bindings: Bindings;
  readonly extensions: Extensions;
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
  opts: { dependencies?: string[]; bindings?: Bindings; extends?: Extensions } = {},
): FeaturePlugin =>
  Object.assign(fp(register, { name, dependencies: opts.dependencies ?? [] }), {
    featureName: name,
    bindings: opts.bindings ?? {},
    extensions: opts.extends ?? {},
  });

/** The owner's hooks, then the extension's; value hooks merge what both answer. */
const extend = (owner: ResourceBinding, ext: BindingExtension): ResourceBinding => {
  const both =
    <A extends unknown[]>(
      a: ((...args: A) => Promise<void> | void) | undefined,
      b: ((...args: A) => Promise<void> | void) | undefined,
    ) =>
    async (...args: A) => {
      await a?.(...args);
      await b?.(...args);
    };
  const merged = { ...owner };
  if (ext.beforeChange) merged.beforeChange = both(owner.beforeChange, ext.beforeChange);
  if (ext.beforeDelete) merged.beforeDelete = both(owner.beforeDelete, ext.beforeDelete);
  if (ext.afterWrite) merged.afterWrite = both(owner.afterWrite, ext.afterWrite);
  if (ext.beforeInsert) {
    const [a, b] = [owner.beforeInsert, ext.beforeInsert];
    merged.beforeInsert = async (ctx, values) => {
      const first = (await a?.(ctx, values)) ?? {};
      return { ...first, ...(await b(ctx, { ...values, ...first })) };
    };
  }
  if (ext.beforeUpdate) {
    const [a, b] = [owner.beforeUpdate, ext.beforeUpdate];
    merged.beforeUpdate = async (ctx, before, values) => {
      const first = (await a?.(ctx, before, values)) ?? {};
      return { ...first, ...(await b(ctx, before, { ...values, ...first })) };
    };
  }
  if (ext.withDetail) {
    const [a, b] = [owner.withDetail, ext.withDetail];
    merged.withDetail = async (ctx, record) => b(ctx, a ? await a(ctx, record) : record);
  }
  return merged;
};

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
  for (const feature of features) {
    for (const [resource, ext] of Object.entries(feature.extensions)) {
      if (!(resource in all))
        throw new Error(`${feature.featureName} extends ${resource}, which no feature binds`);
      all[resource] = extend(all[resource], ext);
    }
  }
  return all;
};

/** Registers each of a record's owners (one table each) on the app. */
export const registerRowOwners = (app: FastifyInstance, owners: Record<string, RowOwner>) => {
  for (const [table, owner] of Object.entries(owners)) app.rowOwners.register(table, owner);
};
