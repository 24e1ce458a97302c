import { type FlowNode, isTaskNode, START_ID } from "./model";

/** One level of a node's address: the list it sits in and its index there. */
export type Frame = { list: FlowNode[]; index: number; branch?: number };

/**
 * Where a node sits: frames from the main list inward; the last frame holds the node itself and
 * each earlier frame's `index` points at the gateway enclosing the next frame.
 */
export const locate = (nodes: FlowNode[], id: string): Frame[] | undefined => {
  for (const [index, node] of nodes.entries()) {
    if (node.id === id) return [{ list: nodes, index }];
    if (node.type === "exclusive" || node.type === "parallel") {
      for (const [b, branch] of node.branches.entries()) {
        const inner = locate(branch.nodes, id);
        if (inner) return [{ list: nodes, index, branch: b }, ...inner];
      }
    }
  }
  return undefined;
};

export type ReturnCandidate = {
  nodeId: string;
  /** Exclusive gateways (and the branch) the target lies inside, innermost first; empty when plain. */
  via: { gatewayId: string; branch: number }[];
};

/**
 * Nodes a task at `nodeId` may return to by structure alone, nearest first,
 * `start` last: task nodes before it in its own list, then before each enclosing gateway walking
 * outward, and those inside earlier exclusive gateways. Never sibling branches or nodes inside
 * an earlier parallel gateway. The engine narrows this to nodes with a human task in this pass.
 */
export const returnCandidates = (nodes: FlowNode[], nodeId: string): ReturnCandidate[] => {
  const frames = locate(nodes, nodeId);
  if (!frames) return [];
  const out: ReturnCandidate[] = [];
  const collect = (node: FlowNode, via: ReturnCandidate["via"]) => {
    if (isTaskNode(node)) out.push({ nodeId: node.id, via });
    if (node.type !== "exclusive") return;
    for (const [b, branch] of node.branches.entries()) {
      for (const inner of [...branch.nodes].reverse())
        collect(inner, [{ gatewayId: node.id, branch: b }, ...via]);
    }
  };
  for (const frame of [...frames].reverse()) {
    for (let i = frame.index - 1; i >= 0; i -= 1) collect(frame.list[i], []);
  }
  out.push({ nodeId: START_ID, via: [] });
  return out;
};

/** Depth of gateway nesting (a flat list is depth 1). */
export const depthOf = (nodes: FlowNode[]): number =>
  1 +
  Math.max(
    0,
    ...nodes.map((n) =>
      n.type === "exclusive" || n.type === "parallel"
        ? Math.max(0, ...n.branches.map((b) => depthOf(b.nodes)))
        : 0,
    ),
  );

/**
 * The node a validation path points into ("nodes.0.branches.1.nodes.2.assignees" -> the third
 * node of the gateway's second branch): the innermost node on the path, or undefined when the
 * path does not start at the node list (name, form, start settings).
 */
export const nodeAtPath = (nodes: FlowNode[], path: string): FlowNode | undefined => {
  const parts = path.split(".");
  let list: FlowNode[] | undefined = nodes;
  let found: FlowNode | undefined;
  for (let i = 0; i + 1 < parts.length && list;) {
    if (parts[i] !== "nodes") break;
    const node: FlowNode | undefined = list[Number(parts[i + 1])];
    if (!node) break;
    found = node;
    i += 2;
    const branch = parts[i] === "branches" ? Number(parts[i + 1]) : Number.NaN;
    list =
      (node.type === "exclusive" || node.type === "parallel") && !Number.isNaN(branch)
        ? node.branches[branch]?.nodes
        : undefined;
    i += 2;
  }
  return found;
};
