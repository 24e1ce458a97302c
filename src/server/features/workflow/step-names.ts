import { inArray, sql } from "drizzle-orm";

import { findNode, type FlowNode, type I18nText, textOf } from "../../../shared/workflow";
import { workflowDefinitionVersions, workflowInstances } from "../../db/tables";
import type { RequestCtx } from "../../lib/request-ctx";
import { inWorkspace } from "../../lib/tenant";

/** A step's name by instance and node, with the stored text as the fallback; `.flow` names the workflow likewise. */
export type StepNamer = ((instanceId: string, nodeId: string, stored: string) => string) & {
  flow: (instanceId: string, stored: string) => string;
};

/**
 * Step names in the reader's language for the lists of the approval centre. A task row keeps its
 * step's name as text (one language, for rows of any age); the name in each language lives on the
 * node in the flow of the instance's version, so the lists read it there: two small queries per
 * page (the instances' versions, then those versions' node trees and names). A node no flow
 * names keeps the stored text; so does the workflow's name (the definition row keeps one language).
 */
export const stepNamer = async (ctx: RequestCtx, instanceIds: string[]): Promise<StepNamer> => {
  const ids = [...new Set(instanceIds)];
  if (ids.length === 0)
    return Object.assign((_i: string, _n: string, stored: string) => stored, {
      flow: (_i: string, stored: string) => stored,
    });
  const i = workflowInstances;
  const v = workflowDefinitionVersions;
  const versions = await ctx.db
    .select({ id: i.id, versionId: i.versionId })
    .from(i)
    .where(inWorkspace(ctx, i, inArray(i.id, ids)));
  const versionIds = [...new Set(versions.map((r) => r.versionId))];
  const trees = versionIds.length
    ? await ctx.db
        .select({
          id: v.id,
          nodes: sql<FlowNode[]>`${v.flow} -> 'nodes'`,
          name: sql<I18nText | null>`${v.flow} -> 'name'`,
        })
        .from(v)
        .where(inWorkspace(ctx, v, inArray(v.id, versionIds)))
    : [];
  const nodesOf = new Map(trees.map((t) => [t.id, t.nodes]));
  const namesOf = new Map(trees.map((t) => [t.id, t.name]));
  const versionOf = new Map(versions.map((r) => [r.id, r.versionId]));
  const step = (instanceId: string, nodeId: string, stored: string) => {
    const nodes = nodesOf.get(versionOf.get(instanceId) ?? "");
    const node = Array.isArray(nodes) ? findNode(nodes, nodeId) : undefined;
    return (node && textOf(node.name, ctx.lang)) || stored;
  };
  const flow = (instanceId: string, stored: string) => {
    const name = namesOf.get(versionOf.get(instanceId) ?? "");
    return (name && textOf(name, ctx.lang)) || stored;
  };
  return Object.assign(step, { flow });
};
