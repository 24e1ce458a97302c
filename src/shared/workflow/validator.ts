import { formFields, type FormField, leftType, OPERATORS_BY_TYPE } from "./form-fields";
import {
  type Assignees,
  type Definition,
  type FieldPerms,
  type FlowNode,
  isTaskNode,
  MODES,
  OPERATORS,
  type Rule,
  SELF_APPROVAL,
  START_ID,
  textOf,
  WORKFLOW_KINDS,
} from "./model";
import { depthOf, returnCandidates } from "./tree";

/** One publish problem; the designer marks `nodeId` and translates `errors.<key>`. */
export type ValidationError = {
  nodeId?: string;
  path: string;
  key: string;
  params?: Record<string, string | number>;
};

/** What exists and is active in the firm; without it the existence checks are skipped (designer offline). */
export type KnownRefs = { userIds: Set<string>; roleIds: Set<string>; deptIds: Set<string> };

export type ValidateOptions = {
  refs?: KnownRefs;
  /** A stricter schema check (the server compiles the form with ajv). */
  isValidSchema?: (form: unknown) => boolean;
  /**
   * The stricter check, naming the fields at fault ("" for the form as a whole); the designer
   * marks those fields. Used instead of isValidSchema when given.
   */
  invalidFields?: (form: unknown) => string[];
};

export const MAX_NODES = 200;
export const MAX_DEPTH = 6;

const isObject = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === "object" && !Array.isArray(v);
const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === "string");

/** Shape check: enough for the rest of the validator (and the engine) to walk the tree safely. */
const shapeOk = (node: unknown): boolean => {
  if (
    !isObject(node) ||
    typeof node.id !== "string" ||
    !node.id ||
    !(typeof node.name === "string" || isObject(node.name))
  )
    return false;
  switch (node.type) {
    case "approval":
    case "handler":
      return (
        isObject(node.fields) &&
        isObject(node.onEmpty) &&
        isObject(node.return) &&
        isObject(node.requireComment)
      );
    case "cc":
      return isObject(node.fields);
    case "exclusive":
    case "parallel":
      return (
        Array.isArray(node.branches) &&
        node.branches.every(
          (b) =>
            isObject(b) &&
            typeof b.id === "string" &&
            Array.isArray(b.nodes) &&
            b.nodes.every(shapeOk) &&
            (node.type === "parallel" || b.when === "default" || Array.isArray(b.when)),
        )
      );
    default:
      return false;
  }
};

const nameOk = (name: unknown) =>
  typeof name === "string"
    ? name.trim() !== ""
    : isObject(name) && Object.values(name).some((v) => typeof v === "string" && v.trim() !== "");

/** Fields whose schema is not even shaped like one ("" when the form itself is not an object schema). */
const formShapeProblems = (form: unknown): string[] => {
  if (!isObject(form) || form.type !== "object" || !isObject(form.properties)) return [""];
  return Object.entries(form.properties)
    .filter(
      ([, p]) =>
        !(
          isObject(p) &&
          (typeof p.type === "string" || Array.isArray(p.type) || Array.isArray(p.enum))
        ),
    )
    .map(([key]) => key);
};

/** Runs every publish rule and returns all problems at once. */
export const validateDefinition = (
  input: unknown,
  opts: ValidateOptions = {},
): ValidationError[] => {
  const errors: ValidationError[] = [];
  const add = (key: string, path: string, nodeId?: string, params?: ValidationError["params"]) =>
    errors.push({ ...(nodeId ? { nodeId } : {}), path, key, ...(params ? { params } : {}) });
  if (
    !isObject(input) ||
    !Array.isArray(input.nodes) ||
    !input.nodes.every(shapeOk) ||
    !isObject(input.start) ||
    !isObject(input.settings)
  ) {
    add("workflow.structure.invalid", "");
    return errors;
  }
  const def = input as unknown as Definition;
  if (!nameOk(def.name)) add("workflow.name.required", "name");
  const { selfApproval } = def.settings;
  if (selfApproval !== undefined && !SELF_APPROVAL.includes(selfApproval))
    add("workflow.selfApproval.invalid", "settings.selfApproval");
  if (!WORKFLOW_KINDS.includes(def.kind)) add("workflow.kind.invalid", "kind");

  const fields = formFields(def.form);
  const shapeProblems = formShapeProblems(def.form);
  const schemaProblems =
    shapeProblems.length > 0
      ? shapeProblems
      : (opts.invalidFields?.(def.form) ?? (opts.isValidSchema?.(def.form) === false ? [""] : []));
  for (const key of schemaProblems) {
    if (key) add("workflow.form.fieldInvalid", `form.properties.${key}`, undefined, { field: key });
    else add("workflow.form.invalid", "form");
  }
  if (schemaProblems.length === 0 && fields.length === 0) add("workflow.form.empty", "form");
  for (const [key, p] of Object.entries(
    isObject(def.form) && isObject(def.form.properties) ? def.form.properties : {},
  )) {
    // A select with nothing to choose can never be filled in.
    const choices = isObject(p)
      ? Array.isArray(p.enum)
        ? p.enum
        : isObject(p.items) && Array.isArray(p.items.enum)
          ? p.items.enum
          : undefined
      : undefined;
    if (choices && choices.length === 0)
      add("workflow.form.optionsEmpty", `form.properties.${key}`, undefined, { field: key });
  }

  const ctx: Walk = {
    def,
    fields,
    add,
    refs: opts.refs,
    ids: new Map(),
    count: 0,
    hasApproval: false,
  };
  checkScope(ctx);
  checkPerms(ctx, def.start.fields, "start.fields", undefined);
  for (const f of fields) {
    if (f.required && def.start.fields?.[f.key] === "hidden") {
      add("workflow.fields.requiredHidden", `start.fields.${f.key}`, undefined, { field: f.key });
    }
  }
  walkList(ctx, def.nodes, "nodes");
  if (!ctx.hasApproval) add("workflow.approver.required", "nodes");
  if (ctx.count > MAX_NODES || depthOf(def.nodes) > MAX_DEPTH) {
    add("workflow.tooLarge", "nodes", undefined, { maxNodes: MAX_NODES, maxDepth: MAX_DEPTH });
  }
  return errors;
};

