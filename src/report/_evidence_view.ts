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

/**
 * One line of compact JSON text of a value, safe for a terminal: JSON already escapes control
 * characters, quotes and lone surrogates; this also writes C1 controls, line and paragraph
 * separators, bidi controls and the BOM as `\uXXXX` escapes (so the line stays valid JSON up to
 * the cut), and cuts it at `maxLength` characters with "…".
 */
export function jsonLine(value: unknown, maxLength: number): string {
  const text = evidenceText(value).replace(
    /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );
  if (text.length <= maxLength) return text;
  // Do not cut a surrogate pair in two.
  let end = maxLength;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return text.slice(0, end) + "…";
}

/**
 * What a case sent and got back (and its shrunk case), when it says: `[label, value]` pairs.
 * A failed or errored case, and a passed case with warnings (a clean one carries none).
 */
export function evidenceLines(c: CaseReport): [string, unknown][] {
  if (c.outcome === "skipped") return [];
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
