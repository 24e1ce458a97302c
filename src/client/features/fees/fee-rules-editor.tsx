import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from "@ant-design/icons";
import { Button, Card, Col, Input, Row, Select, Space } from "antd";
import { useTranslation } from "react-i18next";

import { FEE_RULE_KINDS, type FeeRule } from "../../../shared/fees";
import { Box, type ErrorAt, PercentInput } from "./form-bits";
import { newKey } from "./terms-draft";

export type RuleDraft = {
  key: number;
  kind: FeeRule["kind"];
  percent: string;
  withinYears: string;
  pointsPerRepeat: string;
  floor: string;
};

export const ruleDrafts = (rules: readonly FeeRule[]): RuleDraft[] =>
  rules.map((rule) => ({
    key: newKey(),
    kind: rule.kind,
    percent: rule.kind === "originatorShare" ? rule.percent : "35.00",
    withinYears: rule.kind === "repeatDecay" ? String(rule.withinYears) : "2",
    pointsPerRepeat: rule.kind === "repeatDecay" ? rule.pointsPerRepeat : "10.00",
    floor: rule.kind === "repeatDecay" ? rule.floor : "15.00",
  }));

export const toRules = (drafts: readonly RuleDraft[]): FeeRule[] =>
  drafts.map((d) =>
    d.kind === "originatorShare"
      ? { kind: d.kind, when: "notWorking", percent: d.percent.trim() }
      : {
          kind: d.kind,
          // Not a whole number stays not a whole number, so the shared check refuses it.
          withinYears: d.withinYears.trim() === "" ? Number.NaN : Number(d.withinYears),
          pointsPerRepeat: d.pointsPerRepeat.trim(),
          floor: d.floor.trim(),
        },
  );

/**
 * The firm's fee-sharing rules as data: each rule moves the originator's share when the originator
 * does not work on the case, applied in the order listed (so the order can be changed).
 */
export const FeeRulesEditor = ({
  value,
  onChange,
  errorAt,
  disabled,
}: {
  value: RuleDraft[];
  onChange: (next: RuleDraft[]) => void;
  errorAt: ErrorAt;
  disabled?: boolean;
}) => {
  const { t } = useTranslation();
  const set = (key: number, patch: Partial<RuleDraft>) =>
    onChange(value.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...value];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    onChange(next);
  };
  return (
    <Space direction="vertical" style={{ width: "100%" }}>
      {value.map((rule, index) => {
        const at = `rules.${index}`;
        const n = { n: index + 1 };
        const percentBox = (field: "percent" | "pointsPerRepeat" | "floor", label: string) => (
          <Col xs={24} sm={8}>
            <Box id={`fee-rule-${index}-${field}`} label={label} error={errorAt(`${at}.${field}`)}>
              <PercentInput
                id={`fee-rule-${index}-${field}`}
                disabled={disabled}
                value={rule[field]}
                isInvalid={Boolean(errorAt(`${at}.${field}`))}
                onChange={(v) => set(rule.key, { [field]: v })}
              />
            </Box>
          </Col>
        );
        return (
          <Card
            key={rule.key}
            size="small"
            className="fees-rule"
            title={t("fees.settings.ruleN", n)}
            extra={
              disabled ? null : (
                <Space size={0}>
                  <Button
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={index === 0}
                    aria-label={t("fees.settings.moveUp", n)}
                    onClick={() => move(index, -1)}
                  />
                  <Button
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={index === value.length - 1}
                    aria-label={t("fees.settings.moveDown", n)}
                    onClick={() => move(index, 1)}
                  />
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t("fees.settings.removeRule", n)}
                    onClick={() => onChange(value.filter((r) => r.key !== rule.key))}
                  />
                </Space>
              )
            }
          >
            <Row gutter={16}>
              <Col xs={24}>
                <Box
                  id={`fee-rule-${index}-kind`}
                  label={t("fees.settings.ruleKind")}
                  error={errorAt(at) ?? errorAt(`${at}.kind`) ?? errorAt(`${at}.when`)}
                  extra={t(`fees.settings.ruleHelp.${rule.kind}`)}
                >
                  <Select<FeeRule["kind"]>
                    id={`fee-rule-${index}-kind`}
                    disabled={disabled}
                    value={rule.kind}
                    onChange={(kind) => set(rule.key, { kind })}
                    options={FEE_RULE_KINDS.map((k) => ({
                      value: k,
                      label: t(`fees.settings.ruleKinds.${k}`),
                    }))}
                  />
                </Box>
              </Col>
              {rule.kind === "originatorShare" ? (
                percentBox("percent", t("fees.settings.originatorPercent"))
              ) : (
                <>
                  <Col xs={24} sm={8}>
                    <Box
                      id={`fee-rule-${index}-years`}
                      label={t("fees.settings.withinYears")}
                      error={errorAt(`${at}.withinYears`)}
                    >
                      <Input
                        id={`fee-rule-${index}-years`}
                        inputMode="numeric"
                        disabled={disabled}
                        suffix={t("fees.settings.years")}
                        value={rule.withinYears}
                        status={errorAt(`${at}.withinYears`) ? "error" : undefined}
                        onChange={(e) => set(rule.key, { withinYears: e.target.value })}
                      />
                    </Box>
                  </Col>
                  {percentBox("pointsPerRepeat", t("fees.settings.pointsPerRepeat"))}
                  {percentBox("floor", t("fees.settings.floor"))}
                </>
              )}
            </Row>
          </Card>
        );
      })}
      {disabled ? null : (
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...value,
              ...ruleDrafts([
                { kind: "repeatDecay", withinYears: 2, pointsPerRepeat: "10.00", floor: "15.00" },
              ]),
            ])
          }
        >
          {t("fees.settings.addRule")}
        </Button>
      )}
    </Space>
  );
};
