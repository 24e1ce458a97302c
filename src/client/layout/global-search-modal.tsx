import { FileSearchOutlined, SearchOutlined } from "@ant-design/icons";
import { Empty, Input, Modal, Spin } from "antd";
import { type KeyboardEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { api } from "../lib/api";
import { useCan } from "../routing/use-can";
import { allowedPages } from "./nav-items";

type Hit = { id: string; title: string; subtitle?: string; link: string };
type Group = { type: string; labelKey: string; items: Hit[] };

const LIMIT = 5;
const DEBOUNCE_MS = 250;

/** Groups in display order, with one running index so the arrow keys walk across groups. */
const flatten = (groups: Group[]) =>
  groups.flatMap((g) => g.items.map((item) => ({ group: g, item })));

/**
 * One query, every resource the user may read (the server asks only the allowed providers),
 * plus the menu's own pages matched here. ↑/↓ move, Enter opens, Esc closes.
 */
export const GlobalSearchModal = ({
  isOpen,
  onClose,
}: {
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const can = useCan();
  const [query, setQuery] = useState("");
  const [remote, setRemote] = useState<Group[]>([]);
  const [isLoading, setLoading] = useState(false);
  const [active, setActive] = useState(0);
  const q = query.trim();

  useEffect(() => {
    if (!q) {
      setRemote([]);
      return undefined;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      api
        .get<Group[]>("/search", {
          params: { q, limit: LIMIT },
          signal: controller.signal,
          skipErrorHandler: true,
        })
        .then((data) => setRemote(Array.isArray(data) ? data : []))
        .catch(() => setRemote([]))
        .finally(() => setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      controller.abort();
      window.clearTimeout(timer);
    };
  }, [q]);

  const groups = useMemo(() => {
    const needle = q.toLowerCase();
    const pages = q
      ? allowedPages(can, t)
          .filter((page) => page.label.toLowerCase().includes(needle) || page.path.includes(needle))
          .slice(0, LIMIT)
          .map((page) => ({
            id: page.path,
            title: page.label,
            subtitle: page.path,
            link: page.path,
          }))
      : [];
    const local: Group[] = pages.length
      ? [{ type: "pages", labelKey: "search.groups.pages", items: pages }]
      : [];
    return [...local, ...remote];
  }, [q, remote, can, t]);
  const flat = flatten(groups);

  useEffect(() => setActive(0), [q, remote]);

  const go = (link: string) => {
    onClose();
    setQuery("");
    navigate(link);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (flat.length ? (i + step + flat.length) % flat.length : 0));
    }
    if (event.key === "Enter" && flat[active]) go(flat[active].item.link);
  };

  let index = -1;
  return (
    <Modal
      open={isOpen}
      onCancel={onClose}
      footer={<span className="text-secondary">{t("search.hint")}</span>}
      closable={false}
      width={640}
      destroyOnHidden
      className="global-search-modal"
      title={null}
    >
      <Input
        autoFocus
        size="large"
        prefix={<SearchOutlined />}
        suffix={isLoading ? <Spin size="small" /> : null}
        placeholder={t("search.placeholder")}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={flat.length > 0}
        aria-controls="global-search-results"
        aria-activedescendant={flat[active] ? `search-hit-${active}` : undefined}
        aria-label={t("search.placeholder")}
      />
      <div
        id="global-search-results"
        role="listbox"
        className="global-search-results"
        aria-label={t("search.results")}
      >
        {q && !isLoading && !flat.length ? (
          <Empty
            image={<FileSearchOutlined style={{ fontSize: 40 }} />}
            description={t("search.empty")}
          />
        ) : null}
        {groups.map((group) => (
          <div key={group.type} role="group" aria-label={t(group.labelKey)}>
            <div className="global-search-group">{t(group.labelKey)}</div>
            {group.items.map((item) => {
              index += 1;
              const mine = index;
              return (
                <div
                  key={`${group.type}-${item.id}`}
                  id={`search-hit-${mine}`}
                  role="option"
                  aria-selected={mine === active}
                  className={mine === active ? "global-search-hit is-active" : "global-search-hit"}
                  onMouseEnter={() => setActive(mine)}
                  onClick={() => go(item.link)}
                >
                  <span className="global-search-hit-title">{item.title}</span>
                  {item.subtitle ? (
                    <span className="global-search-hit-subtitle">{item.subtitle}</span>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Modal>
  );
};
