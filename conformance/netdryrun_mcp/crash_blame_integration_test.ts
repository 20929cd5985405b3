/**
 * The crash-mid-call mutant gives the same report at any concurrency: only the calls that
 * crash the server by themselves (dry_run) are errored, the cases in flight beside them pass.
 * Over Streamable HTTP blame is as exact as over stdio (issue 25, item 2), and the message
 * says the server went away and how it ended.
 */
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import type { Adapter } from "../../src/core/types.ts";
import { netdryrunMcpSuite } from "./suite.ts";
import { netdryrunMcpTargets } from "./targets.ts";
import { REFERENCE_OPTIONS, referenceHttpAdapter } from "./reference_adapter.ts";

const target = netdryrunMcpTargets.find((t) => t.name === "netdryrun-mcp-mutant-crash-mid-call")!;

const SEED = 20261130;

/**
 * Every case but the dry runs past the first two: each dry run crashes the server, which is
 * then started again (a Deno process, about half a CPU-second); two show the blame as well as
 * seven, beside the same neighbours.
 */
function caseIds(options: Record<string, unknown>): string[] {
  const ids = (netdryrunMcpSuite.cases({ seed: SEED, runs: 1, options }) as { id: string }[]).map((
    c,
  ) => c.id);
  const dryRuns = ids.filter((id) => id.startsWith("dry_run/"));
  assert.ok(dryRuns.length >= 2, `${dryRuns.length} dry runs`);
  return ids.filter((id) => !id.startsWith("dry_run/") || dryRuns.indexOf(id) < 2);
}

/** The outcome of every case, with the message of each errored one. */
async function outcomes(adapter: Adapter, options: Record<string, unknown>, concurrency: number) {
  const report = await runSuite(netdryrunMcpSuite, adapter, {
    target: target.name,
    seed: SEED,
    options,
    concurrency,
    caseIds: caseIds(options),
    // Restarts after each crash are slow on a loaded machine; this test is about blame.
    caseTimeoutMs: 60_000,
  });
  return report.cases.map((c) => ({
    id: c.id,
    outcome: c.outcome,
    message: c.outcome === "errored" ? c.message : undefined,
  }));
}

/** Asserts the same outcomes at concurrency 1 and 8, only dry_run errored, each saying `why`. */
async function assertExactBlame(
  create: () => Adapter,
  options: Record<string, unknown>,
  why: RegExp,
): Promise<void> {
  const one = await outcomes(create(), options, 1);
  assert.deepEqual(await outcomes(create(), options, 8), one);
  const errored = one.filter((c) => c.outcome === "errored");
  assert.ok(errored.length > 0, "the mutant crashed no call");
  assert.deepEqual(
    errored.map((c) => c.id),
    one.filter((c) => c.id.startsWith("dry_run/")).map((c) => c.id),
  );
  for (const c of errored) assert.match(c.message!, why, c.id);
}

Deno.test("crash-mid-call: the same cases errored, with the same messages, at concurrency 1 and 8", async () => {
  await assertExactBlame(
    () => target.create(netdryrunMcpSuite.profile.id),
    target.suites[0].options ?? {},
    /exited with code 70/,
  );
});

Deno.test("crash over HTTP: only the calls that crash the server are errored, at concurrency 1 and 8", async () => {
  await assertExactBlame(
    () => referenceHttpAdapter({ mutant: "crash-mid-call", maxRestarts: 100 }),
    REFERENCE_OPTIONS,
    /went away.*exited with code 70/s,
  );
});
