import type { TaskPatch } from "../../../shared/contracts/tasks";

export type {
  ChecklistItem,
  Task,
  TaskDetail,
  TaskPriority,
  TaskStatus,
} from "../../../shared/contracts/tasks";
export {
  TASK_PRIORITIES as PRIORITIES,
  TASK_STATUSES as STATUSES,
} from "../../../shared/contracts/tasks";

/** What the drawer changes (PATCH /tasks/:id without the version, which useTask adds). */
export type TaskChange = Omit<TaskPatch, "version" | "caseId">;
