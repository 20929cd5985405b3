/**
 * The fault-injection suite (issue 14): every row of `FAULT_ROWS` runs a tiny suite through
 * the real adapter of its transport and asserts a bounded time, the expected outcome, no
 * finding lost, a report valid against its schema and no process left. Rows run
 * concurrently (a few at a time); each row is its own test. `CONFORM_UPDATE_FAULTS=1`
 * rewrites `docs/reliability.md` from the rows; `CONFORM_FAULTS_KNOWN=1` runs the rows of
 * faults known not to be handled yet (skipped otherwise), to see whether a fix lit them up.
 */
import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import formats from "ajv-formats";
import { runConformance } from "../../src/core/run_conformance.ts";
import { renderJson } from "../../src/report/render_json.ts";
import type { Report, SuiteReport } from "../../src/core/types.ts";
import { FAULT_ROWS, type FaultRow } from "./_fault_rows.ts";
import { ECHO_RULE, faultSuite } from "./_fault_suite.ts";
import {
  reliabilitySummary,
  reliabilityTable,
  SUMMARY_END,
  SUMMARY_START,
} from "./_reliability_table.ts";
import { pythonPath } from "../../src/testing/python_path.ts";

const CONCURRENCY = 6;
const SCHEMA = JSON.parse(
  await Deno.readTextFile(new URL("./report.schema.json", import.meta.url)),
);
const ajv = new Ajv2020({ allErrors: true, strict: false });
(formats as unknown as (a: Ajv2020) => void)(ajv);
const validate = ajv.compile(SCHEMA);
const DOC = new URL("../../docs/reliability.md", import.meta.url);
const README = new URL("../../docs/internals.md", import.meta.url);

/** What one row's run gave. */
interface RowRun {
  elapsedMs: number;
  json: string;
  leftover: string[];
}

const rowName = (row: FaultRow) =>
  `fault injection: ${row.transport}: ${row.fault}${row.known ? ` (${row.known})` : ""}`;

/**
 * The pids of the processes whose arguments hold `marker` (through `ps`: reading `/proc`
 * needs every permission in Deno).
 */
async function processesWith(marker: string): Promise<string[]> {
  const { stdout } = await new Deno.Command("ps", {
    args: ["-e", "-o", "pid=,args="],
    stdout: "piped",
    stderr: "null",
  }).output();
  return new TextDecoder().decode(stdout).split("\n")
    .filter((line) => line.split(/\s+/).includes(marker))
    .map((line) => line.trim().split(/\s+/)[0]);
}

async function runRow(row: FaultRow, index: number, concurrency?: number): Promise<RowRun> {
  const marker = `netconform-fault-${index}-${crypto.randomUUID()}`;
  const started = performance.now();
  const setup = row.setup(marker);
  let report: Report;
  try {
    report = await runConformance([{
      name: `${row.transport}:${row.fault}`,
      suites: [{ suite: faultSuite(setup.wire, setup.fault) }],
      create: () => setup.create(),
      caseTimeoutMs: setup.caseTimeoutMs ?? 10_000,
      startTimeoutMs: 10_000,
    }], {
      seed: 1,
      runs: 0,
      concurrency: concurrency ?? setup.concurrency ?? 1,
      shrink: false,
      timestamp: "2026-01-01T00:00:00Z",
    });
  } finally {
    await setup.cleanup?.();
  }
  const elapsedMs = performance.now() - started;
  // Process-group children are killed asynchronously: give them a short grace.
  let leftover = await processesWith(marker);
  for (let i = 0; i < 20 && leftover.length > 0; i++) {
    await new Promise((r) => setTimeout(r, 100));
    leftover = await processesWith(marker);
  }
  for (const pid of leftover) {
    try {
      Deno.kill(Number(pid), "SIGKILL");
    } catch {
      // already gone
    }
  }
  return { elapsedMs, json: renderJson(report), leftover };
}

// CONFORM_FAULTS_KNOWN=1 runs the known rows too, to see whether a fix lit them up.
const RUN_KNOWN = Deno.env.get("CONFORM_FAULTS_KNOWN") === "1";
const active = FAULT_ROWS.filter((r) => RUN_KNOWN || !r.known);
let all: Map<FaultRow, Promise<RowRun>> | undefined;

