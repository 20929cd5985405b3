import type { Report } from "../core/types.ts";
import { escapeText } from "./escape_text.ts";

// Characters with a meaning inside a Markdown line or table cell; "&" and "<" as entities
// so that no HTML from an implementation survives.
function md(text: string, maxLength = 200): string {
  return escapeText(text, { maxLength })
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replace(/[\\`*_\[\]|~]/g, (c) => `\\${c}`);
}

/**
 * Render a report as a Markdown certificate a reviewer can read: the kit version, seed and
 * timestamp, then per target and profile the implementation, the verdict, and the per-rule
 * table with each rule's citation. Implementation strings are escaped (no HTML, no links).
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
 * @param report The report.
 * @returns The Markdown text.
 */
export function renderMarkdown(report: Report): string {
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
  }
  return out.join("\n") + "\n";
}
