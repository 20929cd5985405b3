// The GNS3 Copilot stack's reference agent (examples/gns3_copilot_agent: FastAPI, pydantic,
// LangGraph, langchain-openai, uvicorn) over HTTP: the reference conforms on the fixed cases
// and each mutant fails with exactly the rules named for its bug. One Python process serves
// the reference and every mutant (the project id names which: `server.py --all-by-project`),
// started once for the file: Python and LangGraph take about 3 s to import.
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Adapter } from "../../src/core/types.ts";
import { pythonEnvForTest } from "../_python_env.ts";
import { gns3CopilotAdapter, gns3CopilotTargets } from "./_gns3_copilot_targets.ts";
import { chatLimitsSuite } from "./suite.ts";

const seed = resolveSeed();
console.log(`chat_limits gns3_copilot_agent_test seed: ${seed} (set CONFORM_SEED to vary)`);
const env = pythonEnvForTest("agent", "the GNS3 Copilot stack reference agent tests");
/** One server for the whole file; runSuite's start/close leave it running. */
function sharedAdapter(): { adapter: Adapter; close: () => Promise<void> } {
  const inner = gns3CopilotAdapter({ allByProject: true });
  let started: Promise<unknown> | undefined;
  return {
    adapter: {
      kind: inner.kind,
      start: async (call) => {
        started ??= inner.start(call);
        await started;
        return { name: "GNS3 Copilot reference agent (test server)" };
      },
      run: (request, call) => inner.run(request, call),
      close: () => Promise.resolve(),
      stderr: () => inner.stderr?.() ?? "",
    },
    close: () => inner.close(),
  };
}

/** Which fixed cases show each mutant's bug (a few, to keep the file fast). */
const CASES: Record<string, string[]> = {
  "unchecked-bounds": ["request-iterations-0", "request-tool-calls-51"],
  "check-after-execute": ["boundary-design-3-of-5", "boundary-tool-calls-1-batch"],
  "unanswered-refusal": ["boundary-design-2-batch-3"],
  "leaks-count": ["boundary-per-request"],
  "ignores-remaining-steps": ["boundary-iterations-2"],
  "tool-on-last-iteration": ["boundary-iterations-2"],
  "no-limit-message": ["boundary-design-2-batch-3"],
  "silent-iteration-stop": ["boundary-iterations-2"],
};

/** Cases of the other rules: defaults, nulls, tool errors, a numeric string. */
const EXTRA = [
  "boundary-iterations-1",
  "boundary-exact-fit",
  "boundary-tool-error",
  "boundary-nulls",
  "request-iterations-q10q",
  "request-iterations-101",
];

Deno.test({
  name:
    `GNS3 Copilot stack: the reference conforms and each mutant fails with its rules (seed ${seed})`,
  ignore: env.ignore,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const shared = sharedAdapter();
    try {
      await t.step("the reference agent conforms on the cases that catch its mutants", async () => {
        // Every fixed case (a 100-iteration session among them) takes about 11 s here: the
        // conform command's run (docs/chat-limits.md) certifies on all of them.
        const caseIds = [...new Set([...Object.values(CASES).flat(), ...EXTRA])];
        const report = await runSuite(chatLimitsSuite, shared.adapter, {
          target: "reference",
          seed,
          runs: 0,
          caseIds,
          options: { surface: "http-agent", project_id: "reference", volatile: [] },
          caseTimeoutMs: 60_000,
        });
        assert.equal(report.startError, undefined);
        assert.equal(report.counts.errored, 0);
        assert.equal(report.cases.length, caseIds.length);
        const fired = report.rules.filter((r) => r.failures > 0).map((r) => r.id);
        // Pydantic's lax mode coerces "10" (the design's model, unchanged): a SHOULD warning.
        assert.deepEqual(fired, ["CL-REQ-STRICT-TYPES"]);
        assert.equal(report.verdict, "conformant-with-warnings");
      });
      for (const target of gns3CopilotTargets.slice(1)) {
        const flaw = target.name.replace("chat-limits-gns3-copilot-mutant-", "");
        await t.step(`${flaw} is caught by ${target.mutant!.breaks.join(", ")}`, async () => {
          const report = await runSuite(chatLimitsSuite, shared.adapter, {
            target: target.name,
            seed,
            runs: 0,
            caseIds: CASES[flaw],
            options: { surface: "http-agent", project_id: flaw, volatile: [] },
            caseTimeoutMs: 60_000,
          });
          assert.equal(report.counts.errored, 0);
          assert.equal(report.cases.length, CASES[flaw].length);
          const fired = report.rules.filter((r) => r.failures > 0).map((r) => r.id).sort();
          assert.deepEqual(fired, [...target.mutant!.breaks].sort());
        });
      }
    } finally {
      await shared.close();
    }
  },
});
