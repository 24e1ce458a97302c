import { useOne } from "@refinedev/core";
import { Card, Skeleton, Typography } from "antd";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";

import { TasksPage } from "../tasks";
import { KeyDatesTab } from "./key-dates-tab";

/**
 * A case's key dates and tasks on their own page, where the home page, calendar and reminders
 * link; the case detail mounts the same KeyDatesTab as its "Key dates" tab.
 */
export const CaseDeadlinesPage = () => {
  const { t } = useTranslation();
  const { id = "" } = useParams();
  const { result } = useOne<{ name: string; caseNo: string }>({ resource: "cases", id });
  return (
    <div>
      <Typography.Title level={3}>
        {t("deadlines.keyDates.pageTitle", { name: result?.name ?? "" })}
      </Typography.Title>
      {result?.caseNo ? (
        <Typography.Paragraph type="secondary">{result.caseNo}</Typography.Paragraph>
      ) : null}
      <Card size="small" title={t("deadlines.keyDates.tab")} className="deadlines-section">
        <KeyDatesTab caseId={id} />
      </Card>
      <Card size="small" title={t("deadlines.tasks.caseTasks")} className="deadlines-section">
        <Suspense fallback={<Skeleton active />}>
          <TasksPage caseId={id} />
        </Suspense>
      </Card>
    </div>
  );
};
