import { useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Col, Form, Input, Modal, Result, Row, Skeleton, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import {
  CLOSING_RESULTS,
  CLOSING_SUMMARY_MAX,
  type ClosingResult,
  type ClosingSubmitInput,
  type ClosingSubmitResult,
} from "../../../shared/contracts/closing";
import { FormSelect } from "../../components/form-select";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { approvalPathOf } from "../../lib/approval-paths";
import { useSubmissionKey } from "../../lib/submission-key";
import { checklistKey, useClosingChecklist } from "./api";
import { ChecklistItems } from "./checklist-items";

type Values = {
  result: ClosingResult;
  recoveredAmount?: string;
  text: string;
  explanations?: Record<string, string>;
};

const MONEY = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * The closing (结案) of a formal case: the checklist of what is still open, an explanation for
 * each open item, the summary (result, amount recovered, text), sent with an Idempotency-Key to
 * the closing approval. The case closes when that approval is accepted.
 */
export const ClosingDialog = ({ caseId, onClose }: { caseId: string; onClose: () => void }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const [form] = Form.useForm<Values>();
  const keyFor = useSubmissionKey();
  const { data, isLoading } = useClosingChecklist(caseId);
  const [isSaving, setSaving] = useState(false);
  const [done, setDone] = useState<ClosingSubmitResult | null>(null);

  const submit = async (v: Values) => {
    const open = new Set(data?.items.filter((i) => !i.resolved).map((i) => i.key));
    const body: ClosingSubmitInput = {
      summary: {
        result: v.result,
        recoveredAmount: v.recoveredAmount?.trim() || null,
        text: v.text.trim(),
      },
      explanations: Object.fromEntries(
        Object.entries(v.explanations ?? {})
          .filter(([key, text]) => open.has(key as never) && text?.trim())
          .map(([key, text]) => [key, text.trim()]),
      ),
    };
    setSaving(true);
    try {
      const result = await api.post<ClosingSubmitResult>(
        `/cases/${caseId}/closing-submissions`,
        body,
        keyFor(body),
      );
      void queries.invalidateQueries({ queryKey: checklistKey(caseId) });
      showToast({ message: t("closing.submitted"), color: "success" });
      setDone(result);
    } catch (error) {
      // The http layer toasted the reason; a field it names (an item left unexplained) is marked.
      const fields = (error as { fields?: { field: string; message: string }[] }).fields ?? [];
      form.setFields(
        fields.map((f) => ({
          name: (f.field.startsWith("summary.") ? f.field.slice(8) : f.field).split(".") as never,
          errors: [f.message],
        })),
      );
    } finally {
      setSaving(false);
    }
  };

  if (done)
    return (
      <Modal open title={t("closing.title")} footer={null} onCancel={onClose}>
        <Result
          status="success"
          title={t("closing.submitted")}
          subTitle={t("closing.inApprovalHint")}
          extra={
            <Space wrap>
              <Button
                type="primary"
                onClick={() => {
                  onClose();
                  navigate(approvalPathOf("case-close", done.instanceId));
                }}
              >
                {t("closing.openApproval")}
              </Button>
              <Button onClick={onClose}>{t("closing.done")}</Button>
            </Space>
          }
        />
      </Modal>
    );

  return (
    <Modal
      open
      width={800}
      title={t("closing.title")}
      okText={t("closing.submit")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ disabled: !data || Boolean(data.pendingApprovalId) }}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {isLoading || !data ? (
        <Skeleton active />
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <p>{t("closing.intro")}</p>
          {data.pendingApprovalId ? (
            <Alert type="info" showIcon message={t("closing.inApprovalHint")} />
          ) : null}
          <h3>{t("closing.checklist")}</h3>
          <ChecklistItems caseId={caseId} items={data.items} onNavigate={onClose} />
          <h3 style={{ marginTop: 16 }}>{t("closing.summary")}</h3>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="result"
                label={t("closing.result")}
                rules={[{ required: true, message: t("closing.resultRequired") }]}
              >
                <FormSelect
                  options={CLOSING_RESULTS.map((v) => ({
                    value: v,
                    label: t(`closing.results.${v}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="recoveredAmount"
                label={t("closing.recoveredAmount")}
                extra={t("closing.amountHint")}
                rules={[{ pattern: MONEY, message: t("closing.errors.amountInvalid") }]}
              >
                <Input prefix="¥" inputMode="decimal" autoComplete="off" />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="text"
            label={t("closing.text")}
            rules={[{ required: true, whitespace: true, message: t("closing.textRequired") }]}
          >
            <Input.TextArea rows={4} maxLength={CLOSING_SUMMARY_MAX} showCount />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
