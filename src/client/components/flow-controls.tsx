import "./flow-controls.css";

import { CompressOutlined, MinusOutlined, PlusOutlined } from "@ant-design/icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ControlButton, Controls, useReactFlow } from "reactflow";

/**
 * React Flow's zoom buttons, labelled in the user's language (React Flow's own say "zoom in" in
 * English whatever the language). Render inside a `<ReactFlow>`.
 */
export const FlowControls = ({ fitPadding = 0.15 }: { fitPadding?: number }) => {
  const { t } = useTranslation();
  const flow = useReactFlow();
  const button = (label: string, icon: ReactNode, onClick: () => void) => (
    <ControlButton onClick={onClick} aria-label={label} title={label}>
      {icon}
    </ControlButton>
  );
  return (
    <Controls
      showZoom={false}
      showFitView={false}
      showInteractive={false}
      className="flow-controls"
    >
      {button(t("layout.diagram.zoomIn"), <PlusOutlined />, () => void flow.zoomIn())}
      {button(t("layout.diagram.zoomOut"), <MinusOutlined />, () => void flow.zoomOut())}
      {button(
        t("layout.diagram.fitView"),
        <CompressOutlined />,
        () => void flow.fitView({ padding: fitPadding, maxZoom: 1 }),
      )}
    </Controls>
  );
};
