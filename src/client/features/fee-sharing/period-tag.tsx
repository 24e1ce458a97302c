import { Tag } from "antd";
import { useTranslation } from "react-i18next";

/** Closed months never change again; an open month still takes lines. */
export const PeriodTag = ({ closed }: { closed: boolean }) => {
  const { t } = useTranslation();
  return closed ? (
    <Tag color="default">{t("feeSharing.period.closed")}</Tag>
  ) : (
    <Tag color="processing">{t("feeSharing.period.open")}</Tag>
  );
};
