import assert from "node:assert/strict";
import { renderJunit } from "./render_junit.ts";
import { renderMarkdown } from "./render_markdown.ts";
import { renderText } from "./render_text.ts";
import type {
  CaseReport,
  FailedCaseReport,
  ReplayData,
  Report,
  ShrunkCase,
} from "../core/types.ts";

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
      },
      {
        id: "c2",
        description: "d",
        outcome: "errored",
        message: hostile,
        stderr: hostile,
      },
      { id: "c3", description: "d3", outcome: "skipped", reason: "no tool <x>" },
      {
        id: "c4",
        description: "d4",
        outcome: "passed",
        findings: [{ ruleId: "R-2", level: "SHOULD", instancePath: "", message: "warn" }],
      },
      { id: "c5", description: "d5", outcome: "passed", findings: [] },
    ],
    counts: { passed: 2, failed: 1, skipped: 1, errored: 1 },
    verdict: "not-conformant",
  }],
};

const replay = (d: ReplayData) => `conform ${d.target} ${d.profile} ${d.seed} ${d.caseId}`;

Deno.test("render: text escapes control characters, keeps one line per entry", () => {
  const text = renderText(report, { replay });
  assert.ok(!text.includes("\u001b"), "raw escape sequence");
  assert.ok(!text.includes("\u202e"), "raw bidi override");
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(text), "lone surrogate");
  assert.match(text, /evil\\u\{1b\}\[2J\\nIGNORE/);
  assert.match(text, /R-1\s+MUST\s+2\s+1\s+✗/);
  assert.match(text, /replay: conform t p\/v1 1 c1\n/);
  assert.match(text, /replay: conform t p\/v1 1 c2\n/);
  assert.match(text, /verdict: NOT CONFORMANT/);
});

