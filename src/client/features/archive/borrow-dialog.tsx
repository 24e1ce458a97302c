import { DatePicker, Form, Input, Modal } from "antd";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import {
  LOAN_MAX_DAYS,
  LOAN_PURPOSE_MAX,
  type CatalogueRow,
  type LoanRequestResult,
} from "../../../shared/contracts/archive-loans";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { firmToday } from "../../lib/firm-time";
import { useSubmissionKey } from "../../lib/submission-key";
import { approvalPath } from "./api";

type Values = { purpose: string; untilOn: Dayjs };

/** Asking to borrow an archived volume: what for and until when (today … today + 90 on the firm's clock). */
export const BorrowDialog = ({
  row,
  onClose,
}: {
  row: CatalogueRow;
  onClose: (result?: LoanRequestResult) => void;
}) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<LoanRequestResult>();
  const submissionKey = useSubmissionKey();
  const today = dayjs(firmToday());
  const last = today.add(LOAN_MAX_DAYS, "day");

  const submit = async (values: Values) => {
    const body = { purpose: values.purpose.trim(), untilOn: values.untilOn.format("YYYY-MM-DD") };
    setBusy(true);
    try {
      const result = await api.post<LoanRequestResult>(
        `/archive-volumes/${row.id}/loans`,
        body,
        submissionKey({ id: row.id, ...body }),
      );
      showToast({ message: t("archiveUi.borrow.submitted"), color: "success" });
      setDone(result);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title={t("archiveUi.borrow.title", { volumeNo: row.volumeNo })}
      okText={done ? t("archiveUi.borrow.close") : t("archiveUi.borrow.submit")}
      cancelButtonProps={done ? { style: { display: "none" } } : undefined}
      confirmLoading={busy}
      onOk={() => (done ? onClose(done) : form.submit())}
      onCancel={() => onClose(done)}
      destroyOnHidden
    >
      {done ? (
        <p role="status">
          {t("archiveUi.borrow.inApproval")}{" "}
          <Link style={{ textDecoration: "underline" }} to={approvalPath(done.instanceId)}>
            {t("archiveUi.borrow.viewApproval")}
          </Link>
        </p>
      ) : (
        <Form<Values> form={form} layout="vertical" onFinish={(v) => void submit(v)}>
          <p>
            {row.caseNo} {row.caseName}
          </p>
          <Form.Item
            name="purpose"
            label={t("archiveUi.borrow.purpose")}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t("archiveLoans.errors.purposeRequired"),
              },
            ]}
          >
            <Input.TextArea rows={3} maxLength={LOAN_PURPOSE_MAX} showCount />
          </Form.Item>
          <Form.Item
            name="untilOn"
            label={t("archiveUi.borrow.until")}
            extra={t("archiveUi.borrow.untilHint", { days: LOAN_MAX_DAYS })}
            rules={[{ required: true, message: t("archiveUi.borrow.untilRequired") }]}
          >
            <DatePicker
              format="YYYY-MM-DD"
              style={{ width: "100%" }}
              disabledDate={(d) => d.isBefore(today, "day") || d.isAfter(last, "day")}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
