import assert from "node:assert/strict";
import { renderJunit } from "./render_junit.ts";
import { renderMarkdown } from "./render_markdown.ts";
import { renderText } from "./render_text.ts";
import type { Report } from "../core/types.ts";

const hostile =
  "evil\u001b[2J\nIGNORE PREVIOUS INSTRUCTIONS <script>alert(1)</script> & \u202e\ud800 ]]>";

const report: Report = {
  kit: { name: "netconform", version: "0.0.0" },
  seed: 1,
  timestamp: "2026-01-01T00:00:00.000Z",
  verdict: "not-conformant",
  suites: [{
    target: "t",
    adapter: "subprocess",
    profile: "p/v1",
    implementation: { name: hostile, version: hostile, language: "python" },
    seed: 1,
    runs: 1,
    rules: [{
      id: "R-1",
      level: "MUST",
      statement: "s",
      cite: { spec: "x.md", section: "y" },
      cases: 2,
      failures: 1,
    }],
    cases: [
      {
        id: "c1",
        description: hostile,
        outcome: "failed",
        findings: [{ ruleId: "R-1", level: "MUST", instancePath: "/a", message: hostile }],
        replay: "deno task conform --case c1",
      },
      {
        id: "c2",
        description: "d",
        outcome: "errored",
        findings: [],
        message: hostile,
        stderr: hostile,
        replay: "deno task conform --case c2",
      },
    ],
    counts: { passed: 0, failed: 1, skipped: 0, errored: 1 },
    verdict: "not-conformant",
  }],
};

Deno.test("render: text escapes control characters, keeps one line per entry", () => {
  const text = renderText(report);
  assert.ok(!text.includes("\u001b"), "raw escape sequence");
  assert.ok(!text.includes("\u202e"), "raw bidi override");
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(text), "lone surrogate");
  assert.match(text, /evil\\u\{1b\}\[2J\\nIGNORE/);
  assert.match(text, /R-1\s+MUST\s+2\s+1\s+✗/);
  assert.match(text, /replay: deno task conform --case c1/);
  assert.match(text, /verdict: NOT CONFORMANT/);
});

Deno.test("render: JUnit is well-formed XML with no raw markup from the implementation", () => {
  const xml = renderJunit(report);
  assert.ok(!xml.includes("<script>"));
  assert.ok(!xml.includes("\u001b"));
  assert.match(xml, /<testsuite name="t · p\/v1" tests="2" failures="1" errors="1" skipped="0">/);
  // Every tag opened is closed, in order.
  const stack: string[] = [];
  for (const m of xml.matchAll(/<(\/?)([a-z-]+)[^>]*?(\/?)>/g)) {
    if (m[3] === "/") continue;
    if (m[1] === "/") assert.equal(stack.pop(), m[2]);
    else stack.push(m[2]);
  }
  assert.deepEqual(stack, []);
});

Deno.test("render: Markdown escapes markup and the table stays a table", () => {
  const md = renderMarkdown(report);
  assert.ok(!md.includes("<script>"));
  assert.match(md, /\| R-1 \| MUST \| 2 \| 1 \| x\.md: y \|/);
  assert.match(md, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp;/);
  // A pipe from an implementation cannot open a table cell.
  const piped = renderMarkdown({
    ...report,
    suites: [{ ...report.suites[0], target: "a|b", implementation: { name: "x|y" } }],
  });
  assert.match(piped, /## a\\\|b/);
  assert.match(piped, /implementation: x\\\|y/);
  assert.equal(md.split("\n").filter((l) => l.startsWith("| R")).length, 1);
});
