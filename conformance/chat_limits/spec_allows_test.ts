// Precision of the chat-limits profile: an agent loop that follows the design's sentences but
// chooses otherwise where the design is silent (it ends a request right after running tools, as
// the design's graph may when few steps remain; its refusals are worded its own way, without the
// limit and the count) is certified conformant, with SHOULD warnings only. A MUST finding here
// would be a rule the design does not state.
import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Request } from "../../src/core/types.ts";
import { type AgentFlaws, runAgentLoop } from "./_agent_loop.ts";
import { chatLimitsSuite } from "./suite.ts";
import type { RunAgentInput } from "./types.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
console.log(`chat_limits spec_allows_test seed: ${seed}`);

const CHOICES: [string, AgentFlaws, string][] = [
  ["ends the request right after running tools", { stopAfterTools: true }, "CL-LOOP"],
  [
    "refuses in its own words, without the limit and the count",
    { vagueMessage: true },
    "CL-LIMIT-COUNTS",
  ],
  [
    "refuses in its own words, limit and count included",
    { rewordedMessage: true },
    "CL-LIMIT-WORDING",
  ],
];

for (const [what, flaws, warns] of CHOICES) {
  Deno.test(`an agent that ${what} is conformant, with ${warns} warnings`, async () => {
    const adapter = inProcessAdapter((request: Request) => ({
      transcripts: runAgentLoop(request.input as RunAgentInput, flaws).transcripts,
    }));
    const report = await runSuite(chatLimitsSuite, adapter, { target: what, seed, runs: 60 });
    const must = report.cases.flatMap((c) => findingsOf(c).filter((f) => f.level === "MUST"));
    assert.deepEqual(must.slice(0, 3), []);
    assert.equal(report.counts.errored, 0);
    assert.equal(report.verdict, "conformant-with-warnings");
    const fired = new Set(report.cases.flatMap((c) => findingsOf(c).map((f) => f.ruleId)));
    assert.deepEqual([...fired], [warns]);
  });
}
