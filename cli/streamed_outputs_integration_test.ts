/**
 * Every output rebuilt from the case log is the one rendered from the cases held in memory,
 * byte for byte: the same run (its cases held, and logged as they finish) is rendered both
 * ways, in every format (JSON, JUnit, Markdown, HTML, text and verbose text), plain and under
 * a baseline that expects its failures; and a run that holds no passed case counts and judges
 * like one that holds them all.
 */
import assert from "node:assert/strict";
import { embeddedTargets } from "./registry.ts";
import { CaseLog } from "../src/report/case_log.ts";
import { runConformance } from "../src/core/run_conformance.ts";
import type { ReplayData, Report } from "../src/core/types.ts";
import type { StreamedReport } from "../src/report/streamed_report.ts";
import { reportJson } from "./report_json.ts";
import { renderJunit, renderJunitChunks } from "../src/report/render_junit.ts";
import { renderMarkdown } from "../src/report/render_markdown.ts";
import { renderHtml } from "../src/report/render_html.ts";
import { renderText } from "../src/report/render_text.ts";
import { renderBadge } from "../src/report/render_badge.ts";
import { applyBaseline } from "./apply_baseline.ts";
import { baselineOfRun } from "./update_baseline.ts";
import { displayReport } from "./_baseline_view.ts";
import { sha256OfChunks } from "./_write_chunks.ts";
import { reportJsonChunks } from "./report_json.ts";

/** References and mutants with failed, shrunk, warned, errored and skipped cases among them. */
const TARGETS = [
  "tool-response-reference",
  "tool-response-mutant-total-off-by-one",
  "tool-response-mutant-raises",
  "normalizer-mutant-drops-last-item",
  "normalizer-mutant-counts-passes",
  "netdryrun-mutant-partial-error-run",
  "netdryrun-consumer-mutant-crashes-on-setup-error",
  "chat-limits-mutant-tool-off-by-one",
];

const replay = (d: ReplayData) => `conform --target ${d.target} --case ${d.caseId}`;

/** Every output of a report, under the baseline entries when given. */
function outputs(report: StreamedReport, entries?: ReturnType<typeof baselineOfRun>) {
  const baseline = entries ? applyBaseline(report, entries, { judgeStale: true }) : undefined;
  const judged = baseline?.report ?? report;
  const shown = baseline ? displayReport(baseline) : report;
  return {
    json: reportJson(judged, replay, baseline),
    junit: renderJunit(shown, { replay }),
    junitChunks: [...renderJunitChunks(shown, { replay })].join(""),
    markdown: renderMarkdown(shown, { replay, maxCases: 3 }),
    html: renderHtml(shown, {
      replay,
      maxCases: 3,
      reportSha256: sha256OfChunks(reportJsonChunks(judged, replay, baseline)),
      baseline: baseline ? { expected: baseline.expected, stale: baseline.stale } : undefined,
    }),
    text: renderText(shown, { replay, maxCases: 3 }),
    verbose: renderText(shown, { replay, verbose: true }),
    badge: renderBadge(shown),
  };
}

for (const name of TARGETS) {
  Deno.test(`${name}: every output from the case log is the in-memory one`, async () => {
    const target = embeddedTargets.find((t) => t.name === name);
    assert.ok(target, name);
    const path = await Deno.makeTempFile({ suffix: ".cases.jsonl" });
    const log = new CaseLog(path);
    try {
      const report: Report = await runConformance([target], {
        seed: 7,
        runs: 40,
        timestamp: "2026-01-01T00:00:00.000Z",
        onCase: (t, p, c, index) => log.write(t, p, c, index),
        onSuite: () => log.endSuite(),
      });
      log.close();
      const streamed: StreamedReport = log.report(report);
      // Read back, the cases are the run's, in its order.
      assert.deepEqual(
        streamed.suites.map((s) => [...s.cases]),
        JSON.parse(JSON.stringify(report.suites.map((s) => s.cases))),
      );
      const entries = baselineOfRun(report, {});
      for (const baseline of [undefined, entries]) {
        const memory = outputs(report, baseline);
        const fromLog = outputs(streamed, baseline);
        for (const format of Object.keys(memory) as (keyof typeof memory)[]) {
          assert.equal(fromLog[format], memory[format], `${format}, baseline: ${!!baseline}`);
        }
        assert.equal(memory.junitChunks, memory.junit);
      }
      // A run that holds no passed case counts, tallies and judges every case the same.
      const lean = await runConformance([target], {
        seed: 7,
        runs: 40,
        timestamp: "2026-01-01T00:00:00.000Z",
        keepCases: { notPassed: 2 },
      });
      for (const [i, s] of lean.suites.entries()) {
        const { cases, ...rest } = s;
        const { cases: all, ...full } = report.suites[i];
        assert.deepEqual(rest, full);
        // At most two cases kept, none passed, in case order.
        const order = all.filter((c) => c.outcome !== "passed").map((c) => c.id);
        const kept = cases.map((c) => order.indexOf(c.id));
        assert.equal(kept.length, Math.min(2, order.length));
        assert.ok(kept.every((k, j) => k >= 0 && (j === 0 || k > kept[j - 1])), `${kept}`);
      }
    } finally {
      log.close();
      await Deno.remove(path);
    }
  });
}
