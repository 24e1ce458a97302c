import { useCustom } from "@refinedev/core";
import { Button, Modal, Skeleton, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { firmTime } from "../../lib/firm-time";

import { UnconfirmedTag } from "../../components/due-date";
import type { CalendarItem } from "../../../shared/calendar";

type Props = {
  /** The day to list (YYYY-MM-DD); null: closed. */
  day: string | null;
  /** The calendar's filters (scope, who, types), as the grid asked with them. */
  query: Record<string, unknown>;
  labelOf: (item: CalendarItem) => string;
  onOpen: (item: CalendarItem) => void;
  onClose: () => void;
};

/**
 * Everything of one day, for the "+N more" of a firm or department month: the grid brings only
 * what it can draw per day, so the rest is loaded here, on demand.
 */
export const DayList = ({ day, query, labelOf, onOpen, onClose }: Props) => {
  const { t } = useTranslation();
  const { result, query: q } = useCustom<CalendarItem[]>({
    url: "/api/calendar",
    method: "get",
    config: { query: { ...query, from: day, to: day } },
    queryOptions: { enabled: day !== null },
  });
  const items = Array.isArray(result?.data) ? (result.data as CalendarItem[]) : [];
  return (
    <Modal
      open={day !== null}
      title={day ? t("deadlines.calendar.dayTitle", { date: day, count: items.length }) : null}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
    >
      {q.isLoading ? (
        <Skeleton active title={false} paragraph={{ rows: 4 }} />
      ) : (
        <ul className="calendar-day-list">
          {items.map((i) => (
            <li key={`${i.kind}:${i.id}`}>
              {i.allDay ? null : (
                <span className="agenda-secondary">{firmTime(i.start, "HH:mm")}</span>
              )}
              <Tag>{labelOf(i)}</Tag>
              <Button type="link" size="small" onClick={() => onOpen(i)}>
                {i.title}
              </Button>
              {i.caseName ? <span className="agenda-secondary">{i.caseName}</span> : null}
              {i.kind === "key-date" && !i.isConfirmed ? <UnconfirmedTag /> : null}
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
};
