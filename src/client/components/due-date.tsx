import { Tag, Tooltip } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import { firmToday } from "../lib/firm-time";

// Apart from the Key dates tab (its table and forms): the home page and My tasks show due dates too.

/** How close (days) a due date is shown as urgent. */
const URGENT_DAYS = 3;

export const DueDate = ({ date, status }: { date: string; status?: string }) => {
  const { t } = useTranslation();
  // Days left on the firm's calendar: a browser abroad may already (or still) be on another day.
  const days = dayjs(date).diff(dayjs(firmToday()), "day");
  if (status && status !== "open") return <span>{date}</span>;
  if (days < 0) return <Tag color="red">{t("deadlines.overdue", { date })}</Tag>;
  return days <= URGENT_DAYS ? <Tag color="red">{date}</Tag> : <span>{date}</span>;
};

export const UnconfirmedTag = () => {
  const { t } = useTranslation();
  return (
    <Tooltip title={t("deadlines.keyDates.unconfirmedHint")}>
      <Tag color="warning">{t("deadlines.keyDates.unconfirmed")}</Tag>
    </Tooltip>
  );
};
