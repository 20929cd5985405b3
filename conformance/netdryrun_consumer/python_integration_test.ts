// The consumer profile across languages: the Python example gate and its broken variants,
// served by examples/python/netconform_adapter.py (operation decide) over the subprocess
// protocol, as a CI job would certify a gate.
import assert from "node:assert/strict";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { SuiteReport } from "../../src/core/types.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { VERDICT } from "./_result.ts";
import { decideNetdryrunResult } from "./reference.ts";
import { netdryrunConsumerSuite } from "./suite.ts";
import { netdryrunConsumerTargets } from "./targets.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const PY = new URL("../../examples/python/", import.meta.url).pathname;
const PYTHON = pythonPath();
const seed = resolveSeed();
const RUNS = 100;
console.log(`netdryrun_consumer python_test seed: ${seed}`);

function gate(file: string) {
  return subprocessAdapter({
    argv: [PYTHON, `${PY}netconform_adapter.py`, "--operation", "decide", `${PY}${file}:decide`],
    profile: netdryrunConsumerSuite.profile.id,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 500,
  });
}

const fired = (report: SuiteReport) =>
  [...new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)))].sort();

Deno.test(`the Python example gate conforms over the subprocess protocol (seed ${seed})`, async () => {
  const report = await runSuite(netdryrunConsumerSuite, gate("netdryrun_gate.py"), {
    target: "python-gate",
    seed,
    runs: RUNS,
  });
  assert.equal(report.implementation?.language, "python");
  const bad = report.cases.filter((c) => c.outcome !== "passed" || findingsOf(c).length > 0);
  assert.deepEqual(
    bad.map((c) => [c.id, c.outcome === "errored" ? c.message : "", findingsOf(c).slice(0, 2)]),
    [],
  );
  assert.equal(report.verdict, "conformant");
});

Deno.test("the embedded Python gate target conforms and reports no interpreter version", async () => {
  const target = netdryrunConsumerTargets.find((t) => t.name === "netdryrun-consumer-python-gate")!;
  const report = await runSuite(
    netdryrunConsumerSuite,
    target.create(netdryrunConsumerSuite.profile.id),
    {
      target: target.name,
      seed,
      runs: 10,
    },
  );
  assert.equal(report.verdict, "conformant");
  assert.equal(report.adapter, "subprocess");
  assert.equal(report.implementation?.runtime, undefined);
});

const BROKEN: [string, string[]][] = [
  ["fail_in_detail.py", ["NDC-LAB-TEXT"]],
  ["case_insensitive.py", ["NDC-STATUS-EXACT"]],
  ["verdict_only.py", [
    "NDC-NON-RESULT",
    "NDC-STATUS-EXACT",
    "NDC-STATUS-UNKNOWN",
    "NDC-VERDICT-TEXT",
  ]],
  ["crashes_on_setup_error.py", ["NDC-SETUP-ERROR"]],
];

for (const [file, rules] of BROKEN) {
  Deno.test(`the broken Python gate ${file} is caught by exactly ${rules.join(", ")}`, async () => {
    const report = await runSuite(netdryrunConsumerSuite, gate(`broken_gates/${file}`), {
      target: file,
      seed,
      runs: RUNS,
    });
    assert.equal(
      report.counts.errored,
      0,
      JSON.stringify(report.cases.find((c) => c.outcome === "errored")),
    );
    assert.deepEqual(fired(report), rules);
    assert.equal(report.verdict, "not-conformant");
  });
}

Deno.test("the gate's command line: exit 0 apply, 1 do-not-apply, 75 retry", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const cases: [unknown, string[], number][] = [
      [{ status: "passed", verdict: VERDICT.passed }, [], 0],
      [{ status: "PASSED", verdict: VERDICT.passed }, [], 1],
      [{ status: "inconclusive", verdict: VERDICT.inconclusive }, [], 75],
      [{ status: "inconclusive", verdict: VERDICT.inconclusive }, ["--attempt", "2"], 1],
    ];
    for (const [i, [result, flags, code]] of cases.entries()) {
      const file = `${dir}/r${i}.json`;
      await Deno.writeTextFile(file, JSON.stringify(result));
      const out = await new Deno.Command(PYTHON, {
        args: [`${PY}netdryrun_gate.py`, file, ...flags],
        env: { PYTHONDONTWRITEBYTECODE: "1" },
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(out.code, code, `${JSON.stringify(result)} ${flags}`);
    }
    const missing = await new Deno.Command(PYTHON, {
      args: [`${PY}netdryrun_gate.py`, `${dir}/missing.json`],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(missing.code, 1);
    assert.match(new TextDecoder().decode(missing.stdout), /^do-not-apply \(unreadable result/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a gate that is an HTTP endpoint is certified through the HTTP bridge", async () => {
  const start = (decide: (result: unknown, attempt: number) => string) =>
    Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
      const { result, attempt } = await request.json();
      return Response.json({ decision: decide(result, attempt) });
    });
  const bridge = (port: number) =>
    subprocessAdapter({
      argv: [PYTHON, `${PY}http_gate_bridge.py`, `http://127.0.0.1:${port}/decide`],
      profile: netdryrunConsumerSuite.profile.id,
      env: { PYTHONDONTWRITEBYTECODE: "1" },
      closeTimeoutMs: 500,
    });
  const loose = (result: unknown, attempt: number) => {
    const status = (result as { status?: unknown } | null)?.status;
    return typeof status === "string" && status.toLowerCase() === "passed"
      ? "apply"
      : decideNetdryrunResult(result, attempt);
  };
  for (
    const [decide, verdict, rules] of [
      [decideNetdryrunResult, "conformant", []],
      [loose, "not-conformant", ["NDC-STATUS-EXACT"]],
    ] as const
  ) {
    const server = start(decide);
    try {
      const report = await runSuite(netdryrunConsumerSuite, bridge(server.addr.port), {
        target: "http-gate",
        seed,
        runs: 30,
      });
      assert.equal(report.counts.errored, 0);
      assert.deepEqual(fired(report), rules);
      assert.equal(report.verdict, verdict);
    } finally {
      await server.shutdown();
    }
  }
});

Deno.test("the HTTP bridge answers raised when the endpoint fails", async () => {
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    () => new Response("boom", { status: 500 }),
  );
  const adapter = subprocessAdapter({
    argv: [PYTHON, `${PY}http_gate_bridge.py`, `http://127.0.0.1:${server.addr.port}/`],
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    closeTimeoutMs: 500,
  });
  try {
    await adapter.start();
    const reply = await adapter.run({ operation: "decide", input: { result: null, attempt: 1 } });
    assert.equal(reply.kind, "raised");
    assert.match(reply.kind === "raised" ? reply.message : "", /HTTP 500 from the gate: boom/);
  } finally {
    await adapter.close();
    await server.shutdown();
  }
});
