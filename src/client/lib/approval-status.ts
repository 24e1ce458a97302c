/** Tag colours of an approval's and a step's status (labels: workflow.status.*, workflow.taskStatus.*). */
export const APPROVAL_STATUS_COLORS: Record<string, string> = {
  running: "processing",
  approved: "success",
  rejected: "error",
  cancelled: "default",
  pending: "processing",
  waiting: "warning",
  accepted: "success",
  returned: "warning",
  transferred: "default",
};
