import { useEffect } from "react";

import "./global-dialog.css";
import { closeGlobalDialog, DEFAULT_DIALOG_CLASS, useGlobalDialogState } from "./global-dialog";

/**
 * The global dialog: persistent (clicks outside do nothing), scrollable, leaves the page
 * scrollable behind it (no scroll lock, and without a scrim the page stays clickable), a scrim
 * only when the options ask for one. Escape still closes it for keyboard users.
 */
export const GlobalDialogHost = () => {
  const { content, options } = useGlobalDialogState();
  const isVisible = content !== null;

  useEffect(() => {
    if (!isVisible) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") closeGlobalDialog();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [isVisible]);

  if (!isVisible) return null;
  const classes = [
    "global-dialog-layer",
    options.scrim ? "has-scrim" : "",
    options.positionClass ?? "",
  ].filter(Boolean);

  return (
    <div className={classes.join(" ")} data-testid="global-dialog-layer">
      {options.scrim ? <div className="global-dialog-scrim" aria-hidden /> : null}
      <div
        role="dialog"
        aria-modal={options.scrim ? true : undefined}
        {...options.props}
        className={[options.contentClass ?? DEFAULT_DIALOG_CLASS, options.props?.className]
          .filter(Boolean)
          .join(" ")}
      >
        {content}
      </div>
    </div>
  );
};
