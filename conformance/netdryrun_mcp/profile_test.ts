import assert from "node:assert/strict";
import { evaluateFixtureTest, loadFixtures } from "../../src/core/fixtures.ts";
import { netdryrunMcpProfile } from "./profile.ts";

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