type Walk = {
  def: Definition;
  fields: FormField[];
  add: (key: string, path: string, nodeId?: string, params?: ValidationError["params"]) => void;
  refs?: KnownRefs;
  ids: Map<string, string>;
  count: number;
  hasApproval: boolean;
};

const checkScope = (ctx: Walk) => {
  const scope = ctx.def.start.initiators;
  if (!isObject(scope) || (scope.kind !== "all" && scope.kind !== "some")) {
    ctx.add("workflow.structure.invalid", "start.initiators");
    return;
  }
  if (scope.kind === "all") return;
  const lists = [scope.userIds, scope.deptIds, scope.roleIds];
  if (!lists.every(isStringArray)) return ctx.add("workflow.structure.invalid", "start.initiators");
  if (lists.every((l) => l.length === 0)) ctx.add("workflow.start.scopeEmpty", "start.initiators");
  const { refs } = ctx;
  if (!refs) return;
  const unknown =
    scope.userIds.some((u) => !refs.userIds.has(u)) ||
    scope.deptIds.some((d) => !refs.deptIds.has(d)) ||
    scope.roleIds.some((r) => !refs.roleIds.has(r));
  if (unknown) ctx.add("workflow.assignee.unknown", "start.initiators");
};

const checkPerms = (
  ctx: Walk,
  perms: FieldPerms | undefined,
  path: string,
  nodeId: string | undefined,
) => {
  if (!isObject(perms)) return ctx.add("workflow.structure.invalid", path, nodeId);
  for (const [key, perm] of Object.entries(perms)) {
    if (!ctx.fields.some((f) => f.key === key) || !["read", "edit", "hidden"].includes(perm)) {
      ctx.add("workflow.fields.unknown", `${path}.${key}`, nodeId, { field: key });
    }
  }
};

const checkAssignees = (
  ctx: Walk,
  a: Assignees | undefined,
  path: string,
  nodeId: string,
  isCc: boolean,
) => {
  if (!isObject(a) || (isCc && a.kind === "initiator")) {
    return ctx.add(
      isCc ? "workflow.cc.recipientsRequired" : "workflow.assignee.required",
      path,
      nodeId,
    );
  }
  const { refs } = ctx;
  switch (a.kind) {
    case "users":
      if (!isStringArray(a.userIds) || a.userIds.length === 0)
        return ctx.add("workflow.assignee.usersEmpty", path, nodeId);
      if (refs && a.userIds.some((u) => !refs.userIds.has(u)))
        ctx.add("workflow.assignee.unknown", path, nodeId);
      return;
    case "roles":
      if (!isStringArray(a.roleIds) || a.roleIds.length === 0)
        return ctx.add("workflow.assignee.rolesEmpty", path, nodeId);
      if (refs && a.roleIds.some((r) => !refs.roleIds.has(r)))
        ctx.add("workflow.assignee.unknown", path, nodeId);
      return;
    case "deptRole":
      if (typeof a.roleId !== "string" || !a.roleId)
        return ctx.add("workflow.assignee.rolesEmpty", path, nodeId);
      if (refs && !refs.roleIds.has(a.roleId)) ctx.add("workflow.assignee.unknown", path, nodeId);
      return;
    case "deptManager":
      if (!Number.isInteger(a.level) || a.level < 1 || a.level > 5)
        ctx.add("workflow.assignee.levelInvalid", path, nodeId);
      return;
    case "formUser": {
      const type = ctx.fields.find((f) => f.key === a.field)?.type;
      if (type !== "user" && type !== "users")
        ctx.add("workflow.assignee.fieldInvalid", path, nodeId);
      return;
    }
    case "initiator":
      return;
    default:
      ctx.add("workflow.assignee.required", path, nodeId);
  }
};

