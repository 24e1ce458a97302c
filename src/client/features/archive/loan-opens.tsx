import { useQuery } from "@tanstack/react-query";
import { Drawer, Table } from "antd";
import { useTranslation } from "react-i18next";

import type { LoanOpen, LoanRow } from "../../../shared/contracts/archive-loans";
import { api } from "../../lib/api";
import { firmTime } from "../../lib/firm-time";

/** The open log of one loan: who opened the volume or its PDF, and when (firm's clock). */
export const LoanOpens = ({ loan, onClose }: { loan: LoanRow; onClose: () => void }) => {
  const { t } = useTranslation();
  const { data = [], isLoading } = useQuery({
    queryKey: ["archive-loan-opens", loan.id],
    queryFn: () => api.get<LoanOpen[]>(`/archive-loans/${loan.id}/opens`),
  });
  return (
    <Drawer
      open
      width={520}
      title={t("archiveUi.loans.opensTitle", { volumeNo: loan.volumeNo ?? "" })}
      onClose={onClose}
    >
      <Table<LoanOpen>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        pagination={false}
        columns={[
          {
            key: "openedAt",
            title: t("archiveUi.loans.openedAt"),
            render: (_, r) => firmTime(r.openedAt),
          },
          { key: "user", title: t("archiveUi.loans.borrower"), render: (_, r) => r.userName ?? "" },
          {
            key: "what",
            title: t("archiveUi.loans.what"),
            render: (_, r) => t(`archiveUi.loans.opened.${r.what}`),
          },
        ]}
      />
    </Drawer>
  );
};
