import { useQuery } from "@tanstack/react-query";
import { Table } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import { api } from "../lib/api";
import { useMemberName } from "../lib/members";

export type SealUsage = {
  id: string;
  sealName: string;
  subject: string;
  copies: number;
  approvedBy: string | null;
  stampedBy: string | null;
  stampedAt: string;
};

/** Each stamping of this contract (or seal request, or seal): copies, who approved, who stamped, when. */
export const SealUsageTable = ({ url, showSubject }: { url: string; showSubject?: boolean }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const { data = [], isLoading } = useQuery({
    queryKey: ["seal-usages", url],
    queryFn: () => api.get<SealUsage[]>(url),
  });
  return (
    <Table<SealUsage>
      rowKey="id"
      size="small"
      loading={isLoading}
      dataSource={data}
      pagination={false}
      scroll={{ x: 640 }}
      columns={[
        ...(showSubject
          ? [{ title: t("seals.usage.subject"), dataIndex: "subject" }]
          : [{ title: t("seals.usage.seal"), dataIndex: "sealName" }]),
        { title: t("seals.usage.copies"), dataIndex: "copies" },
        {
          title: t("seals.usage.approvedBy"),
          dataIndex: "approvedBy",
          render: (v: string) => name(v),
        },
        {
          title: t("seals.usage.stampedBy"),
          dataIndex: "stampedBy",
          render: (v: string) => name(v),
        },
        {
          title: t("seals.usage.stampedAt"),
          dataIndex: "stampedAt",
          render: (v: string) => dayjs(v).format("YYYY-MM-DD"),
        },
      ]}
    />
  );
};
