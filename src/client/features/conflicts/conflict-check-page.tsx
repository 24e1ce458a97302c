import { useCustomMutation } from "@refinedev/core";
import { Button, Checkbox, Form, Input, Select, Space, Table, Tag, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { FormSelect } from "../../components/form-select";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";

type Hit = {
  key: string; keyword: string; source: string; match: string; name: string; conflictRole: string;
  caseNo: string | null; caseStatus: string | null; caseCreatedAt: string | null; leadLawyer: string | null;
  likelyConflict: boolean; path: { from: string; steps: { name: string; share: number }[] } | null;
};
type Decision = { decision: string; remark: string };

const SCOPES = ["clients", "employees", "parties", "equity"];
const MAX = 10;
// Waivers need a letter in Documents; the upload is not on this page yet, so only these three are offered.
const DECISIONS = ["none", "potential", "conflict"];

/** /manage/conflict-interest: keywords and scopes, the hits grouped by keyword, decisions, save. */
export const ConflictCheckPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ keywords: string[]; scopes: string[] }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [asked, setAsked] = useState<{ keywords: string[]; scopes: string[] } | null>(null);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [savedId, setSavedId] = useState<string | null>(null);
  const can = useCan();
  const canSave = can("create", "LAWFIRM_CONFLICT_VIEW");

  const run = async (values: { keywords: string[]; scopes: string[] }) => {
    const res = await mutateAsync({ url: "/api/conflicts/search", method: "post", values });
    setHits((res.data as unknown as { hits: Hit[] }).hits);
    setAsked(values);
    setDecisions({});
    setSavedId(null);
  };
  const save = async () => {
    if (!asked) return;
    const list = Object.entries(decisions).map(([key, d]) => ({ key, ...d }));
    const res = await mutateAsync({ url: "/api/conflicts/reports", method: "post", values: { ...asked, decisions: list } });
    setSavedId((res.data as unknown as { id: string }).id);
  };
  const decide = (key: string, patch: Partial<Decision>) =>
    setDecisions((all) => ({ ...all, [key]: { ...{ decision: "none", remark: "" }, ...all[key], ...patch } }));

  return (
    <>
      <PageHeader title={t("conflicts.title")} />
      <PagePanel>
        <Form form={form} layout="vertical" initialValues={{ keywords: [], scopes: SCOPES }} onFinish={run}>
          <Form.Item
            name="keywords"
            label={t("conflicts.keywords")}
            rules={[
              { required: true, type: "array", min: 1, message: t("conflicts.errors.keywordEmpty") },
              { type: "array", max: MAX, message: t("conflicts.errors.tooMany", { max: MAX }) },
              { validator: (_, v: string[] = []) => (v.some((k) => !k.trim()) ? Promise.reject(new Error(t("conflicts.errors.keywordEmpty"))) : Promise.resolve()) },
            ]}
          >
            <FormSelect mode="tags" open={false} tokenSeparators={[",", "，", ";", "；"]} placeholder={t("conflicts.keywordsHint")} />
          </Form.Item>
          <Form.Item name="scopes" label={t("conflicts.scopes")}>
            <Checkbox.Group options={SCOPES.map((s) => ({ value: s, label: t(`conflicts.scope.${s}`) }))} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("conflicts.search")}
          </Button>
        </Form>
      </PagePanel>
      {hits && (
        <PagePanel>
          <Table<Hit>
            rowKey="key"
            dataSource={hits}
            pagination={false}
            columns={[
              { title: t("conflicts.cols.keyword"), dataIndex: "keyword" },
              {
                title: t("conflicts.cols.party"),
                render: (_, h) => (
                  <Space direction="vertical" size={0}>
                    <span>{h.name} {h.likelyConflict && <Tag color="red">{t("conflicts.likely")}</Tag>}</span>
                    {h.path && (
                      <Typography.Text type="secondary">
                        {[h.path.from, ...h.path.steps.map((s) => `—${s.share}%→ ${s.name}`)].join(" ")}
                      </Typography.Text>
                    )}
                  </Space>
                ),
              },
              { title: t("conflicts.cols.role"), render: (_, h) => t(`cases.conflictRoles.${h.conflictRole}`) },
              { title: t("conflicts.cols.match"), render: (_, h) => t(`conflicts.match.${h.match}`) },
              { title: t("conflicts.cols.case"), render: (_, h) => (h.caseNo ? `${h.caseNo} · ${t(`conflicts.status.${h.caseStatus}`)} · ${h.caseCreatedAt?.slice(0, 10)} · ${h.leadLawyer ?? ""}` : "") },
              {
                title: t("conflicts.cols.decision"),
                render: (_, h) => (
                  <Space>
                    <Select
                      aria-label={t("conflicts.cols.decision")}
                      style={{ width: 140 }}
                      value={decisions[h.key]?.decision}
                      onChange={(v) => decide(h.key, { decision: v })}
                      options={DECISIONS.map((d) => ({ value: d, label: t(`conflicts.decision.${d}`) }))}
                    />
                    <Input aria-label={t("conflicts.remark")} placeholder={t("conflicts.remark")} maxLength={1000} value={decisions[h.key]?.remark} onChange={(e) => decide(h.key, { remark: e.target.value })} />
                  </Space>
                ),
              },
            ]}
          />
          <Space style={{ marginTop: 16 }}>
            {canSave && (
              <Button type="primary" onClick={save} loading={mutation.isPending}>
                {t("conflicts.save")}
              </Button>
            )}
            {savedId && <Typography.Text type="success">{t("conflicts.saved")}</Typography.Text>}
          </Space>
        </PagePanel>
      )}
    </>
  );
};
