import { SearchOutlined } from "@ant-design/icons";
import { Button } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

const GlobalSearchModal = lazy(() =>
  import("./global-search-modal").then((m) => ({ default: m.GlobalSearchModal })),
);

/** The navbar's search button (also Ctrl/⌘+K); the dialog is loaded on first use. */
export const GlobalSearch = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const [wasOpened, setWasOpened] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setWasOpened(true);
        setOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <>
      <Button
        type="text"
        className="global-search-trigger"
        icon={<SearchOutlined />}
        aria-label={t("search.open")}
        onClick={() => {
          setWasOpened(true);
          setOpen(true);
        }}
      >
        {isCompact ? null : <span className="global-search-label">{t("search.open")}</span>}
        {isCompact ? null : <kbd className="global-search-kbd">Ctrl K</kbd>}
      </Button>
      {wasOpened ? (
        <Suspense fallback={null}>
          <GlobalSearchModal isOpen={isOpen} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
};
