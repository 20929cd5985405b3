/**
 * Over Streamable HTTP, blame is as exact as over stdio (issue 25, item 2): a server the kit
 * starts that dies mid-call errors only the calls that crash it by themselves (dry_run), with
 * a message that says the server went away and how it ended; the calls in flight beside them
 * are sent again, alone, to a fresh server, and pass.
 */
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { netdryrunMcpSuite } from "./suite.ts";
import { REFERENCE_OPTIONS, referenceHttpAdapter } from "./reference_adapter.ts";

async function outcomes(concurrency: number) {
  const report = await runSuite(
    netdryrunMcpSuite,
    referenceHttpAdapter({ mutant: "crash-mid-call", maxRestarts: 100 }),
    { target: "crash-over-http", seed: 20261130, options: REFERENCE_OPTIONS, concurrency },
  );
  return report.cases.map((c) => ({
    id: c.id,
    outcome: c.outcome,
    message: c.outcome === "errored" ? c.message : undefined,
  }));
}

Deno.test("crash over HTTP: only the calls that crash the server are errored, at concurrency 1 and 8", async () => {
  const one = await outcomes(1);
  const eight = await outcomes(8);
  assert.deepEqual(eight, one);
  const errored = one.filter((c) => c.outcome === "errored");
  assert.ok(errored.length > 0, "the mutant crashed no call");
  assert.deepEqual(
    errored.map((c) => c.id),
    one.filter((c) => c.id.startsWith("dry_run/")).map((c) => c.id),
  );
  for (const c of errored) assert.match(c.message!, /went away.*exited with code 70/s, c.id);
});
