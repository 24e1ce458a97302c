import { useQuery } from "@tanstack/react-query";
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { DATE_ORDER_KEYS } from "../../../shared/schema-vocabulary";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { isApiError } from "../../providers/api-error";
import { useSubmissionKey } from "../../lib/submission-key";
import { api } from "../../lib/api";
import { useSealOptions } from "../../lib/seal-options";
import { useCaseOptions, useCaseRow } from "../cases";
import { FileUpload } from "../../components/file-upload";
import { noEnterSubmit } from "../../components/no-enter-submit";
import "../../components/record-form.css";
import "./contracts.css";

const FEE_TYPES = ["fixed", "hourly", "contingency", "semi-contingency", "hybrid"];
const DATE = "YYYY-MM-DD";

type FormValues = Record<string, unknown> & { startDate?: Dayjs; endDate?: Dayjs };

/** Sends only what was filled in; dates as ISO days. */
const payloadOf = (v: FormValues, attachmentIds: string[]) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) {
    if (value === undefined || value === null || value === "" || key === "contractNo") continue;
    out[key] = key === "startDate" || key === "endDate" ? (value as Dayjs).format(DATE) : value;
  }
  if (attachmentIds.length > 0) out.attachmentIds = attachmentIds;
  return out;
};

/**
 * /contract/add/:workflow: a new contract, submitted for its approval (the {workflow} is the
 * contract flow). Opened from a case (?caseId=…) the case is filled in; its fee arrangement and
 * the seal's firm fill the defaults, the next number is proposed and may be typed over.
 */
