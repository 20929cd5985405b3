import type { CaseReport, ReplayData, Verdict } from "../core/types.ts";
import { faultSentence, notRunSentence } from "./_fault_lines.ts";
import type { StreamedReport, StreamedSuiteReport } from "./streamed_report.ts";
import { firstOf } from "./_case_walk.ts";
import { escapeText } from "./escape_text.ts";
import { replayArgs } from "./_replay_args.ts";
import { replayCaseId } from "./replay_case_id.ts";

/** A failure a baseline expected (see the CLI's `expected_failures`). */
export interface HtmlExpectedFailure {
  /** Target name. */
  target: string;
  /** Profile id. */
  profile: string;
  /** Case id. */
  caseId: string;
  /** The baselined rules the case broke. */
  rules: string[];
  /** Why the failure is expected. */
  reason: string;
  /** The issue that tracks it, when given. */
  issue?: string;
}

/** A baseline entry that matched no failure (the rule now passes: remove the entry). */
export interface HtmlStaleEntry {
  /** Target name. */
  target: string;
  /** The rule. */
  rule: string;
  /** The cases the entry names, when it names some. */
  cases?: string[];
  /** Why the failure was expected. */
  reason: string;
}

/** Options of {@linkcode renderHtml}. */
export interface RenderHtmlOptions {
  /**
   * Renders the command that runs a case again (the CLI gives `deno task conform ...`). What
   * it returns is escaped like any other text.
   *
   * @default the replay data as `--target T --profile P --seed S --case ID`
   */
  replay?: (data: ReplayData) => string;
  /**
   * The SHA-256 (hex) of the JSON report this page renders, shown so that a reader can match
   * the page with the report file.
   *
   * @default undefined (not shown)
   */
  reportSha256?: string;
  /**
   * Most failed or errored cases shown per suite.
   *
   * @default 50
   */
  maxCases?: number;
  /**
   * Failures a baseline expected, and stale baseline entries.
   *
   * @default undefined (no baseline)
   */
  baseline?: { expected: HtmlExpectedFailure[]; stale: HtmlStaleEntry[] };
}

/** The page's Content-Security-Policy: no script, no network, only its own inline style. */
export const HTML_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'";

const STYLE = `
body{font:14px/1.45 system-ui,sans-serif;margin:2em auto;max-width:72em;padding:0 1em;color:#1b1f24}
h1{font-size:1.6em;margin-bottom:.2em}h2{margin-top:2em;border-bottom:1px solid #d0d7de}
table{border-collapse:collapse;margin:.8em 0}th,td{border:1px solid #d0d7de;padding:.25em .5em;text-align:left;vertical-align:top}
th{background:#f6f8fa}td.n{text-align:right}
.v{display:inline-block;padding:.1em .6em;border-radius:.3em;color:#fff;font-weight:600}
.v-conformant{background:#2da44e}.v-conformant-with-warnings{background:#9a6700}
.v-not-conformant{background:#cf222e}.v-incomplete{background:#6e7781}
td.pass{background:#dafbe1}td.fail{background:#ffebe9}td.warn{background:#fff8c5}td.none{color:#6e7781}
pre{background:#f6f8fa;padding:.6em;overflow-x:auto;white-space:pre-wrap;word-break:break-all;max-height:30em}
.case{border:1px solid #d0d7de;border-radius:.4em;padding:.2em 1em;margin:.8em 0}
dt{font-weight:600}code{font-size:.95em}
`;

const VERDICT_TEXT: Record<Verdict, string> = {
  "conformant": "conformant",
  "conformant-with-warnings": "conformant, with SHOULD warnings",
  "not-conformant": "not conformant",
  "incomplete": "incomplete (no verdict on conformance)",
};

