import { useCustom } from "@refinedev/core";
import { Empty, Skeleton, Tag } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

import { WORKFLOW_KINDS } from "../../../shared/workflow";
import { PageHeader, PagePanel } from "../../layout/page-header";
import { startChooserOf } from "./start-choosers";
import "./workflow.css";
import { type StartableCard, WORKFLOW_API } from "./types";

/** Business kinds with their own form (the approval starts from there, with the business record). */
const START_PATHS: Partial<Record<string, string>> = {
  contract: "/contract/add",
  seal: "/seal/add",
};
/**
 * Kinds started from their record's page (a case change is an edit of the case, a closing comes
 * from its checklist), not from here.
 */
const FROM_RECORD = new Set(["case-change", "case-close"]);

/** Start an approval: cards of the definitions the user may start, grouped by business kind. */
export const StartApprovalPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { result, query } = useCustom<StartableCard[]>({
    url: `${WORKFLOW_API}/startable`,
    method: "get",
  });
  // Until the answer arrives Refine hands an empty object, not undefined.
  const cards = Array.isArray(result?.data) ? result.data : [];
  return (
    <>
      <PageHeader title={t("workflow.titles.add")} />
      <PagePanel>
        {query.isLoading ? <Skeleton active /> : null}
        {!query.isLoading && cards.length === 0 ? (
          <Empty description={t("workflow.empty.startable")} />
        ) : null}
        {WORKFLOW_KINDS.filter(
          (kind) => !FROM_RECORD.has(kind) && cards.some((c) => c.kind === kind),
        ).map((kind) => {
          // A kind with a chooser of its own (cases: case type × filing type) starts from it, not from the flow's card.
          const Chooser = startChooserOf(kind);
          return (
            <section key={kind} aria-label={t(`workflow.kinds.${kind}`)}>
              <h2 className="wf-kind-title">{t(`workflow.kinds.${kind}`)}</h2>
              {Chooser ? (
                <Suspense fallback={<Skeleton active />}>
                  <Chooser />
                </Suspense>
              ) : (
                <div className="wf-cards">
                  {cards
                    .filter((c) => c.kind === kind)
                    .map((c) => (
                      <button
                        type="button"
                        key={c.id}
                        className="wf-card"
                        onClick={() =>
                          navigate(`${START_PATHS[c.kind] ?? "/workflow/add"}/${c.id}`)
                        }
                      >
                        <div className="wf-card-title">{c.name}</div>
                        <Tag>{t("workflow.fields.versionNo", { n: c.versionNo })}</Tag>
                      </button>
                    ))}
                </div>
              )}
            </section>
          );
        })}
      </PagePanel>
    </>
  );
};
