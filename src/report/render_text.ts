import { coverageSummary, coverageWarnings, userCasesLine } from "./_coverage_lines.ts";
import type { CaseReport, ReplayData, Report } from "../core/types.ts";
import type { StreamedReport, StreamedSuiteReport } from "./streamed_report.ts";
import { hasCases } from "./_case_walk.ts";
import { type CaseGroup, caseGroups, shouldGroups } from "./_case_groups.ts";
import { escapeText } from "./escape_text.ts";
import { faultSentence, notRunSentence } from "./_fault_lines.ts";
import { formatFindings } from "./format_findings.ts";
import { replayArgs } from "./_replay_args.ts";
import { unknownOutcome } from "./_unknown_outcome.ts";
import { evidenceLines, jsonLine, replayCaseId } from "./_evidence_view.ts";
import { shrinkLine } from "./_shrink_text.ts";

/** Options of {@linkcode renderText}. */
export interface RenderTextOptions {
  /**
   * Most failed, errored or skipped cases listed per suite.
   *
   * @default 10
   */
  maxCases?: number;
  /**
   * List rules with no case and passed cases' SHOULD findings too.
   *
   * @default false
   */
  verbose?: boolean;
  /**
   * Renders the command that runs a case again (the CLI gives `deno task conform ...`). What
   * it returns is escaped like any other text.
   *
   * @default the replay data as `--target T --profile P --seed S --case ID`
   */
  replay?: (data: ReplayData) => string;
  /**
   * The JSON report written beside this output (its path), named where cases are left out;
   * without it, the text says how to write one.
   *
   * @default undefined (no report written)
   */
  report?: string;
}

const VERDICT_TEXT: Record<Report["verdict"], string> = {
  "conformant": "CONFORMANT",
  "conformant-with-warnings": "CONFORMANT (with SHOULD warnings)",
  "not-conformant": "NOT CONFORMANT",
  "incomplete": "INCOMPLETE (cases the kit could not judge; no verdict on conformance)",
};

function pad(s: string, n: number): string {
  const len = [...s].length;
  return len >= n ? s : s + " ".repeat(n - len);
}

function indent(text: string, by: string): string {
  return text.split("\n").map((l) => by + l).join("\n");
}

function isNotable(k: CaseReport, verbose: boolean): boolean {
  switch (k.outcome) {
    case "failed":
    case "errored":
      return true;
    case "skipped":
      return verbose;
    case "passed":
      return verbose && k.findings.length > 0;
    default:
      return unknownOutcome(k);
  }
}

function caseDetails(k: CaseReport): string[] {
  switch (k.outcome) {
    case "passed":
    case "failed": {
      const lines: string[] = [];
      if (k.findings.length > 0) {
        lines.push(indent(formatFindings(k.findings.slice(0, 8)), "     "));
      }
      if (k.findings.length > 8) lines.push(`     … and ${k.findings.length - 8} more findings`);
      lines.push(...evidence(k));
      if (k.outcome === "failed" && k.shrunk) {
        const s = k.shrunk;
        lines.push(shrinkLine(s, escapeText(s.id, { maxLength: 120 })));
        if (s.steps > 0) {
          lines.push(indent(formatFindings(s.findings.slice(0, 3)), "       "));
          if (s.input !== undefined) {
            lines.push(`       sent: ${jsonLine(s.input, 300)}`);
          }
          if (s.output !== undefined) {
            lines.push(`       got: ${jsonLine(s.output, 300)}`);
          }
        }
      }
      return lines;
    }
    case "skipped":
      return [`     reason: ${escapeText(k.reason)}`];
    case "errored": {
      const lines = [`     ${escapeText(k.message, { maxLength: 1000 })}`];
      if (k.stderr) {
        lines.push(`     stderr: ${escapeText(k.stderr.slice(-2000), { maxLength: 800 })}`);
      }
      lines.push(...evidence(k));
      return lines;
    }
    default:
      return unknownOutcome(k);
  }
}

/** The line that says which cases a shown block stands for, when it stands for more than one. */
function groupLines(group: CaseGroup): string[] {
  if (group.count === 1) return [];
  const ids = group.ids.map((id) => escapeText(id, { maxLength: 80 })).join(", ");
  return [
    `     ${group.count} failed cases of ${escapeText(group.rule ?? "", { maxLength: 80 })} ` +
    `shrank to the same failure, shown once: ${ids}${group.count > group.ids.length ? ", …" : ""}`,
  ];
}

