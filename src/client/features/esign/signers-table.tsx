import { Table, Tag } from "antd";
import { useTranslation } from "react-i18next";

import { SIGNER_STATUS_COLORS } from "./status";
import type { Signer } from "./types";
import { firmTime } from "../../lib/firm-time";

const time = (value: string | null) => (value ? firmTime(value) : null);

const STEPS = ["sentAt", "openedAt", "verifiedAt", "signedAt", "declinedAt"] as const;

/** Who signs, in order, with each person's state and the moments they reached. */
export const SignersTable = ({ signers }: { signers: Signer[] }) => {
  const { t } = useTranslation();
  return (
    <Table<Signer>
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={signers}
      scroll={{ x: 760 }}
      columns={[
        {
          title: "#",
          dataIndex: "position",
          width: 48,
          render: (_: unknown, __: Signer, i: number) => i + 1,
        },
        {
          title: t("esign.signers.party"),
          dataIndex: "party",
          width: 110,
          render: (v: string) => t(`esign.parties.${v}`),
        },
        { title: t("esign.signers.name"), dataIndex: "name" },
        {
          title: t("esign.signers.contact"),
          key: "contact",
          render: (_: unknown, s: Signer) => [s.email, s.mobile].filter(Boolean).join(" / "),
        },
        {
          title: t("esign.signers.status"),
          dataIndex: "status",
          width: 110,
          render: (v: string) => (
            <Tag color={SIGNER_STATUS_COLORS[v]}>{t(`esign.signerStatuses.${v}`)}</Tag>
          ),
        },
        {
          title: t("esign.signers.times"),
          key: "times",
          render: (_: unknown, s: Signer) => (
            <ul className="esign-times">
              {STEPS.filter((k) => s[k]).map((k) => (
                <li key={k}>
                  {t(`esign.signers.steps.${k}`)} {time(s[k])}
                </li>
              ))}
              {s.declineReason ? (
                <li>{t("esign.signers.reason", { reason: s.declineReason })}</li>
              ) : null}
            </ul>
          ),
        },
      ]}
    />
  );
};
