import { useQueryClient } from "@tanstack/react-query";
import { Alert, Form, Modal } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

import type { FeeTerms, FeeTermsInput } from "../../../shared/contracts/fees";
import { api } from "../../lib/api";
import { isApiError } from "../../providers/api-error";
import { feeTermsKey } from "./api";
import { ArrangementEditor } from "./arrangement-editor";
import { ScheduleEditor } from "./schedule-editor";
import {
  arrangementDraft,
  checkTerms,
  cleanTriggerDates,
  feeFor,
  instalmentDrafts,
  toArrangement,
  toSchedule,
} from "./terms-draft";
import { fromFeeErrors, fromServerFields, NO_ERRORS } from "./terms-errors";
import { TriggerDatesEditor } from "./trigger-dates-editor";

/**
 * Edits the fee agreement: the arrangement, the schedule and the event dates ("dates" shows only
 * the event dates, for recording that a judgment came). Checked by the shared validators before
 * sending; the server checks again and its refusals land under the same boxes.
 */
export const FeeTermsDialog = ({
  caseId,
  terms,
  only,
  onClose,
}: {
  caseId: string;
  terms: FeeTerms;
  only?: "dates";
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const [arrangement, setArrangement] = useState(() => arrangementDraft(terms.arrangement));
  const [rows, setRows] = useState(() => instalmentDrafts(terms.schedule));
  const [dates, setDates] = useState(terms.triggerDates);
  const [errors, setErrors] = useState(NO_ERRORS);
  const [isSaving, setSaving] = useState(false);
  const used = useMemo(
    () => new Set(rows.filter((r) => r.when === "trigger" && r.trigger).map((r) => r.trigger)),
    [rows],
  );
  const errorAt = (path: string) => errors.byPath.get(path);

  const save = async () => {
    const input: FeeTermsInput = {
      arrangement: toArrangement(arrangement),
      schedule: toSchedule(rows),
      triggerDates: cleanTriggerDates(dates),
      version: terms.version,
    };
    const fee = feeFor(input.arrangement, terms.arrangement, terms.agreedFee);
    const found = checkTerms(input, fee);
    if (found.length) {
      setErrors(fromFeeErrors(found, t));
      return;
    }
    setErrors(NO_ERRORS);
    setSaving(true);
    try {
      await api.put(`/cases/${caseId}/fee-terms`, input);
      await queries.invalidateQueries({ queryKey: feeTermsKey(caseId) });
      await queries.invalidateQueries({ queryKey: ["case-finance", caseId] });
      onClose();
    } catch (error) {
      // The toast has said why; the boxes keep what was typed and show the reasons.
      if (isApiError(error)) setErrors(fromServerFields(error.fields, error.message));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      width={only ? 720 : 1000}
      title={t(only ? "fees.terms.datesTitle" : "fees.terms.editTitle")}
      okText={t("buttons.save")}
      cancelText={t("buttons.cancel")}
      confirmLoading={isSaving}
      onOk={() => void save()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" className="fees-editor">
        {errors.general.length ? (
          <Alert
            type="error"
            showIcon
            className="fees-alert"
            message={t("fees.terms.fix")}
            description={
              <ul className="fees-error-list">
                {errors.general.map((m) => (
                  <li key={m}>{m}</li>
                ))}
              </ul>
            }
          />
        ) : null}
        {only ? null : (
          <>
            <h3 className="fees-subhead">{t("fees.terms.arrangement")}</h3>
            <ArrangementEditor value={arrangement} onChange={setArrangement} errorAt={errorAt} />
            <h3 className="fees-subhead">{t("fees.schedule.title")}</h3>
            <p className="text-muted">{t("fees.schedule.hint")}</p>
            <ScheduleEditor rows={rows} onChange={setRows} errorAt={errorAt} />
          </>
        )}
        <h3 className="fees-subhead">{t("fees.triggers.title")}</h3>
        <p className="text-muted">{t("fees.triggers.hint")}</p>
        <TriggerDatesEditor value={dates} onChange={setDates} errorAt={errorAt} used={used} />
      </Form>
    </Modal>
  );
};
