import assert from "node:assert/strict";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { chatLimitsSuite } from "./suite.ts";
import { pythonPath } from "../../src/testing/python_path.ts";

const seed = resolveSeed();
console.log(`chat_limits python_agent_test seed: ${seed} (set CONFORM_SEED to vary)`);
const AGENT = new URL("../../examples/python/chat_agent.py", import.meta.url).pathname;

const run = (...args: string[]) =>
  runSuite(chatLimitsSuite, subprocessAdapter({ argv: [pythonPath(), AGENT, ...args] }), {
    target: "python-chat-agent",
    seed,
    runs: 40,
  });

Deno.test(`the Python scripted agent (examples/python/chat_agent.py) conforms over the subprocess adapter (seed ${seed})`, async () => {
  const report = await run();
  assert.equal(report.startError, undefined);
  assert.equal(report.implementation?.language, "python");
  assert.deepEqual(report.counts, {
    passed: report.cases.length,
    failed: 0,
    skipped: 0,
    errored: 0,
  });
  assert.equal(report.verdict, "conformant");
});

Deno.test(`the Python agent's flaws are caught by the right rule (seed ${seed})`, async () => {
  for (const [flaw, rule] of [["carry-over", "CL-PER-REQUEST"], ["off-by-one", "CL-TOOL-MAX"]]) {
    const report = await run("--flaw", flaw);
    assert.equal(report.verdict, "not-conformant", flaw);
    assert.deepEqual(report.rules.filter((r) => r.failures > 0).map((r) => r.id), [rule], flaw);
  }
});
