import { Alert, Button, Descriptions, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { formatMoney } from "../../../shared/money";
import { approvalPathOf } from "../../lib/approval-paths";
import { useClosingChecklist } from "./api";
import { ClosingDialog } from "./closing-dialog";

/**
 * The case page's Close button: opens the closing checklist and summary; hidden while a closing
 * of the case waits for approval (the header says so instead).
 */
export const CloseCaseButton = ({ caseId }: { caseId: string }) => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const { data } = useClosingChecklist(caseId);
  if (data?.pendingApprovalId) return null;
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t("cases.actions.close")}</Button>
      {isOpen ? <ClosingDialog caseId={caseId} onClose={() => setOpen(false)} /> : null}
    </>
  );
};

/** "Closing in approval" beside the status while the closing approval runs, with its link. */
export const ClosingTag = ({ caseId, status }: { caseId: string; status: string }) => {
  const { t } = useTranslation();
  const { data } = useClosingChecklist(caseId, status === "formal");
  if (status !== "formal" || !data?.pendingApprovalId) return null;
  return (
    <Link to={approvalPathOf("case-close", data.pendingApprovalId)}>
      <Tag color="processing">{t("closing.inApproval")}</Tag>
    </Link>
  );
};

/** A closed case's closing summary: how it ended, the money recovered, the lawyer's words. */
export const ClosingSummary = ({ caseId, status }: { caseId: string; status: string }) => {
  const { t } = useTranslation();
  const { data } = useClosingChecklist(caseId, status === "closed");
  const closing = status === "closed" ? data?.closing : null;
  if (!closing) return null;
  return (
    <Alert
      className="case-alert"
      type="success"
      message={t("closing.closedSummary")}
      description={
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={t("closing.result")}>
            {t(`closing.results.${closing.result}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t("closing.recoveredAmount")}>
            {formatMoney(closing.recoveredAmount) || "-"}
          </Descriptions.Item>
          <Descriptions.Item label={t("closing.text")} span={2}>
            <span style={{ whiteSpace: "pre-wrap" }}>{closing.text}</span>
          </Descriptions.Item>
          {closing.approvalId ? (
            <Descriptions.Item label={t("closing.approvalLink")}>
              <Link to={approvalPathOf("case-close", closing.approvalId)}>
                {t("closing.openApproval")}
              </Link>
            </Descriptions.Item>
          ) : null}
        </Descriptions>
      }
    />
  );
};
