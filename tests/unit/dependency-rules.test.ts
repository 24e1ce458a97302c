import path from "node:path";
import { createRequire } from "node:module";

import { cruise, type ICruiseResult, type IFlattenedRuleSet } from "dependency-cruiser";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FIXTURE = path.join(ROOT, "tests/fixtures/dependency-rules");
const rules = createRequire(import.meta.url)(path.join(ROOT, ".dependency-cruiser.cjs")) as {
  forbidden: IFlattenedRuleSet["forbidden"];
};

/** Every violation as "rule: from -> to", over a tree laid out like src/ with one breach per file. */
const violationsIn = async (baseDir: string) => {
  const { output } = await cruise(["src"], {
    baseDir,
    validate: true,
    ruleSet: { forbidden: rules.forbidden },
    tsPreCompilationDeps: true,
  });
  const result = output as ICruiseResult;
  return result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort();
};

describe("the dependency rules (.dependency-cruiser.cjs)", () => {
  it("catch each kind of breach in a tree built to break them, and nothing else", async () => {
    expect(await violationsIn(FIXTURE)).toEqual([
      "client-floors-below-features: src/client/layout/uses-feature.ts -> src/client/features/gamma/index.ts",
      "client-not-server: src/client/features/gamma/uses-server.ts -> src/server/features/alpha/index.ts",
      "feature-through-face: src/server/features/beta/past-face.ts -> src/server/features/alpha/names.ts",
      "no-circular: src/server/features/beta/ping.ts -> src/server/features/beta/pong.ts",
      "outside-through-face: src/server/app.ts -> src/server/features/alpha/names.ts",
      "server-floors-below-features: src/server/lib/calls-feature.ts -> src/server/features/alpha/index.ts",
      "shared-stands-alone: src/shared/imports-server.ts -> src/server/features/alpha/index.ts",
    ]);
  });
});
