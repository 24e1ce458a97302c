import "reactflow/dist/style.css";

import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import ReactFlow, { Background, MiniMap, ReactFlowProvider, useReactFlow } from "reactflow";

import type { Definition } from "../../../../shared/workflow";
import { FlowControls } from "../../../components/flow-controls";
import { type DesignerApi, DesignerContext, EDGE_TYPES, NODE_TYPES } from "./canvas-parts";
import { layoutDefinition } from "./layout";

type Props = { def: Definition; errorsByNode: Map<string, string[]>; api: DesignerApi };

/** Re-fits the view when the tree's shape changes (a node added or removed), not on every edit. */
const FitOnShape = ({ shape }: { shape: string }) => {
  const flow = useReactFlow();
  useEffect(() => {
    const timer = setTimeout(() => flow.fitView({ padding: 0.15, maxZoom: 1 }), 30);
    return () => clearTimeout(timer);
  }, [shape, flow]);
  return null;
};

/** The canvas: laid out by dagre from the tree, zoom, pan, minimap; nodes are not dragged. */
export const DesignerCanvas = ({ def, errorsByNode, api }: Props) => {
  const { nodes, edges } = useMemo(() => layoutDefinition(def, errorsByNode), [def, errorsByNode]);
  const shape = nodes.map((n) => n.id).join(",");
  const { t } = useTranslation();
  return (
    <DesignerContext.Provider value={api}>
      <ReactFlowProvider>
        <div className="wf-canvas">
          <ReactFlow
            nodes={nodes}
            edges={edges}
            nodeTypes={NODE_TYPES}
            edgeTypes={EDGE_TYPES}
            nodesDraggable={false}
            nodesConnectable={false}
            elementsSelectable={false}
            // The cards hold their own buttons; a focusable wrapper (role="button") around them
            // would nest controls, and React Flow's keyboard hints speak English only.
            nodesFocusable={false}
            disableKeyboardA11y
            fitView
            fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
            minZoom={0.2}
            maxZoom={2}
            proOptions={{ hideAttribution: true }}
          >
            <Background gap={16} />
            <FlowControls />
            <MiniMap pannable zoomable ariaLabel={t("layout.diagram.minimap")} />
            <FitOnShape shape={shape} />
          </ReactFlow>
        </div>
      </ReactFlowProvider>
    </DesignerContext.Provider>
  );
};