/** Escape untrusted text for HTML text and attribute values, after making it printable. */
function h(value: unknown, maxLength = 500): string {
  return escapeText(String(value), { maxLength })
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

/** Pretty JSON of untrusted data, capped, escaped for a `<pre>` (newlines kept). */
function prettyJson(value: unknown, maxChars = 4000): string {
  let text: string;
  try {
    text = JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    text = String(value);
  }
  const cut = text.length > maxChars;
  const shown = cut ? text.slice(0, maxChars) : text;
  return shown.split("\n").map((line) => h(line, maxChars)).join("\n") +
    (cut ? `\n… (${text.length - maxChars} more characters; see the JSON report)` : "");
}

function verdictBadge(verdict: Verdict): string {
  const known = verdict in VERDICT_TEXT;
  return `<span class="v v-${known ? verdict : "incomplete"}">${
    h(known ? VERDICT_TEXT[verdict] : verdict)
  }</span>`;
}

/** The rule × target matrix of one profile: per rule, per target, failures / cases. */
function matrix(
  profile: string,
  suites: StreamedSuiteReport[],
  expected: readonly HtmlExpectedFailure[],
): string {
  const targets = suites.map((s) => s.target);
  const rows: string[] = [];
  for (const rule of suites[0].rules) {
    const cells = suites.map((s) => {
      const r = s.rules.find((x) => x.id === rule.id);
      if (!r || r.cases === 0) return `<td class="n none">–</td>`;
      const baselined = expected.some((e) =>
        e.target === s.target && e.profile === s.profile && e.rules.includes(r.id)
      );
      const cls = r.failures === 0 ? "pass" : r.level === "MUST" && !baselined ? "fail" : "warn";
      const failed = r.failures === 0
        ? ""
        : `${r.failures} failed${baselined ? " (expected, baseline)" : ""} / `;
      return `<td class="n ${cls}">${failed}${r.cases}</td>`;
    });
    rows.push(
      `<tr><th scope="row"><code>${h(rule.id, 80)}</code></th><td>${h(rule.level)}</td><td>${
        h(rule.statement, 300)
      }</td>${cells.join("")}</tr>`,
    );
  }
  const levels = (level: "MUST" | "SHOULD") => {
    const ids = suites[0].rules.filter((r) => r.level === level).map((r) => r.id);
    const failing =
      ids.filter((id) => suites.some((s) => (s.rules.find((r) => r.id === id)?.failures ?? 0) > 0))
        .length;
    const unexercised =
      ids.filter((id) => suites.every((s) => (s.rules.find((r) => r.id === id)?.cases ?? 0) === 0))
        .length;
    return `${ids.length} ${level} rules (${failing} failing, ${unexercised} not exercised)`;
  };
  return `<table class="matrix" data-profile="${h(profile, 120)}"><caption>${h(profile, 120)}: ${
    levels("MUST")
  }, ${
    levels("SHOULD")
  }; per target, cases that exercised the rule (and how many failed)</caption><thead><tr><th>rule</th><th>level</th><th>statement</th>${
    targets.map((t) => `<th scope="col">${h(t, 80)}</th>`).join("")
  }</tr></thead><tbody>${rows.join("")}</tbody></table>`;
}

function coverage(s: StreamedSuiteReport): string {
  const value = (s as { coverage?: unknown }).coverage;
  if (value === undefined) return "";
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return `<p>coverage: <code>${h(JSON.stringify(value), 1000)}</code></p>`;
  }
  const items = Object.entries(value).slice(0, 50).map(([k, v]) => {
    const shown = Array.isArray(v)
      ? v.slice(0, 200).map((x) => (typeof x === "string" ? x : JSON.stringify(x))).join(", ") +
        (v.length > 200 ? ` … (${v.length - 200} more)` : "")
      : typeof v === "object" && v !== null
      ? JSON.stringify(v)
      : String(v);
    return `<dt>${h(k, 80)}</dt><dd>${h(shown, 4000)}</dd>`;
  });
  return `<details open><summary>coverage</summary><dl class="coverage">${
    items.join("")
  }</dl></details>`;
}

/** Evidence fields a failed or errored case may carry, read without trusting their shape. */
interface Evidence {
  input?: unknown;
  output?: unknown;
  truncated?: unknown;
  shrunk?: unknown;
}

function evidence(c: CaseReport): string {
  const e = c as Evidence;
  const parts: string[] = [];
  const truncated = Array.isArray(e.truncated) ? e.truncated.map(String) : [];
  const note = (what: string) =>
    truncated.includes(what) ? " (cut by the harness: the report holds a bounded copy)" : "";
  if (e.input !== undefined) {
    parts.push(`<p>input${note("input")}:</p><pre class="input">${prettyJson(e.input)}</pre>`);
  }
  if (e.output !== undefined) {
    parts.push(`<p>output${note("output")}:</p><pre class="output">${prettyJson(e.output)}</pre>`);
  }
  if (typeof e.shrunk === "object" && e.shrunk !== null) {
    const s = e.shrunk as Record<string, unknown>;
    parts.push(
      `<details><summary>shrunk to ${h(s.id ?? "a smaller case", 120)}${
        typeof s.steps === "number" ? ` in ${s.steps} steps` : ""
      }</summary><pre class="shrunk">${prettyJson(s)}</pre></details>`,
    );
  }
  return parts.join("");
}