export const ContractFormPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keyFor = useSubmissionKey();
  const { workflow = "" } = useParams();
  const [search] = useSearchParams();
  const [form] = Form.useForm<FormValues>();
  const [files, setFiles] = useState<string[]>([]);
  const [isUploading, setUploading] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const caseId = Form.useWatch("caseId", form) as string | undefined;
  const { data: cases = [] } = useCaseOptions();
  const { data: kase } = useCaseRow(caseId);
  const { data: seals = [] } = useSealOptions();
  const { data: types = [] } = useQuery({
    queryKey: ["schema-options", "dict:contract-type"],
    queryFn: () =>
      api.get<{ value: string; label: string; enabled: boolean }[]>(
        "/dictionaries/contract-type/options",
      ),
  });
  const { data: preview } = useQuery({
    queryKey: ["contract-number-preview"],
    queryFn: () => api.get<{ contractNo: string }>("/contract-number-preview"),
  });

  useEffect(() => {
    const fromCase = search.get("caseId");
    if (fromCase) form.setFieldValue("caseId", fromCase);
  }, [search, form]);
  useEffect(() => {
    if (preview && !form.isFieldTouched("contractNo"))
      form.setFieldValue("contractNo", preview.contractNo);
  }, [preview, form]);
  // The case's fee arrangement is the starting point of the contract's fee terms.
  useEffect(() => {
    if (!kase) return;
    for (const key of ["feeType", "feeFixed", "feePercent", "amount"] as const) {
      if (!form.isFieldTouched(key) && kase[key]) form.setFieldValue(key, kase[key]);
    }
  }, [kase, form]);

  const dateRule = (side: "start" | "end") => ({
    validator: async () => {
      const start = form.getFieldValue("startDate") as Dayjs | undefined;
      const end = form.getFieldValue("endDate") as Dayjs | undefined;
      if (start && end && start.isAfter(end, "day")) throw new Error(t(DATE_ORDER_KEYS[side]));
    },
  });
  const contactRule = {
    validator: async () => {
      if (!form.getFieldValue("signerMobile") && !form.getFieldValue("signerEmail"))
        throw new Error(t("contracts.errors.signerContact"));
    },
  };

  const submit = async (values: FormValues) => {
    setSaving(true);
    try {
      const typed = String(values.contractNo ?? "").trim();
      const body = {
        definitionId: workflow,
        values: payloadOf(values, files),
        ...(typed && typed !== preview?.contractNo ? { contractNo: typed } : {}),
      };
      const data = await api.post<{ instanceId: string }>(
        "/contract-submissions",
        body,
        keyFor(body),
      );
      navigate(`/contract/workflow/${data.instanceId}`);
    } catch (err) {
      if (isApiError(err) && err.fields.length > 0)
        form.setFields(
          err.fields.map((f) => ({ name: f.field.split(".")[0], errors: [f.message] })),
        );
    } finally {
      setSaving(false);
    }
  };

  const f = (key: string) => t(`contracts.fields.${key}`);
  return (
    <>
      <PageHeader title={t("contracts.titles.create")} />
      <PagePanel>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{ copies: 2 }}
          className="record-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="caseId"
                label={f("caseId")}
                rules={[{ required: true, message: t("contracts.form.required") }]}
              >
                <Select
                  showSearch
                  optionFilterProp="label"
                  options={cases.map((c) => ({ value: c.id, label: `${c.caseNo} ${c.name}` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="contractType"
                label={f("contractType")}
                rules={[{ required: true, message: t("contracts.form.required") }]}
              >
                <Select
                  options={types
                    .filter((o) => o.enabled)
                    .map((o) => ({ value: o.value, label: o.label }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="name"
                label={f("name")}
                rules={[
                  { required: true, whitespace: true, message: t("contracts.form.required") },
                  { max: 200 },
                ]}
              >
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="contractNo"
                label={f("contractNo")}
                extra={t("contracts.form.numberHint")}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="startDate"
                label={f("startDate")}
                dependencies={["endDate"]}
                rules={[
                  { required: true, message: t("contracts.form.required") },
                  dateRule("start"),
                ]}
              >
                <DatePicker style={{ width: "100%" }} onKeyDown={noEnterSubmit} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="endDate"
                label={f("endDate")}
                dependencies={["startDate"]}
                rules={[{ required: true, message: t("contracts.form.required") }, dateRule("end")]}
              >
                <DatePicker style={{ width: "100%" }} onKeyDown={noEnterSubmit} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="amount"
                label={f("amount")}
                rules={[{ pattern: /^\d+(\.\d{1,2})?$/, message: t("contracts.form.money") }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="feeType" label={f("feeType")}>
                <Select
                  allowClear
                  options={FEE_TYPES.map((v) => ({ value: v, label: t(`cases.feeTypes.${v}`) }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="feeFixed"
                label={f("feeFixed")}
                rules={[{ pattern: /^\d+(\.\d{1,2})?$/, message: t("contracts.form.money") }]}
              >
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item name="feeTerms" label={f("feeTerms")}>
                <Input.TextArea rows={2} maxLength={2000} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="sealId" label={f("sealId")}>
                <Select
                  allowClear
                  options={seals.map((s) => ({
                    value: s.id,
                    label: `${s.name}（${t(`seals.types.${s.sealType}`)}）`,
                  }))}
                  onChange={(id) => {
                    const seal = seals.find((s) => s.id === id);
                    if (seal) form.setFieldValue("sealingFirm", seal.sealingFirm);
                  }}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="sealingFirm" label={f("sealingFirm")}>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="copies"
                label={f("copies")}
                rules={[{ required: true, message: t("contracts.form.required") }]}
              >
                <InputNumber min={1} max={999} precision={0} style={{ width: "100%" }} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                label={f("attachmentIds")}
                htmlFor="contract-files"
                extra={kase ? t("contracts.form.toCaseFolder", { no: kase.caseNo }) : undefined}
              >
                <FileUpload
                  id="contract-files"
                  folderId={kase?.folderId}
                  onChange={setFiles}
                  onBusy={setUploading}
                  label={t("contracts.form.upload")}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="signerName"
                label={f("signerName")}
                rules={[
                  { required: true, whitespace: true, message: t("contracts.form.required") },
                ]}
              >
                <Input maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="signerMobile"
                label={f("signerMobile")}
                dependencies={["signerEmail"]}
                rules={[{ pattern: /^1\d{10}$/, message: t("contracts.form.mobile") }, contactRule]}
              >
                <Input inputMode="tel" maxLength={11} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="signerEmail"
                label={f("signerEmail")}
                dependencies={["signerMobile"]}
                rules={[{ type: "email", message: t("contracts.form.email") }, contactRule]}
              >
                <Input inputMode="email" maxLength={100} />
              </Form.Item>
            </Col>
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving} disabled={isUploading}>
              {t("contracts.actions.submit")}
            </Button>
            <Button onClick={() => navigate(-1)}>{t("buttons.cancel")}</Button>
          </Space>
        </Form>
      </PagePanel>
    </>
  );
};
