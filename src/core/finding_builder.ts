import type { Finding, Level, Rule } from "./types.ts";

/** Makes a finding of one rule, with the rule's level. */
export type FindingBuilder = (
  ruleId: string,
  instancePath: string,
  message: string,
  extra?: Partial<Omit<Finding, "ruleId" | "level" | "instancePath" | "message">>,
) => Finding;

/**
 * A builder of findings for a profile's rules: it fills in each rule's level, and throws on a
 * rule id the profile does not have (a bug of the profile, caught by its own tests).
 *
 * @example Build a finding
 * ```ts
 * import assert from "node:assert/strict";
 * import { createFindingBuilder } from "./finding_builder.ts";
 *
 * const finding = createFindingBuilder([
 *   { id: "X-1", level: "SHOULD", statement: "s", cite: { spec: "x.md", section: "y" } },
 * ]);
 * assert.deepEqual(finding("X-1", "/a", "bad", { actual: 1 }), {
 *   ruleId: "X-1",
 *   level: "SHOULD",
 *   instancePath: "/a",
 *   message: "bad",
 *   actual: 1,
 * });
 * assert.throws(() => finding("X-2", "", "?"), /Unknown rule "X-2"/);
 * ```
 *
 * @param rules The profile's rules.
 * @returns The builder.
 */
export function createFindingBuilder(rules: readonly Rule[]): FindingBuilder {
  const levels = new Map<string, Level>(rules.map((r) => [r.id, r.level]));
  return (ruleId, instancePath, message, extra = {}) => {
    const level = levels.get(ruleId);
    if (!level) throw new Error(`Unknown rule "${ruleId}"`);
    return { ruleId, level, instancePath, message, ...extra };
  };
}
