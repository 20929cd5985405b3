// A case that passed with SHOULD warnings carries what it sent and got back, and the value the
// profile judged, in the report (and so in the JSON report and under --verbose); a clean passed
// case carries none (issue 23).
import assert from "node:assert/strict";
import { runSuite } from "../src/core/run_suite.ts";
import type { Adapter, Report, Suite } from "../src/core/types.ts";
import { fakeProfile } from "../src/core/testdata/fake_suite.ts";
import { renderText } from "../src/report/render_text.ts";
import { reportJson } from "./report_json.ts";

const suite: Suite = {
  profile: fakeProfile,
  cases: () => [
    { id: "warned", description: "a SHOULD finding", input: { should: true } },
    { id: "clean", description: "no finding", input: {} },
  ],
  async evaluate(testCase, invoke) {
    const reply = await invoke({ operation: "echo", input: testCase.input });
    const value = reply.kind === "result" ? reply.value : null;
    return { findings: fakeProfile.check(value), subject: { data: value } };
  },
};

const echo: Adapter = {
  kind: "in-process",
  start: () => Promise.resolve({ name: "echo" }),
  run: (request) => Promise.resolve({ kind: "result", value: request.input }),
  close: () => Promise.resolve(),
};

Deno.test("a case passed with warnings carries its evidence; a clean one does not", async () => {
  const report = await runSuite(suite, echo, { target: "t", seed: 1, runs: 0 });
  const [warned, clean] = report.cases;
  assert.equal(warned.outcome, "passed");
  assert.equal(report.verdict, "conformant-with-warnings");
  if (warned.outcome !== "passed" || clean.outcome !== "passed") throw new Error("not passed");
  assert.deepEqual(warned.input, { operation: "echo", input: { should: true } });
  assert.deepEqual(warned.output, { result: { should: true } });
  assert.deepEqual(warned.subject, { data: { should: true } });
  assert.equal(clean.input, undefined);
  assert.equal(clean.output, undefined);
  assert.equal(clean.subject, undefined);

  const full: Report = {
    kit: { name: "netconform", version: "0.0.0" },
    seed: 1,
    timestamp: "2026-01-01T00:00:00.000Z",
    verdict: report.verdict,
    suites: [report],
  };
  const json = JSON.parse(reportJson(full, () => "replay")).suites[0].cases;
  assert.deepEqual(json[0].input, warned.input);
  assert.deepEqual(json[0].output, warned.output);
  assert.deepEqual(json[0].subject, warned.subject);
  assert.equal(json[1].input, undefined);

  const text = renderText(full, { verbose: true });
  assert.match(text, /\n {5}sent: \{"operation":"echo","input":\{"should":true\}\}\n/);
  assert.match(text, /\n {5}got: \{"result":\{"should":true\}\}\n/);
});

Deno.test("a warned case's evidence is bounded to 4 KiB a side, and says it was cut", async () => {
  const big = { should: true, text: "x".repeat(10_000) };
  const bigSuite: Suite = {
    ...suite,
    cases: () => [{ id: "warned-big", description: "a SHOULD finding", input: big }],
  };
  const report = await runSuite(bigSuite, echo, { target: "t", seed: 1, runs: 0 });
  const [warned] = report.cases;
  if (warned.outcome !== "passed") throw new Error("not passed");
  assert.ok(JSON.stringify(warned.input).length <= 4096 + 200, "input bounded");
  assert.ok(JSON.stringify(warned.output).length <= 4096 + 200, "output bounded");
  assert.deepEqual(warned.truncated, ["input", "output"]);
});
