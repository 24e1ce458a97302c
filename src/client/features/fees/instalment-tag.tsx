import {
  CheckCircleOutlined,
  ClockCircleOutlined,
  ExclamationCircleOutlined,
  HourglassOutlined,
  PieChartOutlined,
} from "@ant-design/icons";
import { Tag } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import type { InstalmentState, InstalmentStatus } from "../../../shared/fees";

const LOOK: Record<InstalmentStatus, { color: string; icon: ReactNode }> = {
  pending: { color: "default", icon: <HourglassOutlined /> },
  due: { color: "processing", icon: <ClockCircleOutlined /> },
  partlyReceived: { color: "warning", icon: <PieChartOutlined /> },
  received: { color: "success", icon: <CheckCircleOutlined /> },
  overdue: { color: "error", icon: <ExclamationCircleOutlined /> },
};

/**
 * An instalment's state as a tag whose words carry the meaning (with the days when overdue), so
 * it reads the same without colour: the colour and icon only repeat it.
 */
export const InstalmentTag = ({ state }: { state: InstalmentState }) => {
  const { t } = useTranslation();
  const look = LOOK[state.status];
  return (
    <Tag color={look.color} icon={look.icon}>
      {state.status === "overdue"
        ? t("fees.status.overdueDays", { count: state.daysOverdue })
        : t(`fees.status.${state.status}`)}
    </Tag>
  );
};
