import { SmileOutlined } from "@ant-design/icons";
import { useDataProvider } from "@refinedev/core";
import { Button, Result } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate, useNavigate, useParams, useSearchParams } from "react-router";

import { PagePanel } from "../../layout/page-header";
import { ApprovalDetail, type ApprovalDetailProps } from "./approval-detail";
import { approvalPathOf } from "../../lib/approval-paths";
import { type CenterRow, WORKFLOW_API } from "./types";
import "./workflow.css";

/** Where to go once a task is handled: the next pending one, else a congratulation then Handled. */
export const useNextPending = () => {
  const navigate = useNavigate();
  const [isAllDone, setAllDone] = useState(false);
  const dataProvider = useDataProvider();
  const goNext = async (after: string) => {
    const provider = dataProvider();
    if (!provider.custom) return;
    const res = await provider.custom<{ task: CenterRow | null }>({
      url: `${WORKFLOW_API}/tasks/next`,
      method: "get",
      query: { after },
    });
    const next = res.data.task;
    if (next)
      navigate(`${approvalPathOf(next.kind, next.instanceId)}?task=${next.taskId}&from=pending`);
    else setAllDone(true);
  };
  return { goNext, isAllDone };
};

/** The congratulation when nothing is left to approve; it returns to the Handled tab by itself. */
export const AllDone = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate("/workflow/center/handled"), 3000);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <PagePanel className="wf-detail-empty">
      <Result
        icon={<SmileOutlined />}
        status="success"
        title={t("workflow.messages.allDone")}
        subTitle={t("workflow.messages.allDoneHint")}
        extra={
          <Button type="primary" onClick={() => navigate("/workflow/center/handled")}>
            {t("workflow.tabs.handled")}
          </Button>
        }
      />
    </PagePanel>
  );
};

/**
 * An approval's detail that moves on once the viewer's task is handled: to the next pending one,
 * else the congratulation. The generic detail page and the business approval pages show it.
 */
export const ApprovalDetailWithNext = (props: Omit<ApprovalDetailProps, "onTaskDone">) => {
  const { goNext, isAllDone } = useNextPending();
  if (isAllDone) return <AllDone />;
  return <ApprovalDetail key={props.id} {...props} onTaskDone={(task) => void goNext(task)} />;
};

/** /workflow/detail/:id: the generic approval detail with next-pending navigation. */
export const ApprovalDetailPage = () => {
  const { id = "" } = useParams();
  const [search] = useSearchParams();
  return <ApprovalDetailWithNext id={id} taskId={search.get("task") ?? undefined} />;
};

/** /workflow/empty: the placeholder when no approval is selected. */
export const ApprovalEmptyPage = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PagePanel className="wf-detail-empty">
      <Result
        status="info"
        title={t("workflow.messages.emptyTitle")}
        subTitle={t("workflow.messages.emptyHint")}
        extra={
          <Button type="primary" onClick={() => navigate("/workflow/center/pending")}>
            {t("workflow.tabs.pending")}
          </Button>
        }
      />
    </PagePanel>
  );
};

/** /workflow/center: opens the Pending tab. */
export const ApprovalCenterIndex = () => <Navigate to="/workflow/center/pending" replace />;
