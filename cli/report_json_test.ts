import assert from "node:assert/strict";
import type { Report } from "../src/core/types.ts";
import { replayCommand } from "./replay_command.ts";
import { reportJson } from "./report_json.ts";

const finding = { ruleId: "R", level: "MUST" as const, instancePath: "/a", message: "m" };

const report: Report = {
  kit: { name: "netconform", version: "0.0.0" },
  seed: 3,
  timestamp: "2026-01-01T00:00:00.000Z",
  verdict: "not-conformant",
  suites: [{
    target: "t",
    adapter: "fake",
    profile: "p/v1",
    seed: 3,
    runs: 0,
    rules: [],
    cases: [
      { id: "a", description: "pa", outcome: "passed", findings: [] },
      { id: "b", description: "fb", outcome: "failed", findings: [finding] },
      { id: "c", description: "sc", outcome: "skipped", reason: "no lab" },
      { id: "d", description: "ed", outcome: "errored", message: "crashed", stderr: "trace" },
      { id: "e", description: "ee", outcome: "errored", message: "timed out" },
    ],
    counts: { passed: 1, failed: 1, skipped: 1, errored: 2 },
    verdict: "not-conformant",
  }],
};

Deno.test("report JSON: each outcome keeps the report format's fields, in its order", () => {
  const json = reportJson(report, (d) => `r ${d.target} ${d.profile} ${d.seed} ${d.caseId}`);
  const cases = JSON.parse(json).suites[0].cases;
  assert.deepEqual(cases.map((c: object) => Object.keys(c)), [
    ["id", "description", "replay", "outcome", "findings"],
    ["id", "description", "replay", "outcome", "findings"],
    ["id", "description", "replay", "outcome", "findings", "reason"],
    ["id", "description", "replay", "outcome", "findings", "message", "stderr"],
    ["id", "description", "replay", "outcome", "findings", "message"],
  ]);
  assert.deepEqual(cases[1], {
    id: "b",
    description: "fb",
    replay: "r t p/v1 3 b",
    outcome: "failed",
    findings: [finding],
  });
  assert.deepEqual(cases[2].findings, []);
  assert.equal(cases[2].reason, "no lab");
  assert.deepEqual([cases[3].message, cases[3].stderr], ["crashed", "trace"]);
  // Everything else is the report as it is, in its order, indented by two spaces.
  const parsed = JSON.parse(json);
  assert.deepEqual(Object.keys(parsed), Object.keys(report));
  assert.deepEqual(Object.keys(parsed.suites[0]), Object.keys(report.suites[0]));
  assert.ok(json.startsWith('{\n  "kit": {\n    "name": "netconform"'));
  assert.ok(!json.endsWith("\n"));
  // The report itself is left as it was.
  assert.ok(!("replay" in report.suites[0].cases[0]));
});

Deno.test("replay command: quotes what a shell would split or expand, and names the config", () => {
  const data = { target: "my target", profile: "p/v1", seed: 3, caseId: "fixture:x.yaml#2" };
  assert.equal(
    replayCommand(data),
    "deno task conform --target 'my target' --profile p/v1 --seed 3 --case 'fixture:x.yaml#2'",
  );
  assert.equal(
    replayCommand({ ...data, target: "it's", config: "/tmp/c f.yaml" }),
    "deno task conform --config '/tmp/c f.yaml' --target 'it'\\''s' --profile p/v1 --seed 3 --case 'fixture:x.yaml#2'",
  );
  assert.equal(
    replayCommand({ ...data, target: "t", caseId: "generated-1" }).split(" ").length,
    11,
  );
});

Deno.test("replayCommand: a negative seed is joined to its flag, and the line replays the case", async () => {
  const { replayCommand } = await import("./replay_command.ts");
  const { main } = await import("./conform.ts");
  const line = replayCommand({
    target: "tool-response-reference",
    profile: "gns3.tool-response/v1.0",
    seed: -5,
    caseId: "generated-2",
  });
  assert.match(line, / --seed=-5 --case generated-2$/);
  const args = line.split(" ").slice(3);
  const out: string[] = [];
  const code = await main([...args, "--runs", "3", "--format", "json"], {
    out: (t) => out.push(t),
    err: () => {},
  });
  assert.equal(code, 0);
  const cases = JSON.parse(out.join("\n")).suites[0].cases;
  assert.deepEqual(cases.map((c: { id: string }) => c.id), ["generated-2"]);
  assert.equal(JSON.parse(out.join("\n")).seed, -5);
});
