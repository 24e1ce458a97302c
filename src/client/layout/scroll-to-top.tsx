import { VerticalAlignTopOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import { showsScrollTop } from "./layout-state";

/** Appears after scrolling more than 200 px. */
export const ScrollToTop = () => {
  const { t } = useTranslation();
  const [isVisible, setVisible] = useState(false);

  useEffect(() => {
    const onScroll = () => setVisible(showsScrollTop(window.scrollY));
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, []);

  if (!isVisible) return null;
  return (
    <Button
      className="scroll-to-top"
      shape="circle"
      size="large"
      icon={<VerticalAlignTopOutlined />}
      aria-label={t("layout.scrollToTop")}
      onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
    />
  );
};
