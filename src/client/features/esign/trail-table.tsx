import { Table, Tag } from "antd";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";

import { shortHash } from "./status";
import type { TrailEvent } from "./types";
import { firmTime } from "../../lib/firm-time";

type Notice = { channel?: unknown; via?: unknown; recipient?: unknown };

/**
 * The message a step sent, as the trail recorded it: a link or code by the signer's e-mail or
 * SMS, or left in the Outbox when no transport is configured (the firm could read it then).
 */
const noticeOf = (t: TFunction, e: TrailEvent) => {
  const d = (e.detail ?? {}) as Notice;
  if (typeof d.via !== "string" || typeof d.recipient !== "string") return "";
  const what = e.action === "code-sent" ? "code" : "link";
  if (d.via === "outbox") return t(`esign.trail.notice.${what}Outbox`, { recipient: d.recipient });
  return t(`esign.trail.notice.${what}`, {
    recipient: d.recipient,
    channel: t(`esign.trail.notice.channels.${d.via}`, { defaultValue: d.via }),
  });
};

/**
 * The request's audit trail. Every event carries the hash of the one before it; the server
 * re-checks the chain on every read, and a break means a row was changed outside the app.
 */
export const TrailTable = ({
  trail,
  isChainValid,
}: {
  trail: TrailEvent[];
  isChainValid: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="esign-trail-title">
      <h3 id="esign-trail-title" className="esign-section-title">
        {t("esign.trail.title")}{" "}
        <Tag color={isChainValid ? "success" : "error"}>
          {t(isChainValid ? "esign.trail.chainValid" : "esign.trail.chainBroken")}
        </Tag>
      </h3>
      <Table<TrailEvent>
        rowKey="seq"
        size="small"
        pagination={false}
        dataSource={trail}
        scroll={{ x: 960 }}
        columns={[
          {
            title: t("esign.trail.action"),
            dataIndex: "action",
            width: 110,
            render: (v: string) => t(`esign.trailActions.${v}`, { defaultValue: v }),
          },
          {
            title: t("esign.trail.actor"),
            dataIndex: "actorName",
            width: 110,
            render: (v: string | null) => v || t("esign.trail.system"),
          },
          {
            title: t("esign.trail.detail"),
            key: "detail",
            render: (_: unknown, e: TrailEvent) => noticeOf(t, e),
          },
          {
            title: t("esign.trail.ip"),
            dataIndex: "ip",
            width: 110,
            render: (v: string | null) => v ?? "",
          },
          {
            title: t("esign.trail.time"),
            dataIndex: "at",
            width: 200,
            render: (v: string) => firmTime(v, "YYYY-MM-DD HH:mm:ss"),
          },
          {
            title: t("esign.trail.hash"),
            dataIndex: "hash",
            width: 110,
            render: (v: string) => (
              <code className="esign-hash" title={v}>
                {shortHash(v)}
              </code>
            ),
          },
        ]}
      />
    </section>
  );
};
