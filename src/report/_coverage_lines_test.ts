import assert from "node:assert/strict";
import { coverageWarnings } from "./_coverage_lines.ts";
import type { Coverage } from "../core/types.ts";

Deno.test("coverage warnings: classes never hit only through skipped cases are one line", () => {
  const ids = Array.from({ length: 12 }, (_, i) => `tool-${i}`);
  const coverage: Coverage = {
    classes: [
      ...ids.map((id) => ({
        id,
        description: id,
        cases: 0,
        skipped: { cases: 1, reasons: ["r"] },
      })),
      { id: "hit", description: "hit", cases: 3 },
      { id: "missed", description: "missed", cases: 0 },
    ],
    rules: [],
    warnings: [
      ...ids.map((id) => `class "${id}" was never hit (${id}): 1 case(s) skipped: r`),
      `class "missed" was never hit (missed)`,
      ...ids.map((id) => `rule "R-${id}" never applied to a case`),
    ],
  };
  assert.deepEqual(coverageWarnings(coverage), [
    "12 input classes were never hit: all their cases were skipped (the skip reasons above say why)",
    "12 rules never applied to a case while cases were skipped (the JSON report lists them)",
    `class "missed" was never hit (missed)`,
  ]);
  // A few are shown as they are.
  const few = { ...coverage, warnings: coverage.warnings.slice(0, 2) };
  assert.deepEqual(coverageWarnings(few), few.warnings);
});
