import { useState } from "react";

import type { Language } from "../../shared/i18n-config";
import { changeLanguage, t } from "./i18n";
import { Notice } from "./shell";
import { SignPage } from "./sign-page";
import { VerifyPage } from "./verify-page";

/** Two pages and no router: the server sends sign.html for exactly these paths. */
const route = (path: string) => {
  const sign = /^\/manage\/esign\/([^/]+)\/?$/.exec(path);
  if (sign) return { page: "sign" as const, token: decodeURIComponent(sign[1]) };
  if (/^\/manage\/verify\/?$/.test(path)) return { page: "verify" as const };
  return { page: "none" as const };
};

export const PublicApp = () => {
  // Bumped after a language change so every t() on the page runs again.
  const [, setRevision] = useState(0);
  const onLanguage = (language: Language) =>
    void changeLanguage(language).then(() => setRevision((n) => n + 1));
  const at = route(window.location.pathname);
  if (at.page === "sign") return <SignPage token={at.token} onLanguage={onLanguage} />;
  if (at.page === "verify") return <VerifyPage onLanguage={onLanguage} />;
  return (
    <main className="pub-main">
      <Notice tone="error" title={t("invalid.title")}>
        <p>{t("invalid.body")}</p>
      </Notice>
    </main>
  );
};
