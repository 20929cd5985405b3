import type { ImplementationInfo, ReplayData, Verdict } from "../core/types.ts";
import { faultSentence, notRunSentence } from "./_fault_lines.ts";
import type { StreamedReport, StreamedSuiteReport } from "./streamed_report.ts";
import { caseGroups } from "./_case_groups.ts";
import { replayArgs } from "./_replay_args.ts";
import { h, plainValue, preText } from "./_html_text.ts";
import { coverageHtml } from "./_html_coverage.ts";
import { caseHtml } from "./_html_case.ts";

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

/** How the certificate's run was made, shown in its header (the CLI fills it in). */
export interface HtmlRunInfo {
  /** The command line that made the run, as the user ran it. */
  command?: string;
  /** The config file, as given, and the SHA-256 (hex) of its text. */
  config?: { path: string; sha256: string };
  /** The kit's commit (hex), or a few words on why it is not known. */
  kitCommit?: string;
  /** A link to the JSON report, relative to the page, when one was written. */
  reportHref?: string;
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
  /**
   * The command line, the config's hash, the kit's commit and the JSON report's link.
   *
   * @default undefined (not shown)
   */
  run?: HtmlRunInfo;
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
section.shrunk{border-left:4px solid #cf222e;padding-left:.8em}details.original{margin:.6em 0}
table.coverage tr.missed td{background:#fff8c5}p.group{font-weight:600}
`;

const VERDICT_TEXT: Record<Verdict, string> = {
  "conformant": "conformant",
  "conformant-with-warnings": "conformant, with SHOULD warnings",
  "not-conformant": "not conformant",
  "incomplete": "incomplete (no verdict on conformance)",
};

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

/** The header lines of the run: kit and commit, command, config and its hash, the JSON report. */
function runHtml(report: StreamedReport, options: RenderHtmlOptions): string {
  const run = options.run ?? {};
  const lines = [
    `<dt>kit</dt><dd>${h(report.kit.name, 80)} ${h(report.kit.version, 40)}${
      run.kitCommit !== undefined
        ? `, commit <code id="kit-commit">${h(run.kitCommit, 120)}</code>`
        : ""
    }</dd>`,
  ];
  if (run.command !== undefined) {
    lines.push(`<dt>command</dt><dd><code id="command">${h(run.command, 4000)}</code></dd>`);
  }
  if (options.run) {
    lines.push(
      `<dt>config</dt><dd>${
        run.config
          ? `<code>${h(run.config.path, 500)}</code>, SHA-256 <code id="config-sha256">${
            h(run.config.sha256, 80)
          }</code>`
          : "none: the kit's embedded targets"
      }</dd>`,
    );
  }
  if (run.reportHref !== undefined || options.reportSha256) {
    lines.push(
      `<dt>JSON report</dt><dd>${
        run.reportHref !== undefined
          ? `<a id="report-link" href="${h(run.reportHref, 1000)}">${h(run.reportHref, 300)}</a>`
          : "the report whose hash this is"
      }${
        options.reportSha256
          ? `, SHA-256 <code id="report-sha256">${h(options.reportSha256, 80)}</code>`
          : ""
      }</dd>`,
    );
  }
  return lines.join("\n");
}

/** What the implementation said about itself: name, version, runtime, and any other member. */
function implementationHtml(impl: ImplementationInfo | undefined): string {
  if (!impl) return `<dt>implementation</dt><dd>not started</dd>`;
  const known = ["name", "version", "language"];
  const rest = Object.entries(impl).filter(([k]) => !known.includes(k)).slice(0, 20);
  return `<dt>implementation</dt><dd class="impl-name">${h(plainValue(impl.name), 200)}</dd>` +
    `<dt>version</dt><dd class="impl-version">${
      impl.version !== undefined ? h(plainValue(impl.version), 120) : "not reported"
    }</dd><dt>runtime</dt><dd class="impl-runtime">${
      impl.language !== undefined ? h(plainValue(impl.language), 120) : "not reported"
    }</dd>` +
    rest.map(([k, v]) => `<dt>${h(k, 80)}</dt><dd>${h(plainValue(v), 300)}</dd>`).join("");
}

/** The line under the shown cases that counts those left out, and where they are. */
function moreHtml(
  bad: { items: { count: number }[]; groups: number; cases: number },
  reportHref: string | undefined,
): string {
  if (bad.groups <= bad.items.length) return "";
  const left = bad.cases - bad.items.reduce((n, g) => n + g.count, 0);
  return `<p>… and ${left} more failed or errored case(s) ${
    reportHref !== undefined
      ? `in <a href="${h(reportHref, 1000)}">the JSON report</a>`
      : "(not in this certificate: run with --report FILE for a JSON report of every case)"
  }</p>`;
}

function suiteSection(s: StreamedSuiteReport, options: RenderHtmlOptions): string {
  const replay = options.replay ?? replayArgs;

  const c = s.counts;
  const max = options.maxCases ?? 50;
  // One walk, holding the groups shown only: the cases may be streamed. Failed cases that
  // shrank to the same failure are one block.
  const bad = caseGroups(s.cases, max, (k) => k.outcome === "failed" || k.outcome === "errored");
  const cases = bad.items.map((group) => caseHtml(s, group, replay));
  const expected = (options.baseline?.expected ?? []).filter((e) =>
    e.target === s.target && e.profile === s.profile
  );
  return `<section class="suite">
<h3>${h(s.target, 120)} · ${h(s.profile, 120)} ${verdictBadge(s.verdict)}</h3>
<dl>${implementationHtml(s.implementation)}<dt>adapter</dt><dd>${h(s.adapter, 80)}</dd>
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
      ? `<p>could not run:</p><pre class="start-error">${preText(s.startError, 4000)}</pre>`
      : ""
  }
${coverageHtml(s.coverage)}
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
${cases.join("\n")}${moreHtml(bad, options.run?.reportHref)}
</section>`;
}

/**
 * Render a report as one self-contained HTML certificate: no script, no network, readable
 * without either. It shows the kit's version (and commit), the command line, the config's
 * SHA-256 and a link to the JSON report with its SHA-256 (when given in `run`), the profiles,
 * seed and date, a rule × target matrix per profile (level, failures / cases), each suite's
 * implementation (name, version, runtime), counts, its coverage as tables, and each failed or
 * errored case: its shrunk case first (findings, what it sent and got back as JSON text,
 * escaped once, replay command), the original below it, folded; failed cases that shrank to the
 * same failure are one block with a count. Nothing is shown as raw JSON but evidence.
 * Everything that came from an implementation is escaped, and a Content-Security-Policy meta
 * tag ({@linkcode HTML_CSP}) forbids scripts even so.
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
${runHtml(report, options)}
<dt>profiles</dt><dd>${profiles.map((p) => `<code>${h(p, 120)}</code>`).join(", ") || "none"}</dd>
<dt>targets</dt><dd>${
    [...new Set(report.suites.map((s) => s.target))].map((t) => h(t, 80)).join(", ") || "none"
  }</dd>
<dt>seed</dt><dd>${h(report.seed)} (rerun with <code>--seed=${
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
