import { HistoryOutlined } from "@ant-design/icons";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Flex, Select, Table, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { SIGN_IN_HISTORY_DAYS, type SignInRow } from "../../../shared/contracts/security";
import { PagePanel } from "../../layout/page-header";
import { api } from "../../lib/api";
import { firmTime } from "../../lib/firm-time";
import { deviceLabel, SECURITY_KEYS } from "./security-api";

const PAGE_SIZE = 10;
type Outcome = "success" | "failure" | undefined;

/** Settings → Security: every attempt on the account in the last 90 days, failures included. */
export const SignInHistoryPanel = () => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [outcome, setOutcome] = useState<Outcome>(undefined);
  const { data, isFetching } = useQuery({
    queryKey: [...SECURITY_KEYS.signIns, page, outcome],
    queryFn: () =>
      api.getPage<SignInRow[]>("/profile/sign-ins", {
        params: { _start: (page - 1) * PAGE_SIZE, _end: page * PAGE_SIZE, outcome },
      }),
    placeholderData: keepPreviousData,
  });

  return (
    <PagePanel>
      <section aria-labelledby="sign-ins-title">
        <Flex justify="space-between" align="center" wrap gap={8}>
          <h2 id="sign-ins-title" className="security-section">
            <HistoryOutlined aria-hidden /> {t("security.history.title")}
          </h2>
          <Select<Outcome>
            allowClear
            style={{ width: 160 }}
            value={outcome}
            placeholder={t("security.history.allResults")}
            aria-label={t("security.history.result")}
            onChange={(value) => {
              setOutcome(value);
              setPage(1);
            }}
            options={[
              { value: "success", label: t("security.history.success") },
              { value: "failure", label: t("security.history.failure") },
            ]}
          />
        </Flex>
        <p className="text-secondary">
          {t("security.history.description", { days: SIGN_IN_HISTORY_DAYS })}
        </p>
        <Table<SignInRow>
          rowKey="id"
          size="middle"
          loading={isFetching}
          dataSource={data?.data ?? []}
          scroll={{ x: 760 }}
          locale={{ emptyText: t("security.history.empty", { days: SIGN_IN_HISTORY_DAYS }) }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            onChange: setPage,
            showTotal: (total) => t("table.total", { total }),
          }}
          columns={[
            {
              key: "time",
              title: t("security.history.time"),
              width: 150,
              render: (_, row) => firmTime(row.occurredAt),
            },
            {
              key: "result",
              title: t("security.history.result"),
              width: 200,
              render: (_, row) =>
                row.outcome === "success" ? (
                  <Tag color="green">{t("security.history.success")}</Tag>
                ) : (
                  <Flex gap={4} wrap align="center">
                    <Tag color="red">{t("security.history.failure")}</Tag>
                    {row.reason ? t(`security.reasons.${row.reason}`) : null}
                  </Flex>
                ),
            },
            {
              key: "method",
              title: t("security.sessions.method"),
              width: 140,
              render: (_, row) => t(`security.methods.${row.method}`),
            },
            {
              key: "device",
              title: t("security.sessions.device"),
              render: (_, row) => (
                <span title={row.userAgent}>{deviceLabel(row.userAgent, t)}</span>
              ),
            },
            { key: "ip", dataIndex: "ip", title: t("security.sessions.ip"), width: 140 },
          ]}
        />
      </section>
    </PagePanel>
  );
};
