import { useCallback, useEffect, useMemo, useState } from "react";

import type { Language } from "../../shared/i18n-config";
import { PublicError, type PublicView, signingApi } from "./api";
import { CodeStep } from "./code-step";
import { DocumentView } from "./document-view";
import { firmClock } from "./firm-clock";
import { t } from "./i18n";
import { Notice, Shell } from "./shell";

type State =
  | { kind: "loading" }
  | { kind: "invalid" }
  | { kind: "failed" }
  | { kind: "locked" }
  | { kind: "ready"; view: PublicView };

/** /manage/esign/:token — the counterparty's signing page, from the link to the thank-you. */
export const SignPage = ({
  token,
  onLanguage,
}: {
  token: string;
  onLanguage: (language: Language) => void;
}) => {
  const api = useMemo(() => signingApi(token), [token]);
  const [state, setState] = useState<State>({ kind: "loading" });
  const load = useCallback(async () => {
    try {
      setState({ kind: "ready", view: await api.view() });
    } catch (e) {
      // Unknown, expired, cancelled and used-up links all answer the same 404, on purpose.
      setState({ kind: e instanceof PublicError && e.status === 404 ? "invalid" : "failed" });
    }
  }, [api]);
  useEffect(() => {
    void load();
  }, [load]);

  const view = state.kind === "ready" ? state.view : null;
  const title = view ? view.contractName : t("sign.pageTitle");
  const subtitle = view
    ? t("sign.from", { firm: view.firmName, sender: view.senderName, no: view.contractNo })
    : undefined;
  return (
    <Shell title={title} subtitle={subtitle} onLanguage={onLanguage}>
      {state.kind === "loading" ? (
        <p role="status" className="pub-muted">
          {t("loading")}
        </p>
      ) : null}
      {state.kind === "invalid" ? (
        <Notice tone="error" title={t("invalid.title")}>
          <p>{t("invalid.body")}</p>
        </Notice>
      ) : null}
      {state.kind === "failed" ? (
        <Notice tone="error" title={t("errors.title")}>
          <p>{t("errors.network")}</p>
          <button type="button" className="pub-button" onClick={() => void load()}>
            {t("errors.retry")}
          </button>
        </Notice>
      ) : null}
      {state.kind === "locked" ? (
        <Notice tone="error" title={t("locked.title")}>
          <p>{t("locked.body")}</p>
        </Notice>
      ) : null}
      {view ? (
        <Step
          view={view}
          api={api}
          onView={(v) => setState({ kind: "ready", view: v })}
          onReload={() => void load()}
          onLocked={() => setState({ kind: "locked" })}
        />
      ) : null}
    </Shell>
  );
};

type StepProps = {
  view: PublicView;
  api: ReturnType<typeof signingApi>;
  onView: (view: PublicView) => void;
  onReload: () => void;
  onLocked: () => void;
};

/** Which part of the flow this signer is at, from the server's view of them. */
const Step = ({ view, api, onView, onReload, onLocked }: StepProps) => {
  if (view.signerStatus === "locked")
    return (
      <Notice tone="error" title={t("locked.title")}>
        <p>{t("locked.body")}</p>
      </Notice>
    );
  if (view.signerStatus === "declined")
    return (
      <Notice title={t("declined.title")}>
        <p>{t("declined.body")}</p>
      </Notice>
    );
  if (view.signerStatus === "signed") {
    const isComplete = view.requestStatus === "completed";
    // Back after the session ended, or on another device: the download asks for a fresh code.
    const needsCode = isComplete && view.downloadable && !view.verified;
    return (
      <>
        <Notice tone="success" title={t("done.title")}>
          <p>{isComplete ? t("done.complete") : t("done.waitingOthers")}</p>
          {view.downloadUntil ? (
            <p className="pub-muted">
              {t("done.until", { date: firmClock(view.downloadUntil, view.timeZone) })}
            </p>
          ) : null}
          {needsCode ? <p>{t("done.codeToDownload")}</p> : null}
          {isComplete && view.downloadable && view.verified ? (
            <a className="pub-button pub-primary" href={api.sealedUrl} download>
              {t("done.download")}
            </a>
          ) : null}
        </Notice>
        {needsCode ? (
          <CodeStep api={api} view={view} onVerified={onReload} onLocked={onLocked} />
        ) : null}
      </>
    );
  }
  if (!view.verified)
    return <CodeStep api={api} view={view} onVerified={onReload} onLocked={onLocked} />;
  if (!view.turn) {
    return (
      <Notice title={t("waiting.title")}>
        <p>{t("waiting.body")}</p>
        <button type="button" className="pub-button" onClick={onReload}>
          {t("waiting.check")}
        </button>
      </Notice>
    );
  }
  return <DocumentView api={api} view={view} onView={onView} />;
};
