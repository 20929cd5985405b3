import assert from "node:assert/strict";
import { checkProfile } from "../../src/core/check_profile.ts";
import { evaluateFixtureTest, loadFixtures } from "../../src/core/fixtures.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { netdryrunMcpProfile } from "./profile.ts";

const seed = resolveSeed();

Deno.test(`netdryrun.mcp-server/v1 properties hold (valid, total, every mutation) for seed ${seed}`, () => {
  console.log(`seed ${seed} (set CONFORM_SEED to vary)`);
  const details = checkProfile(netdryrunMcpProfile, { seed, numRuns: 40 });
  const bad = details.filter((d) => d.failed || d.numRuns === 0);
  assert.deepEqual(
    bad.map((d) => ({ property: d.property, error: d.error?.slice(0, 800), replay: d.replay })),
    [],
  );
  // Every rule (the results profile's included) has a mutation that applied at least once.
  const applied = new Set(
    details.filter((d) => d.property.startsWith("mutation:") && d.numRuns > 0).map((d) =>
      netdryrunMcpProfile.mutations.find((m) => `mutation:${m.id}` === d.property)!.ruleId
    ),
  );
  assert.deepEqual(netdryrunMcpProfile.rules.map((r) => r.id).filter((id) => !applied.has(id)), []);
});

Deno.test("netdryrun.mcp-server/v1 golden fixtures agree, and each rule has one that violates it alone", async () => {
  const files = await loadFixtures(netdryrunMcpProfile.fixtures);
  const alone = new Set<string>();
  const problems: string[] = [];
  for (const file of files) {
    assert.equal(file.profile, netdryrunMcpProfile.id);
    file.tests.forEach((test, i) => {
      const verdict = evaluateFixtureTest(netdryrunMcpProfile, test);
      if (!verdict.ok) problems.push(`${file.path}#${i} "${test.description}": ${verdict.problem}`);
      else if (verdict.fired.length === 1) alone.add(verdict.fired[0]);
    });
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(netdryrunMcpProfile.rules.map((r) => r.id).filter((id) => !alone.has(id)), []);
});

// Every rule's citation (spec or spec-notes file) is checked for all profiles in
// conformance/coverage_test.ts.
