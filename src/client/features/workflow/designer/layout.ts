import dagre from "@dagrejs/dagre";
import type { Edge, Node } from "reactflow";

import type { Definition, FlowNode } from "../../../../shared/workflow";
import type { InsertAt } from "./tree-ops";

export type CanvasNodeData = {
  /** The definition node (absent for start, end and joins). */
  node?: FlowNode;
  kind: "start" | "end" | "task" | "gateway" | "join" | "branch";
  errors: string[];
  /** Branch heads: which branch of which gateway (a card showing its name and condition). */
  branchOf?: { gatewayId: string; branch: number };
};

/** Edges with `insert` carry a "+" that adds a node there; the others are plain connectors. */
export type CanvasEdgeData = { insert?: InsertAt };

export const START = "__start";
export const END = "__end";

const SIZE: Record<CanvasNodeData["kind"], { width: number; height: number }> = {
  start: { width: 200, height: 56 },
  end: { width: 120, height: 40 },
  task: { width: 220, height: 84 },
  gateway: { width: 200, height: 56 },
  join: { width: 24, height: 24 },
  branch: { width: 190, height: 48 },
};

/**
 * Turns the block-structured tree into canvas nodes and edges and lets dagre place them top to
 * bottom: a gateway is a split node and a join node with its branches between them. Every edge
 * knows where a node inserted on it goes in the tree.
 */
export const layoutDefinition = (def: Definition, errorsByNode: Map<string, string[]>) => {
  const nodes: Node<CanvasNodeData>[] = [];
  const edges: Edge<CanvasEdgeData>[] = [];
  const add = (
    id: string,
    kind: CanvasNodeData["kind"],
    node?: FlowNode,
    branchOf?: CanvasNodeData["branchOf"],
  ) =>
    nodes.push({
      id,
      type: kind,
      position: { x: 0, y: 0 },
      data: {
        node,
        kind,
        errors:
          kind === "task" || kind === "gateway" ? (errorsByNode.get(node?.id ?? id) ?? []) : [],
        ...(branchOf ? { branchOf } : {}),
      },
      draggable: false,
    });
  const link = (source: string, target: string, insert?: InsertAt) =>
    edges.push({
      id: `${source}->${target}`,
      source,
      target,
      type: "add",
      data: insert ? { insert } : {},
    });

  const list = (
    items: FlowNode[],
    gatewayId: string | null,
    branch: number,
    entry: string,
    exit: string,
  ) => {
    let prev = entry;
    items.forEach((n, index) => {
      link(prev, n.id, { gatewayId, branch, index });
      if (n.type === "exclusive" || n.type === "parallel") {
        add(n.id, "gateway", n);
        const join = `${n.id}__join`;
        add(join, "join");
        n.branches.forEach((_, bi) => {
          const head = `${n.id}__b${bi}`;
          add(head, "branch", n, { gatewayId: n.id, branch: bi });
          link(n.id, head);
          list(n.branches[bi].nodes, n.id, bi, head, join);
        });
        prev = join;
      } else {
        add(n.id, "task", n);
        prev = n.id;
      }
    });
    link(prev, exit, { gatewayId, branch, index: items.length });
  };

  add(START, "start");
  add(END, "end");
  list(def.nodes, null, 0, START, END);

  const g = new dagre.graphlib.Graph();
  g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 56 });
  g.setDefaultEdgeLabel(() => ({}));
  // A fresh label per node: dagre writes x and y into the object it is given.
  for (const n of nodes) g.setNode(n.id, { ...SIZE[n.data.kind] });
  for (const e of edges) g.setEdge(e.source, e.target);
  dagre.layout(g);
  for (const n of nodes) {
    const p = g.node(n.id);
    const size = SIZE[n.data.kind];
    n.position = { x: p.x - size.width / 2, y: p.y - size.height / 2 };
    n.style = { width: size.width, height: size.height };
  }
  return { nodes, edges };
};
