/**
 * The crash-mid-call mutant gives the same report at any concurrency: only the calls that
 * crash the server by themselves (dry_run) are errored, the cases in flight beside them pass.
 */
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { netdryrunMcpSuite } from "./suite.ts";
import { netdryrunMcpTargets } from "./targets.ts";

const target = netdryrunMcpTargets.find((t) => t.name === "netdryrun-mcp-mutant-crash-mid-call")!;

async function outcomes(concurrency: number) {
  const report = await runSuite(netdryrunMcpSuite, target.create(netdryrunMcpSuite.profile.id), {
    target: target.name,
    seed: 20261130,
    options: target.suites[0].options,
    concurrency,
  });
  return report.cases.map((c) => ({
    id: c.id,
    outcome: c.outcome,
    message: c.outcome === "errored" ? c.message : undefined,
  }));
}

Deno.test("crash-mid-call: the same cases errored, with the same messages, at concurrency 1 and 8", async () => {
  const one = await outcomes(1);
  assert.deepEqual(await outcomes(8), one);
  const errored = one.filter((c) => c.outcome === "errored").map((c) => c.id);
  assert.deepEqual(errored, one.filter((c) => c.id.startsWith("dry_run/")).map((c) => c.id));
  assert.ok(
    one.filter((c) => c.outcome === "errored").every((c) => /exited with code 70/.test(c.message!)),
  );
});
