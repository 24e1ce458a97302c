import { type FormEvent, useEffect, useState } from "react";

import { PublicError, type PublicView, type SigningApi } from "./api";
import { t } from "./i18n";

type Sent = { sentTo: string; until: number };

/** A code sent from this tab, kept for the session: a reload shows it was sent and the wait, and asks for no other too early. */
const sentKey = (api: SigningApi) => `esign-code:${api.base}`;
const sentBefore = (api: SigningApi): Sent | null => {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(sentKey(api)) ?? "null") as Sent | null;
    return saved && typeof saved.sentTo === "string" && typeof saved.until === "number"
      ? saved
      : null;
  } catch {
    return null;
  }
};
const remember = (api: SigningApi, sent: Sent) => {
  try {
    window.sessionStorage.setItem(sentKey(api), JSON.stringify(sent));
  } catch {
    // Storage off (private mode): the page still works, a reload just forgets the wait.
  }
};

/**
 * Proves the signer holds the email or phone the firm entered: a 6-digit code sent there. The
 * fifth wrong code locks the link (the server answers 423), which the page then shows.
 */
export const CodeStep = ({
  api,
  view,
  onVerified,
  onLocked,
}: {
  api: SigningApi;
  view: PublicView;
  onVerified: () => void;
  onLocked: () => void;
}) => {
  const [before] = useState(() => sentBefore(api));
  const [sentTo, setSentTo] = useState<string | null>(before?.sentTo ?? null);
  const [wait, setWait] = useState(() =>
    before ? Math.max(0, Math.ceil((before.until - Date.now()) / 1000)) : 0,
  );
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (wait <= 0) return;
    const timer = window.setTimeout(() => setWait(wait - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [wait]);

  const send = async () => {
    setBusy(true);
    setError("");
    try {
      const res = await api.sendCode();
      setSentTo(res.maskedRecipient);
      setWait(res.resendAfterSeconds);
      remember(api, {
        sentTo: res.maskedRecipient,
        until: Date.now() + res.resendAfterSeconds * 1000,
      });
    } catch (e) {
      // Too early (sent from another tab or device): a code is out, so the box is what matters.
      const early =
        e instanceof PublicError && e.status === 429
          ? (e.data as { resendAfterSeconds?: number; maskedRecipient?: string } | null)
          : null;
      if (early?.maskedRecipient && typeof early.resendAfterSeconds === "number") {
        setSentTo(early.maskedRecipient);
        setWait(early.resendAfterSeconds);
        remember(api, {
          sentTo: early.maskedRecipient,
          until: Date.now() + early.resendAfterSeconds * 1000,
        });
        return;
      }
      setError(e instanceof PublicError && e.message ? e.message : t("errors.network"));
    } finally {
      setBusy(false);
    }
  };
  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setError(t("code.format"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      await api.verify(code);
      try {
        window.sessionStorage.removeItem(sentKey(api));
      } catch {
        // Nothing kept to forget.
      }
      onVerified();
    } catch (e) {
      if (e instanceof PublicError && e.status === 423) return onLocked();
      const left =
        e instanceof PublicError ? (e.data as { triesLeft?: number } | null)?.triesLeft : undefined;
      setError(
        e instanceof PublicError && e.message
          ? e.message
          : typeof left === "number"
            ? t("code.triesLeft", { count: left })
            : t("errors.network"),
      );
      setCode("");
    } finally {
      setBusy(false);
    }
  };

  const channel = t(`code.channel.${view.channel}`);
  return (
    <section className="pub-card" aria-labelledby="code-title">
      <h2 id="code-title">{t("code.title")}</h2>
      <p>{t("code.explain", { channel, recipient: sentTo ?? view.maskedRecipient })}</p>
      <button
        type="button"
        className={sentTo ? "pub-button" : "pub-button pub-primary"}
        onClick={() => void send()}
        disabled={busy || wait > 0}
      >
        {wait > 0
          ? t("code.resendIn", { count: wait })
          : sentTo
            ? t("code.resend")
            : t("code.send")}
      </button>
      {sentTo ? (
        <p role="status" className="pub-muted">
          {t("code.sent", { recipient: sentTo })}
        </p>
      ) : null}
      <form onSubmit={(e) => void verify(e)} className="pub-code-form" noValidate>
        <label htmlFor="pub-code">{t("code.label")}</label>
        <div className="pub-row">
          <input
            id="pub-code"
            className="pub-input pub-code-input"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]{6}"
            maxLength={6}
            value={code}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "pub-code-error" : undefined}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, 6))}
          />
          <button type="submit" className="pub-button pub-primary" disabled={busy}>
            {t("code.verify")}
          </button>
        </div>
        {error ? (
          <p id="pub-code-error" role="alert" className="pub-error-text">
            {error}
          </p>
        ) : null}
      </form>
    </section>
  );
};
