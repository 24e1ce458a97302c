import type { Language } from "../../../shared/i18n-config";
import type { Translate } from "../../lib/i18n";

const escape = (value: string) =>
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
box-shadow:0 12px 40px rgba(22,119,255,.12)}
h1{margin:0 0 4px;font-size:24px}p.sub{margin:0 0 24px;color:#646a73}
label{display:block;font-size:14px;margin:16px 0 6px;color:#1f2329}
input{width:100%;height:40px;padding:0 12px;border:1px solid #d0d5dd;border-radius:8px;font-size:15px}
input:focus{outline:none;border-color:#0958d9;box-shadow:0 0 0 3px rgba(9,88,217,.25)}
button{margin-top:24px;width:100%;height:42px;border:0;border-radius:8px;background:#0958d9;color:#fff;font-size:16px;cursor:pointer}
button:hover{background:#003eb3}button:focus-visible,a:focus-visible{outline:2px solid #0958d9;outline-offset:2px}.err{margin-top:16px;padding:10px 12px;border-radius:8px;background:#fff2f0;border:1px solid #ffccc7;color:#a8071a}
.note{margin-top:16px;padding:10px 12px;border-radius:8px;background:#f6ffed;border:1px solid #b7eb8f;color:#135200}
.top{display:flex;justify-content:space-between;align-items:center;margin-bottom:20px;font-size:13px;color:#646a73}
.top a{color:#0958d9;text-decoration:none}`;

/** The built-in user center's sign-in page: plain HTML, no script, so it works under a strict CSP. */
export const renderLoginPage = (m: LoginPageModel) => {
  const other = m.lang === "en" ? "zh-CN" : "en";
  const switchHref = `?lang=${other}&redirect=${encodeURIComponent(m.redirect)}`;
  return `<!doctype html>
<html lang="${m.lang}" dir="ltr"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/manage/favicon.svg" type="image/svg+xml">
<title>${escape(m.t("userCenter.title"))} - ${escape(m.t("app.systemTitle"))}</title>
<style>${STYLE}</style></head>
<body><main>
<div class="top"><span>law-manage</span><a href="${escape(switchHref)}" hreflang="${other}">${escape(m.t("userCenter.switchLanguage"))}</a></div>
<h1>${escape(m.t("userCenter.title"))}</h1>
<p class="sub">${escape(m.t("userCenter.subtitle"))}</p>
${m.notice ? `<div class="note" role="status">${escape(m.notice)}</div>` : ""}
<form method="post" action="login?lang=${m.lang}">
<input type="hidden" name="redirect" value="${escape(m.redirect)}">
<label for="username">${escape(m.t("userCenter.username"))}</label>
<input id="username" name="username" autocomplete="username" required maxlength="100" value="${escape(m.username ?? "")}" autofocus>
<label for="password">${escape(m.t("userCenter.password"))}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200">
${m.error ? `<div class="err" role="alert">${escape(m.error)}</div>` : ""}
<button type="submit">${escape(m.t("userCenter.submit"))}</button>
</form></main></body></html>`;
};
