import { CalendarOutlined, CopyOutlined, EditOutlined } from "@ant-design/icons";
import { Button, Card, Descriptions, Empty, Skeleton, Space, Table } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { type InstalmentState, parseCents } from "../../../shared/fees";
import { formatMoney, formatPercent } from "../../../shared/money";
import { useFeeTerms } from "./api";
import { arrangementItems } from "./arrangement-summary";
import { CopyFromContractDialog } from "./copy-from-contract";
import { FeeTermsDialog } from "./fee-terms-dialog";
import { InstalmentTag } from "./instalment-tag";

type Open = "edit" | "dates" | "copy" | null;

/**
 * The case's fee agreement: the arrangement, the agreed fee when it can be known, and each
 * instalment with what was received against it and where it stands today (the firm's day).
 */
export const FeeAgreementCard = ({ caseId, canEdit }: { caseId: string; canEdit: boolean }) => {
  const { t } = useTranslation();
  const { data: terms, isLoading } = useFeeTerms(caseId);
  const [open, setOpen] = useState<Open>(null);
  const hasTriggers = Boolean(terms?.schedule.some((i) => i.trigger));
  const extra =
    canEdit && terms ? (
      <Space wrap size={4}>
        <Button size="small" icon={<EditOutlined />} onClick={() => setOpen("edit")}>
          {t("fees.terms.edit")}
        </Button>
        {hasTriggers ? (
          <Button size="small" icon={<CalendarOutlined />} onClick={() => setOpen("dates")}>
            {t("fees.terms.dates")}
          </Button>
        ) : null}
        <Button size="small" icon={<CopyOutlined />} onClick={() => setOpen("copy")}>
          {t("fees.copy.action")}
        </Button>
      </Space>
    ) : null;
  const schedule = terms?.schedule ?? [];
  const due = (s: InstalmentState) => {
    if (s.trigger) {
      // "within 10 days of judgment": the event as a noun inside the sentence.
      const rule = s.graceDays
        ? t("fees.schedule.afterDays", {
            event: t(`fees.events.${s.trigger}`),
            count: s.graceDays,
          })
        : t(`fees.triggers.${s.trigger}`);
      return s.effectiveDueDate
        ? t("fees.schedule.dueOnEvent", { date: s.effectiveDueDate, rule })
        : t("fees.schedule.waiting", { rule });
    }
    return s.effectiveDueDate ?? s.dueDate ?? "";
  };
  return (
    <Card
      size="small"
      className="fees-card"
      title={<h2 className="fees-card-title">{t("fees.terms.title")}</h2>}
      extra={extra}
    >
      {isLoading || !terms ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <>
          {terms.arrangement ? (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                {
                  key: "kind",
                  label: t("fees.terms.kind"),
                  children: t(`fees.kinds.${terms.arrangement.kind}`),
                },
                ...arrangementItems(terms.arrangement, t),
                {
                  key: "agreed",
                  label: t("fees.terms.agreedFee"),
                  children: terms.agreedFee
                    ? formatMoney(terms.agreedFee)
                    : t("fees.terms.agreedUnknown"),
                },
                ...(!parseCents(terms.unallocated, { allowNegative: true })
                  ? []
                  : [
                      {
                        key: "unallocated",
                        label: t("fees.terms.unallocated"),
                        children: formatMoney(terms.unallocated),
                      },
                    ]),
              ]}
            />
          ) : (
            <p className="text-muted">{t("fees.terms.none")}</p>
          )}
          <Table<InstalmentState>
            rowKey="index"
            size="small"
            pagination={false}
            dataSource={terms.instalments}
            scroll={{ x: 760 }}
            aria-label={t("fees.schedule.title")}
            locale={{
              emptyText: (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fees.schedule.none")} />
              ),
            }}
            columns={[
              {
                title: t("fees.schedule.label"),
                key: "label",
                render: (_, s) => s.label || t("fees.schedule.nth", { n: s.index + 1 }),
              },
              {
                title: t("fees.schedule.amount"),
                key: "amount",
                align: "right",
                render: (_, s) => {
                  const percent = schedule[s.index]?.percent;
                  return percent
                    ? t("fees.schedule.amountOfPercent", {
                        amount: formatMoney(s.amount),
                        percent: formatPercent(percent),
                      })
                    : formatMoney(s.amount);
                },
              },
              { title: t("fees.schedule.due"), key: "due", render: (_, s) => due(s) },
              {
                title: t("fees.schedule.received"),
                dataIndex: "received",
                align: "right",
                render: (v: string) => formatMoney(v),
              },
              {
                title: t("fees.schedule.outstanding"),
                dataIndex: "outstanding",
                align: "right",
                render: (v: string) => formatMoney(v),
              },
              {
                title: t("fees.schedule.status"),
                key: "status",
                render: (_, s) => <InstalmentTag state={s} />,
              },
            ]}
          />
        </>
      )}
      {terms && open === "copy" ? (
        <CopyFromContractDialog caseId={caseId} terms={terms} onClose={() => setOpen(null)} />
      ) : null}
      {terms && (open === "edit" || open === "dates") ? (
        <FeeTermsDialog
          caseId={caseId}
          terms={terms}
          only={open === "dates" ? "dates" : undefined}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </Card>
  );
};
