import type { CaseReport, Finding } from "../core/types.ts";

/**
 * The findings of a case of a report, for tests that gather findings over cases of every
 * outcome: a passed or failed case's findings, none for a skipped or errored one.
 *
 * @example Gather the rules that fired
 * ```ts
 * import assert from "node:assert/strict";
 * import { findingsOf } from "./findings_of.ts";
 *
 * const finding = { ruleId: "R", level: "MUST" as const, instancePath: "", message: "m" };
 * assert.deepEqual(findingsOf({ id: "a", description: "", outcome: "failed", findings: [finding] }), [finding]);
 * assert.deepEqual(findingsOf({ id: "b", description: "", outcome: "skipped", reason: "no" }), []);
 * ```
 *
 * @param testCase A case of a report.
 * @returns Its findings; empty for a skipped or errored case.
 */
export function findingsOf(testCase: CaseReport): readonly Finding[] {
  switch (testCase.outcome) {
    case "passed":
    case "failed":
      return testCase.findings;
    case "skipped":
    case "errored":
      return [];
    default: {
      const unknown: never = testCase;
      return unknown;
    }
  }
}
