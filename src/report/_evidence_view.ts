import type { CaseReport, Finding } from "../core/types.ts";

export { replayCaseId } from "./replay_case_id.ts";

/** Compact JSON text of an evidence value, for a one-line view (not escaped: the caller does). */
export function evidenceText(value: unknown): string {
  try {
    return JSON.stringify(value) ?? "undefined";
  } catch {
    return "[a value that has no JSON text]";
  }
}

/** What a case sent and got back (and its shrunk case), when it says: `[label, value]` pairs. */
export function evidenceLines(c: CaseReport): [string, unknown][] {
  if (c.outcome !== "failed" && c.outcome !== "errored") return [];
  const lines: [string, unknown][] = [];
  if (c.input !== undefined) lines.push(["sent", c.input]);
  if (c.output !== undefined) lines.push(["got", c.output]);
  return lines;
}

/** " (expected …, actual …)" for a finding that names the values, else "". Not escaped. */
export function findingValues(f: Finding): string {
  const parts = [
    ...(f.expected !== undefined ? [`expected ${evidenceText(f.expected)}`] : []),
    ...(f.actual !== undefined ? [`actual ${evidenceText(f.actual)}`] : []),
  ];
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}
