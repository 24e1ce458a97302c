import { useQuery } from "@tanstack/react-query";
import { Empty, Timeline } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { api } from "../../lib/api";
import { useMemberName } from "../../lib/members";
import { firmTime } from "../../lib/firm-time";

/** One entry of GET /cases/:id/history: a sentence key (`cases.timelineEvents.<event>`) and its values. */
type TimelineEntry = {
  id: number | string;
  createdAt: string;
  userId: string | null;
  event?: string;
  params?: Record<string, string | number>;
  link?: string;
  /** Labels of the changed fields, already in the reader's language. */
  fields?: string[];
};

/** A sentence whose `<link>…</link>` part (the record it names) opens that record. */
const Sentence = ({ text, link }: { text: string; link?: string }) => {
  const match = /^(.*?)<link>(.*?)<\/link>(.*)$/s.exec(text);
  if (!match) return <span>{text}</span>;
  const [, before, inner, after] = match;
  return (
    <span>
      {before}
      {link ? <Link to={link}>{inner}</Link> : inner}
      {after}
    </span>
  );
};

/**
 * A case's timeline, newest first: each entry one sentence (who did what to which record), the
 * record it names a link. The server leaves out internal keys and bookkeeping-only changes.
 */
export const CaseTimeline = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  // The same key lifecycle actions invalidate after a change.
  const url = `/cases/${caseId}/history`;
  const { data = [], isLoading } = useQuery({
    queryKey: ["record-history", url],
    queryFn: () => api.get<TimelineEntry[]>(url),
  });
  if (!isLoading && data.length === 0)
    return <Empty description={t("cases.timelineEvents.empty")} />;
  return (
    <Timeline
      className="case-timeline"
      items={data
        .filter((e) => e.event)
        .map((e) => {
          const params = e.params ?? {};
          const values = {
            ...params,
            user: name(e.userId) || t("recordTabs.history.system"),
            fields: (e.fields ?? []).join(t("recordTabs.history.separator")),
            status: params.status ? t(`seals.requestStatus.${String(params.status)}`) : "",
          };
          return {
            key: String(e.id),
            children: (
              <div>
                <span className="text-muted">{firmTime(e.createdAt)}</span>{" "}
                <Sentence text={t(`cases.timelineEvents.${e.event}`, values)} link={e.link} />
              </div>
            ),
          };
        })}
    />
  );
};
