import type { Report } from "../core/types.ts";
import { formatFindings } from "./format_findings.ts";

function xml(text: string): string {
  return text
    // Characters XML 1.0 cannot hold at all, and lone surrogates.
    // deno-lint-ignore no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD")
    .replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD")
    .replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;").replaceAll("'", "&apos;");
}

/**
 * Render a report as JUnit XML for CI: one `testsuite` per suite run, one `testcase` per
 * case; failed cases carry a `failure` with the findings, errored ones an `error`, skipped
 * ones `skipped`. A suite that could not start is one errored test case.
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
 * @param report The report.
 * @returns The XML document.
 */
export function renderJunit(report: Report): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  out.push(`<testsuites name="netconform" timestamp="${xml(report.timestamp)}">`);
  for (const s of report.suites) {
    const name = `${s.target} · ${s.profile}`;
    const tests = s.cases.length + (s.startError ? 1 : 0);
    const errors = s.counts.errored + (s.startError ? 1 : 0);
    out.push(
      `  <testsuite name="${
        xml(name)
      }" tests="${tests}" failures="${s.counts.failed}" errors="${errors}" skipped="${s.counts.skipped}">`,
    );
    out.push(`    <properties><property name="seed" value="${s.seed}"/></properties>`);
    if (s.startError) {
      out.push(`    <testcase classname="${xml(name)}" name="start">`);
      out.push(`      <error message="could not start">${xml(s.startError)}</error>`);
      out.push(`    </testcase>`);
    }
    for (const c of s.cases) {
      out.push(
        `    <testcase classname="${xml(name)}" name="${xml(`${c.id}: ${c.description}`)}">`,
      );
      if (c.outcome === "failed") {
        const rules = [
          ...new Set(c.findings.filter((f) => f.level === "MUST").map((f) => f.ruleId)),
        ];
        out.push(
          `      <failure message="${xml(rules.join(", "))}">${
            xml(`${formatFindings(c.findings)}\nreplay: ${c.replay}`)
          }</failure>`,
        );
      } else if (c.outcome === "errored") {
        out.push(`      <error message="${xml(c.message ?? "errored")}">${xml(c.replay)}</error>`);
        if (c.stderr) out.push(`      <system-err>${xml(c.stderr)}</system-err>`);
      } else if (c.outcome === "skipped") {
        out.push(`      <skipped message="${xml(c.reason ?? "")}"/>`);
      }
      out.push(`    </testcase>`);
    }
    out.push(`  </testsuite>`);
  }
  out.push(`</testsuites>`);
  return out.join("\n") + "\n";
}
