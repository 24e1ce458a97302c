import type { ReactNode } from "react";

/** Page title row: the page's h1 (sized like antd Pro's page title) and its main actions. */
export const PageHeader = ({ title, extra }: { title: ReactNode; extra?: ReactNode }) => (
  <div className="page-header">
    <h1 className="page-title">{title}</h1>
    {extra ? <div>{extra}</div> : null}
  </div>
);

/** A white content panel; lighter than antd Card, which drags Tabs into every page. */
export const PagePanel = ({ children, className }: { children: ReactNode; className?: string }) => (
  <section className={className ? `page-panel ${className}` : "page-panel"}>{children}</section>
);
