import { TRUST_BROWSER_DAYS, type TwoFactorSetup } from "../../../shared/contracts/security";
import type { Language } from "../../../shared/i18n-config";
import type { Translate } from "../../lib/i18n";
import { escape, renderShell } from "./page";

type Step = {
  lang: Language;
  t: Translate;
  challenge: string;
  redirect: string;
  error?: string;
  notice?: string;
};

const hidden = (m: Step) =>
  `<input type="hidden" name="challenge" value="${escape(m.challenge)}">
<input type="hidden" name="redirect" value="${escape(m.redirect)}">`;

const messages = (m: Step) =>
  `${m.notice ? `<div class="note" role="status">${escape(m.notice)}</div>` : ""}${
    m.error ? `<div class="err" role="alert" id="code-error">${escape(m.error)}</div>` : ""
  }`;

/**
 * The code step after the password: an authenticator code, or (`mode` "recovery") a recovery
 * code. Switching between the two re-posts the form (no script), keeping the challenge.
 */
export const renderCodePage = (m: Step & { mode: "app" | "recovery" }) => {
  const { t } = m;
  const isApp = m.mode === "app";
  const described = m.error ? ' aria-describedby="code-error" aria-invalid="true"' : "";
  const field = isApp
    ? `<label for="code">${escape(t("userCenter.twoFactor.code"))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${described}>
<p class="help" id="code-help">${escape(t("userCenter.twoFactor.codeHelp"))}</p>`
    : `<label for="recoveryCode">${escape(t("userCenter.twoFactor.recoveryCode"))}</label>
<input id="recoveryCode" name="recoveryCode" autocomplete="off" autocapitalize="none" spellcheck="false" maxlength="40" required autofocus${described}>
<p class="help">${escape(t("userCenter.twoFactor.recoveryHelp"))}</p>`;
  return renderShell({
    lang: m.lang,
    t,
    title: t("userCenter.twoFactor.title"),
    body: `<p class="sub">${escape(t(isApp ? "userCenter.twoFactor.subtitle" : "userCenter.twoFactor.recoverySubtitle"))}</p>
<form method="post" action="verify?lang=${m.lang}">
${hidden(m)}
<input type="hidden" name="mode" value="${m.mode}">
${field}
<label class="check"><input type="checkbox" name="trust" value="1">${escape(t("userCenter.twoFactor.trust", { days: TRUST_BROWSER_DAYS }))}</label>
${messages(m)}
<button type="submit">${escape(t("userCenter.twoFactor.verify"))}</button>
<button type="submit" class="link" name="switch" value="${isApp ? "recovery" : "app"}" formnovalidate>${escape(t(isApp ? "userCenter.twoFactor.useRecovery" : "userCenter.twoFactor.useApp"))}</button>
</form>
<p class="help"><a class="text" href="login?lang=${m.lang}&amp;redirect=${escape(encodeURIComponent(m.redirect))}">${escape(t("userCenter.twoFactor.restart"))}</a></p>`,
  });
};

/** "LAWM ANAG EDEM …": easier to type from the screen into an app than 32 letters in a row. */
const grouped = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");

/** Enrolment the firm requires, at sign-in: scan the QR code (or type the secret), then a first code. */
export const renderEnrolPage = (m: Step & { setup: TwoFactorSetup; qrSvg: string }) => {
  const { t } = m;
  const described = m.error ? ' aria-describedby="code-error" aria-invalid="true"' : "";
  return renderShell({
    lang: m.lang,
    t,
    isWide: true,
    title: t("userCenter.twoFactor.enrolTitle"),
    body: `<p class="sub">${escape(t("userCenter.twoFactor.enrolSubtitle"))}</p>
<p class="help">${escape(t("userCenter.twoFactor.enrolScan"))}</p>
<div class="qr" role="img" aria-label="${escape(t("userCenter.twoFactor.qrLabel"))}">${m.qrSvg}</div>
<p class="help" id="secret-label">${escape(t("userCenter.twoFactor.enrolSecret"))}</p>
<code class="secret" aria-labelledby="secret-label">${escape(grouped(m.setup.secret))}</code>
<form method="post" action="enrol?lang=${m.lang}">
${hidden(m)}
<label for="code">${escape(t("userCenter.twoFactor.enrolCode"))}</label>
<input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" maxlength="6" required autofocus${described}>
${messages(m)}
<button type="submit">${escape(t("userCenter.twoFactor.enrolSubmit"))}</button>
</form>`,
  });
};

/** The ten recovery codes, shown this once, then on to the app. */
export const renderRecoveryCodesPage = (m: {
  lang: Language;
  t: Translate;
  codes: string[];
  continueHref: string;
}) => {
  const { t } = m;
  const text = `${t("userCenter.twoFactor.codesFileTitle")}\n\n${m.codes.join("\n")}\n`;
  const download = `data:text/plain;charset=utf-8,${encodeURIComponent(text)}`;
  return renderShell({
    lang: m.lang,
    t,
    isWide: true,
    title: t("userCenter.twoFactor.codesTitle"),
    body: `<div class="note" role="status">${escape(t("userCenter.twoFactor.enabled"))}</div>
<p class="help">${escape(t("userCenter.twoFactor.codesHelp"))}</p>
<ol class="codes" aria-label="${escape(t("userCenter.twoFactor.codesTitle"))}">${m.codes.map((c) => `<li>${escape(c)}</li>`).join("")}</ol>
<p class="help"><a class="text" download="law-manage-recovery-codes.txt" href="${escape(download)}">${escape(t("userCenter.twoFactor.codesDownload"))}</a></p>
<a class="button" href="${escape(m.continueHref)}">${escape(t("userCenter.twoFactor.continue"))}</a>`,
  });
};