/** "12 more cases (3 more distinct failures)" or "12 more cases", for the cases not shown. */
function moreCases(notable: { groups: number; cases: number; items: unknown[] }, shown: number) {
  const cases = notable.cases - shown;
  const groups = notable.groups - notable.items.length;
  return `${cases} more case${cases === 1 ? "" : "s"}` +
    (groups < cases ? ` (${groups} more distinct failure${groups === 1 ? "" : "s"})` : "");
}

/** Where the cases left out are: the JSON report written, else how to write one. */
function moreWhere(report: string | undefined): string {
  return report !== undefined
    ? `(see the JSON report, ${escapeText(report, { maxLength: 300 })})`
    : "(not in this output: run with --report FILE for a JSON report of every failed case)";
}

/** The SHOULD findings by rule, with their cases (each case itself under --verbose). */
function shouldLines(cases: Iterable<CaseReport>, verbose: boolean): string[] {
  const groups = shouldGroups(cases);
  if (groups.length === 0) return [];
  const lines = [
    `   SHOULD findings (warnings)${
      verbose ? "" : "; --verbose lists each case with its evidence"
    }:`,
  ];
  for (const g of groups.slice(0, 20)) {
    const ids = g.ids.map((id) => escapeText(id, { maxLength: 80 })).join(", ");
    lines.push(
      `   ! ${escapeText(g.rule, { maxLength: 80 })}: ${g.count} case${
        g.count === 1 ? "" : "s"
      } (${ids}${g.count > g.ids.length ? ", …" : ""}), first:`,
      indent(formatFindings([g.finding], { maxLength: 300 }), "       "),
    );
  }
  if (groups.length > 20) lines.push(`   … and ${groups.length - 20} more SHOULD rules`);
  return lines;
}

/** The trimmed view of what a case sent and got back. */
function evidence(k: CaseReport): string[] {
  return evidenceLines(k).map(([label, value]) => `     ${label}: ${jsonLine(value, 300)}`);
}

/** Why cases were skipped (grouped by reason), and why skips leave the suite incomplete. */
function skipSummary(s: StreamedSuiteReport): string[] {
  const reasons = new Map<string, number>();
  let required = 0;
  for (const k of s.cases) {
    if (k.outcome !== "skipped") continue;
    reasons.set(k.reason, (reasons.get(k.reason) ?? 0) + 1);
    if (k.required) required++;
  }
  const lines = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([reason, n]) =>
    `   skipped ${n}: ${escapeText(reason, { maxLength: 300 })}`
  );
  if (reasons.size > 5) lines.push(`   … and ${reasons.size - 5} more skip reasons`);
  if (s.verdict !== "incomplete" || s.startError || s.counts.errored > 0) return lines;
  if (s.counts.passed === 0) lines.push("   incomplete: no case passed, so nothing was shown");
  else if (required > 0) lines.push(`   incomplete: ${required} required case(s) skipped`);
  else if (s.counts.skipped > 0) lines.push("   incomplete: more than half the cases skipped");
  return lines;
}

