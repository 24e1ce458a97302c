import { describe, expect, it } from "vitest";

import {
  addField,
  BUILDER_TYPES,
  builderFields,
  formFields,
  type JsonSchema,
  keyProblem,
  kindOf,
  moveField,
  nodeAtPath,
  removeField,
  renameField,
  renameFieldRefs,
  setFieldKind,
  setFieldLabel,
  setFieldMultiple,
  setFieldOptions,
  setFieldRequired,
  templateOf,
  validateDefinition,
} from "../../src/shared/workflow";
import { approval, branch, definition, exclusive, FORM, users } from "../fixtures/workflow-defs";

const EMPTY: JsonSchema = { type: "object", properties: {} };
const label = (zh: string, en = "") => ({ "zh-CN": zh, en });

describe("field builder", () => {
  it("round-trips every type: the builder reads back what it wrote, and conditions see the right type", () => {
    let form = EMPTY;
    for (const kind of BUILDER_TYPES) form = addField(form, kind, label(kind)).form;
    expect(builderFields(form).map((f) => f.kind)).toEqual([...BUILDER_TYPES]);
    expect(formFields(form).map((f) => f.type)).toEqual([
      "string",
      "string",
      "number",
      "money",
      "date",
      "dateRange",
      "enum",
      "multi",
      "user",
      "enum",
      "files",
      "boolean",
    ]);
    expect(
      formFields(form).find((f) => f.type === "enum" && f.source === "departments"),
    ).toBeTruthy();
    expect(setFieldMultiple(form, "field9", true).properties?.field9).toMatchObject({
      type: "array",
      items: { "x-options": { source: "users" } },
    });
    expect(
      formFields(setFieldMultiple(form, "field9", true)).find((f) => f.key === "field9")?.type,
    ).toBe("users");
  });

  it("reads the hand-written forms of the seed and marks unknown shapes as custom", () => {
    expect(builderFields(FORM).map((f) => `${f.key}:${f.kind}`)).toEqual([
      "title:text",
      "amount:money",
      "days:number",
      "type:select",
      "tags:multiSelect",
      "fee:number",
      "reviewer:member",
      "startDate:date",
      "urgent:boolean",
    ]);
    expect(kindOf({ type: "object", properties: {} })).toBe("custom");
    expect(kindOf({ type: "string", format: "date-time" })).toBe("custom");
    expect(builderFields(FORM)[0]).toMatchObject({
      required: true,
      label: { "zh-CN": "Title", en: "" },
    });
  });

  it("adds, labels, requires, reorders, renames and removes fields, keeping `required` in step", () => {
    let { form, key } = addField(EMPTY, "text", label("标题", "Title"));
    expect(key).toBe("field1");
    expect(form.properties?.field1).toEqual({
      type: "string",
      maxLength: 200,
      title: "标题",
      "x-label": { "zh-CN": "标题", en: "Title" },
    });
    form = addField(form, "money", label("金额")).form;
    form = setFieldRequired(setFieldRequired(form, "field2", true), "field1", true);
    expect(form.required).toEqual(["field1", "field2"]);
    form = moveField(form, 1, 0);
    expect(Object.keys(form.properties ?? {})).toEqual(["field2", "field1"]);
    expect(form.required).toEqual(["field1", "field2"]);
    form = renameField(form, "field2", "amount");
    expect(Object.keys(form.properties ?? {})).toEqual(["amount", "field1"]);
    expect(form.required).toContain("amount");
    form = setFieldLabel(form, "amount", label("", "Amount"));
    expect(form.properties?.amount.title).toBe("Amount");
    form = removeField(form, "field1");
    expect(form).toEqual({
      type: "object",
      properties: { amount: expect.any(Object) },
      required: ["amount"],
      "x-order": ["amount"],
    });
    expect(setFieldRequired(form, "amount", false).required).toBeUndefined();
  });

  it("changes a type to its template and keeps labels and options", () => {
    let form = addField(EMPTY, "select", label("类型")).form;
    form = setFieldOptions(form, "field1", ["诉讼", " 顾问 ", "诉讼", ""]);
    expect(form.properties?.field1.enum).toEqual(["诉讼", "顾问"]);
    form = setFieldKind(form, "field1", "multiSelect");
    expect(form.properties?.field1).toMatchObject({
      type: "array",
      items: { enum: ["诉讼", "顾问"] },
      title: "类型",
    });
    form = setFieldKind(form, "field1", "number");
    expect(form.properties?.field1).toEqual({
      type: "number",
      title: "类型",
      "x-label": { "zh-CN": "类型", en: "" },
    });
  });

  it("keeps the field order in x-order, which survives storage that sorts object keys", () => {
    let form = EMPTY;
    for (const kind of ["text", "number", "date"] as const)
      form = addField(form, kind, label(kind)).form;
    form = moveField(form, 2, 0);
    expect(form["x-order"]).toEqual(["field3", "field1", "field2"]);
    // What jsonb gives back: the same object with its keys sorted.
    const sorted = {
      ...form,
      properties: Object.fromEntries(
        Object.entries(form.properties ?? {}).sort(([a], [b]) => a.localeCompare(b)),
      ),
    };
    expect(builderFields(sorted).map((f) => f.key)).toEqual(["field3", "field1", "field2"]);
    expect(formFields(sorted).map((f) => f.key)).toEqual(["field3", "field1", "field2"]);
  });

  it("checks keys: letters, digits and _, not taken", () => {
    expect(keyProblem(FORM, "title", "title")).toBeUndefined();
    expect(keyProblem(FORM, "title", "amount")).toBe("taken");
    expect(keyProblem(FORM, "title", "1st")).toBe("invalid");
    expect(keyProblem(FORM, "title", "a b")).toBe("invalid");
  });

  it("follows a renamed field through permissions, conditions and form-chosen assignees; a removed one loses its permissions", () => {
    const def = definition(
      [
        approval("a", { kind: "formUser", field: "reviewer" }, { fields: { reviewer: "read" } }),
        exclusive("x", [
          branch(
            "b",
            [[{ left: "reviewer", op: "in", value: ["u"] }]],
            [approval("c", users("u"))],
          ),
          branch("d", "default", []),
        ]),
      ],
      { start: { initiators: { kind: "all" }, fields: { reviewer: "edit" } } },
    );
    const renamed = renameFieldRefs(
      { ...def, form: renameField(def.form, "reviewer", "checker") },
      "reviewer",
      "checker",
    );
    expect(validateDefinition(renamed)).toEqual([]);
    expect(renamed.start.fields).toEqual({ checker: "edit" });
    const removed = renameFieldRefs(
      { ...def, form: removeField(def.form, "reviewer") },
      "reviewer",
      null,
    );
    expect(removed.start.fields).toEqual({});
    expect(validateDefinition(removed).map((e) => e.key)).toEqual([
      "workflow.assignee.fieldInvalid",
      "workflow.condition.fieldUnknown",
    ]);
  });

  it("generates forms the validator accepts, and refuses a select without options", () => {
    let form = EMPTY;
    for (const kind of BUILDER_TYPES) form = addField(form, kind, label(kind)).form;
    form = setFieldOptions(setFieldOptions(form, "field7", ["a"]), "field8", ["b"]);
    expect(validateDefinition(definition([approval("a", users("u"))], { form }))).toEqual([]);
    const empty = addField(EMPTY, "select", label("s")).form;
    expect(validateDefinition(definition([approval("a", users("u"))], { form: empty }))).toEqual([
      {
        path: "form.properties.field1",
        key: "workflow.form.optionsEmpty",
        params: { field: "field1" },
      },
    ]);
    expect(templateOf("money").pattern).toBeTruthy();
  });
});

describe("nodeAtPath", () => {
  it("finds the innermost node a validation path points into", () => {
    const nodes = [
      approval("a", users("u")),
      exclusive("x", [
        branch("b", [[]], [approval("inner", users("u"))]),
        branch("d", "default", []),
      ]),
    ];
    expect(nodeAtPath(nodes, "nodes.0.assignees")?.id).toBe("a");
    expect(nodeAtPath(nodes, "nodes.1.branches.0.when.0.0")?.id).toBe("x");
    expect(nodeAtPath(nodes, "nodes.1.branches.0.nodes.0.assignees")?.id).toBe("inner");
    expect(nodeAtPath(nodes, "form.properties.x")).toBeUndefined();
    expect(nodeAtPath(nodes, "nodes.9.assignees")).toBeUndefined();
  });
});
