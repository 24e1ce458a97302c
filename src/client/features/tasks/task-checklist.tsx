import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Checkbox, Input, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { MAX_CHECKLIST_ITEMS, TASK_TEXT_MAX } from "../../../shared/contracts/tasks";
import type { ChecklistItem } from "./types";

type Props = {
  items: ChecklistItem[];
  /** Applies a change to the checklist as the server last answered it (see useTask). */
  onChange: (change: (items: ChecklistItem[]) => ChecklistItem[]) => void;
};

/** A task's checklist: tick, rename (Enter saves, Escape cancels), remove and add items. */
export const TaskChecklist = ({ items, onChange }: Props) => {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<number | null>(null);
  const [draft, setDraft] = useState("");
  const [newText, setNewText] = useState("");
  const done = items.filter((i) => i.done).length;

  const rename = (index: number) => {
    const text = draft.trim();
    setEditing(null);
    if (!text || text === items[index]?.text) return;
    onChange((list) => list.map((x, j) => (j === index ? { ...x, text } : x)));
  };
  const add = () => {
    const text = newText.trim();
    if (!text) return;
    setNewText("");
    onChange((list) => [...list, { text, done: false }]);
  };

  return (
    <section aria-labelledby="task-checklist-title" className="task-section">
      <Space className="task-section-head">
        <Typography.Title level={5} id="task-checklist-title" style={{ margin: 0 }}>
          {t("deadlines.tasks.checklist")}
        </Typography.Title>
        {items.length ? (
          <Typography.Text type="secondary">
            {t("deadlines.tasks.checklistProgress", { done, total: items.length })}
          </Typography.Text>
        ) : null}
      </Space>
      <ul className="task-checklist">
        {items.map((item, i) => (
          <li key={`${i}-${item.text}`} className="task-checklist-item">
            {editing === i ? (
              <Input
                size="small"
                autoFocus
                maxLength={TASK_TEXT_MAX}
                aria-label={t("deadlines.tasks.itemText")}
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                onPressEnter={() => rename(i)}
                onBlur={() => rename(i)}
                onKeyDown={(e) => {
                  if (e.key === "Escape") {
                    // Escape cancels the rename, not the whole drawer.
                    e.stopPropagation();
                    setEditing(null);
                  }
                }}
              />
            ) : (
              <Checkbox
                checked={item.done}
                onChange={(e) =>
                  onChange((list) =>
                    list.map((x, j) => (j === i ? { ...x, done: e.target.checked } : x)),
                  )
                }
              >
                <span className={item.done ? "task-item-done" : undefined}>{item.text}</span>
              </Checkbox>
            )}
            {editing === i ? null : (
              <span className="task-item-actions">
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t("deadlines.tasks.renameItem", { text: item.text })}
                  onClick={() => {
                    setDraft(item.text);
                    setEditing(i);
                  }}
                />
                <Button
                  size="small"
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t("deadlines.tasks.removeItem", { text: item.text })}
                  onClick={() => onChange((list) => list.filter((_, j) => j !== i))}
                />
              </span>
            )}
          </li>
        ))}
      </ul>
      {items.length < MAX_CHECKLIST_ITEMS ? (
        <Space.Compact className="task-add-row">
          <Input
            maxLength={TASK_TEXT_MAX}
            aria-label={t("deadlines.tasks.newItem")}
            placeholder={t("deadlines.tasks.newItem")}
            value={newText}
            onChange={(e) => setNewText(e.target.value)}
            onPressEnter={add}
          />
          <Button icon={<PlusOutlined />} onClick={add} disabled={!newText.trim()}>
            {t("deadlines.tasks.addItem")}
          </Button>
        </Space.Compact>
      ) : null}
    </section>
  );
};
