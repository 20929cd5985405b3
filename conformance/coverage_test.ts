/**
 * Cross-profile guarantees, for every profile in the registry: the golden fixtures agree with
 * the profile, every rule has a fixture that violates it alone and a mutation that it alone
 * catches, generated valid values have zero findings, and `check` is total.
 */
import assert from "node:assert/strict";
import { assertProfile } from "../src/core/check_profile.ts";
import { evaluateFixtureTest, loadFixtures } from "../src/core/fixtures.ts";
import { resolveSeed } from "../src/core/seed.ts";
import { embeddedTargets, profiles } from "./registry.ts";

const seed = resolveSeed();
console.log(`coverage_test seed: ${seed} (set CONFORM_SEED to vary)`);

const specsDir = new URL("../../shared/specs/", import.meta.url);
const canReadSpecs = (() => {
  try {
    return Deno.statSync(specsDir).isDirectory;
  } catch {
    return false;
  }
})();

for (const profile of profiles) {
  Deno.test(`${profile.id}: rule ids are unique and every citation exists`, () => {
    const ids = profile.rules.map((r) => r.id);
    assert.equal(new Set(ids).size, ids.length, `duplicate rule ids in ${ids.join(", ")}`);
    for (const rule of profile.rules) {
      assert.ok(rule.statement.length > 0 && !rule.statement.includes("\n"), rule.id);
      const local = new URL(`../${rule.cite.spec}`, import.meta.url);
      const exists = (url: URL) => {
        try {
          return Deno.statSync(url).isFile;
        } catch {
          return false;
        }
      };
      if (/^https:\/\//.test(rule.cite.spec)) {
        // An external specification (MCP): its quote is recorded, not read.
        assert.ok(rule.cite.quote, `${rule.id} cites "${rule.cite.spec}" without a quote`);
      } else if (rule.cite.spec.startsWith("spec-notes/")) {
        assert.ok(exists(local), `${rule.id} cites missing "${rule.cite.spec}"`);
      } else if (canReadSpecs) {
        assert.ok(
          exists(new URL(rule.cite.spec, specsDir)),
          `${rule.id} cites "${rule.cite.spec}"`,
        );
      }
    }
  });

  Deno.test(`${profile.id}: golden fixtures agree with the profile`, async () => {
    const files = await loadFixtures(profile.fixtures);
    assert.ok(files.length > 0, `no fixture files in ${profile.fixtures}`);
    const known = new Set(profile.rules.map((r) => r.id));
    const problems: string[] = [];
    for (const file of files) {
      assert.equal(file.profile, profile.id, `${file.path} names profile "${file.profile}"`);
      file.tests.forEach((test, i) => {
        for (const id of test.rules ?? []) {
          if (!known.has(id)) problems.push(`${file.path}#${i}: unknown rule "${id}"`);
        }
        const verdict = evaluateFixtureTest(profile, test);
        if (!verdict.ok) {
          problems.push(
            `${file.path}#${i} "${test.description}": ${verdict.problem}\n    ${
              JSON.stringify(verdict.findings.map((f) => [f.ruleId, f.instancePath, f.message]))
            }`,
          );
        }
      });
    }
    assert.deepEqual(problems, []);
  });

  Deno.test(`${profile.id}: every rule has a fixture that violates it alone`, async () => {
    const files = await loadFixtures(profile.fixtures);
    const alone = new Set<string>();
    for (const file of files) {
      for (const test of file.tests) {
        const { fired, ok } = evaluateFixtureTest(profile, test);
        if (ok && fired.length === 1) alone.add(fired[0]);
      }
    }
    const missing = profile.rules.map((r) => r.id).filter((id) => !alone.has(id));
    assert.deepEqual(missing, [], `rules without a violating-alone fixture`);
  });

  Deno.test(`${profile.id}: every rule has a mutation that it alone catches`, () => {
    const covered = new Set(profile.mutations.map((m) => m.ruleId));
    const missing = profile.rules.map((r) => r.id).filter((id) => !covered.has(id));
    assert.deepEqual(missing, [], "rules without a mutation");
    const known = new Set(profile.rules.map((r) => r.id));
    for (const m of profile.mutations) assert.ok(known.has(m.ruleId), `${m.id}: "${m.ruleId}"`);
  });

  Deno.test(`${profile.id}: properties hold (valid, total, each mutation) for seed ${seed}`, () => {
    assertProfile(profile, { seed, numRuns: 100 });
  });
}

Deno.test("registry: target names are unique and every mutant names rules of its profiles", () => {
  const names = embeddedTargets.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  const ids = new Set(profiles.map((p) => p.id));
  for (const t of embeddedTargets) {
    for (const p of t.profiles) assert.ok(ids.has(p), `${t.name}: unknown profile "${p}"`);
    if (!t.mutant) continue;
    assert.ok(t.mutant.breaks.length > 0 || t.mutant.errored, `${t.name} breaks nothing`);
    const known = new Set(
      profiles.filter((p) => t.profiles.includes(p.id)).flatMap((p) => p.rules.map((r) => r.id)),
    );
    for (const id of t.mutant.breaks) assert.ok(known.has(id), `${t.name}: unknown rule "${id}"`);
  }
  // Every profile has a reference target, so `deno task conform` covers it.
  for (const p of profiles) {
    assert.ok(
      embeddedTargets.some((t) => !t.mutant && t.profiles.includes(p.id)),
      `no reference target runs "${p.id}"`,
    );
  }
});
