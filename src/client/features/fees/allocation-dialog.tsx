import { useQueryClient } from "@tanstack/react-query";
import { Form, Modal } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type {
  FeeAllocationInput,
  FeeAllocationResult,
  FeeAllocationView,
} from "../../../shared/contracts/fees";
import { type CaseAllocation, parsePercent, validateAllocation } from "../../../shared/fees";
import { formatPercent } from "../../../shared/money";
import { showToast } from "../../layout/toast";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { allocationKey } from "./api";
import { AllocationEditor } from "./allocation-editor";
import { Box, PercentInput } from "./form-bits";

/** The server answers paths under the body ("allocation.lines.0.percent"); the editor's are inside. */
const inner = (field: string) => field.replace(/^(allocation|feeAllocation)\.?/, "");

/**
 * Changes the case's allocation and management-fee override. A formal case whose firm has
 * case-change approvals on does not change at once: the change waits for that approval, and the
 * user is told so and can open it.
 */
export const AllocationDialog = ({
  caseId,
  view,
  onClose,
}: {
  caseId: string;
  view: FeeAllocationView;
  /** With the answer after a save: the card links the approval a change went to. */
  onClose: (result?: FeeAllocationResult) => void;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [value, setValue] = useState<CaseAllocation | undefined>(view.allocation ?? undefined);
  const [fee, setFee] = useState(view.managementFeePercent ?? "");
  const [errors, setErrors] = useState(new Map<string, string>());
  const [isSaving, setSaving] = useState(false);

  const save = async () => {
    const allocation = value ?? { originatorId: null, lines: [] };
    const found = new Map<string, string>();
    allocation.lines.forEach((line, i) => {
      if (!line.memberId) found.set(`lines.${i}.memberId`, t("validation.required"));
    });
    for (const e of validateAllocation(allocation))
      if (!found.has(e.field ?? "")) found.set(e.field ?? "lines", t(e.code, e.params));
    if (fee.trim() && parsePercent(fee) === null)
      found.set("managementFeePercent", t("errors.fees.percentInvalid"));
    setErrors(found);
    if (found.size) return;
    setSaving(true);
    try {
      const body: FeeAllocationInput = {
        allocation,
        managementFeePercent: fee.trim() ? fee.trim() : null,
      };
      const result = await api.put<FeeAllocationResult>(`/cases/${caseId}/fee-allocation`, body);
      showToast({
        message: t(result.applied ? "fees.allocation.saved" : "fees.allocation.submitted"),
        color: "success",
      });
      onClose(result);
      // The case's pending change and the card's versions come from the server again.
      void queries.invalidateQueries({ queryKey: allocationKey(caseId) });
      void queries.invalidateQueries({ queryKey: ["case", caseId] });
    } catch (error) {
      if (isApiError(error) && error.fields.length)
        setErrors(new Map(error.fields.map((f) => [inner(f.field), f.message])));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={760}
      title={t("fees.allocation.editTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={() => onClose()}
      destroyOnHidden
    >
      <Form layout="vertical" component="div">
        <AllocationEditor
          idPrefix="allocation-dialog"
          value={value}
          onChange={(next) => {
            setValue(next);
            // What the last save refused is shown until the user changes the table.
            setErrors(new Map());
          }}
          extraErrors={errors}
        />
        <Box
          id="allocation-management-fee"
          label={t("fees.fields.managementFeePercent")}
          error={errors.get("managementFeePercent")}
          extra={t("fees.allocation.managementHint", {
            percent: formatPercent(view.firmManagementFeePercent),
          })}
        >
          <div style={{ maxWidth: 200 }}>
            <PercentInput id="allocation-management-fee" value={fee} onChange={setFee} />
          </div>
        </Box>
      </Form>
    </Modal>
  );
};
