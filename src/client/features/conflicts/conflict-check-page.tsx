import { useCustomMutation } from "@refinedev/core";
import { Alert, Button, Checkbox, Form, Select, Space, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useCan } from "../../routing/use-can";
import { type Decision, type Hit, HitsTable } from "./hits-table";
import { ExportPdfButton, ReportHistory } from "./report-history";
import { SavedReport } from "./saved-report";

const SCOPES = ["clients", "employees", "parties", "equity"];
const MAX = 10;

/** /manage/conflict-interest: keywords and scopes, the hits grouped by keyword, decisions, save; the saved reports below. */
export const ConflictCheckPage = () => {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ keywords: string[]; scopes: string[] }>();
  const { mutateAsync, mutation } = useCustomMutation();
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [asked, setAsked] = useState<{ keywords: string[]; scopes: string[] } | null>(null);
  const [decisions, setDecisions] = useState<Record<string, Decision>>({});
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const [missingLetter, setMissingLetter] = useState(false);
  const [saved, setSaved] = useState<{ id: string; createdAt: string } | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const [refresh, setRefresh] = useState(0);
  const can = useCan();
  const canSave = can("create", "LAWFIRM_CONFLICT_VIEW");

  const run = async (values: { keywords: string[]; scopes: string[] }) => {
    const res = await mutateAsync({ url: "/api/conflicts/search", method: "post", values });
    setHits((res.data as unknown as { hits: Hit[] }).hits);
    setAsked(values);
    setDecisions({});
    setSaved(null);
    setMissingLetter(false);
  };
  const save = async () => {
    if (!asked) return;
    const list = Object.entries(decisions).map(([key, d]) => ({ key, ...d }));
    // The server refuses it too; saying so here spares a round trip and names the fix.
    if (list.some((d) => d.decision === "waived" && !d.waiverFileId)) {
      setMissingLetter(true);
      return;
    }
    setMissingLetter(false);
    const res = await mutateAsync({ url: "/api/conflicts/reports", method: "post", values: { ...asked, decisions: list } });
    setSaved(res.data as unknown as { id: string; createdAt: string });
    setRefresh((n) => n + 1);
  };
  const decide = (key: string, patch: Partial<Decision>) =>
    setDecisions((all) => ({ ...all, [key]: { ...{ decision: "none", remark: "" }, ...all[key], ...patch } }));
  const isUploading = Object.values(uploading).some(Boolean);

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
            <Select mode="tags" open={false} tokenSeparators={[",", "，", ";", "；"]} placeholder={t("conflicts.keywordsHint")} />
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
          <section aria-label={t("conflicts.results")}>
            <HitsTable hits={hits} decisions={decisions} onDecide={decide} onBusy={(key, busy) => setUploading((all) => ({ ...all, [key]: busy }))} />
            {missingLetter && <Alert style={{ marginTop: 16 }} type="error" showIcon message={t("conflicts.waiver.needed")} />}
            <Space style={{ marginTop: 16 }}>
              {canSave && !saved && (
                <Button type="primary" onClick={() => void save()} loading={mutation.isPending} disabled={isUploading}>
                  {t("conflicts.save")}
                </Button>
              )}
              {saved && <Typography.Text type="success">{t("conflicts.saved")}</Typography.Text>}
              {saved && <ExportPdfButton report={saved} />}
            </Space>
          </section>
        </PagePanel>
      )}
      {openId && (
        <PagePanel>
          <SavedReport id={openId} onClose={() => setOpenId(null)} />
        </PagePanel>
      )}
      <PagePanel>
        <ReportHistory refresh={refresh} onOpen={setOpenId} />
      </PagePanel>
    </>
  );
};
