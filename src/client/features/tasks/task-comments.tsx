import { Button, Input, List, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { COMMENT_MAX } from "../../../shared/contracts/tasks";
import { firmTime } from "../../lib/firm-time";
import type { TaskDetail } from "./types";

type Props = { comments: TaskDetail["comments"]; onAdd: (text: string) => Promise<boolean> };

/** A task's comments, oldest first, each with its author and time, and a box to add one. */
export const TaskComments = ({ comments, onAdd }: Props) => {
  const { t } = useTranslation();
  const [text, setText] = useState("");
  const [isSending, setSending] = useState(false);
  const send = async () => {
    if (!text.trim()) return;
    setSending(true);
    // The text stays in the box when it was refused, so nothing typed is lost.
    if (await onAdd(text.trim())) setText("");
    setSending(false);
  };
  return (
    <section aria-labelledby="task-comments-title" className="task-section">
      <Typography.Title level={5} id="task-comments-title">
        {t("deadlines.tasks.comments")}
      </Typography.Title>
      <List
        size="small"
        dataSource={comments}
        locale={{ emptyText: t("deadlines.tasks.noComments") }}
        renderItem={(c) => (
          <List.Item>
            <div className="task-comment">
              <div>
                <Typography.Text strong>
                  {c.authorName ?? t("deadlines.tasks.formerMember")}
                </Typography.Text>{" "}
                <Typography.Text type="secondary">
                  <time dateTime={c.at}>{firmTime(c.at)}</time>
                </Typography.Text>
              </div>
              <div className="task-comment-text">{c.text}</div>
            </div>
          </List.Item>
        )}
      />
      <label htmlFor="task-new-comment" className="task-label">
        {t("deadlines.tasks.newComment")}
      </label>
      <Input.TextArea
        id="task-new-comment"
        rows={3}
        maxLength={COMMENT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Button
        className="task-comment-send"
        onClick={() => void send()}
        loading={isSending}
        disabled={!text.trim()}
      >
        {t("deadlines.tasks.addComment")}
      </Button>
    </section>
  );
};
