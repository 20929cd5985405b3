import type { CaseReport } from "../core/types.ts";

/**
 * The id a case's replay command runs: the shrunk case's when the case was shrunk (the
 * smallest input found that still fails the same rule), else the case's own.
 *
 * @example A shrunk case replays its shrunk id
 * ```ts
 * import assert from "node:assert/strict";
 * import { replayCaseId } from "./replay_case_id.ts";
 *
 * assert.equal(replayCaseId({ id: "a", description: "d", outcome: "passed", findings: [] }), "a");
 * assert.equal(
 *   replayCaseId({
 *     id: "generated-4",
 *     description: "d",
 *     outcome: "failed",
 *     findings: [],
 *     shrunk: {
 *       id: "generated-4~shrunk-0:2",
 *       description: "d",
 *       input: 1, findings: [], steps: 2, tried: 5 },
 *   }),
 *   "generated-4~shrunk-0:2",
 * );
 * ```
 *
 * @param c A case of a report.
 * @returns The case id to replay.
 */
export function replayCaseId(c: CaseReport): string {
  return c.outcome === "failed" && c.shrunk ? c.shrunk.id : c.id;
}
