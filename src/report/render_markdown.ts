import { coverageSummary, coverageWarnings, userCasesLine } from "./_coverage_lines.ts";
import type { CaseReport, ReplayData } from "../core/types.ts";
import type { StreamedReport } from "./streamed_report.ts";
import { caseGroups } from "./_case_groups.ts";
import { escapeText } from "./escape_text.ts";
import { replayArgs } from "./_replay_args.ts";
import { unknownOutcome } from "./_unknown_outcome.ts";
import { evidenceLines, evidenceText, replayCaseId } from "./_evidence_view.ts";

/** Options of {@linkcode renderMarkdown}. */
export interface RenderMarkdownOptions {
  /**
   * Most cases listed per suite under "Cases to look at".
   *
   * @default 20
   */
  maxCases?: number;
  /**
   * Renders the command that runs a case again (the CLI gives `deno task conform ...`). What
   * it returns is escaped like any other text.
   *
   * @default the replay data as `--target T --profile P --seed S --case ID`
   */
  replay?: (data: ReplayData) => string;
  /**
   * The JSON report written beside this certificate (its path), named where cases are left
   * out; without it, the certificate says how to write one.
   *
   * @default undefined (no report written)
   */
  report?: string;
}

// Characters with a meaning inside a Markdown line or table cell; "&" and "<" as entities
// so that no HTML from an implementation survives.
function md(text: string, maxLength = 200): string {
  return escapeText(text, { maxLength })
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replace(/[\\`*_\[\]|~]/g, (c) => `\\${c}`);
}

/** Sub-items with what a case sent and got back, trimmed and escaped. */
function evidence(c: CaseReport): string {
  return evidenceLines(c).map(([label, value]) => `\n  - ${label}: ${md(evidenceText(value), 500)}`)
    .join("");
}

function caseLine(c: CaseReport, replay: () => string): string | undefined {
  const head = `${md(c.id, 80)}: ${md(c.description)}`;
  const rules = (findings: readonly { ruleId: string }[]) =>
    [...new Set(findings.map((f) => f.ruleId))].map((id) => md(id, 80)).join(", ");
  switch (c.outcome) {
    case "passed":
      return c.findings.length > 0
        ? `- passed with warnings: ${head} (${rules(c.findings)})`
        : undefined;
    case "failed":
      return `- **failed**: ${head} (${rules(c.findings)}); replay: ${md(replay(), 1000)}` +
        evidence(c) +
        (c.shrunk && c.shrunk.steps > 0
          ? `\n  - shrunk to ${md(c.shrunk.id, 120)} in ${c.shrunk.steps} steps: sent ${
            md(evidenceText(c.shrunk.input), 500)
          }${
            c.shrunk.output !== undefined ? `; got ${md(evidenceText(c.shrunk.output), 500)}` : ""
          }`
          : "");
    case "errored":
      return `- **errored**: ${head}: ${md(c.message, 500)}; replay: ${md(replay(), 1000)}` +
        evidence(c);
    case "skipped":
      return `- skipped: ${head}: ${md(c.reason)}`;
    default:
      return unknownOutcome(c);
  }
}

/**
 * Render a report as a Markdown certificate a reviewer can read: the kit version, seed and
 * timestamp, then per target and profile the implementation, the verdict, and the per-rule
 * table with each rule's citation, and the cases to look at (failed, errored, skipped, passed
 * with warnings) with how to replay them. Implementation strings are escaped (no HTML, no
 * links).
 *
 * @example Render an empty report
 * ```ts
 * import assert from "node:assert/strict";
 * import { renderMarkdown } from "./render_markdown.ts";
 *
 * const text = renderMarkdown({
 *   kit: { name: "netconform", version: "0.1.0" },
 *   seed: 1,
 *   timestamp: "2026-01-01T00:00:00.000Z",
 *   suites: [],
 *   verdict: "conformant",
 * });
 * assert.match(text, /# netconform certificate/);
 * ```
 *
 * @param report The report; its cases may be streamed (any re-walkable sequence: see
 * `StreamedReport`).
 * @param options How many cases to list and how to render a replay command.
 * @returns The Markdown text.
 * @throws {TypeError} When a case has an outcome the renderer does not know (a report that
 * did not come from this kit).
 */
export function renderMarkdown(
  report: StreamedReport,
  options: RenderMarkdownOptions = {},
): string {
  const replay = options.replay ?? replayArgs;
  const max = options.maxCases ?? 20;
  const out: string[] = [
    "# netconform certificate",
    "",
    `- kit: ${md(report.kit.name)} ${md(report.kit.version)}`,
    `- seed: ${report.seed} (rerun with \`--seed ${report.seed}\` for the same cases)`,
    `- run at: ${md(report.timestamp)}`,
    `- overall verdict: **${report.verdict}**`,
  ];
  for (const s of report.suites) {
    out.push("", `## ${md(s.target)} · ${md(s.profile)}`, "");
    const impl = s.implementation;
    if (impl) {
      const parts = [impl.name, impl.version, impl.language].filter((p) => p !== undefined);
      out.push(`- implementation: ${parts.map((p) => md(String(p))).join(" ")}`);
    }
    out.push(`- adapter: ${md(s.adapter)}`);
    out.push(
      `- cases: ${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped, ${s.counts.errored} errored`,
    );
    out.push(`- verdict: **${s.verdict}**`);
    if (s.startError) out.push(`- could not run: ${md(s.startError, 500)}`);
    const user = userCasesLine(s.cases);
    if (user) out.push(`- ${md(user, 400)}`);
    if (s.coverage) {
      out.push(`- ${md(coverageSummary(s.coverage))}`);
      for (const w of coverageWarnings(s.coverage)) out.push(`- warning: ${md(w, 300)}`);
    }
    out.push(
      "",
      "| rule | level | cases | failures | clause |",
      "| --- | --- | ---: | ---: | --- |",
    );
    for (const r of s.rules) {
      out.push(
        `| ${md(r.id)} | ${r.level} | ${r.cases} | ${r.failures} | ${md(r.cite.spec)}: ${
          md(r.cite.section)
        } |`,
      );
    }
    // One walk, holding the groups shown only: the cases may be streamed. Failed cases that
    // shrank to one case are one line with a count.
    const groups = caseGroups(s.cases, max, (c) => c.outcome !== "passed" || c.findings.length > 0);
    const lines = groups.items.map(({ first: c, count, ids, rule }) => {
      const data = { target: s.target, profile: s.profile, seed: s.seed, caseId: replayCaseId(c) };
      return caseLine(c, () => replay(data)) +
        (count > 1
          ? `\n  - ${count} failed cases of ${
            md(rule ?? "", 80)
          } shrank to the same failure, shown once: ${ids.map((id) => md(id, 80)).join(", ")}${
            count > ids.length ? ", …" : ""
          }`
          : "");
    });
    if (lines.length > 0) {
      out.push("", "### Cases to look at", "", ...lines);
      const left = groups.cases - groups.items.reduce((n, g) => n + g.count, 0);
      if (groups.groups > groups.items.length) {
        out.push(
          `- … and ${left} more case(s) ${
            options.report !== undefined
              ? `(see the JSON report, ${md(options.report, 300)})`
              : "(not in this certificate: run with --report FILE for a JSON report of every case)"
          }`,
        );
      }
    }
  }
  return out.join("\n") + "\n";
}
