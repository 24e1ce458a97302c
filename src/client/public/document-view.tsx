import { useState } from "react";

import type { Field } from "../features/esign";
import { PublicError, type PublicView, type SigningApi } from "./api";
import { DeclineDialog } from "./decline-dialog";
import { t } from "./i18n";
import { SignaturePad } from "./signature-pad";
import "./document.css";

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const key = (f: Field, i: number) => f.id ?? String(i);

/**
 * The document as page images with this signer's fields marked. A signature field opens the pad;
 * a date field is filled by the server when signing. Sign is offered once every signature field
 * has a mark.
 */
export const DocumentView = ({
  api,
  view,
  onView,
}: {
  api: SigningApi;
  view: PublicView;
  onView: (view: PublicView) => void;
}) => {
  const [marks, setMarks] = useState<Record<string, string>>({});
  const [padFor, setPadFor] = useState<string | null>(null);
  const [isDeclining, setDeclining] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const signatureKeys = view.fields.flatMap((f, i) => (f.kind === "signature" ? [key(f, i)] : []));
  const done = signatureKeys.filter((k) => marks[k]).length;

  const apply = (png: string, toAll: boolean) => {
    if (!padFor) return;
    const next = { ...marks, [padFor]: png };
    if (toAll) for (const k of signatureKeys) next[k] ??= png;
    setMarks(next);
    setPadFor(null);
  };
  const submit = async (work: () => Promise<PublicView>) => {
    setBusy(true);
    setError("");
    try {
      onView(await work());
    } catch (e) {
      setError(e instanceof PublicError && e.message ? e.message : t("errors.network"));
    } finally {
      setBusy(false);
    }
  };
  const sign = () =>
    void submit(() =>
      api.sign(Object.fromEntries(signatureKeys.map((k) => [k, { png: marks[k] }]))),
    );

  return (
    <>
      <section className="pub-card" aria-labelledby="doc-title">
        <h2 id="doc-title">{t("sign.title")}</h2>
        <p>{t("sign.explain", { count: signatureKeys.length })}</p>
        <p role="status" className="pub-muted">
          {t("sign.progress", { done, total: signatureKeys.length })}
        </p>
      </section>
      <div className="pub-pages">
        {view.pages.map((size, index) => {
          const page = index + 1;
          return (
            <figure
              key={page}
              className="pub-page"
              style={{ aspectRatio: `${size.width} / ${size.height}` }}
            >
              <img
                src={api.pageUrl(page)}
                alt={t("sign.pageAlt", { page, count: view.pageCount })}
                loading={page > 2 ? "lazy" : "eager"}
              />
              {view.fields.map((f, i) =>
                f.page !== page ? null : (
                  <FieldBox
                    key={key(f, i)}
                    field={f}
                    mark={marks[key(f, i)]}
                    onOpen={() => setPadFor(key(f, i))}
                  />
                ),
              )}
            </figure>
          );
        })}
      </div>
      <div className="pub-sticky-bar">
        {error ? (
          <p role="alert" className="pub-error-text">
            {error}
          </p>
        ) : null}
        <div className="pub-actions">
          <button
            type="button"
            className="pub-button pub-danger-outline"
            onClick={() => setDeclining(true)}
            disabled={busy}
          >
            {t("sign.decline")}
          </button>
          <button
            type="button"
            className="pub-button pub-primary"
            onClick={sign}
            disabled={busy || done < signatureKeys.length}
          >
            {busy ? t("sign.signing") : t("sign.sign")}
          </button>
        </div>
      </div>
      <SignaturePad
        open={padFor !== null}
        signerName={view.signerName}
        onApply={apply}
        onClose={() => setPadFor(null)}
      />
      <DeclineDialog
        open={isDeclining}
        busy={busy}
        onClose={() => setDeclining(false)}
        // A declined request's link answers 404 from then on, so the page states the outcome itself instead of reloading.
        onDecline={(reason) =>
          void submit(async () => {
            await api.decline(reason);
            return { ...view, signerStatus: "declined", requestStatus: "declined" };
          }).then(() => setDeclining(false))
        }
      />
    </>
  );
};

const FieldBox = ({
  field,
  mark,
  onOpen,
}: {
  field: Field;
  mark: string | undefined;
  onOpen: () => void;
}) => {
  const style = {
    left: pct(field.x),
    top: pct(field.y),
    width: pct(field.w),
    height: pct(field.h),
  };
  if (field.kind === "date") {
    return (
      // The box is often a line high: a short word that scales with it, the full sentence for
      // screen readers and on hover.
      <span
        className="pub-field pub-field-date"
        style={style}
        title={t("sign.dateField")}
        role="img"
        aria-label={t("sign.dateField")}
      >
        <span className="pub-field-text" aria-hidden>
          {t("sign.dateShort")}
        </span>
      </span>
    );
  }
  return (
    <button
      type="button"
      className={`pub-field pub-field-sign${mark ? " is-done" : ""}`}
      style={style}
      onClick={onOpen}
      aria-label={mark ? t("sign.changeSignature") : t("sign.signHere")}
    >
      {mark ? <img src={`data:image/png;base64,${mark}`} alt="" /> : t("sign.signHere")}
    </button>
  );
};
