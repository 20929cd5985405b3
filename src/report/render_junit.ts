import { coverageSummary } from "./_coverage_lines.ts";
import type { CaseReport, ReplayData } from "../core/types.ts";
import type { StreamedReport } from "./streamed_report.ts";
import { caseCount } from "./_case_walk.ts";
import { formatFindings } from "./format_findings.ts";
import { replayArgs } from "./_replay_args.ts";
import { unknownOutcome } from "./_unknown_outcome.ts";
import { evidenceText, replayCaseId } from "./_evidence_view.ts";

/** Options of {@linkcode renderJunit}. */
export interface RenderJunitOptions {
  /**
   * Renders the command that runs a case again (the CLI gives `deno task conform ...`),
   * written into the `failure` and `error` elements. What it returns is escaped for XML.
   *
   * @default the replay data as `--target T --profile P --seed S --case ID`
   */
  replay?: (data: ReplayData) => string;
}

/** Longest `message` attribute, in characters (a marker included when cut). */
const JUNIT_MESSAGE_CHARS = 1024;
/** Longest `system-out`, `system-err` or element text, in characters (marker included). */
const JUNIT_TEXT_CHARS = 65536;

// C1 controls and DEL, line and paragraph separators, bidirectional marks, overrides and
// isolates, the byte order mark: XML holds them raw, and a CI page, an editor or a terminal
// acts on them. They are shown as visible escapes instead.
const INERT = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g;

function cap(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 40;
  const c = text.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--;
  return `${text.slice(0, end)}… [${text.length - end} characters dropped]`;
}

function xml(text: string, max = JUNIT_TEXT_CHARS): string {
  return cap(text, max)
    // Characters XML 1.0 cannot hold at all, and lone surrogates.
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    // As \uXXXX, which is also how JSON text (the evidence) escapes them.
    .replace(INERT, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`)
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&apos;");
}

/** An attribute value: as {@linkcode xml}, and line breaks and tabs kept as references. */
function attr(text: string, max = JUNIT_MESSAGE_CHARS): string {
  return xml(text, max).replaceAll("\n", "&#10;").replaceAll("\r", "&#13;").replaceAll(
    "\t",
    "&#9;",
  );
}

/**
 * The evidence of a failed or errored case as JSON text in `system-out`: what was sent, what
 * came back and the shrunk case (each already bounded by the runner).
 */
function systemOut(c: CaseReport): string[] {
  if (c.outcome !== "failed" && c.outcome !== "errored") return [];
  const evidence = {
    ...(c.input !== undefined ? { input: c.input } : {}),
    ...(c.output !== undefined ? { output: c.output } : {}),
    ...(c.truncated ? { truncated: c.truncated } : {}),
    ...(c.outcome === "failed" && c.shrunk ? { shrunk: c.shrunk } : {}),
  };
  if (Object.keys(evidence).length === 0) return [];
  return [`      <system-out>${xml(evidenceText(evidence))}</system-out>`];
}

function caseElements(c: CaseReport, replay: () => string): string[] {
  switch (c.outcome) {
    case "passed":
      return [];
    case "failed": {
      const rules = [
        ...new Set(c.findings.filter((f) => f.level === "MUST").map((f) => f.ruleId)),
      ];
      return [
        `      <failure message="${attr(rules.join(", "))}">${
          xml(`${formatFindings(c.findings)}\nreplay: ${replay()}`)
        }</failure>`,
      ];
    }
    case "errored":
      return [
        `      <error message="${attr(c.message)}">${xml(replay())}</error>`,
        ...(c.stderr ? [`      <system-err>${xml(c.stderr)}</system-err>`] : []),
      ];
    case "skipped":
      return [`      <skipped message="${attr(c.reason)}"/>`];
    default:
      return unknownOutcome(c);
  }
}

/**
 * Render a report as JUnit XML for CI: one `testsuite` per suite run, one `testcase` per
 * case; failed cases carry a `failure` with the findings, errored ones an `error`, skipped
 * ones `skipped`; failed and errored ones also say how to replay them. A suite that could not
 * start is one errored test case.
 *
 * @example Render an empty report
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderJunit } from "./render_junit.ts";
 *
 * const text = renderJunit({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   suites: [],
 *   verdict: "conformant",
 * });
 * assert.match(text, /<testsuites/);
 * ```
 *
 * @param report The report; its cases may be streamed (any re-walkable sequence: see
 * `StreamedReport`).
 * @param options How to render a replay command.
 * @returns The XML document.
 * @throws {TypeError} When a case has an outcome the renderer does not know (a report that
 * did not come from this kit).
 */
export function renderJunit(report: StreamedReport, options: RenderJunitOptions = {}): string {
  return [...renderJunitChunks(report, options)].join("");
}

/**
 * The text of {@linkcode renderJunit} in pieces, one line at a time, so that the JUnit XML of
 * a long run is written without being held as one string (its cases may be streamed too: see
 * `StreamedReport`). The pieces joined are `renderJunit`'s text, byte for byte.
 *
 * @example The pieces make the document
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderJunit, renderJunitChunks } from "./render_junit.ts";
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
 *     runs: 1,
 *     rules: [],
 *     cases: [{ id: "a", description: "d", outcome: "passed" as const, findings: [] }],
 *     counts: { passed: 1, failed: 0, skipped: 0, errored: 0 },
 *     verdict: "conformant" as const,
 *   }],
 * };
 * assert.equal([...renderJunitChunks(report)].join(""), renderJunit(report));
 * ```
 *
 * @param report The report; its cases may be streamed.
 * @param options Replay commands.
 * @returns The pieces of the XML text, in order.
 * @throws {TypeError} When a case has an outcome the renderer does not know.
 */
export function* renderJunitChunks(
  report: StreamedReport,
  options: RenderJunitOptions = {},
): Generator<string> {
  const replay = options.replay ?? replayArgs;
  // Each line is a piece, ended by its line break.
  const line = (text: string) => `${text}\n`;
  yield line('<?xml version="1.0" encoding="UTF-8"?>');
  yield line(`<testsuites name="netconform" timestamp="${attr(report.timestamp)}">`);
  for (const s of report.suites) {
    const name = `${s.target} · ${s.profile}`;
    const tests = caseCount(s.cases) + (s.startError ? 1 : 0);
    const errors = s.counts.errored + (s.startError ? 1 : 0);
    yield line(
      `  <testsuite name="${
        attr(name)
      }" tests="${tests}" failures="${s.counts.failed}" errors="${errors}" skipped="${s.counts.skipped}">`,
    );
    yield line(
      `    <properties><property name="seed" value="${s.seed}"/>${
        s.coverage
          ? `<property name="coverage" value="${
            attr(coverageSummary(s.coverage), JUNIT_TEXT_CHARS)
          }"/>`
          : ""
      }</properties>`,
    );
    if (s.startError) {
      yield line(`    <testcase classname="${attr(name)}" name="start">`);
      yield line(`      <error message="could not start">${xml(s.startError)}</error>`);
      yield line(`    </testcase>`);
    }
    for (const c of s.cases) {
      const data = { target: s.target, profile: s.profile, seed: s.seed, caseId: replayCaseId(c) };
      yield [
        `    <testcase classname="${attr(name)}" name="${attr(`${c.id}: ${c.description}`)}">`,
        ...caseElements(c, () => replay(data)),
        ...systemOut(c),
        `    </testcase>`,
      ].map(line).join("");
    }
    yield line(`  </testsuite>`);
  }
  yield line(`</testsuites>`);
}
