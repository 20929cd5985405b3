// The LangGraph.js agent's mutants are caught by their rules on the cases their golden reports
// show failing (a few each, a seed's worth of runs): a full run of the five costs about 30 s of
// CPU, so their golden reports are compared whole under CONFORM_LONG=1 only
// (`_golden_reports.ts`), and this checks by default that each still breaks what it did.
import assert from "node:assert/strict";
import { runConformance } from "../src/core/run_conformance.ts";
import { embeddedTargets } from "./registry.ts";

const GOLDEN = new URL("./testdata/golden/", import.meta.url);
const SEED = 20261130;

interface GoldenCase {
  id: string;
  outcome: string;
  findings?: { ruleId: string; level: string }[];
}

/** Up to three failing cases of a golden report (the 100-call requests left out) and their MUST rules. */
async function failing(target: string): Promise<{ ids: string[]; rules: string[] }> {
  const report = JSON.parse(await Deno.readTextFile(new URL(`${target}.json`, GOLDEN)));
  const cases = (report.suites[0].cases as GoldenCase[])
    .filter((c) => c.outcome === "failed" && !c.id.includes("upper-bounds")).slice(0, 3);
  const rules = new Set(
    cases.flatMap((c) => (c.findings ?? []).filter((f) => f.level === "MUST").map((f) => f.ruleId)),
  );
  return { ids: cases.map((c) => c.id), rules: [...rules].sort() };
}

Deno.test("LangGraph.js agent mutants: each fails, by its rules, the cases its golden report shows", async () => {
  const mutants = embeddedTargets.filter((t) =>
    t.mutant && t.name.startsWith("chat-limits-langgraph-")
  );
  assert.equal(mutants.length, 5);
  const shown = await Promise.all(mutants.map((m) => failing(m.name)));
  // Each on its own cases (a run's case ids are every suite's), side by side.
  const suites = await Promise.all(
    mutants.map(async (m, i) =>
      (await runConformance([m], { seed: SEED, runs: 25, caseIds: shown[i].ids, shrink: false }))
        .suites[0]
    ),
  );
  for (const [i, m] of mutants.entries()) {
    const suite = suites[i];
    assert.ok(shown[i].ids.length > 0, `${m.name}: its golden report fails no case`);
    assert.deepEqual(suite.cases.map((c) => c.id).sort(), [...shown[i].ids].sort(), m.name);
    assert.equal(
      suite.counts.failed,
      shown[i].ids.length,
      `${m.name}: ${JSON.stringify(suite.counts)}`,
    );
    const fired = suite.rules.filter((r) => r.failures > 0 && r.level === "MUST").map((r) => r.id);
    assert.deepEqual(fired.sort(), shown[i].rules, m.name);
    assert.ok(fired.every((id) => m.mutant!.breaks.includes(id)), `${m.name}: ${fired}`);
  }
});
