import { type FormEvent, useEffect, useRef, useState } from "react";

import { t } from "./i18n";

/** Declining needs a reason: the firm reads it in the request's trail. */
export const DeclineDialog = ({
  open,
  busy,
  onDecline,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) => {
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    const d = dialog.current;
    if (open && d && !d.open) d.showModal();
    if (!open && d?.open) d.close();
  }, [open]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) {
      setError(t("decline.required"));
      return;
    }
    onDecline(reason.trim());
  };
  return (
    <dialog ref={dialog} className="pub-dialog" aria-labelledby="decline-title" onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <h2 id="decline-title">{t("decline.title")}</h2>
        <p>{t("decline.explain")}</p>
        <label htmlFor="decline-reason">{t("decline.reason")}</label>
        <textarea
          id="decline-reason"
          className="pub-input"
          rows={4}
          maxLength={500}
          value={reason}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "decline-error" : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
        {error ? (
          <p id="decline-error" role="alert" className="pub-error-text">
            {error}
          </p>
        ) : null}
        <div className="pub-actions">
          <button type="button" className="pub-button" onClick={onClose}>
            {t("decline.back")}
          </button>
          <button type="submit" className="pub-button pub-danger" disabled={busy}>
            {t("decline.confirm")}
          </button>
        </div>
      </form>
    </dialog>
  );
};
