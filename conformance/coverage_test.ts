/**
 * Cross-profile guarantees, for every profile the kit ships (`profiles.ts`): the golden fixtures agree with
 * the profile, every rule has a fixture that violates it alone and a mutation that it alone
 * catches, generated valid values have zero findings, and `check` is total.
 *
 * Each golden fixture test is its own `Deno.test`, named `fixture <file>#<index>: <description>`
 * (as std's TOML test runner registers one test per case), so that a failure names its
 * fixture; the fixture files are loaded before the tests are registered. This is the one test of
 * each profile's own properties (a profile's test file tests what is particular to it).
 */
import assert from "node:assert/strict";
import { assertProfile } from "../src/core/check_profile.ts";
import { evaluateFixtureTest, type FixtureFile, loadFixtures } from "../src/core/fixtures.ts";
import { resolveSeed } from "../src/core/seed.ts";
import { profiles } from "./profiles.ts";

const seed = resolveSeed();
/** Runs of each property: enough for every mutation to show, many more under CONFORM_LONG=1. */
const numRuns = Deno.env.get("CONFORM_LONG") === "1" ? 500 : 30;
console.log(`coverage_test seed: ${seed}, ${numRuns} runs a property (set CONFORM_SEED to vary)`);

const specsDir = new URL("../../shared/specs/", import.meta.url);
const canReadSpecs = (() => {
  try {
    return Deno.statSync(specsDir).isDirectory;
  } catch {
    return false;
  }
})();

const ROOT = decodeURIComponent(new URL("../", import.meta.url).pathname);

interface LoadedFixtures {
  files: FixtureFile[];
  error?: unknown;
}

/** Each profile's fixture files, or why they could not be loaded (reported by a test). */
const fixtureFiles = new Map<string, LoadedFixtures>(
  await Promise.all(profiles.map(async (profile): Promise<[string, LoadedFixtures]> => {
    try {
      return [profile.id, { files: await loadFixtures(profile.fixtures) }];
    } catch (error) {
      return [profile.id, { files: [], error }];
    }
  })),
);

for (const profile of profiles) {
  const { files, error: loadError } = fixtureFiles.get(profile.id)!;

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

  Deno.test(`${profile.id}: golden fixture files load`, () => {
    if (loadError) throw loadError;
    assert.ok(files.length > 0, `no fixture files in ${profile.fixtures}`);
  });

  const known = new Set(profile.rules.map((r) => r.id));
  for (const file of files) {
    const name = file.path.startsWith(ROOT) ? file.path.slice(ROOT.length) : file.path;
    file.tests.forEach((test, i) => {
      Deno.test(`fixture ${name}#${i}: ${test.description}`, () => {
        assert.equal(file.profile, profile.id, `${name} names profile "${file.profile}"`);
        const unknown = (test.rules ?? []).filter((id) => !known.has(id));
        assert.deepEqual(unknown, [], `unknown rules in ${name}#${i}`);
        const verdict = evaluateFixtureTest(profile, test);
        assert.ok(
          verdict.ok,
          `${verdict.problem}\n    ${
            JSON.stringify(verdict.findings.map((f) => [f.ruleId, f.instancePath, f.message]))
          }`,
        );
      });
    });
  }

  Deno.test(`${profile.id}: every rule has a fixture that violates it alone`, () => {
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
    assertProfile(profile, { seed, numRuns });
  });
}