function renderSuite(s: StreamedSuiteReport, options: RenderTextOptions): string {
  const lines: string[] = [];
  const impl = s.implementation;
  lines.push(
    `== ${escapeText(s.target, { maxLength: 80 })} · ${s.profile} · ${s.adapter} · seed ${s.seed}`,
  );
  if (impl) {
    lines.push(
      `   implementation: ${escapeText(impl.name, { maxLength: 80 })}` +
        (impl.version ? ` ${escapeText(String(impl.version), { maxLength: 40 })}` : "") +
        (impl.language ? ` (${escapeText(String(impl.language), { maxLength: 40 })})` : "") +
        (impl.version_source
          ? ` [version from ${escapeText(String(impl.version_source), { maxLength: 80 })}]`
          : ""),
    );
    if (Array.isArray(impl.tools)) {
      const names = impl.tools.slice(0, 40).map((n) => escapeText(String(n), { maxLength: 60 }));
      const more = impl.tools.length > 40 ? ` … and ${impl.tools.length - 40} more` : "";
      lines.push(`   tools offered (${impl.tools.length}): ${names.join(", ")}${more}`);
    }
    if (typeof impl.instructions === "string") {
      lines.push(`   instructions: ${escapeText(impl.instructions, { maxLength: 160 })}`);
    }
  }
  if (s.startError) {
    // Its first line says what went wrong; the rest (stderr, a traceback) is shown as lines,
    // each escaped, not as one line of "\n" escapes.
    const [first, ...rest] = s.startError.split("\n");
    lines.push(`   could not run: ${escapeText(first, { maxLength: 2000 })}`);
    for (const line of rest.filter((l) => l.trim() !== "").slice(0, 60)) {
      lines.push(`     ${escapeText(line, { maxLength: 300 })}`);
    }
  }
  const idWidth = Math.max(4, ...s.rules.map((r) => r.id.length));
  const anyCase = hasCases(s.cases);
  lines.push(`   ${pad("rule", idWidth)}  level   cases  failures`);
  for (const r of s.rules) {
    if (!options.verbose && r.cases === 0 && r.failures === 0 && anyCase) continue;
    const mark = r.failures > 0 ? (r.level === "MUST" ? "  ✗" : "  !") : "";
    lines.push(
      `   ${pad(r.id, idWidth)}  ${pad(r.level, 6)}  ${String(r.cases).padStart(5)}  ${
        String(r.failures).padStart(8)
      }${mark}`,
    );
  }
  const c = s.counts;
  lines.push(
    `   cases: ${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped, ${c.errored} errored`,
  );
  lines.push(...skipSummary(s));
  const user = userCasesLine(s.cases);
  if (user) lines.push(`   ${escapeText(user, { maxLength: 400 })}`);
  if (s.coverage) {
    lines.push(`   ${coverageSummary(s.coverage)}`);
    for (const w of coverageWarnings(s.coverage)) {
      lines.push(`   warning: ${escapeText(w, { maxLength: 300 })}`);
    }
  }
  const max = options.maxCases ?? 10;
  // One walk, holding the groups shown only: the cases may be streamed.
  const notable = caseGroups(s.cases, max, (k) => isNotable(k, options.verbose ?? false));
  const replay = options.replay ?? replayArgs;
  for (const group of notable.items) {
    const k = group.first;
    lines.push(
      `   ${k.outcome.toUpperCase()} ${escapeText(k.id, { maxLength: 80 })}: ${
        escapeText(k.description, { maxLength: 200 })
      }`,
    );
    lines.push(...groupLines(group));
    lines.push(...caseDetails(k));
    const data = { target: s.target, profile: s.profile, seed: s.seed, caseId: replayCaseId(k) };
    lines.push(`     replay: ${escapeText(replay(data), { maxLength: 1000 })}`);
  }
  const shownCases = notable.items.reduce((n, g) => n + g.count, 0);
  if (notable.groups > notable.items.length) {
    lines.push(`   … and ${moreCases(notable, shownCases)} ${moreWhere(options.report)}`);
  }
  lines.push(...shouldLines(s.cases, options.verbose ?? false));
  const faults = faultSentence(s.faults);
  const notRun = notRunSentence(s.faults);
  if (notRun) lines.push(`   ${notRun}`);
  lines.push(`   verdict: ${VERDICT_TEXT[s.verdict]}${faults ? `: ${faults}` : ""}`);
  return lines.join("\n");
}

/**
 * Render a report for people: per suite a per-rule table (rule, level, cases, failures), the
 * failed and errored cases with their findings and how to replay them, and a verdict. Every
 * string that came from an implementation is escaped.
 *
 * @example Render an empty report
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderText } from "./render_text.ts";
 *
 * const text = renderText({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   suites: [],
 *   verdict: "conformant",
 * });
 * assert.match(text, /verdict: CONFORMANT/);
 * ```
 *
 * @param report The report; its cases may be streamed (any re-walkable sequence: see
 * `StreamedReport`).
 * @param options How many cases to list and how to render a replay command.
 * @returns The text, ending with the overall verdict.
 * @throws {TypeError} When a case has an outcome the renderer does not know (a report that
 * did not come from this kit).
 */
export function renderText(report: StreamedReport, options: RenderTextOptions = {}): string {
  const parts = report.suites.map((s) => renderSuite(s, options));
  parts.push(
    `netconform ${report.kit.version} · seed ${report.seed} · ${report.suites.length} suite runs · verdict: ${
      VERDICT_TEXT[report.verdict]
    }`,
  );
  return parts.join("\n\n");
}
