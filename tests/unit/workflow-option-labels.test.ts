import { describe, expect, it } from "vitest";

import {
  addField,
  builderFields,
  formFields,
  type JsonSchema,
  optionLabel,
  setFieldKind,
  setFieldOptions,
  setFieldOptionsEn,
} from "../../src/shared/workflow";

const EMPTY: JsonSchema = { type: "object", properties: {} };

const withSelect = () => {
  const { form, key } = addField(EMPTY, "select", { "zh-CN": "紧急程度", en: "Urgency" });
  return { form: setFieldOptions(form, key, ["加急", "普通"]), key };
};

describe("option labels in two languages", () => {
  it("stores English names beside the values and reads them back in the builder and for conditions", () => {
    const { form, key } = withSelect();
    const labelled = setFieldOptionsEn(form, key, ["Urgent", ""]);
    const field = builderFields(labelled)[0];
    expect(field.options).toEqual(["加急", "普通"]);
    expect(field.optionsEn).toEqual(["Urgent", ""]);
    const labels = formFields(labelled)[0].optionLabels;
    expect(optionLabel(labels, "加急", "en")).toBe("Urgent");
    expect(optionLabel(labels, "加急", "zh-CN")).toBe("加急");
    // No English name: the value as typed is the fallback.
    expect(optionLabel(labels, "普通", "en")).toBe("普通");
  });

  it("keeps a label while its option stays, drops it with the option, and keeps them through select ↔ multi-select", () => {
    const { form, key } = withSelect();
    let next = setFieldOptionsEn(form, key, ["Urgent", "Normal"]);
    next = setFieldOptions(next, key, ["普通", "低"]);
    expect(builderFields(next)[0].optionsEn).toEqual(["Normal", ""]);
    expect(next.properties?.[key]?.["x-enum-labels"]).toEqual({ 普通: { en: "Normal" } });
    next = setFieldKind(next, key, "multiSelect");
    expect(builderFields(next)[0].optionsEn).toEqual(["Normal", ""]);
    next = setFieldOptionsEn(next, key, ["", ""]);
    expect(next.properties?.[key]).not.toHaveProperty("x-enum-labels");
  });

  it("ignores a malformed x-enum-labels and never reads inherited keys", () => {
    const s: JsonSchema = {
      type: "object",
      properties: { a: { type: "string", enum: ["x"], "x-enum-labels": { x: "not an object" } } },
    };
    expect(formFields(s)[0].optionLabels).toBeUndefined();
    expect(optionLabel({}, "__proto__", "en")).toBe("__proto__");
    expect(optionLabel({}, "toString", "en")).toBe("toString");
  });
});
