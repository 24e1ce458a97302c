import { type DragEvent, useState } from "react";

import type { Language } from "../../shared/i18n-config";
import { PublicError, type VerifyResult, verifyPdf } from "./api";
import { firmClock } from "./firm-clock";
import { t } from "./i18n";
import { Notice, Shell } from "./shell";
import "./verify.css";

const MAX_BYTES = 50 * 1024 * 1024;

/**
 * /manage/verify — anyone holding a PDF asks whether it is one the firm sealed and whether it is
 * unchanged since. The file goes to the server as raw bytes; nothing about it is kept.
 */
export const VerifyPage = ({ onLanguage }: { onLanguage: (language: Language) => void }) => {
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [fileName, setFileName] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [isOver, setOver] = useState(false);

  const check = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    setError("");
    setFileName(file.name);
    if (file.size > MAX_BYTES) {
      setError(t("verify.tooLarge"));
      return;
    }
    setBusy(true);
    try {
      setResult(await verifyPdf(file));
    } catch (e) {
      setError(e instanceof PublicError && e.message ? e.message : t("errors.network"));
    } finally {
      setBusy(false);
    }
  };
  const drop = (e: DragEvent<HTMLLabelElement>) => {
    e.preventDefault();
    setOver(false);
    void check(e.dataTransfer.files[0]);
  };

  const isGood = result ? result.sealed && result.unaltered && result.signatureValid : false;
  return (
    <Shell title={t("verify.title")} subtitle={t("verify.subtitle")} onLanguage={onLanguage}>
      <label
        className={`pub-card pub-drop${isOver ? " is-over" : ""}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <span className="pub-drop-title">{t("verify.drop")}</span>
        <span className="pub-muted">{t("verify.or")}</span>
        {/* The native control's own button text follows the browser's language, not the page's: a styled stand-in shows instead. */}
        <input
          type="file"
          accept="application/pdf,.pdf"
          className="pub-visually-hidden"
          aria-label={t("verify.choose")}
          onChange={(e) => void check(e.target.files?.[0])}
        />
        <span className="pub-button pub-primary" aria-hidden>
          {t("verify.choose")}
        </span>
        {fileName ? <span className="pub-muted">{fileName}</span> : null}
      </label>
      {busy ? (
        <p role="status" className="pub-muted">
          {t("verify.checking", { name: fileName })}
        </p>
      ) : null}
      {error ? (
        <Notice tone="error" title={t("errors.title")}>
          <p>{error}</p>
        </Notice>
      ) : null}
      {result ? (
        <Notice
          tone={isGood ? "success" : "error"}
          title={isGood ? t("verify.good") : t("verify.bad")}
        >
          <p className="pub-muted">{fileName}</p>
          <dl className="pub-facts" data-testid="verify-result">
            <dt>{t("verify.sealedBy")}</dt>
            <dd>{result.sealed && result.firmName ? result.firmName : t("verify.notSealed")}</dd>
            <dt>{t("verify.integrity")}</dt>
            <dd>{result.unaltered ? t("verify.unaltered") : t("verify.altered")}</dd>
            <dt>{t("verify.signature")}</dt>
            <dd>
              {result.signatureValid ? t("verify.signatureValid") : t("verify.signatureInvalid")}
            </dd>
            {result.contractName ? (
              <>
                <dt>{t("verify.contract")}</dt>
                <dd>{result.contractName}</dd>
              </>
            ) : null}
            {result.signedAt ? (
              <>
                <dt>{t("verify.signedAt")}</dt>
                <dd>{firmClock(result.signedAt, result.timeZone)}</dd>
              </>
            ) : null}
            {result.certificateSubject ? (
              <>
                <dt>{t("verify.certificate")}</dt>
                <dd className="pub-break">{result.certificateSubject}</dd>
              </>
            ) : null}
          </dl>
          {result.trail.length ? (
            <>
              <h3>{t("verify.trail")}</h3>
              <ol className="pub-trail">
                {result.trail.map((e, i) => (
                  <li key={i}>
                    <time dateTime={e.at}>{firmClock(e.at, result.timeZone)}</time> ·{" "}
                    {t(`actions.${e.action}`, { defaultValue: e.action })}
                    {e.actorName ? ` · ${e.actorName}` : null}
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </Notice>
      ) : null}
    </Shell>
  );
};
