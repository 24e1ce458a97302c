import {
  allNodes,
  type Definition,
  type ExclusiveBranch,
  type FlowNode,
  newTaskNode,
  type NodeType,
} from "../../../../shared/workflow";

/** Where a "+" on an edge inserts: a list (the main one, or a gateway branch) and an index in it. */
export type InsertAt = { gatewayId: string | null; branch: number; index: number };

const shortId = () => Math.random().toString(36).slice(2, 8);

/** A fresh id no node of the definition uses yet (ids stay stable once published). */
export const uniqueId = (def: Definition, prefix: string) => {
  const used = new Set(allNodes(def.nodes).map((n) => n.id));
  let id = `${prefix}-${shortId()}`;
  while (used.has(id)) id = `${prefix}-${shortId()}`;
  return id;
};

/** Applies fn to one node list (the main list or a gateway branch) and returns a new tree. */
const mapList = (
  nodes: FlowNode[],
  gatewayId: string | null,
  branch: number,
  fn: (list: FlowNode[]) => FlowNode[],
): FlowNode[] => {
  if (gatewayId === null) return fn(nodes);
  return nodes.map((n) => {
    if (n.type !== "exclusive" && n.type !== "parallel") return n;
    if (n.id === gatewayId) {
      const branches = n.branches.map((b, i) => (i === branch ? { ...b, nodes: fn(b.nodes) } : b));
      return { ...n, branches } as FlowNode;
    }
    return {
      ...n,
      branches: n.branches.map((b) => ({ ...b, nodes: mapList(b.nodes, gatewayId, branch, fn) })),
    } as FlowNode;
  });
};

/** Every list in the tree, each transformed by fn (used to find and change one node). */
const mapAll = (nodes: FlowNode[], fn: (list: FlowNode[]) => FlowNode[]): FlowNode[] =>
  fn(nodes).map((n) =>
    n.type === "exclusive" || n.type === "parallel"
      ? ({
          ...n,
          branches: n.branches.map((b) => ({ ...b, nodes: mapAll(b.nodes, fn) })),
        } as FlowNode)
      : n,
  );

export const newNode = (
  def: Definition,
  type: NodeType,
  names: Record<NodeType | "branch" | "default", string>,
): FlowNode => {
  const id = uniqueId(def, type);
  if (type === "approval" || type === "handler") {
    const node = newTaskNode(type, id, names[type]);
    delete node.assignees;
    return node;
  }
  if (type === "cc") return { id, name: names.cc, type: "cc", fields: {} };
  if (type === "parallel") {
    return {
      id,
      name: names.parallel,
      type: "parallel",
      branches: [1, 2].map((i) => ({
        id: `${id}-b${i}`,
        name: `${names.branch} ${i}`,
        nodes: [newNode(def, "approval", names)],
      })),
    };
  }
  const branches: ExclusiveBranch[] = [
    { id: `${id}-b1`, name: `${names.branch} 1`, when: [[]], nodes: [] },
    { id: `${id}-b2`, name: names.default, when: "default", nodes: [] },
  ];
  return { id, name: names.exclusive, type: "exclusive", branches };
};

export const insertNode = (def: Definition, at: InsertAt, node: FlowNode): Definition => ({
  ...def,
  nodes: mapList(def.nodes, at.gatewayId, at.branch, (list) => [
    ...list.slice(0, at.index),
    node,
    ...list.slice(at.index),
  ]),
});

export const removeNode = (def: Definition, id: string): Definition => ({
  ...def,
  nodes: mapAll(def.nodes, (list) => list.filter((n) => n.id !== id)),
});

export const updateNode = (
  def: Definition,
  id: string,
  change: (node: FlowNode) => FlowNode,
): Definition => ({
  ...def,
  nodes: mapAll(def.nodes, (list) => list.map((n) => (n.id === id ? change(n) : n))),
});

/** Adds a branch; on an exclusive gateway it goes before the default branch, which stays last. */
export const addBranch = (def: Definition, gatewayId: string, label: string): Definition =>
  updateNode(def, gatewayId, (n) => {
    if (n.type === "parallel") {
      return {
        ...n,
        branches: [
          ...n.branches,
          { id: uniqueId(def, `${n.id}-b`), name: `${label} ${n.branches.length + 1}`, nodes: [] },
        ],
      };
    }
    if (n.type === "exclusive") {
      const fresh: ExclusiveBranch = {
        id: uniqueId(def, `${n.id}-b`),
        name: `${label} ${n.branches.length}`,
        when: [[]],
        nodes: [],
      };
      const at = Math.max(0, n.branches.length - 1);
      return { ...n, branches: [...n.branches.slice(0, at), fresh, ...n.branches.slice(at)] };
    }
    return n;
  });

export const removeBranch = (def: Definition, gatewayId: string, branch: number): Definition =>
  updateNode(def, gatewayId, (n) =>
    n.type === "exclusive" || n.type === "parallel"
      ? ({ ...n, branches: n.branches.filter((_, i) => i !== branch) } as FlowNode)
      : n,
  );
