/**
 * Issue 14: a case timeout shorter than the request timeout. The runner aborts a hung case's
 * request; the adapter takes its process as hung (as on a request timeout), restarts it and
 * resends the other requests in flight, so that only the hanging cases are errored.
 */
import assert from "node:assert/strict";
import { runSuite } from "../core/run_suite.ts";
import type { Case, Profile, Suite } from "../core/types.ts";
import { subprocessAdapter } from "./subprocess.ts";
import { pythonPath } from "../testing/python_path.ts";

const FAKE = new URL("./testdata/fake_impl.py", import.meta.url).pathname;
const HANGING = new Set([3, 11]);

const suite: Suite = {
  profile: { id: "test.hang/v1", rules: [] } as unknown as Profile,
  cases(): Case[] {
    return Array.from({ length: 20 }, (_, i) => ({
      id: `c${i}`,
      description: HANGING.has(i) ? "hangs" : "answers",
      input: HANGING.has(i) ? { do: "hang" } : { do: "sleep", ms: 20, value: i },
    }));
  },
  async evaluate(c, invoke) {
    const reply = await invoke({ operation: "test", input: c.input });
    assert.equal(reply.kind, "result");
    return { findings: [], checked: [] };
  },
};

async function run(batching: boolean, concurrency: number) {
  const adapter = subprocessAdapter({
    argv: [pythonPath(), FAKE, "ok"],
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 500,
    maxRestarts: 5,
    batching,
  });
  const t0 = performance.now();
  const report = await runSuite(suite, adapter, {
    target: "hang",
    seed: 1,
    runs: 0,
    concurrency,
    caseTimeoutMs: 1_000,
  });
  const errored = report.cases.filter((c) => c.outcome === "errored").map((c) => c.id);
  return { errored, report, ms: performance.now() - t0 };
}

for (const batching of [false, true]) {
  Deno.test(`case timeout < request_ms, one case at a time: only the hanging cases are errored (batching ${batching})`, async () => {
    const { errored, report, ms } = await run(batching, 1);
    assert.deepEqual(errored, ["c3", "c11"]);
    assert.equal(report.counts.passed, 18);
    // Without the restart each hang costs a request_ms (5 s) and the cases queued behind it.
    assert.ok(ms < 9_000, `took ${ms} ms`);
  });
}

Deno.test("case timeout < request_ms, 4 cases at a time: the cases after the hangs run", async () => {
  const { errored, report } = await run(true, 4);
  assert.ok(errored.includes("c3") && errored.includes("c11"), errored.join(", "));
  // The cases in flight with a hang (queued behind it in a sequential process) may run out of
  // their own time too; every case started after them passes.
  const collateral = new Set(["c3", "c4", "c5", "c6", "c11", "c12", "c13", "c14"]);
  assert.deepEqual(errored.filter((id) => !collateral.has(id)), []);
  for (const id of ["c7", "c8", "c9", "c10", "c15", "c16", "c17", "c18", "c19"]) {
    assert.equal(report.cases.find((c) => c.id === id)?.outcome, "passed", id);
  }
});
