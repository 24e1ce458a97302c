import { useQuery } from "@tanstack/react-query";
import { Input, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { api } from "../../lib/api";
import { firmTime } from "../../lib/firm-time";
import "./messages.css";

type OutboxRow = {
  id: string;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  kind: string;
  status: string;
  error: string | null;
  createdAt: string;
  sentAt: string | null;
  /** Demo (OUTBOX_SHOWS_SECRETS): the server shows this undelivered message's link or code. */
  secretShown?: boolean;
};

const STATUS_COLORS: Record<string, string> = {
  outbox: "default",
  pending: "processing",
  sent: "success",
  failed: "error",
};
const PAGE_SIZES = [5, 10, 20, 50, 100];
/** The table header sticks below the sticky navbar (layout.css). */
const NAVBAR_HEIGHT = 56;

/**
 * Every email and text message the firm's screens sent or queued, newest first. Signing links and
 * codes show as ••••••, except in a demo without transport (OUTBOX_SHOWS_SECRETS), where an
 * undelivered one is shown and tagged so. Page and search live in the URL.
 */
export const OutboxPage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const page = Number(search.get("page") ?? 1) || 1;
  const pageSize = Number(search.get("pageSize") ?? 20) || 20;
  const q = search.get("q") ?? "";
  const { data, isFetching } = useQuery({
    queryKey: ["outbox", page, pageSize, q],
    queryFn: () =>
      api.get<{ items: OutboxRow[]; total: number }>("/outbox", {
        params: { page, pageSize, q: q || null },
      }),
    placeholderData: (previous) => previous,
  });
  const go = (next: Record<string, string | number>) =>
    setSearch(
      Object.fromEntries(
        Object.entries({ page, pageSize, q, ...next })
          .filter(([, v]) => v !== "")
          .map(([k, v]) => [k, String(v)]),
      ),
      { replace: true },
    );

  return (
    <>
      <PageHeader title={t("outbox.title")} />
      <PagePanel>
        <Typography.Paragraph type="secondary">{t("outbox.secretsNote")}</Typography.Paragraph>
        <Input.Search
          className="outbox-search"
          allowClear
          defaultValue={q}
          aria-label={t("outbox.search")}
          placeholder={t("outbox.search")}
          enterButton={t("outbox.searchButton")}
          onSearch={(value) => go({ q: value.trim(), page: 1 })}
        />
        <Table<OutboxRow>
          rowKey="id"
          size="middle"
          loading={isFetching}
          dataSource={data?.items ?? []}
          sticky={{ offsetHeader: NAVBAR_HEIGHT }}
          // An empty table scrolling sideways would be a scroll region with nothing to focus (axe: scrollable-region-focusable).
          scroll={data?.items.length ? { x: 1400 } : undefined}
          locale={{ emptyText: t("outbox.empty") }}
          expandable={{ expandedRowRender: (r) => <pre className="outbox-body">{r.body}</pre> }}
          pagination={{
            current: page,
            pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t("table.total", { total }),
            onChange: (p, size) => go({ page: size === pageSize ? p : 1, pageSize: size }),
          }}
          columns={[
            {
              title: t("outbox.fields.createdAt"),
              dataIndex: "createdAt",
              width: 170,
              render: (v: string) => firmTime(v, "YYYY-MM-DD HH:mm:ss"),
            },
            {
              title: t("outbox.fields.channel"),
              dataIndex: "channel",
              width: 90,
              render: (v: string) => t(`outbox.channels.${v}`, { defaultValue: v }),
            },
            { title: t("outbox.fields.recipient"), dataIndex: "recipient", width: 200 },
            { title: t("outbox.fields.subject"), dataIndex: "subject", width: 260, ellipsis: true },
            { title: t("outbox.fields.body"), dataIndex: "body", width: 320, ellipsis: true },
            {
              title: t("outbox.fields.kind"),
              dataIndex: "kind",
              width: 150,
              render: (v: string) =>
                t(`outbox.kinds.${v.replace(/\./g, "-")}`, { defaultValue: v }),
            },
            {
              title: t("outbox.fields.status"),
              dataIndex: "status",
              width: 220,
              render: (v: string, r) => (
                <>
                  <Tag color={STATUS_COLORS[v]} title={r.error ?? undefined}>
                    {t(`outbox.statuses.${v}`, { defaultValue: v })}
                  </Tag>
                  {r.secretShown ? <Tag>{t("outbox.secretShown")}</Tag> : null}
                </>
              ),
            },
          ]}
        />
      </PagePanel>
    </>
  );
};
