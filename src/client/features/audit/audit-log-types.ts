// "export": a conflict report's PDF, with the SHA-256 of the bytes sent (features/conflicts/pdf-exports.ts).
export const AUDIT_ACTIONS = [
  "create",
  "update",
  "delete",
  "workflow",
  "login",
  "logout",
  "export",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditLog = {
  id: string | number;
  createdAt: string;
  userId: string | number | null;
  userName: string | null;
  action: AuditAction | string;
  entity: string;
  entityId: string | number | null;
  before: unknown;
  after: unknown;
  diff: unknown;
};

export const ACTION_COLORS: Record<string, string> = {
  create: "green",
  update: "blue",
  delete: "red",
  workflow: "purple",
  login: "cyan",
  logout: "default",
  export: "gold",
};

/** The page sizes offered by this area's tables. */
export const PAGE_SIZE_OPTIONS = ["5", "10", "20", "25", "50", "100"];