/** Starts every active row once, `CONCURRENCY` at a time; each test awaits its own. */
function resultOf(row: FaultRow): Promise<RowRun> {
  if (!all) {
    all = new Map();
    const queue = [...active.entries()];
    const resolvers = new Map<FaultRow, (r: Promise<RowRun>) => void>();
    for (const [, r] of queue) {
      all.set(r, new Promise((resolve) => resolvers.set(r, resolve)));
    }
    const worker = async () => {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const [i, r] = next;
        const run = runRow(r, i);
        resolvers.get(r)!(run);
        await run.catch(() => {});
      }
    };
    for (let i = 0; i < CONCURRENCY; i++) worker();
  }
  return all.get(row)!;
}

function outcomes(suite: SuiteReport): string {
  return suite.cases.map((c) => `${c.id}:${c.outcome}`).join(" ");
}

/** A short account of a report, for assertion messages. */
function summary(json: string): string {
  try {
    const suite = (JSON.parse(json) as Report).suites[0];
    return [
      suite.startError ? `startError: ${suite.startError.slice(0, 300)}` : "",
      ...suite.cases.map((c) =>
        `${c.id}: ${c.outcome} ${
          c.outcome === "errored"
            ? c.message
            : c.outcome === "skipped"
            ? c.reason
            : JSON.stringify(c.findings)
        }`.slice(0, 300)
      ),
    ].join("\n");
  } catch {
    return json.slice(0, 2000);
  }
}

/** Asserts what a row's report must say. */
function assertRow(row: FaultRow, run: RowRun): void {
  const where = `${rowName(row)}\n${summary(run.json)}`;
  assert.ok(run.elapsedMs < row.boundMs, `took ${Math.round(run.elapsedMs)} ms: ${where}`);
  assert.deepEqual(run.leftover, [], `processes left behind: ${where}`);
  // The report is bounded and valid against its schema.
  assert.ok(run.json.length < 1 << 20, `report of ${run.json.length} characters: ${rowName(row)}`);
  const report = JSON.parse(run.json) as Report;
  const valid = validate(report);
  assert.ok(valid, `report not valid: ${JSON.stringify(validate.errors)}\n${where}`);
  assert.equal(report.suites.length, 1);
  const suite = report.suites[0];
  // No finding lost: counts, rule statistics and verdict agree with the cases.
  const tally = { passed: 0, failed: 0, skipped: 0, errored: 0 };
  let echoFailures = 0;
  for (const c of suite.cases) {
    tally[c.outcome]++;
    if (c.outcome === "failed" && c.findings.some((f) => f.ruleId === ECHO_RULE)) echoFailures++;
  }
  assert.deepEqual(suite.counts, tally, where);
  assert.equal(suite.rules.find((r) => r.id === ECHO_RULE)?.failures, echoFailures, where);
  assert.equal(report.verdict, suite.verdict, where);
  // The implementation's own faults (errored cases with a fault) make it not conformant; the
  // other errored cases (the kit could not judge them) leave the suite incomplete.
  const faulted = suite.cases.filter((c) => c.outcome === "errored" && c.fault).length;
  const expectedVerdict = tally.failed > 0 || faulted > 0
    ? "not-conformant"
    : tally.errored > 0 || suite.startError
    ? "incomplete"
    : "conformant";
  assert.equal(suite.verdict, expectedVerdict, where);
  const blamedCase = suite.cases.find((c) => c.outcome === "errored");
  if (row.blamed) {
    assert.equal(blamedCase?.outcome === "errored" && blamedCase.fault?.kind, row.blamed, where);
    assert.equal(suite.faults?.implementation.reduce((n, g) => n + g.cases, 0), faulted, where);
  }
  if (row.message) {
    assert.match(blamedCase?.outcome === "errored" ? blamedCase.message : "", row.message, where);
  }
  const got = outcomes(suite);
  switch (row.expected) {
    case "start":
      assert.ok(suite.startError, `expected a start error: ${where}`);
      assert.equal(suite.cases.length, 0, where);
      break;
    case "down":
      assert.equal(got, "before:errored fault:errored after:errored", where);
      break;
    case "gone":
      assert.equal(got, "before:passed fault:errored after:errored", where);
      break;
    case "passed":
      assert.equal(suite.startError, undefined, where);
      assert.equal(got, "before:passed fault:passed after:passed", where);
      break;
    case "errored":
    case "skipped":
      assert.equal(got, `before:passed fault:${row.expected} after:passed`, where);
      break;
    case "blamed-next": {
      assert.equal(got, "before:passed fault:failed after:errored", where);
      const after = suite.cases[2] as { message: string };
      // Blamed on the next request: unsent when the second answer came first, else in flight.
      assert.match(after.message, /answered seq \d+ a second time/, where);
      break;
    }
    case "finding": {
      assert.equal(got, "before:passed fault:failed after:passed", where);
      const fault = suite.cases[1] as { findings: { ruleId: string }[] };
      assert.deepEqual(fault.findings.map((f) => f.ruleId), [ECHO_RULE], where);
      break;
    }
  }
  const skipped = suite.cases.find((c) => c.outcome === "skipped");
  if (skipped?.outcome === "skipped") assert.ok(skipped.reason.length <= 4096, where);
}

