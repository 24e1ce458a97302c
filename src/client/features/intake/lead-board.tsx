import { useQueryClient } from "@tanstack/react-query";
import { Card, Empty, Select, Skeleton, Tag } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

import { LEAD_STAGE } from "../../../shared/contracts/intake";
import { formatMoney } from "../../../shared/money";
import { api } from "../../lib/api";
import { useCan } from "../../routing/use-can";
import { BOARD_KEY, type Lead, type StageChoice, useBoardLeads, useLeadStages } from "./api";
import { LostDialog } from "./lost-dialog";

/**
 * The leads as a board: one column per stage of the firm's dictionary. A card moves with its
 * "Stage" select (keyboard-friendly, unlike a drag); "lost" asks for the reason, "won" is not
 * offered: a lead is won when its case opens.
 */
export const LeadBoard = () => {
  const { t } = useTranslation();
  const can = useCan();
  const queries = useQueryClient();
  const { data: stages, isLoading } = useLeadStages();
  const { data: leads = [], isLoading: isLoadingLeads } = useBoardLeads();
  const [losing, setLosing] = useState<Lead | null>(null);
  if (isLoading || isLoadingLeads || !stages) return <Skeleton active />;
  const canMove = can("update", "LAWFIRM_LEAD_VIEW");
  const move = async (lead: Lead, stage: string) => {
    if (stage === LEAD_STAGE.lost) return setLosing(lead);
    await api.patch(`/leads/${lead.id}`, { stage, version: lead.version });
    await queries.invalidateQueries({ queryKey: BOARD_KEY });
  };
  const options = (lead: Lead): StageChoice[] =>
    stages
      .filter((s) => s.value !== LEAD_STAGE.won || s.value === lead.stage)
      .map((s) => ({ ...s, disabled: s.disabled || s.value === LEAD_STAGE.won }));
  const known = new Set(stages.map((s) => s.value));
  const columns = [
    ...stages,
    // A stage the firm has since removed from its dictionary still shows its leads.
    ...[...new Set(leads.map((l) => l.stage))]
      .filter((s) => !known.has(s))
      .map((s) => ({ value: s, label: s })),
  ];
  return (
    <div className="intake-board" role="list" aria-label={t("intake.views.board")}>
      {columns.map((stage) => {
        const cards = leads.filter((l) => l.stage === stage.value);
        const headingId = `intake-col-${stage.value}`;
        return (
          <section
            key={stage.value}
            className="intake-column"
            role="listitem"
            aria-labelledby={headingId}
          >
            <h2 id={headingId} className="intake-column-title">
              {stage.label} <Tag>{cards.length}</Tag>
            </h2>
            {cards.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("intake.board.empty")} />
            ) : (
              cards.map((lead) => (
                <Card key={lead.id} size="small" className="intake-card">
                  <Link className="schema-link" to={`/intake/${lead.id}`}>
                    {lead.leadNo} {lead.title}
                  </Link>
                  <div className="text-muted">{lead.prospectName ?? ""}</div>
                  {lead.estimatedFee ? <div>{formatMoney(lead.estimatedFee)}</div> : null}
                  {lead.caseId ? (
                    <Link to={`/case/detail/${lead.caseId}`}>{t("intake.actions.openCase")}</Link>
                  ) : canMove ? (
                    <Select
                      size="small"
                      className="intake-card-stage"
                      aria-label={t("intake.board.moveLabel", { lead: lead.leadNo })}
                      value={lead.stage}
                      options={options(lead)}
                      onChange={(stage: string) => void move(lead, stage)}
                    />
                  ) : null}
                </Card>
              ))
            )}
          </section>
        );
      })}
      <LostDialog
        lead={losing}
        onClose={() => setLosing(null)}
        onDone={() => void queries.invalidateQueries({ queryKey: BOARD_KEY })}
      />
    </div>
  );
};
