import { useQuery } from "@tanstack/react-query";
import { Button, Col, DatePicker, Form, Input, InputNumber, Radio, Row, Select, Space } from "antd";
import type { Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams, useSearchParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { useSubmissionKey } from "../../lib/submission-key";
import { isApiError } from "../../providers/api-error";
import { api } from "../../lib/api";
import { useSealOptions } from "../../lib/seal-options";
import { firmToday } from "../../lib/firm-time";
import { useCaseOptions } from "../cases";
import { FileUpload } from "../../components/file-upload";
import { noEnterSubmit } from "../../components/no-enter-submit";
import { type Recipient, RecipientsField } from "./recipients-field";
import "../../components/record-form.css";

type Values = {
  documentType: string;
  caseId?: string;
  recipients: Recipient[];
  sealId: string;
  reason: string;
  reviewed: boolean;
  mode: string;
  returnDue?: Dayjs;
};
type FileCopies = { fileId: string; name: string; copies: number };

/**
 * /seal/add/:workflow: a legal-document seal request. Each uploaded document has its own copies
 * (beside it in the upload list, so it is listed once), each recipient too; whether the lawyer
 * reviewed them must be answered; a take-out needs a return date.
 */
export const SealRequestForm = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keyFor = useSubmissionKey();
  const { workflow = "" } = useParams();
  const [search] = useSearchParams();
  const [form] = Form.useForm<Values>();
  const [files, setFiles] = useState<FileCopies[]>([]);
  const [filesError, setFilesError] = useState<string>();
  const [isBusy, setBusy] = useState(false);
  const [isSaving, setSaving] = useState(false);
  const mode = Form.useWatch("mode", form);
  const { data: cases = [] } = useCaseOptions();
  const { data: seals = [] } = useSealOptions();
  const { data: types = [] } = useQuery({
    queryKey: ["schema-options", "dict:seal-document-type"],
    queryFn: () =>
      api.get<{ value: string; label: string; enabled: boolean }[]>(
        "/dictionaries/seal-document-type/options",
      ),
  });

  // Uploaded ids arrive in order; a new one starts at one copy, a removed one drops out.
  const onFiles = (uploaded: { id: string; name: string }[]) => {
    setFiles((all) => {
      const known = new Map(all.map((f) => [f.fileId, f]));
      return uploaded.map((u) => known.get(u.id) ?? { fileId: u.id, copies: 1, name: u.name });
    });
    if (uploaded.length > 0) setFilesError(undefined);
  };

  const submit = async (v: Values) => {
    if (files.length === 0) {
      setFilesError(t("seals.form.filesRequired"));
      return;
    }
    setSaving(true);
    try {
      const values = {
        ...v,
        caseId: v.caseId || undefined,
        returnDue:
          v.mode === "take-out" && v.returnDue ? v.returnDue.format("YYYY-MM-DD") : undefined,
        files: files.map(({ fileId, copies }) => ({ fileId, copies })),
      };
      const body = { definitionId: workflow, values };
      const data = await api.post<{ instanceId: string }>(
        "/seal-request-submissions",
        body,
        keyFor(body),
      );
      navigate(`/seal/workflow/${data.instanceId}`);
    } catch (err) {
      if (isApiError(err) && err.fields.length > 0) {
        const fileErr = err.fields.find((f) => f.field.startsWith("files"));
        if (fileErr) setFilesError(fileErr.message);
        // "recipients.1.name" names the second recipient's box.
        const path = (field: string) =>
          field.split(".").map((p) => (/^\d+$/.test(p) ? Number(p) : p));
        form.setFields(
          err.fields
            .filter((f) => !f.field.startsWith("files"))
            .map((f) => ({ name: path(f.field) as never, errors: [f.message] })),
        );
      }
    } finally {
      setSaving(false);
    }
  };
  const f = (key: string) => t(`seals.requestFields.${key}`);
  const required = { required: true, message: t("contracts.form.required") };
  return (
    <>
      <PageHeader title={t("seals.titles.createRequest")} />
      <PagePanel>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void submit(v)}
          initialValues={{
            mode: "office",
            caseId: search.get("caseId") ?? undefined,
            recipients: [{ name: "", copies: 1 }],
          }}
          className="record-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="documentType" label={f("documentType")} rules={[required]}>
                <Select
                  options={types
                    .filter((o) => o.enabled)
                    .map((o) => ({ value: o.value, label: o.label }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="caseId" label={f("caseId")}>
                <Select
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  options={cases.map((c) => ({ value: c.id, label: `${c.caseNo} ${c.name}` }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="sealId" label={f("sealId")} rules={[required]}>
                <Select
                  options={seals.map((s) => ({
                    value: s.id,
                    label: `${s.name}（${t(`seals.types.${s.sealType}`)}）`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                label={f("files")}
                htmlFor="seal-files"
                required
                validateStatus={filesError ? "error" : undefined}
                help={filesError}
              >
                <FileUpload
                  id="seal-files"
                  max={10}
                  onChange={(_ids, uploaded) => onFiles(uploaded)}
                  onBusy={setBusy}
                  label={t("contracts.form.upload")}
                  itemExtra={(file) => (
                    <InputNumber
                      aria-label={t("seals.form.copiesOf", { name: file.name })}
                      min={1}
                      max={999}
                      precision={0}
                      addonAfter={t("seals.form.copiesUnit")}
                      style={{ width: 140 }}
                      value={files.find((x) => x.fileId === file.id)?.copies ?? 1}
                      onChange={(n) =>
                        setFiles((all) =>
                          all.map((x) =>
                            x.fileId === file.id ? { ...x, copies: Number(n) || 1 } : x,
                          ),
                        )
                      }
                    />
                  )}
                />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <RecipientsField />
            </Col>
            <Col xs={24}>
              <Form.Item
                name="reason"
                label={f("reason")}
                rules={[{ ...required, whitespace: true }, { max: 1000 }]}
              >
                <Input.TextArea rows={2} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="reviewed"
                label={f("reviewed")}
                rules={[{ required: true, message: t("seals.form.reviewedRequired") }]}
              >
                <Radio.Group
                  options={[
                    { value: true, label: t("seals.form.yes") },
                    { value: false, label: t("seals.form.no") },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="mode" label={f("mode")} rules={[required]}>
                <Radio.Group
                  options={["office", "take-out"].map((v) => ({
                    value: v,
                    label: t(`seals.modes.${v}`),
                  }))}
                />
              </Form.Item>
            </Col>
            {mode === "take-out" ? (
              <Col xs={24} md={8}>
                <Form.Item name="returnDue" label={f("returnDue")} rules={[required]}>
                  <DatePicker
                    style={{ width: "100%" }}
                    disabledDate={(d) => d.format("YYYY-MM-DD") < firmToday()}
                    onKeyDown={noEnterSubmit}
                  />
                </Form.Item>
              </Col>
            ) : null}
          </Row>
          <Space>
            <Button type="primary" htmlType="submit" loading={isSaving} disabled={isBusy}>
              {t("contracts.actions.submit")}
            </Button>
            <Button onClick={() => navigate(-1)}>{t("buttons.cancel")}</Button>
          </Space>
        </Form>
      </PagePanel>
    </>
  );
};
