import { Graph, layout } from "@dagrejs/dagre";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import ReactFlow, { Background, type Edge, MarkerType, type Node } from "reactflow";
import "reactflow/dist/style.css";

import { FlowControls } from "../../components/flow-controls";

export type EquityNode = {
  id: string;
  accountId: string | null;
  name: string;
  accountType: string | null;
};
export type EquityEdge = {
  id: string;
  source: string;
  target: string;
  share: number;
  version: number;
};

const WIDTH = 180;
const HEIGHT = 44;

/** Holders above, holdings below, laid out by dagre; the client itself is filled blue. */
export const EquityDiagram = ({
  nodes,
  edges,
  selfId,
  onOpen,
}: {
  nodes: EquityNode[];
  edges: EquityEdge[];
  selfId: string;
  onOpen: (node: EquityNode) => void;
}) => {
  const { t } = useTranslation();
  const flow = useMemo(() => {
    const g = new Graph();
    g.setGraph({ rankdir: "TB", nodesep: 40, ranksep: 70 });
    g.setDefaultEdgeLabel(() => ({}));
    for (const n of nodes) g.setNode(n.id, { width: WIDTH, height: HEIGHT });
    for (const e of edges) g.setEdge(e.source, e.target);
    layout(g);
    const flowNodes: Node[] = nodes.map((n) => {
      const pos = g.node(n.id);
      const cls = n.id === `a:${selfId}` ? "is-self" : n.accountId ? "" : "is-outside";
      return {
        id: n.id,
        position: { x: (pos?.x ?? 0) - WIDTH / 2, y: (pos?.y ?? 0) - HEIGHT / 2 },
        data: { label: n.name, node: n },
        className: `equity-node ${cls}`,
        draggable: false,
        connectable: false,
        style: { width: WIDTH },
      };
    });
    const flowEdges: Edge[] = edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      label: `${e.share}%`,
      markerEnd: { type: MarkerType.ArrowClosed },
      style: { strokeWidth: e.share >= 20 ? 2 : 1 },
    }));
    return { flowNodes, flowEdges };
  }, [nodes, edges, selfId]);
  return (
    // A group, not an image: its nodes are links to the parties and must stay reachable.
    <div className="equity-diagram" role="group" aria-label={t("accounts.equity.diagram")}>
      <ReactFlow
        nodes={flow.flowNodes}
        edges={flow.flowEdges}
        fitView
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        onNodeClick={(_, node) => onOpen((node.data as { node: EquityNode }).node)}
      >
        <Background />
        <FlowControls />
      </ReactFlow>
    </div>
  );
};
