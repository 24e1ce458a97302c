import { useQueryClient } from "@tanstack/react-query";
import { Empty, Form, Modal, Select } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import type { FeeTerms, FeeTermsFromContract } from "../../../shared/contracts/fees";
import { api } from "../../lib/api";
import { useSubmissionKey } from "../../lib/submission-key";
import { feeTermsKey, useCaseContracts } from "./api";

/** Copies the fee terms of one of the case's contracts (the engagement contract, usually). */
export const CopyFromContractDialog = ({
  caseId,
  terms,
  onClose,
}: {
  caseId: string;
  terms: FeeTerms;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const queries = useQueryClient();
  const keyFor = useSubmissionKey();
  const { data: contracts = [], isLoading } = useCaseContracts(caseId, true);
  const [contractId, setContractId] = useState<string | undefined>(
    terms.sourceContractId ?? undefined,
  );
  const [isSaving, setSaving] = useState(false);
  const [isMissing, setMissing] = useState(false);

  const copy = async () => {
    if (!contractId) {
      setMissing(true);
      return;
    }
    setSaving(true);
    try {
      const body: FeeTermsFromContract = { contractId, version: terms.version };
      // A copy is a submission: a double click or a retry copies once.
      await api.post(`/cases/${caseId}/fee-terms/from-contract`, body, keyFor(body));
      await queries.invalidateQueries({ queryKey: feeTermsKey(caseId) });
      onClose();
    } catch {
      // The toast has said why (a contract without fee terms, a stale version); the dialog stays.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={t("fees.copy.title")}
      okText={t("fees.copy.ok")}
      cancelText={t("buttons.cancel")}
      okButtonProps={{ disabled: contracts.length === 0 }}
      confirmLoading={isSaving}
      onOk={() => void copy()}
      onCancel={onClose}
      destroyOnHidden
    >
      <p className="text-muted">{t("fees.copy.hint")}</p>
      {!isLoading && contracts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("fees.copy.none")} />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t("fees.copy.contract")}
            htmlFor="fee-copy-contract"
            validateStatus={isMissing ? "error" : undefined}
            help={isMissing ? t("validation.required") : undefined}
          >
            <Select
              id="fee-copy-contract"
              loading={isLoading}
              value={contractId}
              onChange={(v: string) => {
                setContractId(v);
                setMissing(false);
              }}
              options={contracts.map((c) => ({
                value: c.id,
                label: [c.contractNo, c.name].filter(Boolean).join(" · ") || c.id,
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
};
