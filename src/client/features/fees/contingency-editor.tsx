import { DeleteOutlined, PlusOutlined } from "@ant-design/icons";
import { Button, Radio, Select, Space, Table } from "antd";
import { useTranslation } from "react-i18next";

import { CONTINGENCY_BASES, type ContingencyBase } from "../../../shared/fees";
import { Box, type ErrorAt, MoneyInput, PercentInput } from "./form-bits";
import { type ContingencyDraft, newKey, type TierDraft } from "./terms-draft";

/**
 * A contingency (风险代理) part: what it is a percentage of, one rate or marginal bands, and an
 * optional cap. `at` is the validator's path prefix ("arrangement.contingency").
 */
export const ContingencyEditor = ({
  value,
  onChange,
  errorAt,
  at,
}: {
  value: ContingencyDraft;
  onChange: (next: ContingencyDraft) => void;
  errorAt: ErrorAt;
  at: string;
}) => {
  const { t } = useTranslation();
  const set = (patch: Partial<ContingencyDraft>) => onChange({ ...value, ...patch });
  const setTier = (key: number, patch: Partial<TierDraft>) =>
    set({ tiers: value.tiers.map((tier) => (tier.key === key ? { ...tier, ...patch } : tier)) });
  const last = value.tiers.length - 1;
  return (
    <fieldset className="fees-fieldset">
      <legend>{t("fees.terms.contingency")}</legend>
      <Box id="fee-contingency-base" label={t("fees.terms.base")} error={errorAt(`${at}.base`)}>
        <Select<ContingencyBase>
          id="fee-contingency-base"
          value={value.base}
          onChange={(base) => set({ base })}
          options={CONTINGENCY_BASES.map((b) => ({ value: b, label: t(`fees.bases.${b}`) }))}
        />
      </Box>
      <Box id="fee-contingency-mode" label={t("fees.terms.rateMode")} error={errorAt(at)}>
        <Radio.Group
          id="fee-contingency-mode"
          value={value.mode}
          onChange={(e) => set({ mode: e.target.value as ContingencyDraft["mode"] })}
          options={[
            { value: "single", label: t("fees.terms.single") },
            { value: "tiers", label: t("fees.terms.tiers") },
          ]}
        />
      </Box>
      {value.mode === "single" ? (
        <Box
          id="fee-contingency-percent"
          label={t("fees.terms.percent")}
          error={errorAt(`${at}.percent`)}
        >
          <PercentInput
            id="fee-contingency-percent"
            value={value.percent}
            isInvalid={Boolean(errorAt(`${at}.percent`))}
            onChange={(percent) => set({ percent })}
          />
        </Box>
      ) : (
        <Space direction="vertical" style={{ width: "100%", marginBottom: 16 }}>
          <Table<TierDraft>
            rowKey="key"
            size="small"
            pagination={false}
            dataSource={value.tiers}
            aria-label={t("fees.terms.tiers")}
            columns={[
              {
                title: t("fees.terms.upTo"),
                key: "upTo",
                render: (_, tier, index) => {
                  const error = errorAt(`${at}.tiers.${index}.upTo`);
                  return index === last ? (
                    <span>{t("fees.terms.andAbove")}</span>
                  ) : (
                    <>
                      <MoneyInput
                        id={`fee-tier-${index}-upto`}
                        label={t("fees.terms.tierUpTo", { n: index + 1 })}
                        value={tier.upTo}
                        isInvalid={Boolean(error)}
                        onChange={(upTo) => setTier(tier.key, { upTo })}
                      />
                      {error ? <div className="fees-cell-error">{error}</div> : null}
                    </>
                  );
                },
              },
              {
                title: t("fees.terms.percent"),
                key: "percent",
                render: (_, tier, index) => {
                  const error = errorAt(`${at}.tiers.${index}.percent`);
                  return (
                    <>
                      <PercentInput
                        id={`fee-tier-${index}-percent`}
                        label={t("fees.terms.tierPercent", { n: index + 1 })}
                        value={tier.percent}
                        isInvalid={Boolean(error)}
                        onChange={(percent) => setTier(tier.key, { percent })}
                      />
                      {error ? <div className="fees-cell-error">{error}</div> : null}
                    </>
                  );
                },
              },
              {
                title: t("schemaUi.actions"),
                key: "remove",
                width: 80,
                render: (_, tier, index) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={value.tiers.length <= 1}
                    aria-label={t("fees.terms.removeTier", { n: index + 1 })}
                    onClick={() => set({ tiers: value.tiers.filter((x) => x.key !== tier.key) })}
                  />
                ),
              },
            ]}
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() =>
              set({ tiers: [...value.tiers, { key: newKey(), upTo: "", percent: "" }] })
            }
          >
            {t("fees.terms.addTier")}
          </Button>
        </Space>
      )}
      <Box id="fee-contingency-cap" label={t("fees.terms.cap")} error={errorAt(`${at}.cap`)}>
        <MoneyInput
          id="fee-contingency-cap"
          value={value.cap}
          isInvalid={Boolean(errorAt(`${at}.cap`))}
          onChange={(cap) => set({ cap })}
        />
      </Box>
    </fieldset>
  );
};
