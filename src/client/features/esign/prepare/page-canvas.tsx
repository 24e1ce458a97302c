import { Spin } from "antd";
import { type PointerEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

import { usePageImage } from "../api";
import type { Field, PageSize } from "../types";
import {
  clampRect,
  fractionIn,
  isBigEnough,
  type Rect,
  rectAfterKey,
  rectBetween,
} from "./geometry";

export type PlacedField = Field & { index: number };

type Props = {
  contractId: string;
  fileId: string;
  page: number;
  pageCount: number;
  size: PageSize;
  fields: PlacedField[];
  labelOf: (f: PlacedField) => string;
  /** What the box itself shows (the page is plain to see). */
  shortLabelOf: (f: PlacedField) => string;
  colorOf: (signer: number) => string;
  selected: number | null;
  /** A box to focus once it is drawn (keyboard users land on the box they added). */
  focusIndex: number | null;
  onSelect: (index: number | null) => void;
  onDraw: (rect: Rect) => void;
  onMove: (index: number, rect: Rect) => void;
  onDelete: (index: number) => void;
};

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const style = (r: Rect) => ({ left: pct(r.x), top: pct(r.y), width: pct(r.w), height: pct(r.h) });

/**
 * One page with its boxes. Dragging on the page draws a box; dragging a box moves it; a focused
 * box moves with the arrow keys (Alt+arrows resize it) and goes with Delete.
 */
export const PageCanvas = (p: Props) => {
  const { t } = useTranslation();
  const { url, isFailed } = usePageImage(p.contractId, p.fileId, p.page);
  const overlay = useRef<HTMLDivElement>(null);
  const boxes = useRef(new Map<number, HTMLButtonElement>());
  const [draft, setDraft] = useState<{ from: { x: number; y: number }; rect: Rect } | null>(null);
  const drag = useRef<{ index: number; from: { x: number; y: number }; start: Rect } | null>(null);

  useEffect(() => {
    if (p.focusIndex !== null) boxes.current.get(p.focusIndex)?.focus();
  }, [p.focusIndex]);

  const startDraw = (e: PointerEvent<HTMLDivElement>) => {
    if (e.target !== overlay.current || e.button !== 0) return;
    e.currentTarget.setPointerCapture(e.pointerId);
    const from = fractionIn(e.currentTarget, e.clientX, e.clientY);
    setDraft({ from, rect: { ...from, w: 0, h: 0 } });
    p.onSelect(null);
  };
  const moveDraw = (e: PointerEvent<HTMLDivElement>) => {
    if (!draft) return;
    setDraft({
      ...draft,
      rect: rectBetween(draft.from, fractionIn(e.currentTarget, e.clientX, e.clientY)),
    });
  };
  const endDraw = () => {
    if (draft && isBigEnough(draft.rect)) p.onDraw(clampRect(draft.rect));
    setDraft(null);
  };

  const startMove = (e: PointerEvent<HTMLButtonElement>, f: PlacedField) => {
    if (e.button !== 0 || !overlay.current) return;
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    drag.current = {
      index: f.index,
      from: fractionIn(overlay.current, e.clientX, e.clientY),
      start: f,
    };
    p.onSelect(f.index);
  };
  const move = (e: PointerEvent<HTMLButtonElement>) => {
    const d = drag.current;
    if (!d || !overlay.current) return;
    const at = fractionIn(overlay.current, e.clientX, e.clientY);
    p.onMove(
      d.index,
      clampRect({
        x: d.start.x + at.x - d.from.x,
        y: d.start.y + at.y - d.from.y,
        w: d.start.w,
        h: d.start.h,
      }),
    );
  };

  return (
    <div className="esign-page" style={{ aspectRatio: `${p.size.width} / ${p.size.height}` }}>
      {url ? (
        <img
          src={url}
          alt={t("esign.place.pageAlt", { page: p.page, count: p.pageCount })}
          className="esign-page-img"
          draggable={false}
        />
      ) : (
        <div className="esign-page-wait">{isFailed ? t("esign.place.pageFailed") : <Spin />}</div>
      )}
      <div
        ref={overlay}
        className="esign-page-overlay"
        data-testid="esign-page-overlay"
        onPointerDown={startDraw}
        onPointerMove={moveDraw}
        onPointerUp={endDraw}
        onPointerCancel={() => setDraft(null)}
      >
        {p.fields.map((f) => (
          <button
            key={f.index}
            ref={(el) => {
              if (el) boxes.current.set(f.index, el);
              else boxes.current.delete(f.index);
            }}
            type="button"
            className={`esign-box esign-box-${f.kind}${p.selected === f.index ? " is-selected" : ""}`}
            style={{ ...style(f), borderColor: p.colorOf(f.signer), color: p.colorOf(f.signer) }}
            aria-label={p.labelOf(f)}
            aria-describedby="esign-place-hint"
            aria-pressed={p.selected === f.index}
            onFocus={() => p.onSelect(f.index)}
            onPointerDown={(e) => startMove(e, f)}
            onPointerMove={move}
            onPointerUp={() => (drag.current = null)}
            onKeyDown={(e) => {
              if (e.key === "Delete" || e.key === "Backspace") {
                e.preventDefault();
                p.onDelete(f.index);
                return;
              }
              const next = rectAfterKey(f, e.key, e.shiftKey, e.altKey);
              if (!next) return;
              e.preventDefault();
              p.onMove(f.index, next);
            }}
          >
            <span className="esign-box-label">{p.shortLabelOf(f)}</span>
          </button>
        ))}
        {draft ? <div className="esign-box esign-box-draft" style={style(draft.rect)} /> : null}
      </div>
    </div>
  );
};
