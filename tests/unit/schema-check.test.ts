import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { createSchemaAjv } from "../../src/server/schema-engine/loader";
import { checkSchema } from "../../src/shared/schema-check";
import { issueField, issueMessage, type SchemaIssue } from "../../src/shared/schema-vocabulary";

const schemaOf = (name: string) => JSON.parse(readFileSync(`schemas/${name}.schema.json`, "utf8"));

const words = (issues: SchemaIssue[]) =>
  issues
    .flatMap((i) => {
      const m = issueMessage(i);
      return m ? [`${issueField(i)}: ${m.key} ${JSON.stringify(m.params ?? {})}`] : [];
    })
    .sort();

const CASES: Record<string, unknown>[] = [
  { accountType: "organization", name: "甲", creditCode: "911100000000000001" },
  { accountType: "organization" },
  {
    accountType: "organization",
    name: "<x>",
    creditCode: "ABC-1",
    registeredCapital: "1234567890123.456",
    employeeCount: -2,
    stockCode: "abc",
    legalRepresentative: "A!",
    establishedDate: "2020-13-40",
    extra: 1,
  },
  {
    accountType: "individual",
    name: "乙",
    idNumber: "123",
    age: 1000,
    email: "x@",
    mobile: "abc",
    tags: ["a", "a"],
  },
  {
    accountType: "individual",
    name: "丙",
    gender: "other",
    relatedParties: [
      { type: "spouse", name: "丁" },
      { type: "spouse", name: "戊" },
    ],
  },
  { accountType: "robot", name: 5, region: "beijing" },
];

describe("schema-check (the browser's checker) and ajv (the server's)", () => {
  for (const name of ["accounts", "account-employees"]) {
    const schema = schemaOf(name);
    const validate = createSchemaAjv().compile(schema);
    it(`report the same fields and messages for ${name}`, () => {
      for (const data of [
        ...CASES,
        { accountId: "x", name: "王 5", wechat: "a b", email: "bad" },
      ]) {
        validate(data);
        expect(words(checkSchema(schema, data)), JSON.stringify(data)).toEqual(
          words((validate.errors ?? []) as SchemaIssue[]),
        );
      }
    });
  }
});
