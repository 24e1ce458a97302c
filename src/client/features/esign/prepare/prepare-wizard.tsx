import { Button, Descriptions, Form, Space, Steps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

import { showToast } from "../../../layout/toast";
import { useMembers } from "../../../lib/members";
import { usePageInfo, useRequestAction } from "../api";
import type { ContractForSigning, Field, PdfFile, SignerDraft } from "../types";
import { FieldPlacer, signersWithoutSignature } from "./field-placer";
import { type SetupValues, SetupStep } from "./setup-step";
import { normalizeMobile } from "./signers-editor";

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

/** The counterparty signatory recorded on the contract is the first signer until changed; the only PDF is chosen. */
const initialValuesOf = (c: ContractForSigning, pdfFiles: PdfFile[]): SetupValues => ({
  fileId: pdfFiles.length === 1 ? pdfFiles[0].id : undefined,
  signers: [
    {
      party: "counterparty",
      name: text(c.signerName) ?? "",
      email: text(c.signerEmail),
      mobile: text(c.signerMobile),
    },
  ],
  signingOrder: "sequential",
  expiresInDays: 14,
  remindEveryDays: 3,
});

/** The request body: empty contact fields are left out (the server wants email or mobile). */
const toSigner = (s: SignerDraft): SignerDraft =>
  s.party === "firm"
    ? { party: "firm", userId: s.userId, sealId: s.sealId }
    : {
        party: "counterparty",
        name: s.name.trim(),
        email: text(s.email),
        mobile: text(s.mobile) && normalizeMobile(String(s.mobile)),
      };

/**
 * Prepare signing: document and signers, then boxes on the pages, then a last look and Send.
 * The setup form stays mounted while hidden so going back keeps what was typed.
 */
type Props = {
  contract: ContractForSigning;
  pdfFiles: PdfFile[];
  nonPdfFiles: PdfFile[];
  onClose: () => void;
};

export const PrepareWizard = ({ contract, pdfFiles, nonPdfFiles, onClose }: Props) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<SetupValues>();
  const [step, setStep] = useState(0);
  const [setup, setSetup] = useState<SetupValues | null>(null);
  const [fields, setFields] = useState<Field[]>([]);
  const [isSending, setSending] = useState(false);
  const act = useRequestAction(contract.id);
  const { data: members = [] } = useMembers();
  // The same query as the setup step's (shared cache): the chosen file's pages, or the refusal.
  const pages = usePageInfo(contract.id, Form.useWatch("fileId", form));

  const signerNames = (setup?.signers ?? []).map((s) =>
    s.party === "firm"
      ? (members.find((m) => m.id === s.userId)?.name ?? t("esign.parties.firm"))
      : s.name,
  );
  const next = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values || !values.fileId) return;
    // A file the server refused (not a PDF) cannot go further; its message is under the choice.
    if (!pages.data) return;
    if (values.fileId !== setup?.fileId) setFields([]);
    // Boxes of a removed signer go with them.
    else setFields((old) => old.filter((f) => f.signer < values.signers.length));
    setSetup(values);
    setStep(1);
  };
  const send = async () => {
    if (!setup?.fileId) return;
    setSending(true);
    try {
      await act(`/contracts/${contract.id}/esign`, {
        fileId: setup.fileId,
        signingOrder: setup.signingOrder,
        expiresInDays: setup.expiresInDays,
        remindEveryDays: setup.remindEveryDays,
        signers: setup.signers.map(toSigner),
        fields,
      });
      showToast({ message: t("esign.prepare.sent"), color: "success" });
      onClose();
    } catch {
      // Toasted by the http layer; the boxes stay for another try.
    } finally {
      setSending(false);
    }
  };
  const missing = signersWithoutSignature(signerNames.length, fields);
  const fileName = pdfFiles.find((f) => f.id === setup?.fileId)?.name ?? "";

  return (
    <section className="esign-wizard" aria-labelledby="esign-wizard-title">
      <h3 id="esign-wizard-title" className="esign-section-title">
        {t("esign.prepare.title")}
      </h3>
      <Steps
        size="small"
        current={step}
        className="esign-gap"
        items={[
          { title: t("esign.prepare.stepSetup") },
          { title: t("esign.prepare.stepPlace") },
          { title: t("esign.prepare.stepSend") },
        ]}
      />
      <div hidden={step !== 0}>
        <SetupStep
          contractId={contract.id}
          form={form}
          pdfFiles={pdfFiles}
          nonPdfFiles={nonPdfFiles}
          initialValues={setup ?? initialValuesOf(contract, pdfFiles)}
        />
      </div>
      {step === 1 && setup?.fileId && pages.data ? (
        <FieldPlacer
          contractId={contract.id}
          fileId={setup.fileId}
          info={pages.data}
          signerNames={signerNames}
          fields={fields}
          onChange={setFields}
        />
      ) : null}
      {step === 2 && setup ? (
        <Descriptions size="small" bordered column={1} className="esign-gap">
          <Descriptions.Item label={t("esign.request.document")}>{fileName}</Descriptions.Item>
          <Descriptions.Item label={t("esign.signers.title")}>
            <ol className="esign-review-signers">
              {setup.signers.map((s, i) => (
                <li key={i}>
                  {signerNames[i]} · {t(`esign.parties.${s.party}`)}
                  {s.party === "counterparty"
                    ? ` · ${[text(s.email), text(s.mobile)].filter(Boolean).join(" / ")}`
                    : ""}
                </li>
              ))}
            </ol>
          </Descriptions.Item>
          <Descriptions.Item label={t("esign.request.order")}>
            {t(`esign.orders.${setup.signingOrder}`)}
          </Descriptions.Item>
          <Descriptions.Item label={t("esign.prepare.expiresInDays")}>
            {t("esign.prepare.daysCount", { count: setup.expiresInDays })}
          </Descriptions.Item>
          <Descriptions.Item label={t("esign.prepare.remindEveryDays")}>
            {setup.remindEveryDays > 0
              ? t("esign.prepare.daysCount", { count: setup.remindEveryDays })
              : t("esign.prepare.noReminders")}
          </Descriptions.Item>
          <Descriptions.Item label={t("esign.prepare.fields")}>{fields.length}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Space wrap className="esign-wizard-bar">
        <Button onClick={onClose}>{t("esign.prepare.close")}</Button>
        {step > 0 ? (
          <Button onClick={() => setStep(step - 1)}>{t("esign.prepare.back")}</Button>
        ) : null}
        {step === 0 ? (
          <Button type="primary" loading={pages.isFetching} onClick={() => void next()}>
            {t("esign.prepare.next")}
          </Button>
        ) : null}
        {step === 1 ? (
          <Button type="primary" disabled={missing.length > 0} onClick={() => setStep(2)}>
            {t("esign.prepare.next")}
          </Button>
        ) : null}
        {step === 2 ? (
          <Button type="primary" loading={isSending} onClick={() => void send()}>
            {t("esign.prepare.send")}
          </Button>
        ) : null}
      </Space>
    </section>
  );
};
