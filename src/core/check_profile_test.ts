import assert from "node:assert/strict";
import fc from "fast-check";
import { counterProfile } from "./testdata/counter_profile.ts";
import { assertProfile, checkProfile } from "./check_profile.ts";
import type { Profile } from "./types.ts";

const seed = 99;

Deno.test("check profile: a mutation caught by another rule fails with a replay", () => {
  const broken: Profile = {
    ...counterProfile,
    mutations: [{
      ...counterProfile.mutations.find((m) => m.id === "bump-total")!,
      ruleId: "C-DONE",
    }] as Profile["mutations"],
  };
  const [, , mutation] = checkProfile(broken, { seed, numRuns: 20 });
  assert.equal(mutation.property, "mutation:bump-total");
  assert.equal(mutation.failed, true);
  assert.match(mutation.error!, /must be caught by "C-DONE" alone, got \[C-TOTAL\]/);
  assert.match(mutation.replay!, /^\{ seed: 99, path: "[0-9:]+" \}$/);
  // The replay path reproduces the same counterexample.
  const again = checkProfile(broken, {
    seed,
    numRuns: 20,
    path: mutation.counterexamplePath,
    only: ["mutation:bump-total"],
  });
  assert.deepEqual(again[0].counterexample, mutation.counterexample);
  assert.throws(() => assertProfile(broken, { seed, numRuns: 20 }), /replay: \{ seed: 99/);
});

Deno.test("check profile: a mutation at the wrong path fails", () => {
  const m = counterProfile.mutations.find((m) => m.id === "bump-total")!;
  const broken: Profile = {
    ...counterProfile,
    mutations: [{
      ...m,
      mutate: (v: unknown) => m.mutate(v as never)?.map((x) => ({ ...x, instancePath: "/failed" })),
    }] as Profile["mutations"],
  };
  const details = checkProfile(broken, { seed, numRuns: 10, only: ["mutation:bump-total"] });
  assert.match(details[0].error!, /broke "\/failed" but "C-TOTAL" reported \["\/total"\]/);
});

Deno.test("check profile: a generator of invalid values fails the valid property", () => {
  const broken: Profile = {
    ...counterProfile,
    valid: () => fc.constant({ value: { success: true } }),
  };
  const [valid] = checkProfile(broken, { seed, numRuns: 5, only: ["valid"] });
  assert.equal(valid.failed, true);
  assert.match(valid.error!, /valid sample has findings: C-SHAPE/);
});

Deno.test("check profile: a mutation that never applies is reported by assertProfile", () => {
  const broken: Profile = {
    ...counterProfile,
    mutations: [{ id: "never", ruleId: "C-TOTAL", description: "", mutate: () => undefined }],
  };
  assert.throws(() => assertProfile(broken, { seed, numRuns: 5 }), /never: never applied/);
});

Deno.test("check profile: a check that throws fails the total property", () => {
  const broken: Profile = {
    ...counterProfile,
    check: (v: unknown) => {
      if (typeof v === "string") throw new TypeError("boom");
      return [];
    },
  };
  const [total] = checkProfile(broken, { seed, numRuns: 200, only: ["total"] });
  assert.equal(total.failed, true);
});