for (const row of FAULT_ROWS) {
  Deno.test({
    name: rowName(row),
    ignore: row.known !== undefined && !RUN_KNOWN,
    sanitizeOps: false,
    sanitizeResources: false,
    async fn() {
      const run = await resultOf(row);
      const errored = (JSON.parse(run.json) as Report).suites[0]?.cases.find((c) =>
        c.outcome === "errored"
      );
      const blamed = errored?.outcome === "errored" ? errored.fault?.kind ?? "-" : "-";
      console.log(
        `${row.transport} | ${row.fault} | ${row.expected} | blamed ${blamed} | ${
          Math.round(run.elapsedMs)
        } ms`,
      );
      assertRow(row, run);
    },
  });
}

/** The rows whose report must not depend on how many cases are in flight. */
const SAME_AT_ANY_CONCURRENCY = FAULT_ROWS.filter((r) =>
  r.transport === "mcp-stdio" &&
  ["hang", "late answer", "partial line", "MCP drop"].includes(r.fault)
);

Deno.test({
  name:
    "fault injection: mcp-stdio: a stuck or dropped server gives the same report at concurrency 1 and 8",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    assert.equal(SAME_AT_ANY_CONCURRENCY.length, 4);
    for (const row of SAME_AT_ANY_CONCURRENCY) {
      const index = FAULT_ROWS.indexOf(row);
      // All three cases in flight at once: the one after the fault is queued behind it.
      const many = await runRow(row, index, 8);
      assert.deepEqual(many.leftover, [], `processes left behind: ${rowName(row)}`);
      const one = await resultOf(row);
      assert.equal(many.json, one.json, `${rowName(row)}\n${summary(many.json)}`);
    }
  },
});

Deno.test("fault injection: a variant of a fault expects what its fault's row expects", () => {
  const variants = FAULT_ROWS.filter((r) => r.variantOf);
  assert.ok(variants.length > 0);
  for (const v of variants) {
    const base = FAULT_ROWS.find((r) => r.fault === v.variantOf && r.transport === v.transport);
    assert.ok(base, `no row "${v.variantOf}" on ${v.transport} for ${rowName(v)}`);
    assert.equal(v.expected, base.expected, rowName(v));
  }
});

/** Markdown as `deno fmt` writes it with the project's settings. */
async function formatMarkdown(text: string): Promise<string> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["fmt", "--ext=md", "-"],
    cwd: new URL("../../", import.meta.url).pathname,
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(text));
  await writer.close();
  const { code, stdout, stderr } = await child.output();
  assert.equal(code, 0, new TextDecoder().decode(stderr));
  return new TextDecoder().decode(stdout);
}

