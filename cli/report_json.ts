import type { CaseReport, ReplayData } from "../src/core/types.ts";
import type { StreamedReport } from "../src/report/streamed_report.ts";
import { renderJson } from "../src/report/render_json.ts";
import type { BaselineResult } from "./apply_baseline.ts";
import { annotateView } from "./_baseline_view.ts";
import { replayCaseId } from "../src/report/replay_case_id.ts";

function caseView(c: CaseReport, replay: string): Record<string, unknown> {
  const head = { id: c.id, description: c.description, replay, outcome: c.outcome };
  switch (c.outcome) {
    case "passed":
      // A case passed with warnings carries its evidence (a clean one has none).
      return {
        ...head,
        findings: c.findings,
        ...(c.input !== undefined ? { input: c.input } : {}),
        ...(c.output !== undefined ? { output: c.output } : {}),
        ...(c.truncated ? { truncated: c.truncated } : {}),
        ...(c.subject ? { subject: c.subject } : {}),
        ...(c.findingsDropped ? { findingsDropped: c.findingsDropped } : {}),
      };
    case "failed":
      // Evidence after the findings, in the order of the report's data shape.
      return {
        ...head,
        findings: c.findings,
        ...(c.findingsDropped ? { findingsDropped: c.findingsDropped } : {}),
        ...(c.input !== undefined ? { input: c.input } : {}),
        ...(c.output !== undefined ? { output: c.output } : {}),
        ...(c.truncated ? { truncated: c.truncated } : {}),
        ...(c.subject ? { subject: c.subject } : {}),
        ...(c.shrunk ? { shrunk: c.shrunk } : {}),
      };
    case "skipped":
      return { ...head, findings: [], reason: c.reason, ...(c.required ? { required: true } : {}) };
    case "errored":
      return {
        ...head,
        findings: [],
        message: c.message,
        ...(c.stderr !== undefined ? { stderr: c.stderr } : {}),
        ...(c.fault ? { fault: c.fault } : {}),
        ...(c.notRun ? { notRun: true } : {}),
        ...(c.input !== undefined ? { input: c.input } : {}),
        ...(c.output !== undefined ? { output: c.output } : {}),
        ...(c.truncated ? { truncated: c.truncated } : {}),
      };
    default: {
      const unknown: never = c;
      throw new TypeError(
        `Unknown case outcome "${String((unknown as { outcome?: unknown }).outcome)}"`,
      );
    }
  }
}

/**
 * The CLI's JSON report: the run's report with, in each case, the command that replays it
 * (after the description), and the same fields for every outcome as the report format has
 * always had (`findings` is `[]` for skipped and errored cases). The runner records only the
 * replay data; this is a view over it. A failed case's replay command runs its shrunk case when
 * it has one. Evidence comes after the case's own fields, in this order: `input`, `output`,
 * `truncated`, then (failed cases) `subject` and `shrunk`.
 *
 * @example A failed case gets its replay command
 * ```ts
 * import assert from "node:assert/strict";
 * import { reportJson } from "./report_json.ts";
 *
 * const json = reportJson({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   verdict: "incomplete",
 *   suites: [{
 *     target: "t",
 *     adapter: "in-process",
 *     profile: "p/v1",
 *     seed: 1,
 *     runs: 1,
 *     rules: [],
 *     cases: [{ id: "c", description: "d", outcome: "errored", message: "crashed" }],
 *     counts: { passed: 0, failed: 0, skipped: 0, errored: 1 },
 *     verdict: "incomplete",
 *   }],
 * }, (d) => `replay ${d.target} ${d.profile} ${d.seed} ${d.caseId}`);
 * assert.deepEqual(JSON.parse(json).suites[0].cases[0], {
 *   id: "c",
 *   description: "d",
 *   replay: "replay t p/v1 1 c",
 *   outcome: "errored",
 *   findings: [],
 *   message: "crashed",
 * });
 * ```
 *
 * @param report The run's report.
 * @param replay Renders a case's replay command from its replay data.
 * @param baseline The run judged with the targets' baselines, when they have some: each
 * expected case gets `expected: {rules, reason, issue?}`, and the report a `baseline` with
 * the entries, the expected count and the stale entries (the verdicts are `report`'s).
 * @returns The JSON text (inert: see `renderJson`), indented by two spaces, without a final
 * newline.
 * @throws {TypeError} When a case has an outcome the CLI does not know.
 */
