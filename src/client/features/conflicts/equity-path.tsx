import { Button, theme } from "antd";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";

import type { HitPath } from "../../../shared/contracts/conflicts";

/**
 * An equity hit's path, drawn A —35%→ B —22%→ C with the arrow pointing from holder to company:
 * down (holdings) the arrows run forwards, up (shareholders) they run back (A ←35%— B: B holds
 * 35% of A). Each arrow also says it in words for a screen reader.
 */
export const EquityPathDiagram = ({ path, id }: { path: HitPath; id?: string }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const down = path.direction === "down";
  const nodeStyle = {
    border: `1px solid ${token.colorBorder}`,
    borderRadius: token.borderRadiusSM,
    padding: "2px 8px",
  };
  return (
    <ol
      id={id}
      className="conflict-equity-path"
      aria-label={t(down ? "conflicts.path.down" : "conflicts.path.up")}
      style={{
        display: "flex",
        flexWrap: "wrap",
        alignItems: "center",
        gap: 6,
        listStyle: "none",
        margin: "6px 0 0",
        padding: 0,
      }}
    >
      <li style={nodeStyle}>{path.from}</li>
      {path.steps.map((s, i) => (
        <li key={`${i}-${s.name}`} style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
          <span
            role="img"
            aria-label={t(down ? "conflicts.path.holds" : "conflicts.path.heldBy", {
              share: s.share,
            })}
            style={{ whiteSpace: "nowrap", fontWeight: 600 }}
          >
            {down ? `—${s.share}%→` : `←${s.share}%—`}
          </span>
          <span style={nodeStyle}>{s.name}</span>
        </li>
      ))}
    </ol>
  );
};

/** A disclosure button under the hit's name that opens and closes its path (keyboard: Enter or Space). */
export const EquityPathToggle = ({ path }: { path: HitPath }) => {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <Button
        type="link"
        size="small"
        style={{ padding: 0 }}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t(open ? "conflicts.path.hide" : "conflicts.path.show", { tiers: path.steps.length })}
      </Button>
      {open && <EquityPathDiagram path={path} id={id} />}
    </div>
  );
};
