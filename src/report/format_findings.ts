import type { Finding } from "../core/types.ts";
import { escapeText } from "./escape_text.ts";
import { findingValues } from "./_evidence_view.ts";

/**
 * Render findings as lines of text: `- RULE (LEVEL) at "PATH": message`, escaped.
 *
 * @example Format a finding
 * ```ts
 * import assert from "node:assert/strict";
 * import { formatFindings } from "./format_findings.ts";
 *
 * assert.equal(
 *   formatFindings([{ ruleId: "TR-TOTAL", level: "MUST", instancePath: "/total", message: "total is 2" }]),
 *   '- TR-TOTAL (MUST) at "/total": total is 2',
 * );
 * ```
 *
 * @param findings The findings.
 * @param options `maxLength`: longest message, in code points.
 * @returns One line per finding.
 */
export function formatFindings(
  findings: readonly Finding[],
  options: { maxLength?: number } = {},
): string {
  return findings.map((f) =>
    `- ${escapeText(f.ruleId, { maxLength: 80 })} (${f.level}) at "${
      escapeText(f.instancePath, { maxLength: 200 })
    }": ${escapeText(f.message, options)}${escapeText(findingValues(f), { maxLength: 200 })}`
  ).join("\n");
}
