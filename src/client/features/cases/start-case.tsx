import { PlusOutlined } from "@ant-design/icons";
import { Button, Empty, Modal, Skeleton, Tooltip } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import type { LeadConversion } from "../../../shared/contracts/intake";
import { startPath, useStartOptions } from "./api";
import "./cases.css";

/**
 * The firm's case types × filing types: one row per case type, one button per filing type
 * (a pre-filing one says how long it stays valid). A filing type whose flow is missing or
 * disabled is shown but cannot be chosen, with the reason. From a converted lead, the form
 * opens with the lead's conversion (and only the lead's case type is offered when it has one).
 */
export const CaseStartChooser = ({
  parentCaseId,
  lead,
  caseTypes,
}: {
  parentCaseId?: string;
  lead?: LeadConversion;
  caseTypes?: string[];
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data, isLoading } = useStartOptions();
  if (isLoading || !data) return <Skeleton active />;
  const types = caseTypes
    ? data.caseTypes.filter((c) => caseTypes.includes(c.value))
    : data.caseTypes;
  if (types.length === 0 || data.filingTypes.length === 0)
    return <Empty description={t("cases.start.none")} />;
  const go = (definitionId: string, type: string, filing: string) =>
    navigate(
      `${startPath(definitionId, type, filing, parentCaseId)}${lead ? `&lead=${lead.leadId}` : ""}`,
      lead ? { state: { lead } } : undefined,
    );
  return (
    <div className="case-start-grid" role="list">
      {types.map((type) => (
        <div key={type.value} className="case-start-row" role="listitem" aria-label={type.label}>
          <div className="case-start-type">{type.label}</div>
          <div className="case-start-filings">
            {data.filingTypes.map((filing) => {
              const button = (
                <Button
                  key={filing.value}
                  disabled={!filing.definitionId}
                  aria-label={`${type.label} · ${filing.label}`}
                  onClick={() =>
                    filing.definitionId && go(filing.definitionId, type.value, filing.value)
                  }
                >
                  {filing.label}
                  {filing.isPreFiling ? (
                    <span className="case-start-days">
                      {t("cases.start.validDays", { n: filing.validityDays })}
                    </span>
                  ) : null}
                </Button>
              );
              return filing.definitionId ? (
                button
              ) : (
                <Tooltip key={filing.value} title={t("cases.start.noFlow")}>
                  <span>{button}</span>
                </Tooltip>
              );
            })}
          </div>
        </div>
      ))}
    </div>
  );
};

/** "New case" on the case list: the chooser in a dialog. */
export const StartCaseButton = () => {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t("cases.actions.create")}
      </Button>
      <Modal
        open={isOpen}
        title={t("cases.start.title")}
        footer={null}
        width={760}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <p className="text-muted">{t("cases.start.hint")}</p>
        <CaseStartChooser />
      </Modal>
    </>
  );
};
