import { useQuery } from "@tanstack/react-query";
import { Checkbox, Select, Space, Table } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";

import { VOLUME_STATUSES, type VolumeRow } from "../../../shared/contracts/archive";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { api } from "../../lib/api";
import { volumePath } from "./api";
import { MergeStatusTag, OverdueTag, VolumeStatusTag } from "./status-tags";

/** /archive/volumes: every volume one may read, the archivist's work list (filters kept in the URL). */
export const VolumesPage = () => {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const status = search.get("status") ?? undefined;
  const overdue = search.get("overdue") === "true";
  const { data = [], isLoading } = useQuery({
    queryKey: ["archive-volumes", status, overdue],
    queryFn: () =>
      api.get<VolumeRow[]>("/archive-volumes", {
        params: { status, overdue: overdue ? true : undefined },
      }),
  });
  const setFilter = (key: string, value: string | undefined) => {
    const next = new URLSearchParams(search);
    if (value) next.set(key, value);
    else next.delete(key);
    setSearch(next, { replace: true });
  };
  return (
    <>
      <PageHeader title={t("archiveUi.titles.volumes")} />
      <PagePanel>
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            aria-label={t("archiveUi.filters.status")}
            placeholder={t("archiveUi.filters.status")}
            allowClear
            style={{ minWidth: 160 }}
            value={status}
            onChange={(v?: string) => setFilter("status", v)}
            options={VOLUME_STATUSES.map((s) => ({ value: s, label: t(`archiveUi.status.${s}`) }))}
          />
          <Checkbox
            checked={overdue}
            onChange={(e) => setFilter("overdue", e.target.checked ? "true" : undefined)}
          >
            {t("archiveUi.filters.overdueOnly")}
          </Checkbox>
        </Space>
        <Table<VolumeRow>
          rowKey="id"
          size="middle"
          loading={isLoading}
          dataSource={data}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          columns={[
            {
              key: "volumeNo",
              title: t("archive.fields.volumeNo"),
              render: (_, r) => (
                <Link className="schema-link" to={volumePath(r.id)}>
                  {r.volumeNo ?? t("archiveUi.caseLine.assembling")}
                </Link>
              ),
            },
            {
              key: "case",
              title: t("archive.fields.caseName"),
              render: (_, r) => `${r.caseNo} ${r.caseName}`,
            },
            {
              key: "status",
              title: t("archiveUi.fields.status"),
              render: (_, r) => <VolumeStatusTag status={r.status} />,
            },
            { key: "closedOn", title: t("archive.fields.closedOn"), dataIndex: "closedOn" },
            {
              key: "dueOn",
              title: t("archiveUi.fields.dueOn"),
              render: (_, r) => (
                <Space size={4}>
                  {r.dueOn}
                  {r.overdue ? <OverdueTag /> : null}
                </Space>
              ),
            },
            {
              key: "retention",
              title: t("archive.fields.retentionYears"),
              dataIndex: "retentionYears",
            },
            {
              key: "merge",
              title: t("archiveUi.fields.merge"),
              render: (_, r) => <MergeStatusTag status={r.mergeStatus} />,
            },
          ]}
        />
      </PagePanel>
    </>
  );
};