Deno.test("fault injection: docs/reliability.md is the table of the rows", async () => {
  const table = await formatMarkdown(reliabilityTable(FAULT_ROWS));
  if (Deno.env.get("CONFORM_UPDATE_FAULTS") === "1") await Deno.writeTextFile(DOC, table);
  assert.equal(
    await Deno.readTextFile(DOC),
    table,
    "docs/reliability.md is stale: run CONFORM_UPDATE_FAULTS=1 deno test -A conformance/faults/",
  );
});

Deno.test("fault injection: the reliability matrix of docs/internals.md is the summary of the rows", async () => {
  const readme = await Deno.readTextFile(README);
  const start = readme.indexOf(SUMMARY_START);
  const end = readme.indexOf(SUMMARY_END);
  assert.ok(start >= 0 && end > start, "docs/internals.md has no reliability matrix markers");
  const matrix = (await formatMarkdown(reliabilitySummary(FAULT_ROWS) + "\n")).trimEnd();
  const current = readme.slice(start, end + SUMMARY_END.length);
  if (Deno.env.get("CONFORM_UPDATE_FAULTS") === "1") {
    await Deno.writeTextFile(README, readme.replace(current, matrix));
  } else {
    assert.equal(
      current,
      matrix,
      "the reliability matrix of docs/internals.md is stale: run CONFORM_UPDATE_FAULTS=1 deno test -A conformance/faults/",
    );
  }
});

Deno.test("fault injection: the process finder sees a marked process, and not once it is gone", async () => {
  const marker = `netconform-fault-probe-${crypto.randomUUID()}`;
  const child = new Deno.Command(pythonPath(), {
    args: ["-c", "import time; time.sleep(30)", marker],
  }).spawn();
  try {
    assert.deepEqual(await processesWith(marker), [String(child.pid)]);
  } finally {
    child.kill("SIGKILL");
    await child.status;
  }
  assert.deepEqual(await processesWith(marker), []);
});

Deno.test("fault injection: the report schema rejects a lost finding or an empty error", () => {
  const suite = {
    target: "t",
    adapter: "a",
    profile: "p",
    seed: 1,
    runs: 0,
    rules: [],
    counts: { passed: 0, failed: 1, skipped: 0, errored: 1 },
    verdict: "not-conformant",
  };
  const report = (cases: unknown[]) => ({
    kit: { name: "netconform", version: "0" },
    seed: 1,
    timestamp: "2026-01-01T00:00:00Z",
    verdict: "not-conformant",
    suites: [{ ...suite, cases }],
  });
  const failed = { id: "a", description: "", outcome: "failed" };
  const errored = { id: "b", description: "", outcome: "errored" };
  const must = { ruleId: "R", level: "MUST", instancePath: "", message: "m" };
  assert.ok(validate(report([{ ...failed, findings: [must] }, { ...errored, message: "x" }])));
  assert.ok(!validate(report([{ ...failed, findings: [] }])));
  assert.ok(!validate(report([{ ...failed, findings: [{ ...must, level: "SHOULD" }] }])));
  assert.ok(!validate(report([{ ...errored, message: "" }])));
  assert.ok(!validate(report([{ ...errored, message: "x", findings: [must] }])));
});

Deno.test("fault injection: every transport and every fault of the issue has a row", () => {
  const transports = new Set(FAULT_ROWS.map((r) => r.transport));
  assert.deepEqual([...transports].sort(), [
    "http",
    "http-agent",
    "mcp-http",
    "mcp-stdio",
    "subprocess",
  ]);
  const faults = new Set(FAULT_ROWS.map((r) => r.fault));
  for (
    const f of [
      "crash",
      "exit 0",
      "hang",
      "late answer",
      "garbage",
      "partial line",
      "huge line",
      "invalid UTF-8",
      "stderr flood",
      "wrong seq",
      "duplicate seq",
      "out-of-order seq",
      "wrong version",
      "slow start",
      "never starts",
      "MCP drop",
      "HTTP 500",
      "nothing listening",
    ]
  ) assert.ok(faults.has(f), `no row for "${f}"`);
  const names = FAULT_ROWS.map(rowName);
  assert.equal(new Set(names).size, names.length, "two rows have the same name");
});
