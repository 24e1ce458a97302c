import { Tag } from "antd";
import { useTranslation } from "react-i18next";

import { LOAN_STATUS_COLORS, MERGE_STATUS_COLORS, VOLUME_STATUS_COLORS } from "./api";

/** Status tags: each carries its word, the colour only repeats it. */
export const VolumeStatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return <Tag color={VOLUME_STATUS_COLORS[status]}>{t(`archiveUi.status.${status}`)}</Tag>;
};

export const MergeStatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return <Tag color={MERGE_STATUS_COLORS[status]}>{t(`archiveUi.merge.${status}`)}</Tag>;
};

export const LoanStatusTag = ({ status }: { status: string }) => {
  const { t } = useTranslation();
  return <Tag color={LOAN_STATUS_COLORS[status]}>{t(`archiveUi.loanStatus.${status}`)}</Tag>;
};

export const OverdueTag = () => {
  const { t } = useTranslation();
  return <Tag color="red">{t("archiveUi.overdue")}</Tag>;
};
