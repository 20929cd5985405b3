import assert from "node:assert/strict";
import { capCaseDepth, capDepth, depthMarker, depthOf } from "./_cap_depth.ts";
import type { FailedCaseReport, PassedCaseReport } from "./types.ts";

/** `{k: {k: … 1}}`, `n` objects deep. */
function nested(n: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < n; i++) v = { k: v };
  return v;
}

Deno.test("capDepth: a value at the cap is kept, one level more is cut there with a marker", () => {
  assert.equal(depthOf(1), 0);
  assert.equal(depthOf([]), 1);
  assert.equal(depthOf(nested(100_000)), 100_000, "no recursion: a very deep value is measured");
  const at = nested(64);
  assert.deepEqual(capDepth(at, 64), { value: at, cut: false });
  const capped = capDepth(nested(1000), 64);
  assert.equal(capped.cut, true);
  assert.equal(depthOf(capped.value), 64);
  let v = capped.value as { k: unknown };
  for (let i = 1; i < 64; i++) v = v.k as { k: unknown };
  assert.equal(v.k, depthMarker(64, 1000), "the object at level 64 holds the marker");
  assert.match(
    JSON.stringify(capped.value),
    /"\[netconform: nesting cut at depth 64 of 1000; --full-evidence keeps it\]"/,
  );
  assert.deepEqual(capDepth(nested(1000), Infinity).cut, false);
});

Deno.test("capCaseDepth: evidence sides are cut and named, findings' values cut, a deep subject left out", () => {
  const report: FailedCaseReport = {
    id: "c",
    description: "d",
    outcome: "failed",
    findings: [{ ruleId: "R", level: "MUST", instancePath: "", message: "m", actual: nested(70) }],
    input: nested(200),
    output: { result: 1 },
    subject: { data: nested(200) },
  };
  const capped = capCaseDepth(report, 64);
  assert.deepEqual(capped.truncated, ["input"]);
  assert.equal(depthOf(capped.input), 64);
  assert.deepEqual(capped.output, { result: 1 });
  assert.equal(depthOf(capped.findings[0].actual), 64);
  assert.equal(capped.subject, undefined, "a cut judged value cannot become a fixture");
  assert.equal(capCaseDepth(report, Infinity), report);
  const shallow = { ...report, input: 1, subject: { data: 2 }, findings: [] };
  assert.deepEqual(capCaseDepth(shallow, 64), shallow);
});

Deno.test("capCaseDepth: a case passed with warnings has its evidence and subject capped as a failed one's", () => {
  const report: PassedCaseReport = {
    id: "c",
    description: "d",
    outcome: "passed",
    findings: [{ ruleId: "R", level: "SHOULD", instancePath: "", message: "m" }],
    input: nested(200),
    output: { result: nested(200) },
    subject: { data: nested(200) },
  };
  const capped = capCaseDepth(report, 64);
  assert.equal(capped.outcome, "passed");
  assert.ok(depthOf(capped.input) <= 64, "input capped");
  assert.ok(depthOf(capped.output) <= 64, "output capped");
  assert.equal(capped.subject, undefined, "a deep subject is left out");
  assert.deepEqual(capped.truncated, ["input", "output"]);
});