function findingsList(c: CaseReport): string {
  if (c.outcome !== "passed" && c.outcome !== "failed") return "";
  const shown = c.findings.slice(0, 20).map((f) => {
    const extra = [
      f.expected !== undefined ? `expected ${h(JSON.stringify(f.expected), 300)}` : "",
      f.actual !== undefined ? `found ${h(JSON.stringify(f.actual), 300)}` : "",
    ].filter((x) => x).join("; ");
    return `<li><code>${h(f.ruleId, 80)}</code> (${h(f.level)}) at <code>${
      h(JSON.stringify(f.instancePath), 200)
    }</code>: ${h(f.message, 1000)}${extra ? ` <small>(${extra})</small>` : ""}</li>`;
  });
  const more = c.findings.length > 20 ? `<li>… and ${c.findings.length - 20} more</li>` : "";
  return `<ul class="findings">${shown.join("")}${more}</ul>`;
}

function caseSection(s: StreamedSuiteReport, c: CaseReport, replay: string): string {
  const body = c.outcome === "errored"
    ? `<pre class="message">${h(c.message, 2000)}</pre>${
      c.stderr ? `<p>stderr:</p><pre class="stderr">${h(c.stderr.slice(-2000), 2000)}</pre>` : ""
    }`
    : findingsList(c);
  // The anchor is the case id with every character outside [A-Za-z0-9_.:-] replaced, so
  // that no text of an implementation ever lands inside a tag.
  const anchor = `${s.target}/${s.profile}/${c.id}`.replace(/[^A-Za-z0-9_.:-]/g, "_").slice(0, 200);
  return `<div class="case ${h(c.outcome)}" id="${anchor}">
<h4>${h(c.outcome)}: <code>${h(c.id, 120)}</code></h4>
<p>${h(c.description, 500)}</p>${body}${evidence(c)}
<p>replay:</p><pre class="replay"><code>${h(replay, 2000)}</code></pre></div>`;
}

function suiteSection(s: StreamedSuiteReport, options: RenderHtmlOptions): string {
  const replay = options.replay ?? replayArgs;
  const impl = s.implementation;
  const implText = impl
    ? [impl.name, impl.version, impl.language].filter((p) => p !== undefined).map((p) => h(p, 120))
      .join(" ")
    : "not started";
  const c = s.counts;
  const max = options.maxCases ?? 50;
  // One walk, holding the cases shown only: the cases may be streamed.
  const bad = firstOf(
    s.cases,
    max,
    (k) => k.outcome === "failed" || k.outcome === "errored" ? k : undefined,
  );
  const cases = bad.items.map((k) =>
    caseSection(
      s,
      k,
      replay({ target: s.target, profile: s.profile, seed: s.seed, caseId: replayCaseId(k) }),
    )
  );
  const expected = (options.baseline?.expected ?? []).filter((e) =>
    e.target === s.target && e.profile === s.profile
  );
  return `<section class="suite">
<h3>${h(s.target, 120)} · ${h(s.profile, 120)} ${verdictBadge(s.verdict)}</h3>
<dl><dt>implementation</dt><dd>${implText}</dd><dt>adapter</dt><dd>${h(s.adapter, 80)}</dd>
<dt>seed, runs</dt><dd>${h(s.seed)}, ${h(s.runs)}</dd>
<dt>cases</dt><dd>${c.passed} passed, ${c.failed} failed, ${c.skipped} skipped, ${c.errored} errored</dd>${
    faultSentence(s.faults)
      ? `\n<dt>implementation faults</dt><dd>${h(faultSentence(s.faults), 1000)}</dd>`
      : ""
  }${
    notRunSentence(s.faults)
      ? `\n<dt>not run</dt><dd>${h(notRunSentence(s.faults), 1000)}</dd>`
      : ""
  }</dl>
${
    s.startError
      ? `<p>could not run:</p><pre class="start-error">${h(s.startError, 4000)}</pre>`
      : ""
  }
${coverage(s)}
${
    expected.length > 0
      ? `<p>${expected.length} expected failure(s) (baseline): ${
        expected.slice(0, 50).map((e) =>
          `<code>${h(e.caseId, 120)}</code> (${e.rules.map((r) => h(r, 80)).join(", ")}: ${
            h(e.reason, 300)
          })`
        ).join("; ")
      }</p>`
      : ""
  }
${cases.join("\n")}${
    bad.total > max ? `<p>… and ${bad.total - max} more (see the JSON report)</p>` : ""
  }
</section>`;
}

