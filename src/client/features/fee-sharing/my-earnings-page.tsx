import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useMyEarnings } from "./api";
import { MonthPicker, usePeriodParam } from "./month-picker";
import { StatementView } from "./statement-view";

/** /finance/my-earnings: every member's own share lines of a month and their monthly totals. */
export const MyEarningsPage = () => {
  const { t } = useTranslation();
  const [period, setPeriod] = usePeriodParam();
  const { data, isLoading } = useMyEarnings(period);
  return (
    <>
      <PageHeader
        title={t("feeSharing.titles.myEarnings")}
        extra={<MonthPicker value={period} onChange={setPeriod} />}
      />
      <PagePanel>
        <StatementView
          statement={data}
          isLoading={isLoading}
          linkOf={(p) => `/finance/my-earnings?period=${p}`}
        />
      </PagePanel>
    </>
  );
};
