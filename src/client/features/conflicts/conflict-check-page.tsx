import { useCustomMutation } from "@refinedev/core";
import { useQuery } from "@tanstack/react-query";
import { Alert, Button, Checkbox, Form } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";

import {
  CONFLICT_SCOPES,
  type ConflictCheckResult,
  type ConflictHit as Hit,
  MAX_KEYWORDS,
} from "../../../shared/contracts/conflicts";
import { FormSelect } from "../../components/form-select";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { api } from "../../lib/api";
import { type Asked, ConflictResults } from "./conflict-results";
import { caseKeywords } from "./keywords";
import { ReportHistory } from "./report-history";
import { SavedReport } from "./saved-report";

type CaseRef = {
  id: string;
  caseNo: string;
  name: string;
  accountId: string;
  parties: { name?: string; idNumber?: string }[];
};

/**
 * /manage/conflict-interest: keywords and scopes, the hits grouped by keyword, decisions, save;
 * the saved reports below. `?caseId=` checks a case (its parties and client filled in, the report
 * saved to the case); `?report=` opens a saved report.
 */
export const ConflictCheckPage = () => {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const caseId = search.get("caseId") ?? undefined;
  const [form] = Form.useForm<Asked>();
  const { mutateAsync, mutation } = useCustomMutation();
  const [hits, setHits] = useState<Hit[] | null>(null);
  const [asked, setAsked] = useState<Asked | null>(null);
  const [openId, setOpenId] = useState<string | null>(search.get("report"));
  const [refresh, setRefresh] = useState(0);
  const refreshHistory = () => setRefresh((n) => n + 1);
  // Each run starts its decisions afresh.
  const [runNo, setRunNo] = useState(0);
  const { data: kase } = useQuery({
    queryKey: ["conflict-case", caseId],
    queryFn: async () => {
      const record = await api.get<CaseRef>(`/cases/${caseId}`);
      const client = await api
        .get<{ name: string }>(`/accounts/${record.accountId}`, { skipErrorHandler: true })
        .then(
          (r) => r.name,
          () => undefined,
        );
      return { ...record, keywords: caseKeywords(record.parties ?? [], client) };
    },
    enabled: Boolean(caseId),
  });
  useEffect(() => {
    if (kase) form.setFieldValue("keywords", kase.keywords);
  }, [kase, form]);

  const run = async (values: Asked) => {
    const res = await mutateAsync({ url: "/api/conflicts/search", method: "post", values });
    setHits((res.data as unknown as ConflictCheckResult).hits);
    setAsked(values);
    setRunNo((n) => n + 1);
  };

  return (
    <>
      <PageHeader title={t("conflicts.title")} />
      <PagePanel>
        {kase ? (
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <>
                {t("conflicts.forCase")}{" "}
                <Link to={`/case/detail/${kase.id}`}>{`${kase.caseNo} ${kase.name}`}</Link>
              </>
            }
          />
        ) : null}
        <Form
          form={form}
          layout="vertical"
          initialValues={{ keywords: [], scopes: [...CONFLICT_SCOPES] }}
          onFinish={run}
        >
          <Form.Item
            name="keywords"
            label={t("conflicts.keywords")}
            rules={[
              {
                required: true,
                type: "array",
                min: 1,
                message: t("conflicts.errors.keywordEmpty"),
              },
              {
                type: "array",
                max: MAX_KEYWORDS,
                message: t("conflicts.errors.tooMany", { max: MAX_KEYWORDS }),
              },
              {
                validator: (_, v: string[] = []) =>
                  v.some((k) => !k.trim())
                    ? Promise.reject(new Error(t("conflicts.errors.keywordEmpty")))
                    : Promise.resolve(),
              },
            ]}
          >
            <FormSelect
              mode="tags"
              open={false}
              tokenSeparators={[",", "，", ";", "；"]}
              placeholder={t("conflicts.keywordsHint")}
            />
          </Form.Item>
          <Form.Item name="scopes" label={t("conflicts.scopes")}>
            <Checkbox.Group
              options={CONFLICT_SCOPES.map((s) => ({ value: s, label: t(`conflicts.scope.${s}`) }))}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={mutation.isPending}>
            {t("conflicts.search")}
          </Button>
        </Form>
      </PagePanel>
      {hits && asked && (
        <PagePanel>
          <ConflictResults
            key={runNo}
            asked={asked}
            hits={hits}
            caseId={caseId}
            onSaved={refreshHistory}
            onExported={refreshHistory}
          />
        </PagePanel>
      )}
      {openId && (
        <PagePanel>
          <SavedReport id={openId} onClose={() => setOpenId(null)} onExported={refreshHistory} />
        </PagePanel>
      )}
      <PagePanel>
        <ReportHistory refresh={refresh} onOpen={setOpenId} />
      </PagePanel>
    </>
  );
};
