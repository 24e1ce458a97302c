export type TaskStatus = "todo" | "doing" | "done";
export type TaskPriority = "low" | "normal" | "high";
export type ChecklistItem = { text: string; done: boolean };

export type Task = {
  id: string;
  title: string;
  caseId: string | null;
  caseName: string | null;
  assigneeId: string;
  dueDate: string | null;
  priority: TaskPriority;
  status: TaskStatus;
  checklist: ChecklistItem[];
  version: number;
};

/** What GET/PATCH /api/tasks/:id answer: the task with its comments' author names. */
export type TaskDetail = Task & {
  comments: { userId: string; text: string; at: string; authorName: string | null }[];
  createdBy: string | null;
};

export type TaskChange = Partial<
  Pick<Task, "title" | "assigneeId" | "dueDate" | "priority" | "status" | "checklist">
>;

export const STATUSES = ["todo", "doing", "done"] as const;
export const PRIORITIES = ["low", "normal", "high"] as const;