export function reportJson(
  report: StreamedReport,
  replay: (data: ReplayData) => string,
  baseline?: BaselineResult,
): string {
  return [...reportJsonChunks(report, replay, baseline)].join("");
}

/** Indentation of a case's lines in the report (`suites[i].cases[j]`, two spaces a level). */
const CASE_INDENT = " ".repeat(8);

/**
 * The text of {@linkcode reportJson} in pieces, one case at a time, so that a large report is
 * written without being held as one string: the report without its cases, cut where each
 * suite's cases go, and each case rendered on its own at its depth. The pieces joined are
 * `reportJson`'s text, byte for byte.
 *
 * @example The pieces make the report
 * ```ts
 * import assert from "node:assert/strict";
 * import { reportJson, reportJsonChunks } from "./report_json.ts";
 *
 * const report = {
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   verdict: "conformant" as const,
 *   suites: [{
 *     target: "t",
 *     adapter: "in-process",
 *     profile: "p/v1",
 *     seed: 1,
 *     runs: 2,
 *     rules: [],
 *     cases: [
 *       { id: "a", description: "d", outcome: "passed" as const, findings: [] },
 *       { id: "b", description: "e", outcome: "passed" as const, findings: [] },
 *     ],
 *     counts: { passed: 2, failed: 0, skipped: 0, errored: 0 },
 *     verdict: "conformant" as const,
 *   }],
 * };
 * const replay = (d: { caseId: string }) => `replay ${d.caseId}`;
 * assert.equal([...reportJsonChunks(report, replay)].join(""), reportJson(report, replay));
 * ```
 *
 * @param report The run's report.
 * @param replay Renders a case's replay command from its replay data.
 * @param baseline The run judged with the targets' baselines (see {@linkcode reportJson}).
 * @returns The pieces of the JSON text, in order.
 * @throws {TypeError} When a case has an outcome the CLI does not know.
 */
export function* reportJsonChunks(
  report: StreamedReport,
  replay: (data: ReplayData) => string,
  baseline?: BaselineResult,
): Generator<string> {
  const marker = `netconform-cases-${crypto.randomUUID()}`;
  const skeleton: Record<string, unknown> = {
    ...report,
    suites: report.suites.map((s) => ({ ...s, cases: [] })),
  };
  if (baseline) annotateView(skeleton, baseline);
  for (const [i, s] of (skeleton.suites as Record<string, unknown>[]).entries()) {
    for (const _ of report.suites[i].cases) {
      s.cases = `${marker}-${i}`;
      break;
    }
  }
  const expected = baseline
    ? new Map(baseline.expected.map((e) => [JSON.stringify([e.target, e.profile, e.caseId]), e]))
    : undefined;
  const parts = renderJson(skeleton).split(new RegExp(`"${marker}-(\\d+)"`));
  yield parts[0];
  for (let k = 1; k < parts.length; k += 2) {
    const s = report.suites[Number(parts[k])];
    yield "[";
    let j = 0;
    for (const c of s.cases) {
      const view = caseView(
        c,
        replay({ target: s.target, profile: s.profile, seed: s.seed, caseId: replayCaseId(c) }),
      );
      const e = expected?.get(JSON.stringify([s.target, s.profile, c.id]));
      if (e) {
        view.expected = {
          rules: e.rules,
          reason: e.reason,
          ...(e.issue ? { issue: e.issue } : {}),
        };
      }
      yield `${j++ > 0 ? "," : ""}\n${CASE_INDENT}${
        renderJson(view).replaceAll("\n", `\n${CASE_INDENT}`)
      }`;
    }
    yield `\n${CASE_INDENT.slice(2)}]`;
    yield parts[k + 1];
  }
}
