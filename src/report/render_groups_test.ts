// The text and Markdown views group failed cases by the bug they show (rule and shrunk case),
// list SHOULD findings with their cases, say where left-out cases are only when a report was
// written, and print messages escaped once.
import assert from "node:assert/strict";
import { renderMarkdown } from "./render_markdown.ts";
import { renderText } from "./render_text.ts";
import type { CaseReport, Report } from "../core/types.ts";

const rule = (id: string, level: "MUST" | "SHOULD") => ({
  id,
  level,
  statement: "s",
  cite: { spec: "x.md", section: "y" },
  cases: 14,
  failures: 12,
});

/** A failed generated case that shrank to `{total: shrunkTo}` (its findings name the value). */
function failed(i: number, shrunkTo: number): CaseReport {
  const finding = {
    ruleId: "R-TOTAL",
    level: "MUST" as const,
    instancePath: "/total",
    message: `total is ${i}: "a\\"b"`,
  };
  return {
    id: `generated-${i}`,
    description: `case ${i}`,
    outcome: "failed",
    findings: [finding],
    input: { total: i },
    shrunk: {
      id: `generated-${i}~shrunk-0`,
      description: "small",
      input: { total: shrunkTo },
      findings: [{ ...finding, message: `total is ${shrunkTo}` }],
      steps: 2,
      tried: 5,
    },
  };
}

const cases: CaseReport[] = [
  ...Array.from({ length: 10 }, (_, i) => failed(i, 1)),
  failed(10, 2),
  failed(11, 3),
  ...[12, 13].map((i): CaseReport => ({
    id: `generated-${i}`,
    description: `case ${i}`,
    outcome: "passed",
    findings: [{ ruleId: "R-NAME", level: "SHOULD", instancePath: "/name", message: "no name" }],
  })),
];

const report: Report = {
  kit: { name: "netconform", version: "0.0.0" },
  seed: 1,
  timestamp: "2026-01-01T00:00:00.000Z",
  verdict: "not-conformant",
  suites: [{
    target: "t",
    adapter: "in-process",
    profile: "p/v1",
    seed: 1,
    runs: 14,
    rules: [rule("R-TOTAL", "MUST"), rule("R-NAME", "SHOULD")],
    cases,
    counts: { passed: 2, failed: 12, skipped: 0, errored: 0 },
    verdict: "not-conformant",
  }],
};

Deno.test("text: failures that shrank to one case are one block with a count; SHOULD findings list their cases", () => {
  const text = renderText(report);
  assert.equal(text.match(/^ {3}FAILED /gm)?.length, 3, "three distinct bugs, three blocks");
  assert.match(
    text,
    /FAILED generated-0: case 0\n {5}10 failed cases of R-TOTAL shrank to the same failure, shown once: generated-0, generated-1, generated-2, generated-3, generated-4, …\n/,
  );
  assert.doesNotMatch(text, /FAILED generated-1:/);
  assert.match(text, /FAILED generated-10: case 10\n {5}- R-TOTAL/);
  assert.match(text, /SHOULD findings \(warnings\); --verbose lists each case with its evidence:/);
  assert.match(
    text,
    /! R-NAME: 2 cases \(generated-12, generated-13\), first:\n {7}- R-NAME \(SHOULD\) at "\/name": no name/,
  );
  // Once-escaped: the message's JSON quote reads as the kit wrote it.
  assert.match(text, /total is 0: "a\\"b"/);
  assert.doesNotMatch(text, /\\\\"/, "no doubled escape");
});

Deno.test("text and markdown: '… and N more' names the JSON report only when one was written", () => {
  const without = renderText(report, { maxCases: 1 });
  assert.match(
    without,
    /… and 2 more cases \(not in this output: run with --report FILE for a JSON report of every failed case\)/,
  );
  assert.doesNotMatch(without, /see the JSON report/);
  const withReport = renderText(report, { maxCases: 1, report: "out/r.json" });
  assert.match(withReport, /… and 2 more cases \(see the JSON report, out\/r\.json\)/);
  const md = renderMarkdown(report, { maxCases: 1 });
  assert.match(md, /10 failed cases of R-TOTAL shrank to the same failure, shown once/);
  assert.match(md, /- … and 4 more case\(s\) \(not in this certificate: run with --report FILE/);
  assert.match(
    renderMarkdown(report, { maxCases: 1, report: "r.json" }),
    /- … and 4 more case\(s\) \(see the JSON report, r\.json\)/,
  );
});
