import { Checkbox, Col, Input, Radio, Row, Select } from "antd";
import { useTranslation } from "react-i18next";

import { FEE_ARRANGEMENT_KINDS } from "../../../shared/fees";
import { ContingencyEditor } from "./contingency-editor";
import { Box, type ErrorAt, MoneyInput } from "./form-bits";
import type { ArrangementDraft } from "./terms-draft";

type Props = {
  value: ArrangementDraft;
  onChange: (next: ArrangementDraft) => void;
  errorAt: ErrorAt;
};

/** The fee arrangement: its kind, then only the terms that kind has. */
export const ArrangementEditor = ({ value, onChange, errorAt }: Props) => {
  const { t } = useTranslation();
  const set = (patch: Partial<ArrangementDraft>) => onChange({ ...value, ...patch });
  const money = (key: "amount" | "rate" | "cap" | "fixedAmount", label: string) => {
    const error = errorAt(`arrangement.${key}`);
    return (
      <Col xs={24} md={12}>
        <Box id={`fee-${key}`} label={label} error={error}>
          <MoneyInput
            id={`fee-${key}`}
            value={value[key]}
            isInvalid={Boolean(error)}
            onChange={(v) => set({ [key]: v })}
          />
        </Box>
      </Col>
    );
  };
  const contingency = (
    <ContingencyEditor
      value={value.contingency}
      onChange={(c) => set({ contingency: c })}
      errorAt={errorAt}
      at="arrangement.contingency"
    />
  );
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Box id="fee-kind" label={t("fees.terms.kind")} error={errorAt("arrangement.kind")}>
            <Select
              id="fee-kind"
              value={value.kind}
              onChange={(kind) => set({ kind })}
              options={[
                { value: "none", label: t("fees.kinds.none") },
                ...FEE_ARRANGEMENT_KINDS.map((k) => ({ value: k, label: t(`fees.kinds.${k}`) })),
              ]}
            />
          </Box>
        </Col>
        {value.kind === "fixed" ? money("amount", t("fees.terms.amount")) : null}
        {value.kind === "semiContingency" || value.kind === "hybrid"
          ? money("fixedAmount", t("fees.terms.fixedAmount"))
          : null}
        {value.kind === "hourly" || value.kind === "hybrid"
          ? money("rate", t("fees.terms.rate"))
          : null}
        {value.kind === "hourly" ? money("cap", t("fees.terms.hourlyCap")) : null}
        {value.kind === "hybrid" ? (
          <Col xs={24} md={12}>
            <Box
              id="fee-included-hours"
              label={t("fees.terms.includedHours")}
              error={errorAt("arrangement.includedHours")}
            >
              <Input
                id="fee-included-hours"
                inputMode="decimal"
                autoComplete="off"
                suffix={t("fees.terms.hoursUnit")}
                value={value.includedHours}
                status={errorAt("arrangement.includedHours") ? "error" : undefined}
                onChange={(e) => set({ includedHours: e.target.value })}
              />
            </Box>
          </Col>
        ) : null}
        {value.kind === "free" ? (
          <Col xs={24} md={12}>
            <Box id="fee-basis" label={t("fees.terms.basis")} error={errorAt("arrangement.basis")}>
              <Radio.Group
                id="fee-basis"
                value={value.basis}
                onChange={(e) => set({ basis: e.target.value as ArrangementDraft["basis"] })}
                options={[
                  { value: "legalAid", label: t("fees.basis.legalAid") },
                  { value: "proBono", label: t("fees.basis.proBono") },
                ]}
              />
            </Box>
          </Col>
        ) : null}
      </Row>
      {value.kind === "hybrid" ? (
        <Checkbox
          checked={value.hasBonus}
          onChange={(e) => set({ hasBonus: e.target.checked })}
          style={{ marginBottom: 12 }}
        >
          {t("fees.terms.hasBonus")}
        </Checkbox>
      ) : null}
      {value.kind === "contingency" ||
      value.kind === "semiContingency" ||
      (value.kind === "hybrid" && value.hasBonus)
        ? contingency
        : null}
    </>
  );
};
