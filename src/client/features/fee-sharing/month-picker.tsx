import { LeftOutlined, RightOutlined } from "@ant-design/icons";
import { Button, DatePicker, Space } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

import { nextPeriod } from "../../../shared/fees";
import { MONTH_RE, thisMonth } from "./api";

/** The month a statement page shows: `?period=YYYY-MM` (so a link names its month), else this month. */
export const usePeriodParam = (fallback?: string) => {
  const [search, setSearch] = useSearchParams();
  const asked = search.get("period") ?? "";
  const period = MONTH_RE.test(asked) ? asked : (fallback ?? thisMonth());
  const setPeriod = (next: string) =>
    setSearch(
      (prev) => {
        const params = new URLSearchParams(prev);
        params.set("period", next);
        return params;
      },
      { replace: true },
    );
  return [period, setPeriod] as const;
};

const previousPeriod = (period: string) =>
  dayjs(`${period}-01`).subtract(1, "month").format("YYYY-MM");

/** A month: the picker (typed or chosen) and a button each way for the months around it. */
export const MonthPicker = ({
  value,
  onChange,
  id = "fee-period",
}: {
  value: string;
  onChange: (period: string) => void;
  id?: string;
}) => {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Button
        icon={<LeftOutlined />}
        aria-label={t("feeSharing.period.previous")}
        onClick={() => onChange(previousPeriod(value))}
      />
      <DatePicker
        id={id}
        picker="month"
        allowClear={false}
        format="YYYY-MM"
        aria-label={t("feeSharing.period.label")}
        value={dayjs(`${value}-01`)}
        onChange={(day) => day && onChange(day.format("YYYY-MM"))}
      />
      <Button
        icon={<RightOutlined />}
        aria-label={t("feeSharing.period.next")}
        onClick={() => onChange(nextPeriod(value))}
      />
    </Space.Compact>
  );
};
