import { Button, Tag, Timeline } from "antd";
import { useTranslation } from "react-i18next";

import { AttachmentList } from "./attachment-list";
import { APPROVAL_STATUS_COLORS } from "../../lib/approval-status";
import type { InstanceDetail, TaskRow } from "./types";
import { firmTime } from "../../lib/firm-time";

const COLORS: Record<string, string> = {
  submitted: "blue",
  resubmitted: "blue",
  accepted: "green",
  autoAccepted: "green",
  approved: "green",
  rejected: "red",
  cancelled: "gray",
  returned: "orange",
};

type Props = {
  detail: InstanceDetail;
  /** Offered on each open task when the viewer may reassign it (process administrators). */
  onReassign?: (task: TaskRow) => void;
};

/** Every step: who did what, with their comment and attachments, then who is on it now. */
export const ApprovalTimeline = ({ detail, onReassign }: Props) => {
  const { t } = useTranslation();
  const name = (id?: string | null) => (id ? (detail.users[id] ?? "") : "");
  const shown = detail.events.filter((e) => e.type !== "nodeCompleted" && e.type !== "branchTaken");
  const open = detail.tasks.filter((x) => x.status === "pending" || x.status === "waiting");
  const items = [
    ...shown.map((e) => {
      const people = Array.isArray(e.params.userIds)
        ? (e.params.userIds as string[]).map(name).join("、")
        : "";
      const to = typeof e.params.to === "string" ? name(e.params.to) : "";
      return {
        key: e.id,
        color: COLORS[e.type] ?? "gray",
        children: (
          <div>
            <div>
              <strong>{name(e.actorId) || e.nodeName}</strong>{" "}
              {t(`workflow.events.${e.type}`, { people, to, node: e.nodeName })}
              {e.nodeName && e.actorId ? <span className="wf-muted"> · {e.nodeName}</span> : null}
            </div>
            {e.comment ? <div className="wf-timeline-comment">{e.comment}</div> : null}
            <AttachmentList instanceId={detail.id} ids={e.attachments} files={detail.files} />
            <div className="wf-muted">{firmTime(e.createdAt)}</div>
          </div>
        ),
      };
    }),
    ...open.map((x) => ({
      key: x.id,
      color: "blue",
      children: (
        <div>
          <strong>{name(x.assigneeId)}</strong>{" "}
          <Tag color={APPROVAL_STATUS_COLORS[x.status]}>{t(`workflow.taskStatus.${x.status}`)}</Tag>
          <span className="wf-muted">{x.nodeName || t("workflow.preview.initiator")}</span>
          {onReassign && x.status === "pending" && x.kind !== "submit" ? (
            <Button
              type="link"
              size="small"
              onClick={() => onReassign(x)}
              aria-label={t("workflow.reassign.for", { name: name(x.assigneeId) })}
            >
              {t("workflow.actions.reassign")}
            </Button>
          ) : null}
        </div>
      ),
    })),
  ];
  return <Timeline items={items} />;
};
