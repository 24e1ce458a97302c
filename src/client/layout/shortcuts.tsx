import { AppstoreOutlined } from "@ant-design/icons";
import { Button, Dropdown } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { useCan } from "../routing/use-can";
import { allowedPages } from "./nav-items";

/** A grid of the menu's pages the user may open (the navbar's shortcuts). */
export const Shortcuts = () => {
  const { t } = useTranslation();
  const can = useCan();
  const [isOpen, setOpen] = useState(false);
  const pages = useMemo(() => allowedPages(can, t), [can, t]);
  if (!pages.length) return null;

  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setOpen}
      popupRender={() => (
        <div className="shortcuts-panel" role="dialog" aria-label={t("layout.shortcuts")}>
          <div className="shortcuts-title">{t("layout.shortcuts")}</div>
          <nav className="shortcuts-grid">
            {pages.map((page) => (
              <Link
                key={page.path}
                to={page.path}
                className="shortcut"
                onClick={() => setOpen(false)}
              >
                <span className="shortcut-icon" aria-hidden>
                  {page.icon}
                </span>
                <span className="shortcut-label">{page.label}</span>
              </Link>
            ))}
          </nav>
        </div>
      )}
    >
      <Button type="text" icon={<AppstoreOutlined />} aria-label={t("layout.shortcuts")} />
    </Dropdown>
  );
};
