import {
  conditionsOfScope,
  type Scope,
  scopeOfConditions,
} from "../../../shared/permission-scopes";
import {
  ACTIONS,
  type Action,
  type PermissionRule,
  type Subject,
  subjectActions,
  subjectNames,
} from "../../../shared/permissions";

/** One cell of the editor: not granted, or granted for all records, own ones or the department's. */
export type Cell = "none" | Scope;

export type SubjectRow = {
  subject: Subject;
  cells: Partial<Record<Action, Cell>>;
  fields: string[];
};

export type DenyRow = {
  key: string;
  subject: Subject;
  actions: Action[];
  scope: Scope;
  fields: string[];
  reason: string;
};

export type Grid = {
  rows: SubjectRow[];
  denies: DenyRow[];
  /** Rules the editor cannot show; kept as they are. */ other: PermissionRule[];
};

export const GRID_ACTIONS = Object.values(ACTIONS) as Action[];

export const actionsOf = (subject: Subject): Action[] => [...subjectActions(subject)];

const list = <T>(v: T | T[]) => (Array.isArray(v) ? v : [v]);

let denyKey = 0;
export const newDenyKey = () => `deny-${(denyKey += 1)}`;

/** Rules as the subjects × actions grid (plus exceptions), the way the role editor shows them. */
export const rulesToGrid = (rules: PermissionRule[]): Grid => {
  const rows: SubjectRow[] = subjectNames().map((subject) => ({ subject, cells: {}, fields: [] }));
  const bySubject = new Map(rows.map((r) => [r.subject, r]));
  const denies: DenyRow[] = [];
  const other: PermissionRule[] = [];
  for (const rule of rules) {
    const scope = scopeOfConditions(rule.conditions);
    const subjects = list(rule.subject).filter((s): s is Subject => bySubject.has(s as Subject));
    if (!scope || subjects.length === 0) {
      other.push(rule);
      continue;
    }
    for (const subject of subjects) {
      const offered = actionsOf(subject);
      const actions = list(rule.action).flatMap((a) =>
        a === "manage" && subject !== "all" ? offered : [a],
      );
      if (rule.inverted) {
        denies.push({
          key: newDenyKey(),
          subject,
          actions,
          scope,
          fields: rule.fields ?? [],
          reason: rule.reason ?? "",
        });
        continue;
      }
      const row = bySubject.get(subject)!;
      for (const action of actions) if (offered.includes(action)) row.cells[action] = scope;
      if (rule.fields?.length) row.fields = [...new Set([...row.fields, ...rule.fields])];
    }
  }
  return { rows, denies, other };
};

const one = <T>(items: T[]): T | T[] => (items.length === 1 ? items[0] : items);

/** The grid back to rules: one rule per subject and scope, then the exceptions ("cannot"). */
export const gridToRules = (grid: Grid): PermissionRule[] => {
  const rules: PermissionRule[] = [];
  for (const row of grid.rows) {
    for (const scope of ["all", "own", "department"] as Scope[]) {
      const actions = actionsOf(row.subject).filter((a) => row.cells[a] === scope);
      if (actions.length === 0) continue;
      const conditions = conditionsOfScope(scope);
      rules.push({
        action: one(actions),
        subject: row.subject,
        ...(conditions ? { conditions } : {}),
        ...(row.fields.length ? { fields: row.fields } : {}),
      });
    }
  }
  for (const d of grid.denies) {
    if (d.actions.length === 0) continue;
    const conditions = conditionsOfScope(d.scope);
    rules.push({
      action: one(d.actions),
      subject: d.subject,
      inverted: true,
      ...(conditions ? { conditions } : {}),
      ...(d.fields.length ? { fields: d.fields } : {}),
      ...(d.reason ? { reason: d.reason } : {}),
    });
  }
  return [...rules, ...grid.other];
};
