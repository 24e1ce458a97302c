import type { BaseRecord } from "@refinedev/core";
import { useQueryClient } from "@tanstack/react-query";
import { Alert } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate, useParams } from "react-router";

import { PageHeader, PagePanel } from "../../layout/page-header";
import { showToast } from "../../layout/toast";
import { SchemaForm } from "../../schema-ui";
import { useBusinessSettings } from "../workflow";
import { caseKey } from "./api";

/**
 * /case/edit/:id: the case's account, case, custom, party and team information in the schema's
 * form. Where the firm has case changes approved first, saving starts the case-change approval
 * and the case keeps its values until it is accepted.
 */
export const CaseEditPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queries = useQueryClient();
  const { id = "" } = useParams();
  const { settings } = useBusinessSettings();
  const onSaved = (record: BaseRecord) => {
    // Replaces the form's "saved" toast: nothing changed yet, the approval decides.
    if (record.pendingChanges)
      showToast({ message: t("cases.change.submitted"), color: "success" });
    void queries.invalidateQueries({ queryKey: caseKey(id) });
    navigate(`/case/detail/${id}`);
    // Saved from the foot of a long form: the detail opens at its top, where the pending-change
    // banner says what happened (the router keeps the window's scroll position otherwise).
    window.scrollTo({ top: 0 });
  };
  return (
    <>
      <PageHeader title={t("cases.titles.edit")} />
      <PagePanel>
        {settings?.caseChanges ? (
          <Alert type="info" showIcon className="case-alert" message={t("cases.change.formHint")} />
        ) : null}
        <SchemaForm resource="cases" id={id} onSaved={onSaved} onCancel={() => navigate(-1)} />
      </PagePanel>
    </>
  );
};
