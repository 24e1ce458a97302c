import { ArrowLeftOutlined } from "@ant-design/icons";
import { Space } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { statementPdfUrl, useMemberStatement } from "./api";
import { DownloadButton } from "./download-button";
import { MonthPicker, usePeriodParam } from "./month-picker";
import { StatementView } from "./statement-view";

/** /finance/statements/:memberId: one member's statement of a month, as finance reads it. */
export const MemberStatementPage = () => {
  const { t } = useTranslation();
  const { memberId = "" } = useParams();
  const [period, setPeriod] = usePeriodParam();
  const can = useCan();
  const { data, isLoading } = useMemberStatement(memberId, period);
  const title = data
    ? t("feeSharing.titles.memberStatementOf", { name: data.name, period })
    : t("feeSharing.titles.memberStatement");
  return (
    <>
      <PageHeader
        title={title}
        extra={
          <Space wrap>
            <MonthPicker value={period} onChange={setPeriod} />
            {can("export", "LAWFIRM_FEE_SHARE") ? (
              <DownloadButton
                url={statementPdfUrl(memberId)}
                params={{ period }}
                name={`${data?.name ?? memberId}-${period}.pdf`}
                label={t("feeSharing.actions.pdf")}
              />
            ) : null}
          </Space>
        }
      />
      <PagePanel>
        <p>
          <Link to={`/finance/statements?period=${period}`}>
            <ArrowLeftOutlined /> {t("feeSharing.actions.backToStatements")}
          </Link>
        </p>
        <StatementView
          statement={data}
          isLoading={isLoading}
          linkOf={(p) => `/finance/statements/${memberId}?period=${p}`}
        />
      </PagePanel>
    </>
  );
};
