import { Alert, Modal, Result, Skeleton } from "antd";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

import type { LeadConversion } from "../../../shared/contracts/intake";
import { useSubmissionKey } from "../../lib/submission-key";
import { CaseStartChooser } from "../cases";
import { convertLead } from "./api";

/**
 * Converting a lead: the server makes the client from the prospect when the lead names none (one
 * client however often this is retried: Idempotency-Key), then the user picks the case's filing
 * type and the case form opens prefilled from the lead (client, name, parties, conflict report,
 * originator), to be submitted for its approval like any case.
 */
export const ConvertDialog = ({
  leadId,
  caseType,
  onClose,
}: {
  leadId: string | null;
  caseType: string | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const keyFor = useSubmissionKey();
  const [conversion, setConversion] = useState<LeadConversion | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!leadId) return;
    setConversion(null);
    setFailed(false);
    convertLead(leadId, keyFor({ convert: leadId }))
      .then(setConversion)
      .catch(() => setFailed(true));
    // One conversion each time the dialog opens for a lead.
  }, [leadId]); // eslint-disable-line react-hooks/exhaustive-deps
  return (
    <Modal
      open={Boolean(leadId)}
      title={t("intake.convert.title")}
      footer={null}
      width={760}
      onCancel={onClose}
      destroyOnHidden
    >
      {failed ? (
        <Result status="warning" title={t("intake.convert.failed")} />
      ) : !conversion ? (
        <Skeleton active />
      ) : (
        <>
          <Alert
            type="success"
            showIcon
            className="intake-convert-note"
            message={t(
              conversion.isAccountCreated ? "intake.convert.clientCreated" : "intake.convert.ready",
            )}
            description={t("intake.convert.chooseFiling")}
          />
          <Suspense fallback={<Skeleton active />}>
            <CaseStartChooser lead={conversion} caseTypes={caseType ? [caseType] : undefined} />
          </Suspense>
        </>
      )}
    </Modal>
  );
};
