import assert from "node:assert/strict";
import { embeddedTargets, profiles, targetProfiles } from "./registry.ts";

Deno.test("registry: target names are unique and every mutant names rules of its profiles", () => {
  const names = embeddedTargets.map((t) => t.name);
  assert.equal(new Set(names).size, names.length);
  const ids = new Set(profiles.map((p) => p.id));
  for (const t of embeddedTargets) {
    for (const p of targetProfiles(t)) assert.ok(ids.has(p), `${t.name}: unknown profile "${p}"`);
    if (!t.mutant) continue;
    assert.ok(t.mutant.breaks.length > 0 || t.mutant.errored, `${t.name} breaks nothing`);
    const known = new Set(
      profiles.filter((p) => targetProfiles(t).includes(p.id)).flatMap((p) =>
        p.rules.map((r) => r.id)
      ),
    );
    for (const id of t.mutant.breaks) assert.ok(known.has(id), `${t.name}: unknown rule "${id}"`);
  }
  // Every profile has a reference target, so `deno task conform` covers it.
  for (const p of profiles) {
    assert.ok(
      embeddedTargets.some((t) => !t.mutant && targetProfiles(t).includes(p.id)),
      `no reference target runs "${p.id}"`,
    );
  }
});
