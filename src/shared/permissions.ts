/**
 * The one list of permission subjects and the actions each offers. The server checks routes
 * against it, the role editor shows it, and the client guards routes and menus with it.
 */
export const ACTIONS = {
  manage: "manage",
  basic: "basic",
  read: "read",
  create: "create",
  update: "update",
  delete: "delete",
  approve: "approve",
  export: "export",
  import: "import",
} as const;

export type Action = (typeof ACTIONS)[keyof typeof ACTIONS];

/** Subjects keep the seed's names (UPPER_SNAKE) so rules exported by the seed still apply. */
export const SUBJECTS = {
  all: ["manage"],
  BASIC_PERMISSION: ["basic"],
  LAWFIRM_CASE_VIEW: ["read", "create", "update", "delete", "export"],
  LAWFIRM_CUSTOMER_VIEW: ["read", "create", "update", "delete", "import", "export"],
  LAWFIRM_DOCUMENT_VIEW: ["read", "create", "update", "delete"],
  LAWFIRM_CONTRACT_VIEW: ["read", "create", "update", "delete"],
  LAWFIRM_SEAL_VIEW: ["read", "create"],
  LAWFIRM_CONFLICT_VIEW: ["read", "create", "export"],
  /** Leads (案源): record, move through stages, check conflicts, convert (create), statistics (read). */
  LAWFIRM_LEAD_VIEW: ["read", "create", "update", "delete", "export"],
  /** Invoices: read and request (create); issue, red-reverse, void and match (update). */
  LAWFIRM_INVOICE_VIEW: ["read", "create", "update", "export"],
  /** What clients owe across their cases, with ageing (row-scoped by the cases one may read). */
  LAWFIRM_RECEIVABLE_VIEW: ["read", "export"],
  /** Every member's share lines and statements; update closes months and sets the firm's rules. */
  LAWFIRM_FEE_SHARE: ["read", "update", "export"],
  /**
   * Archive volumes (卷宗): read the volumes of the cases one may read; update is the archivist's
   * (every volume of the firm: assemble, submit for archiving, retry the merged PDF).
   */
  LAWFIRM_ARCHIVE_VIEW: ["read", "update"],
  /** Reports and the dashboard; the rule's scope (all / department / own) is the widest scope. */
  LAWFIRM_REPORT_VIEW: ["read"],
  WORKFLOW_DEFINITION: ["read", "create", "update", "delete"],
  WORKFLOW_INSTANCE: ["read", "create", "approve"],
  ORG_MEMBER: ["read", "create", "update", "delete"],
  ORG_DEPARTMENT: ["read", "create", "update", "delete"],
  ORG_ROLE: ["read", "create", "update", "delete"],
  ORG_DICTIONARY: ["read", "create", "update", "delete"],
  AUDIT_LOG: ["read"],
  ANNOUNCEMENT: ["create"],
} as const satisfies Record<string, readonly Action[]>;

export type Subject = keyof typeof SUBJECTS;

export const SUBJECT_NAMES = Object.keys(SUBJECTS) as Subject[];

export type PermissionRule = {
  action: Action | Action[];
  subject: Subject | Subject[];
  conditions?: Record<string, unknown>;
  fields?: string[];
  inverted?: boolean;
  reason?: string;
};

/** Every member of a workspace may open the ordinary pages (`basic` on BASIC_PERMISSION). */
export const BASIC_RULE: PermissionRule = { action: "basic", subject: "BASIC_PERMISSION" };

export const ADMIN_RULES: PermissionRule[] = [{ action: "manage", subject: "all" }];

/**
 * Subjects a schema declares in `x-menu` (a new entity with no code): the server's schema loader
 * and the SPA at start declare them, so role rules, the editor and route checks accept them like
 * the built-in ones. Typed as Subject: beyond this module they are ordinary subjects.
 */
export type DeclaredSubject = { actions: readonly Action[]; label: string; title?: string };
const declared = new Map<string, DeclaredSubject>();

export const declareSubject = (name: string, subject: DeclaredSubject) => {
  declared.set(name, subject);
};

export const declaredSubject = (name: string) => declared.get(name);

export const isBuiltInSubject = (value: unknown): value is Subject =>
  typeof value === "string" && Object.prototype.hasOwnProperty.call(SUBJECTS, value);

export const isSubject = (value: unknown): value is Subject =>
  isBuiltInSubject(value) || (typeof value === "string" && declared.has(value));

/** The built-in subjects, then the declared ones in the order they were declared. */
export const subjectNames = (): Subject[] => [
  ...SUBJECT_NAMES,
  ...(declared.keys() as Iterable<Subject>),
];

export const subjectActions = (subject: Subject): readonly Action[] =>
  isBuiltInSubject(subject) ? SUBJECTS[subject] : (declared.get(subject)?.actions ?? []);
