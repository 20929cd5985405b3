// An agent that streams exactly the GNS3 Copilot chat events (tool_start / tool_end without
// tool_call_id, tool_output, done, error; _gns3_shape_agent.ts) is judged over HTTP on every
// enforcement rule the stream can show: it conforms as written, each bug fails with its rule
// and no other, and the findings say only what the evidence shows.
import assert from "node:assert/strict";
import { runSuite } from "../../src/core/run_suite.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import type { Adapter } from "../../src/core/types.ts";
import { agentHttpAdapter } from "./agent_http_adapter.ts";
import { boundarySessions } from "./boundary_cases.ts";
import { serveShapeAgent, SHAPE_AGENT_BUGS } from "./_gns3_shape_agent.ts";
import { ENFORCEMENT_RULE_IDS } from "./rules.ts";
import { chatLimitsSuite } from "./suite.ts";
import { findingsOf } from "../../src/testing/findings_of.ts";

const seed = resolveSeed();
console.log(`chat_limits gns3_shape_agent_test seed: ${seed} (set CONFORM_SEED to vary)`);
const SESSIONS = boundarySessions.map((s) => `boundary-${s.id}`);

async function withAgent(work: (adapter: Adapter) => Promise<void>): Promise<void> {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const modelPort = (probe.addr as Deno.NetAddr).port;
  probe.close();
  const agent = serveShapeAgent(() => `http://127.0.0.1:${modelPort}/v1`);
  const inner = agentHttpAdapter({ baseUrl: agent.url, modelPort });
  await inner.start();
  const adapter: Adapter = {
    kind: inner.kind,
    start: () => Promise.resolve({ name: "GNS3-shape test agent" }),
    run: (r, c) => inner.run(r, c),
    close: () => Promise.resolve(),
  };
  try {
    await work(adapter);
  } finally {
    await inner.close();
    await agent.close();
  }
}

function run(adapter: Adapter, bug: string, caseIds = SESSIONS) {
  return runSuite(chatLimitsSuite, adapter, {
    target: bug,
    seed,
    runs: 0,
    caseIds,
    options: { surface: "http-agent", project_id: bug, volatile: [] },
  });
}

Deno.test(`GNS3 event shape over HTTP: conforms, and each bug fails with its rule alone (seed ${seed})`, async (t) => {
  await withAgent(async (adapter) => {
    await t.step("as written: every boundary session passes (tool_end answers read)", async () => {
      const report = await run(adapter, "ok");
      assert.equal(report.counts.errored, 0);
      assert.equal(report.cases.length, SESSIONS.length);
      const all = report.cases.flatMap((c) => findingsOf(c));
      assert.deepEqual(all, [], JSON.stringify(all[0]));
    });
    for (const [bug, rules] of Object.entries(SHAPE_AGENT_BUGS)) {
      await t.step(`${bug}: ${rules.join(", ")}`, async () => {
        const report = await run(adapter, bug);
        assert.equal(report.counts.errored, 0);
        const fired = report.rules.filter((r) => r.failures > 0).map((r) => r.id).sort();
        assert.deepEqual(
          fired,
          [...rules].sort(),
          JSON.stringify(
            report.cases.flatMap((c) =>
              findingsOf(c).filter((f) => !rules.includes(f.ruleId)).map((f) => [c.id, f.message])
            ),
          ),
        );
        assert.ok(rules.every((id) => ENFORCEMENT_RULE_IDS.includes(id)));
      });
    }
  });
});

Deno.test("GNS3 event shape: finding texts the evidence does not contradict", async (t) => {
  await withAgent(async (adapter) => {
    await t.step(
      "a call answered by a tool_end after the last model call is not dangling",
      async () => {
        const report = await run(adapter, "ok", ["boundary-iterations-2", "boundary-tool-calls-1"]);
        const texts = report.cases.flatMap((c) => findingsOf(c).map((f) => f.message));
        assert.deepEqual(texts, []);
        // The same sessions with the answers left out are dangling calls (the rule can fire).
        const bad = await run(adapter, "unanswered-refusal", ["boundary-tool-calls-1"]);
        const dangling = bad.cases.flatMap((c) => findingsOf(c).map((f) => f.message));
        assert.ok(dangling.some((m) => /dangling/.test(m)), dangling.join("\n"));
      },
    );
    await t.step("a per-request counter that counts refusals is not 'carried over'", async () => {
      const report = await run(adapter, "counts-refused", ["boundary-tool-calls-1"]);
      const findings = report.cases.flatMap((c) => findingsOf(c));
      assert.ok(findings.length > 0);
      for (const f of findings) {
        assert.equal(f.ruleId, "CL-TOOL-COUNTS-EXECUTED");
        assert.doesNotMatch(f.message, /carried|earlier request/);
        assert.match(f.message, /refused ones included/);
      }
      const carried = await run(adapter, "carries-count", ["boundary-per-request"]);
      const texts = carried.cases.flatMap((c) => findingsOf(c).map((f) => f.message));
      assert.ok(
        texts.length > 0 && texts.every((m) => /earlier requests/.test(m)),
        texts.join("\n"),
      );
    });
    await t.step("a 422 to a valid session request is not reported as a tool error", async () => {
      const report = await run(adapter, "rejects-valid", ["boundary-tool-error"]);
      const findings = report.cases.flatMap((c) => findingsOf(c));
      assert.ok(findings.some((f) => f.ruleId === "CL-REQ-ACCEPT"));
      assert.ok(findings.every((f) => f.ruleId !== "CL-TOOL-ERROR"), JSON.stringify(findings));
      assert.ok(findings.every((f) => !/tool error|ended in error/.test(f.message)));
    });
  });
});
