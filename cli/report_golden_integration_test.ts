/**
 * The golden reports (see `_golden_reports.ts`): every embedded target has its golden test in
 * exactly one of the `report_golden*_integration_test.ts` files, or a reason it has none; this file runs
 * the tool-response and Netdryrun targets'.
 */
import assert from "node:assert/strict";
import { embeddedTargets } from "./registry.ts";
import { GOLDEN_GROUPS, goldenGroup, ONE_BY_ONE, registerGoldenTests } from "./_golden_reports.ts";

Deno.test("golden reports: every target has one group, and every group its file", async () => {
  // A target without a golden report has a reason other than being claimed by no group.
  const unclaimed = embeddedTargets.filter((t) => {
    const g = goldenGroup(t);
    return "none" in g && g.none === "no group claims it";
  });
  assert.deepEqual(unclaimed.map((t) => t.name), []);
  // Each group is registered by exactly one of the report_golden*_integration_test.ts files.
  const registered: string[] = [];
  for await (const entry of Deno.readDir(new URL("./", import.meta.url))) {
    if (!/^report_golden.*_test\.ts$/.test(entry.name)) continue;
    const text = await Deno.readTextFile(new URL(entry.name, import.meta.url));
    for (const m of text.matchAll(/registerGoldenTests\(embeddedTargets, "([^"]+)"\)/g)) {
      registered.push(m[1]);
    }
  }
  assert.deepEqual(registered.sort(), GOLDEN_GROUPS.map((g) => g.group).sort());
  // Each target run again at concurrency 1 by default is a target with a golden report.
  const golden = new Set(
    embeddedTargets.filter((t) => "group" in goldenGroup(t)).map((t) => t.name),
  );
  for (const name of ONE_BY_ONE) assert.ok(golden.has(name), `${name} has no golden report`);
  // Every golden file is some target's.
  for await (const entry of Deno.readDir(new URL("./testdata/golden/", import.meta.url))) {
    assert.ok(golden.has(entry.name.replace(/\.json$/, "")), `${entry.name} is no target's`);
  }
});

registerGoldenTests(embeddedTargets, "tool-response and netdryrun");
