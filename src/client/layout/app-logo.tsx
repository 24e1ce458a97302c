import { Link } from "react-router";

import { LAYOUT_TITLE } from "../../shared/i18n-config";

/** The mark plus the layout title; the text hides when the sider is collapsed. */
export const AppLogo = ({ isCollapsed = false }: { isCollapsed?: boolean }) => (
  <Link to="/" className="app-logo" aria-label={LAYOUT_TITLE}>
    <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
    {isCollapsed ? null : <span className="app-logo-title">{LAYOUT_TITLE}</span>}
  </Link>
);
