import type { ComponentType } from "react";

const choosers = new Map<string, ComponentType>();

/**
 * A business kind whose approvals start from a chooser of its own instead of the flow's card
 * (cases: case type × filing type). The route list (src/client/routes.tsx) registers them, so
 * workflow imports none of those features.
 */
export const registerStartChooser = (kind: string, chooser: ComponentType) => {
  choosers.set(kind, chooser);
};

export const startChooserOf = (kind: string) => choosers.get(kind);
