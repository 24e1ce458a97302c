import dayjs from "dayjs";

import { firmToday } from "../../lib/firm-time";

/** Tag colours per case status (antd preset names: their text keeps AA contrast in both themes). */
export const STATUS_COLORS: Record<string, string> = {
  "pre-filing": "gold",
  formal: "blue",
  closed: "default",
  terminated: "red",
};

/** Days left until a pre-filing case's validity date (negative once passed), by the firm's calendar day. */
export const daysLeft = (validUntil: string) =>
  dayjs(validUntil).startOf("day").diff(dayjs(firmToday()), "day");
