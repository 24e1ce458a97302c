import { type PointerEvent, useEffect, useRef, useState } from "react";

import { t } from "./i18n";
import { clear, drawImage, drawTyped, INK, PAD, toPng } from "./ink";

type Mode = "draw" | "type" | "upload";
const MODES: Mode[] = ["draw", "type", "upload"];
const MAX_UPLOAD = 5 * 1024 * 1024;

type Props = {
  open: boolean;
  signerName: string;
  onApply: (png: string, toAll: boolean) => void;
  onClose: () => void;
};

/**
 * The signature pad: draw with finger, pen or mouse; or type the name (the keyboard way, so no one
 * needs a pointer); or upload a picture. A native <dialog> keeps focus inside and closes on Esc.
 */
export const SignaturePad = ({ open, signerName, onApply, onClose }: Props) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [mode, setMode] = useState<Mode>("draw");
  const [typed, setTyped] = useState(signerName);
  const [hasInk, setInk] = useState(false);
  const [toAll, setToAll] = useState(true);
  const [error, setError] = useState("");

  useEffect(() => {
    const d = dialog.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);

  const pick = (next: Mode) => {
    setMode(next);
    setError("");
    if (!canvas.current) return;
    clear(canvas.current);
    if (next === "type") drawTyped(canvas.current, typed);
    setInk(next === "type" && Boolean(typed.trim()));
  };

  const reset = () => {
    if (mode === "type") setTyped("");
    if (canvas.current) clear(canvas.current);
    setInk(false);
    setError("");
  };

  const point = (e: PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * PAD.width,
      y: ((e.clientY - box.top) / box.height) * PAD.height,
    };
  };
  const down = (e: PointerEvent<HTMLCanvasElement>) => {
    if (mode !== "draw") return;
    e.currentTarget.setPointerCapture(e.pointerId);
    last.current = point(e);
  };
  const move = (e: PointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext("2d");
    if (!last.current || !ctx) return;
    const at = point(e);
    ctx.strokeStyle = INK;
    ctx.lineCap = "round";
    ctx.lineJoin = "round";
    // Pens report pressure; a mouse reports 0.5, which gives the middle width.
    ctx.lineWidth = 1.5 + 3 * (e.pressure || 0.5);
    ctx.beginPath();
    ctx.moveTo(last.current.x, last.current.y);
    ctx.lineTo(at.x, at.y);
    ctx.stroke();
    last.current = at;
    setInk(true);
  };

  const upload = async (file: File | undefined) => {
    setError("");
    if (!file || !canvas.current) return;
    if (!/^image\/(png|jpeg|webp)$/.test(file.type) || file.size > MAX_UPLOAD) {
      setError(t("pad.badImage"));
      return;
    }
    try {
      await drawImage(canvas.current, file);
      setInk(true);
    } catch {
      setError(t("pad.badImage"));
    }
  };
  const apply = () => {
    const png = canvas.current ? toPng(canvas.current) : null;
    if (!png) {
      setError(t("pad.empty"));
      return;
    }
    onApply(png, toAll);
  };

  return (
    <dialog ref={dialog} className="pub-dialog" aria-labelledby="pad-title" onClose={onClose}>
      <h2 id="pad-title">{t("pad.title")}</h2>
      <div role="tablist" aria-label={t("pad.modes")} className="pub-tabs">
        {MODES.map((m) => (
          <button
            key={m}
            type="button"
            role="tab"
            id={`pad-tab-${m}`}
            aria-selected={mode === m}
            aria-controls="pad-panel"
            className="pub-tab"
            onClick={() => pick(m)}
          >
            {t(`pad.${m}`)}
          </button>
        ))}
      </div>
      <div id="pad-panel" role="tabpanel" aria-labelledby={`pad-tab-${mode}`}>
        {mode === "type" ? (
          <p>
            <label htmlFor="pad-typed">{t("pad.typeLabel")}</label>
            <input
              id="pad-typed"
              className="pub-input"
              value={typed}
              maxLength={40}
              onChange={(e) => {
                setTyped(e.target.value);
                if (canvas.current) drawTyped(canvas.current, e.target.value);
                setInk(Boolean(e.target.value.trim()));
              }}
            />
          </p>
        ) : null}
        {mode === "upload" ? (
          <p>
            <span id="pad-file-hint">{t("pad.uploadLabel")}</span>
            {/* A styled stand-in for the native button, whose text follows the browser's language. */}
            <label className="pub-button pub-file-button">
              {t("pad.choosePicture")}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="pub-visually-hidden"
                aria-describedby="pad-file-hint"
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
          </p>
        ) : null}
        <canvas
          ref={canvas}
          width={PAD.width}
          height={PAD.height}
          className={`pub-pad${mode === "draw" ? " is-drawing" : ""}`}
          role="img"
          aria-label={mode === "draw" ? t("pad.drawHere") : t("pad.preview")}
          data-testid="signature-canvas"
          onPointerDown={down}
          onPointerMove={move}
          onPointerUp={() => (last.current = null)}
          onPointerCancel={() => (last.current = null)}
        />
        {mode === "draw" ? <p className="pub-muted">{t("pad.drawHint")}</p> : null}
      </div>
      <label className="pub-check">
        <input type="checkbox" checked={toAll} onChange={(e) => setToAll(e.target.checked)} />{" "}
        {t("pad.toAll")}
      </label>
      {error ? (
        <p role="alert" className="pub-error-text">
          {error}
        </p>
      ) : null}
      <div className="pub-actions">
        <button type="button" className="pub-button" onClick={reset} disabled={!hasInk}>
          {t("pad.clear")}
        </button>
        <button type="button" className="pub-button" onClick={onClose}>
          {t("pad.cancel")}
        </button>
        <button type="button" className="pub-button pub-primary" onClick={apply}>
          {t("pad.apply")}
        </button>
      </div>
    </dialog>
  );
};
