import { Col, DatePicker, Row } from "antd";
import dayjs from "dayjs";
import { useTranslation } from "react-i18next";

import { INSTALMENT_TRIGGERS, type TriggerDates } from "../../../shared/fees";
import { noEnterSubmit } from "../../components/no-enter-submit";
import { firmToday } from "../../lib/firm-time";
import { Box, type ErrorAt } from "./form-bits";

/**
 * The days the case's events happened ("on judgment": 2026-10-03). An instalment waiting for an
 * event falls due that day plus its grace days; an event cannot have happened after today.
 */
export const TriggerDatesEditor = ({
  value,
  onChange,
  errorAt,
  used,
}: {
  value: TriggerDates;
  onChange: (next: TriggerDates) => void;
  errorAt: ErrorAt;
  /** The events the schedule waits for: listed first and marked. */
  used: ReadonlySet<string>;
}) => {
  const { t } = useTranslation();
  const ordered = [
    ...INSTALMENT_TRIGGERS.filter((tr) => used.has(tr)),
    ...INSTALMENT_TRIGGERS.filter((tr) => !used.has(tr)),
  ];
  return (
    <Row gutter={16}>
      {ordered.map((trigger) => {
        const id = `fee-trigger-${trigger}`;
        const day = value[trigger];
        return (
          <Col xs={24} sm={12} lg={6} key={trigger}>
            <Box
              id={id}
              label={
                used.has(trigger)
                  ? t("fees.triggers.usedLabel", { name: t(`fees.triggers.${trigger}`) })
                  : t(`fees.triggers.${trigger}`)
              }
              error={errorAt(`triggerDates.${trigger}`)}
            >
              <DatePicker
                id={id}
                style={{ width: "100%" }}
                value={day ? dayjs(day) : null}
                disabledDate={(d) => d.format("YYYY-MM-DD") > firmToday()}
                onKeyDown={noEnterSubmit}
                onChange={(d) => {
                  const next = { ...value };
                  if (d) next[trigger] = d.format("YYYY-MM-DD");
                  else delete next[trigger];
                  onChange(next);
                }}
              />
            </Box>
          </Col>
        );
      })}
    </Row>
  );
};
