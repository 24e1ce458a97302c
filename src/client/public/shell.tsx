import type { ReactNode } from "react";

import { LANGUAGES, type Language } from "../../shared/i18n-config";
import { getLanguage, t } from "./i18n";

type Props = {
  title: string;
  subtitle?: ReactNode;
  onLanguage: (language: Language) => void;
  children: ReactNode;
};

/** The page frame: who it is from, the language switch, and one main region. */
export const Shell = ({ title, subtitle, onLanguage, children }: Props) => (
  <>
    <header className="pub-header">
      <div className="pub-header-inner">
        <div>
          <p className="pub-brand">{t("brand")}</p>
          <h1 className="pub-title">{title}</h1>
          {subtitle ? <p className="pub-subtitle">{subtitle}</p> : null}
        </div>
        <nav aria-label={t("language")} className="pub-lang">
          {LANGUAGES.map((l) => (
            <button
              key={l.code}
              type="button"
              lang={l.code}
              className="pub-link-button"
              aria-current={getLanguage() === l.code ? "true" : undefined}
              onClick={() => onLanguage(l.code)}
            >
              {l.label}
            </button>
          ))}
        </nav>
      </div>
    </header>
    <main className="pub-main">{children}</main>
  </>
);

/** A message card: the states a signer can end up in (invalid link, waiting, done, locked). */
export const Notice = ({
  tone = "info",
  title,
  children,
}: {
  tone?: "info" | "success" | "error";
  title: string;
  children?: ReactNode;
}) => (
  <section
    className={`pub-card pub-notice pub-${tone}`}
    role={tone === "error" ? "alert" : "status"}
  >
    <h2>{title}</h2>
    {children}
  </section>
);