/**
 * Render a report as one self-contained HTML certificate: no script, no network, readable
 * without either. It shows the kit and profile versions, seed and date, the SHA-256 of the
 * JSON report it renders, a rule × target matrix per profile (level, failures / cases), each
 * suite's implementation, counts, coverage when the report has it, and each failed or errored
 * case with its findings, its evidence (input, output, shrunk case, when the report has them)
 * and its replay command. Everything that came from an implementation is escaped, and a
 * Content-Security-Policy meta tag ({@linkcode HTML_CSP}) forbids scripts even so.
 *
 * @example Render an empty report
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderHtml } from "./render_html.ts";
 *
 * const page = renderHtml({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   suites: [],
 *   verdict: "conformant",
 * });
 * assert.match(page, /<meta http-equiv="Content-Security-Policy" content="default-src 'none'/);
 * assert.doesNotMatch(page, /<script/i);
 * ```
 *
 * @param report The report; its cases may be streamed (any re-walkable sequence: see
 * `StreamedReport`).
 * @param options Replay commands, the JSON report's hash, a case limit, the baseline.
 * @returns The HTML page.
 */
export function renderHtml(report: StreamedReport, options: RenderHtmlOptions = {}): string {
  const profiles = [...new Set(report.suites.map((s) => s.profile))];
  const matrices = profiles.flatMap((p) => {
    const withRules = report.suites.filter((s) => s.profile === p && s.rules.length > 0);
    return withRules.length > 0 ? [matrix(p, withRules, options.baseline?.expected ?? [])] : [];
  });
  const stale = options.baseline?.stale ?? [];
  const shard = report.shard;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>netconform certificate: ${h(report.verdict)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>netconform certificate</h1>
<p id="verdict">overall verdict: ${verdictBadge(report.verdict)}</p>
<dl class="run">
<dt>kit</dt><dd>${h(report.kit.name, 80)} ${h(report.kit.version, 40)}</dd>
<dt>profiles</dt><dd>${profiles.map((p) => `<code>${h(p, 120)}</code>`).join(", ") || "none"}</dd>
<dt>targets</dt><dd>${
    [...new Set(report.suites.map((s) => s.target))].map((t) => h(t, 80)).join(", ") || "none"
  }</dd>
<dt>seed</dt><dd>${h(report.seed)} (rerun with <code>--seed ${
    h(report.seed)
  }</code> for the same cases)</dd>
<dt>date</dt><dd>${h(report.timestamp, 80)}</dd>
${
    (options.baseline?.expected.length ?? 0) > 0
      ? `<dt>baseline</dt><dd>${
        options.baseline!.expected.length
      } expected failure(s), shown as skipped cases with their reason; the verdicts count them as warnings</dd>`
      : ""
  }
${shard ? `<dt>shard</dt><dd>${shard.index + 1} of ${shard.count}</dd>` : ""}
${
    options.reportSha256
      ? `<dt>JSON report SHA-256</dt><dd><code id="report-sha256">${
        h(options.reportSha256, 80)
      }</code></dd>`
      : ""
  }
</dl>
${
    stale.length > 0
      ? `<h2>Stale baseline entries</h2><p>These expected failures no longer happen: remove them from the baseline.</p><ul class="stale">${
        stale.map((e) =>
          `<li>${h(e.target, 80)}: <code>${h(e.rule, 80)}</code>${
            e.cases ? ` (cases ${e.cases.map((c) => h(c, 120)).join(", ")})` : ""
          }: ${h(e.reason, 300)}</li>`
        ).join("")
      }</ul>`
      : ""
  }
<h2>Rules × targets</h2>
${matrices.join("\n") || "<p>No suite ran.</p>"}
<h2>Suites</h2>
${report.suites.map((s) => suiteSection(s, options)).join("\n")}
</body>
</html>
`;
}
