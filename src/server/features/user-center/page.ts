import type { Language } from "../../../shared/i18n-config";
import type { Translate } from "../../lib/i18n";

export const escape = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

export type LoginPageModel = {
  lang: Language;
  t: Translate;
  redirect: string;
  username?: string;
  error?: string;
  notice?: string;
};

// Colours meet WCAG 2.1 AA (4.5:1 for text), like the app's theme (theme-palette.ts).
const STYLE = `
*{box-sizing:border-box}body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;
font-family:-apple-system,BlinkMacSystemFont,"Segoe UI","Noto Sans CJK SC","PingFang SC","Microsoft YaHei",sans-serif;
background:linear-gradient(135deg,#e8f0fe 0%,#f5f7fa 60%,#eef2f7 100%);color:#1f2329}
main{width:100%;max-width:380px;margin:16px;background:#fff;border-radius:12px;padding:36px 32px;
box-shadow:0 12px 40px rgba(22,119,255,.12)}main.wide{max-width:440px}
h1{margin:0 0 4px;font-size:24px}p.sub{margin:0 0 24px;color:#646a73}
label{display:block;font-size:14px;margin:16px 0 6px;color:#1f2329}button,input{font-family:inherit}
input{width:100%;height:40px;padding:0 12px;border:1px solid #d0d5dd;border-radius:8px;font-size:15px}
input:focus{outline:none;border-color:#0958d9;box-shadow:0 0 0 3px rgba(9,88,217,.25)}
button,a.button{display:block;text-align:center;text-decoration:none;line-height:42px;margin-top:24px;width:100%;height:42px;border:0;border-radius:8px;background:#0958d9;color:#fff;font-size:16px;cursor:pointer}
button:hover,a.button:hover{background:#003eb3}button:focus-visible,a:focus-visible,input[type=checkbox]:focus-visible{outline:2px solid #0958d9;outline-offset:2px}.err{margin-top:16px;padding:10px 12px;border-radius:8px;background:#fff2f0;border:1px solid #ffccc7;color:#a8071a}
.note{margin-top:16px;padding:10px 12px;border-radius:8px;background:#f6ffed;border:1px solid #b7eb8f;color:#135200}
.top{display:flex;justify-content:space-between;align-items:center;margin-bottom:20px;font-size:13px;color:#646a73}
.top a{color:#0958d9;text-decoration:none}
label.check{display:flex;gap:8px;align-items:center;margin-top:16px}label.check input{width:16px;height:16px;margin:0}
button.link{background:none;color:#0958d9;height:auto;line-height:1.5;margin-top:16px;padding:4px;text-decoration:underline;font-size:14px}
button.link:hover{background:none;color:#003eb3}
.qr{display:flex;justify-content:center;margin:8px 0}.qr svg{width:192px;height:192px}
code.secret{display:block;padding:10px 12px;border-radius:8px;background:#f5f7fa;font-size:15px;letter-spacing:1px;word-break:break-all}
ol.codes{columns:2;margin:16px 0 0;padding-left:24px;font-family:ui-monospace,Menlo,Consolas,monospace;font-size:15px}ol.codes li{margin:4px 0}
p.help{font-size:14px;color:#646a73;margin:8px 0 0}a.text{color:#0958d9}`;

type Shell = {
  lang: Language;
  t: Translate;
  /** The page's own heading, also the window title. */
  title: string;
  body: string;
  /** The language switch's target; the two-factor steps have none (it would drop the challenge). */
  switchHref?: string;
  isWide?: boolean;
};

/** The user center's frame: plain HTML, no script, so it works under a strict CSP. */
export const renderShell = (m: Shell) => {
  const other = m.lang === "en" ? "zh-CN" : "en";
  const switchLink = m.switchHref
    ? `<a href="${escape(m.switchHref)}" hreflang="${other}">${escape(m.t("userCenter.switchLanguage"))}</a>`
    : "";
  return `<!doctype html>
<html lang="${m.lang}" dir="ltr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/manage/favicon.svg" type="image/svg+xml">
<title>${escape(m.title)} - ${escape(m.t("app.systemTitle"))}</title>
<style>${STYLE}</style></head>
<body><main${m.isWide ? ' class="wide"' : ""}>
<div class="top"><span>law-manage</span>${switchLink}</div>
<h1>${escape(m.title)}</h1>
${m.body}</main></body></html>`;
};

/** The built-in user center's sign-in page. */
export const renderLoginPage = (m: LoginPageModel) => {
  const other = m.lang === "en" ? "zh-CN" : "en";
  return renderShell({
    lang: m.lang,
    t: m.t,
    title: m.t("userCenter.title"),
    switchHref: `?lang=${other}&redirect=${encodeURIComponent(m.redirect)}`,
    body: `<p class="sub">${escape(m.t("userCenter.subtitle"))}</p>
${m.notice ? `<div class="note" role="status">${escape(m.notice)}</div>` : ""}
<form method="post" action="login?lang=${m.lang}">
<input type="hidden" name="redirect" value="${escape(m.redirect)}">
<label for="username">${escape(m.t("userCenter.username"))}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escape(m.username ?? "")}" autofocus>
<label for="password">${escape(m.t("userCenter.password"))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
${m.error ? `<div class="err" role="alert">${escape(m.error)}</div>` : ""}
<button type="submit">${escape(m.t("userCenter.submit"))}</button>
</form>`,
  });
};
