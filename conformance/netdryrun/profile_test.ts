import assert from "node:assert/strict";
import fc from "fast-check";
import { Ajv2020 } from "ajv/dist/2020.js";
import { checkProfile } from "../../src/core/check_profile.ts";
import { evaluateFixtureTest, loadFixtures } from "../../src/core/fixtures.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { netdryrunProfile } from "./profile.ts";
import { netdryrunSchemaUrl } from "./schema.ts";

const seed = resolveSeed();
console.log(`netdryrun profile_test seed: ${seed} (set CONFORM_SEED to vary)`);

const specUrl = new URL(
  "../../../shared/specs/netdryrun-mcp-result-v1.schema.json",
  import.meta.url,
);
const specBytes = (() => {
  try {
    return Deno.readFileSync(specUrl);
  } catch {
    return undefined;
  }
})();

Deno.test({
  name: "the shipped schema is the spec's file, byte for byte",
  ignore: specBytes === undefined,
  fn() {
    assert.deepEqual(Deno.readFileSync(netdryrunSchemaUrl), specBytes);
  },
});

Deno.test("the shipped schema compiles unchanged, with strict mode on except strictTypes", () => {
  const schema = JSON.parse(Deno.readTextFileSync(netdryrunSchemaUrl));
  assert.equal(schema.$id, "https://netdryrun.com/schemas/mcp-result-v1.json");
  // Full strict mode rejects the spec's `maxItems` inside `then`: the reason for strictTypes: false.
  assert.throws(() => new Ajv2020({ strict: true }).compile(schema), /strictTypes/);
  const validate = new Ajv2020({ strict: true, strictTypes: false }).compile(schema);
  assert.equal(
    validate({ status: "error", error: "x", verdict: "DO NOT APPLY THIS CHANGE" }),
    true,
  );
});

Deno.test("the root anyOf waves a partial error run through; the profile does not", () => {
  const schema = JSON.parse(Deno.readTextFileSync(netdryrunSchemaUrl));
  const root = new Ajv2020({ strict: true, strictTypes: false }).compile(schema);
  const partial = {
    status: "error",
    error: "lab failed",
    verdict: "DO NOT APPLY THIS CHANGE",
    passed: "3",
    checks: "none",
  };
  assert.equal(root(partial), true, "the schema as it stands accepts it as a setup error");
  const fired = new Set(netdryrunProfile.check(partial, { tool: "dry_run" }).map((f) => f.ruleId));
  assert.deepEqual([...fired].sort(), ["NDR-BRANCH", "NDR-SCHEMA"]);
});

Deno.test("golden fixtures agree with the profile, and every rule has one that violates it alone", async () => {
  const files = await loadFixtures(netdryrunProfile.fixtures);
  assert.ok(files.length >= 5);
  const problems: string[] = [];
  const alone = new Set<string>();
  let count = 0;
  for (const file of files) {
    assert.equal(file.profile, netdryrunProfile.id);
    file.tests.forEach((test, i) => {
      count++;
      const verdict = evaluateFixtureTest(netdryrunProfile, test);
      if (!verdict.ok) problems.push(`${file.path}#${i} "${test.description}": ${verdict.problem}`);
      if (verdict.ok && verdict.fired.length === 1) alone.add(verdict.fired[0]);
    });
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(netdryrunProfile.rules.map((r) => r.id).filter((id) => !alone.has(id)), []);
  assert.ok(count >= 100, `only ${count} fixture tests`);
});

Deno.test("every rule has a mutation, and every mutation names a rule of the profile", () => {
  const ids = new Set(netdryrunProfile.rules.map((r) => r.id));
  const covered = new Set(netdryrunProfile.mutations.map((m) => m.ruleId));
  assert.deepEqual([...ids].filter((id) => !covered.has(id)), []);
  for (const m of netdryrunProfile.mutations) assert.ok(ids.has(m.ruleId), m.id);
  assert.equal(
    new Set(netdryrunProfile.mutations.map((m) => m.id)).size,
    netdryrunProfile.mutations.length,
  );
});

Deno.test("a mutation property can fail: a profile whose check ignores a rule is caught", () => {
  const blind = {
    ...netdryrunProfile,
    check: (value: unknown, context?: Record<string, unknown>) =>
      netdryrunProfile.check(value, context).filter((f) => f.ruleId !== "NDR-COUNTS"),
  };
  const details = checkProfile(blind, {
    seed,
    numRuns: 20,
    only: ["mutation:bump-passed", "valid"],
  });
  assert.deepEqual(details.map((d) => [d.property, d.failed]), [["valid", false], [
    "mutation:bump-passed",
    true,
  ]]);
});

Deno.test("2,000 generated valid documents (fixed seed) have zero findings", () => {
  const samples = fc.sample(netdryrunProfile.valid(), { seed, numRuns: 2_000 });
  const bad = samples.filter((s) => netdryrunProfile.check(s.value, s.context).length > 0);
  assert.equal(bad.length, 0, JSON.stringify(bad[0])?.slice(0, 2000));
});

Deno.test({
  name: "100,000 generated valid documents have zero findings (CONFORM_LONG=1)",
  ignore: Deno.env.get("CONFORM_LONG") !== "1",
  fn() {
    let checked = 0;
    for (let chunk = 0; chunk < 20; chunk++) {
      const samples = fc.sample(netdryrunProfile.valid(), { seed: seed + chunk, numRuns: 5_000 });
      for (const s of samples) {
        const findings = netdryrunProfile.check(s.value, s.context);
        assert.deepEqual(findings, [], `seed ${seed + chunk}: ${JSON.stringify(s).slice(0, 2000)}`);
        checked++;
      }
    }
    assert.equal(checked, 100_000);
  },
});
