import assert from "node:assert/strict";
import { inProcessAdapter } from "../adapters/in_process.ts";
import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
import { produceToolResponse } from "../../conformance/tool_response/producer.ts";
import { runSuite } from "./run_suite.ts";
import type { Adapter, Reply } from "./types.ts";

const seed = 5;

function scripted(reply: (n: number) => Reply | Promise<Reply>): Adapter {
  let n = 0;
  return {
    kind: "scripted",
    start: () => Promise.resolve({ name: "scripted" }),
    run: () => Promise.resolve(reply(n++)),
    close: () => Promise.resolve(),
    stderr: () => "last words",
  };
}

Deno.test("run suite: outcomes are passed, failed, skipped and errored, kept apart", async () => {
  const good = produceToolResponse({
    name: "t",
    arguments: { project_id: "x", commands: [], device_names: [] },
    scenario: { devices: [] },
  });
  const replies: Reply[] = [
    { kind: "result", value: good },
    { kind: "result", value: { ...good, total: 3 } },
    { kind: "skipped", reason: "not supported" },
    { kind: "errored", message: "process crashed", stderr: "Segmentation fault" },
    { kind: "raised", type: "KeyError", message: "'nodes'" },
  ];
  const report = await runSuite(toolResponseSuite, scripted((n) => replies[n % 5]), {
    target: "t",
    seed,
    runs: 5,
    concurrency: 1,
  });
  assert.deepEqual(report.cases.map((c) => c.outcome), [
    "passed",
    "failed",
    "skipped",
    "errored",
    "failed",
  ]);
  assert.deepEqual(report.counts, { passed: 1, failed: 2, skipped: 1, errored: 1 });
  assert.equal(report.cases[1].findings[0].ruleId, "TR-TOTAL");
  assert.equal(report.cases[2].reason, "not supported");
  assert.equal(report.cases[3].stderr, "Segmentation fault");
  assert.equal(report.cases[4].findings[0].keyword, "raised");
  assert.equal(report.verdict, "not-conformant");
  const total = report.rules.find((r) => r.id === "TR-TOTAL")!;
  assert.deepEqual([total.cases, total.failures], [3, 1]);
  assert.match(
    report.cases[1].replay,
    /--target t --profile gns3.tool-response\/v1.0 --seed 5 --case generated-1$/,
  );
});

Deno.test("run suite: a hanging implementation is errored at the timeout, not a hang", async () => {
  let aborted = 0;
  const adapter: Adapter = {
    kind: "hang",
    start: () => Promise.resolve({ name: "hang" }),
    run: (_r, o) =>
      new Promise((resolve) => {
        o?.signal?.addEventListener("abort", () => {
          aborted++;
          resolve({ kind: "errored", message: "aborted" });
        });
      }),
    close: () => Promise.resolve(),
  };
  const started = performance.now();
  const report = await runSuite(toolResponseSuite, adapter, {
    target: "t",
    seed,
    runs: 3,
    caseTimeoutMs: 50,
  });
  assert.ok(performance.now() - started < 5000);
  assert.deepEqual(report.counts, { passed: 0, failed: 0, skipped: 0, errored: 3 });
  assert.match(report.cases[0].message!, /timed out after 50 ms/);
  assert.equal(aborted, 3);
  assert.equal(report.verdict, "incomplete");
});

Deno.test("run suite: a start failure is reported, with stderr, and the adapter closed", async () => {
  let closed = false;
  const adapter: Adapter = {
    kind: "broken",
    start: () => Promise.reject(new Error("spawn python9: not found")),
    run: () => Promise.reject(new Error("unreachable")),
    close: () => {
      closed = true;
      return Promise.resolve();
    },
    stderr: () => "command not found",
  };
  const report = await runSuite(toolResponseSuite, adapter, { target: "t", seed, runs: 3 });
  assert.equal(report.verdict, "incomplete");
  assert.match(report.startError!, /spawn python9: not found\nstderr:\ncommand not found/);
  assert.ok(closed);
});

Deno.test("run suite: the same seed gives the same report", async () => {
  const run = () =>
    runSuite(toolResponseSuite, inProcessAdapter((r) => produceToolResponse(r.input as never)), {
      target: "t",
      seed: 77,
      runs: 20,
    });
  const [a, b] = [await run(), await run()];
  assert.deepEqual(a, b);
  const c = await runSuite(
    toolResponseSuite,
    inProcessAdapter((r) => produceToolResponse(r.input as never)),
    { target: "t", seed: 78, runs: 20 },
  );
  assert.notDeepEqual(a.cases.map((x) => x.description), c.cases.map((x) => x.description));
});

Deno.test("run suite: a case filter runs only the named cases", async () => {
  const report = await runSuite(
    toolResponseSuite,
    inProcessAdapter((r) => produceToolResponse(r.input as never)),
    { target: "t", seed, runs: 10, caseIds: ["generated-3", "generated-7"] },
  );
  assert.deepEqual(report.cases.map((c) => c.id), ["generated-3", "generated-7"]);
});
