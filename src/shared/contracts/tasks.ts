/**
 * Tasks' requests and answers, as the server sends them and the client reads them (dates are
 * YYYY-MM-DD text, timestamps ISO text). One definition, so the two cannot drift.
 */

export const TASK_STATUSES = ["todo", "doing", "done"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const TASK_PRIORITIES = ["low", "normal", "high"] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
/** Checklist items one task holds at most. */
export const MAX_CHECKLIST_ITEMS = 50;
/** Longest title, and longest checklist item. */
export const TASK_TEXT_MAX = 200;
/** Longest comment. */
export const COMMENT_MAX = 2000;

export type ChecklistItem = { text: string; done: boolean };
/** A comment as stored: its author's user id only (names change). */
export type TaskComment = { userId: string; text: string; at: string };

/** POST /tasks. */
export type TaskInput = {
  title: string;
  caseId?: string | null;
  /** An intake lead this task follows up. */
  leadId?: string | null;
  assigneeId?: string;
  dueDate?: string | null;
  priority?: TaskPriority;
  status?: TaskStatus;
  checklist?: ChecklistItem[];
};

/** PATCH /tasks/:id: the fields to change, at the version read. */
export type TaskPatch = Partial<TaskInput> & { version: number };

/** A task as stored (the answer of POST /tasks). */
export type TaskRecord = {
  workspaceId: string;
  id: string;
  custom: Record<string, unknown>;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  updatedBy: string | null;
  version: number;
  caseId: string | null;
  title: string;
  assigneeId: string;
  dueDate: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  checklist: ChecklistItem[];
  comments: TaskComment[];
  /** The task template it came from, if any. */
  templateId: string | null;
  leadId: string | null;
};

/** A row of GET /tasks: the task with its case's name and its lead's number. */
export type Task = TaskRecord & { caseName: string | null; leadNo: string | null };

/**
 * GET, PATCH /tasks/:id and POST …/comments: the task with its case's name, its lead's number and each comment's
 * author name (null for someone no longer in the firm).
 */
export type TaskDetail = Omit<Task, "comments"> & {
  comments: (TaskComment & { authorName: string | null })[];
};
