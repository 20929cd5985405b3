/**
 * An implementation that sends huge strings (issue 14): a subprocess target answering every
 * request with a 7 MB skip reason, errored message or raised exception, over 40 generated
 * cases and more. The run completes, the exit code follows the verdict, the report is written
 * and every string from the implementation in it is capped with a visible marker.
 *
 * By default each run takes 10 generated cases (about 70 MB through the pipe); with
 * CONFORM_LONG=1, the whole default run (40 generated cases and every class case, about 700 MB).
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";
import { CAPS } from "../src/core/_cap.ts";

const FAKE = decodeURIComponent(
  new URL("../src/adapters/testdata/fake_impl.py", import.meta.url).pathname,
);

const LONG = Deno.env.get("CONFORM_LONG") === "1";
/** Generated cases asked for, and the cases a report has at least. */
const RUNS = LONG ? 40 : 10;
const CASES = LONG
  ? []
  : Array.from({ length: RUNS }, (_, i) => ["--case", `generated-${i}`]).flat();

async function runMode(mode: string, env = "{}", runs = String(RUNS)) {
  const dir = await Deno.makeTempDir();
  try {
    const config = `${dir}/conform.yaml`;
    await Deno.writeTextFile(
      config,
      `version: 1
targets:
  - name: big
    profiles: [gns3.normalizer/v1.0]
    adapter:
      kind: subprocess
      argv: [${JSON.stringify(pythonPath())}, ${JSON.stringify(FAKE)}, ${mode}]
      env: ${env}
      # 7 MB lines are slow on a loaded machine: no request timeout in the way.
      timeouts: { request_ms: 120000 }
`,
    );
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      [
        "--config",
        config,
        "--runs",
        runs,
        ...(runs === String(RUNS) ? CASES : []),
        "--timeout",
        "120000",
        "--concurrency",
        "4",
        "--quiet",
        "--report",
        `${dir}/report.json`,
      ],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
    );
    const report = JSON.parse(await Deno.readTextFile(`${dir}/report.json`));
    return { code, out: out.join("\n"), err: err.join("\n"), report };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

type Case = Record<string, unknown> & { outcome: string; findings?: { message: string }[] };

function assertInfoCapped(report: { suites: { implementation: Record<string, unknown> }[] }) {
  const notes = report.suites[0].implementation.notes as string;
  assert.ok(notes.length <= CAPS.info, `notes has ${notes.length} characters`);
  assert.match(notes, /… \[\d+ characters dropped\]$/);
}

const MARK = /… \[\d+ characters dropped\]/;

/**
 * The cases sent to the implementation: those passing a real Python object are skipped by the
 * kit unsent (the fake implementation does not announce the netconform.pyvalue/v1 encoding).
 */
function sentCases(cases: Case[]): Case[] {
  const unsent = cases.filter((c) =>
    c.outcome === "skipped" && /did not announce the input encoding/.test(c.reason as string)
  );
  // The pyobj-* classes, and the golden fixture whose input is a real Python tuple.
  assert.ok(
    unsent.every((c) =>
      /^(class:)?pyobj-|class pyobj-|^fixture:python_types\.yaml#/.test(`${c.id} ${c.description}`)
    ),
  );
  if (LONG) assert.ok(unsent.length >= 8, `${unsent.length} unsent cases`);
  return cases.filter((c) => !unsent.includes(c));
}

Deno.test("large strings: a 7 MB skip reason on every case is capped, the run completes", async () => {
  const { code, out, report } = await runMode("big-skip");
  assert.equal(code, 1); // every case skipped: incomplete
  assert.match(out, /incomplete/i);
  const cases: Case[] = sentCases(report.suites[0].cases);
  assert.ok(cases.length >= (LONG ? 40 : 6), `${cases.length} cases`);
  for (const c of cases) {
    assert.equal(c.outcome, "skipped");
    const reason = c.reason as string;
    assert.ok(reason.length <= CAPS.reason, `reason has ${reason.length} characters`);
    assert.match(reason, MARK);
  }
  assertInfoCapped(report);
});

Deno.test("large strings: a 7 MB errored message on every case is capped", async () => {
  const { code, report } = await runMode("big-errored");
  assert.equal(code, 1);
  const cases: Case[] = sentCases(report.suites[0].cases);
  assert.ok(cases.length >= (LONG ? 40 : 6), `${cases.length} cases`);
  for (const c of cases) {
    assert.equal(c.outcome, "errored");
    const message = c.message as string;
    assert.ok(message.length <= CAPS.message, `message has ${message.length} characters`);
    assert.match(message, MARK);
    const stderr = (c.stderr as string | undefined) ?? "";
    assert.ok(stderr.length <= CAPS.stderr, `stderr has ${stderr.length} characters`);
  }
});

Deno.test("large strings: a 7 MB raised exception on every case is capped in findings", async () => {
  const { code, report } = await runMode("big-raise");
  assert.equal(code, 1);
  const cases: Case[] = report.suites[0].cases;
  assert.ok(cases.length >= (LONG ? 40 : 6), `${cases.length} cases`);
  const text = JSON.stringify(report);
  // Nothing near the size of the implementation's strings is left anywhere in the report.
  assert.ok(text.length < cases.length * 1_000_000, `the report has ${text.length} characters`);
  for (const c of cases) {
    assert.notEqual(c.outcome, "passed");
    for (const f of c.findings ?? []) {
      assert.ok(f.message.length <= CAPS.finding, `finding has ${f.message.length}`);
    }
    assert.ok(JSON.stringify(c).length < 1_000_000, `case ${c.id} is ${JSON.stringify(c).length}`);
  }
});

Deno.test("large strings: thousands of findings a case are bounded, counted, and the report complete", async () => {
  // Quick sizes: 3,000 wrong items a case (the bench runs 100,000: bench/hostile_memory_bench.ts).
  const { code, report } = await runMode("many-findings", '{ FINDINGS: "3000" }', "5");
  assert.equal(code, 1);
  const suite = report.suites[0];
  const cases: Case[] = suite.cases;
  const counted = Object.values(suite.counts as Record<string, number>).reduce((a, b) => a + b);
  assert.equal(cases.length, counted);
  const failed = cases.filter((c) => c.outcome === "failed");
  assert.ok(failed.length >= 5, `${failed.length} failed cases`);
  for (const c of failed) {
    const findings = c.findings ?? [];
    const dropped = (c.findingsDropped ?? {}) as Record<string, number>;
    assert.ok(findings.length <= 1_000 + 20, `${findings.length} findings kept`);
    const conforms = findings.filter((f) => (f as { ruleId?: string }).ruleId === "NORM-CONFORMS");
    assert.ok(conforms.length <= 101, `${conforms.length} NORM-CONFORMS findings`);
    // What was left out is counted: at least the 3,000 wrong items, less the 100 kept.
    assert.ok((dropped["NORM-CONFORMS"] ?? 0) >= 2_900 - conforms.length, JSON.stringify(dropped));
    assert.ok(JSON.stringify(c).length < 1_000_000, `case ${c.id} is ${JSON.stringify(c).length}`);
  }
});
