import { useQuery } from "@tanstack/react-query";
import { Descriptions, Empty, Skeleton, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { isAdverseRole } from "../../../shared/conflict-roles";
import { SchemaShow } from "../../schema-ui";
import type { Field } from "../../schema-ui/use-schema";
import { api } from "../../lib/api";
import { useMemberName } from "../../lib/members";
import { accountDetailPath } from "../../lib/record-paths";
import { type CaseRecord, type Party, useChain, useDictLabels } from "./api";
import { CaseRecords } from "./case-records";
import { STATUS_COLORS } from "./status";

/** Shown in their own sections, not in "case information". */
const OWN_SECTION = new Set([
  "accountId",
  "parties",
  "leadLawyerId",
  "leadPartnerId",
  "coCounselIds",
  "assistantIds",
  "caseNo",
  "name",
  "status",
]);
const isColumn = (f: Field) => f.schema["x-storage"] === "column";

const Section = ({ title, children }: { title: string; children: React.ReactNode }) => (
  <section className="case-section" aria-label={title}>
    <h2>{title}</h2>
    {children}
  </section>
);

/** The client the case is for, with a link to its page (when the viewer may read clients). */
const ClientSection = ({ accountId }: { accountId: string }) => {
  const { t } = useTranslation();
  const { data, isLoading, isError } = useQuery({
    queryKey: ["case-client", accountId],
    queryFn: () => api.get<Record<string, unknown>>(`/accounts/${accountId}`),
    retry: false,
  });
  if (isLoading) return <Skeleton active paragraph={{ rows: 1 }} />;
  if (isError || !data) return <span className="text-muted">{t("cases.detail.clientHidden")}</span>;
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t("cases.fields.accountId")}>
        <Link to={accountDetailPath(data)}>{String(data.name)}</Link>
      </Descriptions.Item>
      <Descriptions.Item label={t("cases.detail.clientType")}>
        {t(
          `cases.detail.clientTypes.${data.accountType === "individual" ? "individual" : "organization"}`,
        )}
      </Descriptions.Item>
    </Descriptions>
  );
};

const PartiesTable = ({ parties }: { parties: Party[] }) => {
  const { t } = useTranslation();
  if (parties.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("cases.detail.noParties")} />;
  return (
    <Table<Party>
      rowKey={(p) => `${p.name}|${p.conflictRole}`}
      size="small"
      pagination={false}
      dataSource={parties}
      scroll={{ x: 640 }}
      columns={[
        { title: t("cases.parties.name"), dataIndex: "name" },
        {
          title: t("cases.parties.partyType"),
          dataIndex: "partyType",
          render: (v: string) => t(`cases.partyTypes.${v}`),
        },
        { title: t("cases.parties.idNumber"), dataIndex: "idNumber" },
        {
          title: t("cases.parties.litigationRole"),
          dataIndex: "litigationRole",
          render: (v?: string) => (v ? t(`cases.litigationRoles.${v}`) : ""),
        },
        {
          title: t("cases.parties.conflictRole"),
          dataIndex: "conflictRole",
          render: (v: string) => (
            <Tag color={v === "client" ? "blue" : isAdverseRole(v) ? "red" : undefined}>
              {t(`cases.conflictRoles.${v}`)}
            </Tag>
          ),
        },
      ]}
    />
  );
};

const TeamSection = ({ record }: { record: CaseRecord }) => {
  const { t } = useTranslation();
  const name = useMemberName();
  const names = (ids: string[]) =>
    ids.length ? (
      ids.map((id) => <Tag key={id}>{name(id)}</Tag>)
    ) : (
      <span className="text-muted">{t("schemaUi.notSet")}</span>
    );
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 2 }}>
      <Descriptions.Item label={t("cases.fields.leadLawyerId")}>
        {name(record.leadLawyerId)}
      </Descriptions.Item>
      <Descriptions.Item label={t("cases.fields.leadPartnerId")}>
        {record.leadPartnerId ? name(record.leadPartnerId) : t("schemaUi.notSet")}
      </Descriptions.Item>
      <Descriptions.Item label={t("cases.fields.coCounselIds")}>
        {names(record.coCounselIds ?? [])}
      </Descriptions.Item>
      <Descriptions.Item label={t("cases.fields.assistantIds")}>
        {names(record.assistantIds ?? [])}
      </Descriptions.Item>
    </Descriptions>
  );
};

/** First instance → appeal → enforcement: every stage of the matter, this one marked. */
const ChainSection = ({ id }: { id: string }) => {
  const { t } = useTranslation();
  const { data = [] } = useChain(id);
  const stage = useDictLabels("case-stage");
  if (data.length < 2) return null;
  return (
    <Section title={t("cases.detail.chain")}>
      <ol className="case-chain-list">
        {data.map((c) => (
          <li key={c.id} aria-current={c.id === id ? "step" : undefined}>
            {c.id === id ? (
              <strong>{`${stage(c.stage)} · ${c.caseNo}`}</strong>
            ) : (
              <Link to={`/case/detail/${c.id}`}>{`${stage(c.stage)} · ${c.caseNo}`}</Link>
            )}
            <Tag color={STATUS_COLORS[c.status]} style={{ marginInlineStart: 8 }}>
              {t(`cases.status.${c.status}`)}
            </Tag>
          </li>
        ))}
      </ol>
    </Section>
  );
};

/** The detail's information tab: client, case, more information, parties, team, court numbers, stages. */
export const CaseInfo = ({ record, canEdit }: { record: CaseRecord; canEdit: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <Section title={t("cases.detail.client")}>
        <ClientSection accountId={record.accountId} />
      </Section>
      <Section title={t("cases.detail.caseInfo")}>
        <SchemaShow
          resource="cases"
          record={record}
          only={(f) => isColumn(f) && !OWN_SECTION.has(f.key)}
        />
      </Section>
      <Section title={t("cases.detail.more")}>
        <SchemaShow resource="cases" record={record} columns={2} only={(f) => !isColumn(f)} />
      </Section>
      <Section title={t("cases.fields.parties")}>
        <PartiesTable parties={record.parties ?? []} />
      </Section>
      <Section title={t("cases.detail.team")}>
        <TeamSection record={record} />
      </Section>
      <Section title={t("cases.detail.courtNumbers")}>
        <CaseRecords
          caseId={record.id}
          resource="case-court-numbers"
          title={t("cases.detail.courtNumbers")}
          canEdit={canEdit}
        />
      </Section>
      <ChainSection id={record.id} />
    </>
  );
};
