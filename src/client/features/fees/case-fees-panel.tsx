import { AllocationCard } from "./allocation-card";
import { FeeAgreementCard } from "./fee-agreement-card";
import { InvoicingCard } from "./invoicing-card";
import "./fees.css";

/**
 * What the fees feature adds to a case's Finance tab: the fee agreement with its instalments,
 * then invoiced against received and the fee-sharing allocation side by side.
 */
export const CaseFeesPanel = ({ caseId, canEdit }: { caseId: string; canEdit: boolean }) => (
  <>
    <FeeAgreementCard caseId={caseId} canEdit={canEdit} />
    <div className="fees-grid">
      <InvoicingCard caseId={caseId} canRequest={canEdit} />
      <AllocationCard caseId={caseId} canEdit={canEdit} />
    </div>
  </>
);
