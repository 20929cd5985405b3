/**
 * The golden reports (see `_golden_reports.ts`): every embedded target has its golden test in
 * exactly one of the `report_golden*_test.ts` files, or a reason it has none; this file runs
 * the tool-response and Netdryrun targets'.
 */
import assert from "node:assert/strict";
import { embeddedTargets } from "./registry.ts";
import { GOLDEN_GROUPS, goldenGroup, ONE_BY_ONE, registerGoldenTests } from "./_golden_reports.ts";

const GROUP_FILES: Record<string, string> = {
  "netdryrun-mcp-python": "report_golden_mcp_python_test.ts",
  "netdryrun-mcp": "report_golden_mcp_test.ts",
  "netdryrun-consumer": "report_golden_consumer_test.ts",
  "normalizer": "report_golden_normalizer_test.ts",
  "chat-limits": "report_golden_chat_limits_test.ts",
  "tool-response and netdryrun": "report_golden_test.ts",
};

Deno.test("golden reports: every target has one group, and every group its file", async () => {
  const none = embeddedTargets.flatMap((t) => {
    const g = goldenGroup(t);
    return "none" in g ? [[t.name, g.none]] : [];
  });
  // Only the lab's tools and the GNS3 Copilot agent have no golden report, each for its reason.
  for (const [name, why] of none) {
    assert.match(name, /^(gns3-tools-|chat-limits-gns3-copilot-)|-lab/, `${name}: ${why}`);
  }
  assert.deepEqual(GOLDEN_GROUPS.map((g) => g.group).sort(), Object.keys(GROUP_FILES).sort());
  for (const file of Object.values(GROUP_FILES)) {
    const text = await Deno.readTextFile(new URL(file, import.meta.url));
    const group = Object.entries(GROUP_FILES).find(([, f]) => f === file)![0];
    assert.ok(text.includes(`registerGoldenTests(embeddedTargets, "${group}")`), file);
  }
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