const checkRule = (ctx: Walk, rule: Rule, path: string, nodeId: string) => {
  if (!isObject(rule) || typeof rule.left !== "string")
    return ctx.add("workflow.condition.required", path, nodeId);
  const type = leftType(ctx.fields, rule.left);
  if (!type) return ctx.add("workflow.condition.fieldUnknown", path, nodeId, { field: rule.left });
  if (!OPERATORS.includes(rule.op) || !OPERATORS_BY_TYPE[type].includes(rule.op)) {
    return ctx.add("workflow.condition.operatorInvalid", path, nodeId, { op: String(rule.op) });
  }
  if (rule.op === "isEmpty" || rule.op === "notEmpty") return;
  const v = rule.value;
  const empty =
    v === undefined ||
    v === null ||
    v === "" ||
    (Array.isArray(v) &&
      (v.length === 0 || v.some((x) => x === "" || x === null || x === undefined)));
  const badBetween = rule.op === "between" && (!Array.isArray(v) || v.length !== 2);
  if (empty || badBetween) ctx.add("workflow.condition.valueRequired", path, nodeId);
};

const checkTaskNode = (ctx: Walk, node: FlowNode, path: string) => {
  if (!isTaskNode(node)) return;
  if (node.type === "approval") ctx.hasApproval = true;
  checkAssignees(ctx, node.assignees, `${path}.assignees`, node.id, false);
  if (!MODES.includes(node.mode)) ctx.add("workflow.mode.invalid", `${path}.mode`, node.id);
  const empty = node.onEmpty;
  if (empty.action === "toUsers") {
    if (!isStringArray(empty.userIds) || empty.userIds.length === 0)
      ctx.add("workflow.empty.usersRequired", `${path}.onEmpty`, node.id);
    else if (ctx.refs && empty.userIds.some((u) => !ctx.refs?.userIds.has(u)))
      ctx.add("workflow.assignee.unknown", `${path}.onEmpty`, node.id);
  }
  if (
    empty.action === "toAdmins" &&
    (!isStringArray(ctx.def.admins) || ctx.def.admins.length === 0)
  ) {
    ctx.add("workflow.admins.required", `${path}.onEmpty`, node.id);
  }
  checkPerms(ctx, node.fields, `${path}.fields`, node.id);
  if (node.return.enabled && node.return.range === "listed") {
    const valid = new Set(returnCandidates(ctx.def.nodes, node.id).map((c) => c.nodeId));
    const targets = node.return.targets ?? [];
    if (targets.length === 0 || targets.some((t) => !valid.has(t))) {
      ctx.add("workflow.return.targetInvalid", `${path}.return.targets`, node.id);
    }
  }
};

const walkList = (ctx: Walk, nodes: FlowNode[], path: string) => {
  for (const [i, node] of nodes.entries()) {
    const at = `${path}.${i}`;
    ctx.count += 1;
    if (ctx.ids.has(node.id) || node.id === START_ID)
      ctx.add("workflow.node.idDuplicate", `${at}.id`, node.id, { id: node.id });
    ctx.ids.set(node.id, at);
    if (node.type === "cc") {
      checkAssignees(ctx, node.recipients, `${at}.recipients`, node.id, true);
      checkPerms(ctx, node.fields, `${at}.fields`, node.id);
    }
    checkTaskNode(ctx, node, at);
    if (node.type === "parallel") {
      if (node.branches.length < 2)
        ctx.add("workflow.parallel.branches", `${at}.branches`, node.id);
      node.branches.forEach((b, j) => {
        if (b.nodes.length === 0)
          ctx.add("workflow.parallel.emptyBranch", `${at}.branches.${j}`, node.id, {
            branch: textOf(b.name, "zh-CN"),
          });
      });
    }
    if (node.type === "exclusive") {
      if (node.branches.length < 2)
        ctx.add("workflow.exclusive.branches", `${at}.branches`, node.id);
      const defaults = node.branches.filter((b) => b.when === "default").length;
      if (defaults !== 1 || node.branches[node.branches.length - 1]?.when !== "default") {
        ctx.add("workflow.exclusive.default", `${at}.branches`, node.id);
      }
      node.branches.forEach((b, j) => {
        if (b.when === "default") return;
        const bp = `${at}.branches.${j}.when`;
        if (b.when.length === 0 || b.when.some((g) => !Array.isArray(g) || g.length === 0)) {
          ctx.add("workflow.condition.required", bp, node.id, { branch: textOf(b.name, "zh-CN") });
          return;
        }
        b.when.forEach((g, gi) =>
          g.forEach((r, ri) => checkRule(ctx, r, `${bp}.${gi}.${ri}`, node.id)),
        );
      });
    }
    if (node.type === "exclusive" || node.type === "parallel") {
      node.branches.forEach((b, j) => walkList(ctx, b.nodes, `${at}.branches.${j}.nodes`));
    }
  }
};