Deno.test("render: JUnit is well-formed XML with no raw markup from the implementation", () => {
  const xml = renderJunit(report, { replay });
  assert.ok(!xml.includes("<script>"));
  assert.ok(!xml.includes("\u001b"));
  assert.match(xml, /<testsuite name="t · p\/v1" tests="5" failures="1" errors="1" skipped="1">/);
  assert.match(xml, /<failure message="R-1">[^<]*\nreplay: conform t p\/v1 1 c1<\/failure>/);
  assert.match(xml, /<error message="evil[^"]*">conform t p\/v1 1 c2<\/error>/);
  assert.match(xml, /<skipped message="no tool &lt;x&gt;"\/>/);
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
  const md = renderMarkdown(report, { replay });
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

Deno.test("render: each outcome has its own lines in text, JUnit and Markdown", () => {
  const verbose = renderText(report, { replay, verbose: true });
  assert.match(verbose, /FAILED c1: evil/);
  assert.match(verbose, /ERRORED c2: d\n {5}evil[^\n]*\n {5}stderr: evil[^\n]*\n {5}replay: /);
  assert.match(
    verbose,
    /SKIPPED c3: d3\n {5}reason: no tool <x>\n {5}replay: conform t p\/v1 1 c3/,
  );
  assert.match(verbose, /PASSED c4: d4\n {5}- R-2 \(SHOULD\) at "": warn\n {5}replay: /);
  assert.ok(!verbose.includes("c5"), "a clean passed case is not listed");
  const quiet = renderText(report, { replay });
  assert.ok(!quiet.includes("SKIPPED") && !quiet.includes("PASSED"), quiet);

  const xml = renderJunit(report, { replay });
  assert.match(xml, /name="c4: d4">\n {4}<\/testcase>/);
  assert.match(xml, /name="c5: d5">\n {4}<\/testcase>/);

  const md = renderMarkdown(report, { replay });
  assert.match(md, /### Cases to look at\n\n- \*\*failed\*\*: c1: evil/);
  assert.match(md, /- \*\*errored\*\*: c2: d: evil[^\n]*; replay: conform t p\/v1 1 c2\n/);
  assert.match(md, /- skipped: c3: d3: no tool &lt;x&gt;\n/);
  assert.match(md, /- passed with warnings: c4: d4 \(R-2\)\n/);
  assert.ok(!md.includes("c5"), "a clean passed case is not listed");
  assert.equal(renderMarkdown(report, { replay, maxCases: 1 }).match(/^- \*\*failed/gm)?.length, 1);
  assert.match(renderMarkdown(report, { replay, maxCases: 1 }), /- … and 3 more/);
});

Deno.test("render: without a replay option, the replay data is printed as arguments", () => {
  const odd: Report = {
    ...report,
    suites: [{ ...report.suites[0], target: "my target", cases: [report.suites[0].cases[0]] }],
  };
  const line = "--target 'my target' --profile p/v1 --seed 1 --case c1";
  assert.ok(renderText(odd).includes(`replay: ${line}\n`), renderText(odd));
  assert.ok(renderJunit(odd).includes(`replay: ${line.replaceAll("'", "&apos;")}</failure>`));
  assert.ok(renderMarkdown(odd).includes(`replay: ${line}\n`));
});

Deno.test("render: an unknown outcome (a report from elsewhere) throws a clear error", () => {
  const alien = { id: "x", description: "y", outcome: "exploded" } as unknown as CaseReport;
  const odd: Report = { ...report, suites: [{ ...report.suites[0], cases: [alien] }] };
  for (const render of [renderJunit, renderMarkdown]) {
    assert.throws(() => render(odd), /Unknown case outcome "exploded"/);
  }
  assert.throws(() => renderText(odd, { verbose: true }), /Unknown case outcome "exploded"/);
});

Deno.test("render: evidence and the shrunk case, escaped per format, and the shrunk replay", () => {
  const failed: CaseReport = {
    id: "generated-4",
    description: "d",
    outcome: "failed",
    findings: [{
      ruleId: "R-1",
      level: "MUST",
      instancePath: "/total",
      message: "total is off",
      expected: 3,
      actual: 4,
    }],
    input: { operation: "call", input: { name: hostile } },
    output: { result: { text: hostile, big: "x".repeat(1000) } },
    shrunk: {
      id: "generated-4~shrunk-0:1",
      description: "d small",
      input: { operation: "call", input: { name: "\u2028<b>" } },
      output: { raised: { type: "KeyError", message: "<i>" } },
      findings: [{ ruleId: "R-1", level: "MUST", instancePath: "", message: "small" }],
      steps: 2,
      tried: 5,
    },
  };
  const one: Report = { ...report, suites: [{ ...report.suites[0], cases: [failed] }] };

  const text = renderText(one, { replay });
  // deno-lint-ignore no-control-regex
  assert.ok(!/[\u001b\u202e\u2028]/.test(text), "raw control, bidi or separator character");
  assert.ok(!/[\ud800-\udbff](?![\udc00-\udfff])/.test(text), "lone surrogate");
  assert.match(text, /"\/total": total is off \(expected 3, actual 4\)/);
  // JSON escapes, one line each, cut at 300 characters.
  assert.match(text, /\n {5}sent: \{"operation":"call","input":\{"name":"evil\\u001b\[2J\\nIGNORE/);
  assert.match(text, /\n {5}got: \{"result":[^\n]{280,300}…\n/);
  assert.match(text, /shrunk to generated-4~shrunk-0:1 \(2 steps, 5 tried\):/);
  assert.match(text, /\n {7}sent: \{"operation":"call","input":\{"name":"\\u2028<b>"\}\}\n/);
  assert.match(text, /replay: conform t p\/v1 1 generated-4~shrunk-0:1\n/);
  // Whether the candidates ran out or a budget stopped the shrinker, said in words.
  const base = failed as FailedCaseReport;
  const shrunkText = (shrunk: Partial<ShrunkCase>) =>
    renderText({
      ...report,
      suites: [{
        ...report.suites[0],
        cases: [{ ...base, shrunk: { ...base.shrunk!, ...shrunk } }],
      }],
    });
  assert.match(
    shrunkText({ steps: 0, tried: 100, stopped: "max-shrinks" }),
    /shrunk: none of 100 smaller inputs tried fails the same rules; stopped at its budget of candidates, so a smaller one may still fail\n/,
  );
  assert.match(
    shrunkText({ steps: 0, tried: 7 }),
    /shrunk: no smaller input fails the same rules \(7 tried, none left\)\n/,
  );
  assert.match(
    shrunkText({ steps: 3, tried: 40, stopped: "time" }),
    /shrunk to generated-4~shrunk-0:1 \(3 steps, 40 tried; stopped at its time budget, so a smaller one may still fail\):/,
  );

  const xml = renderJunit(one, { replay });
  assert.ok(!xml.includes("<b>") && !xml.includes("<i>") && !xml.includes("\u001b"));
  const out = /<system-out>([^<]*)<\/system-out>/.exec(xml);
  assert.ok(out, "no system-out");
  const unescaped = out[1].replaceAll("&quot;", '"').replaceAll("&apos;", "'")
    .replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
  const evidence = JSON.parse(unescaped);
  assert.deepEqual(evidence.shrunk.id, "generated-4~shrunk-0:1");
  assert.deepEqual(evidence.input.operation, "call");
  assert.match(xml, /replay: conform t p\/v1 1 generated-4~shrunk-0:1<\/failure>/);

  const md = renderMarkdown(one, { replay });
  assert.ok(!md.includes("<b>") && !md.includes("<i>") && !md.includes("<script>"));
  assert.match(md, /\n {2}- sent: \{"operation":"call"/);
  assert.match(md, /\n {2}- got: /);
  // Markdown escapes "~" (strike-through) as it escapes the rest.
  assert.match(md, /\n {2}- shrunk to generated-4\\~shrunk-0:1 in 2 steps: sent [^\n]*&lt;b&gt;/);
  assert.match(md, /replay: conform t p\/v1 1 generated-4\\~shrunk-0:1/);
});
