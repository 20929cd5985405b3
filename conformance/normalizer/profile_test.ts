import assert from "node:assert/strict";
import { evaluateFixtureTest, loadFixtures } from "../../src/core/fixtures.ts";
import { resolveSeed } from "../../src/core/seed.ts";
import { checkNormalizerObservation } from "./check.ts";
import { normalizerProfile } from "./profile.ts";

const seed = resolveSeed();
console.log(`normalizer profile_test seed: ${seed} (set CONFORM_SEED to vary)`);

Deno.test("normalizer golden fixtures agree with the profile, and each rule fires alone somewhere", async () => {
  const files = await loadFixtures(normalizerProfile.fixtures);
  const problems: string[] = [];
  const alone = new Set<string>();
  for (const file of files) {
    assert.equal(file.profile, normalizerProfile.id);
    file.tests.forEach((test, i) => {
      const verdict = evaluateFixtureTest(normalizerProfile, test);
      if (!verdict.ok) {
        problems.push(
          `${file.path}#${i} "${test.description}": ${verdict.problem} ${
            JSON.stringify(verdict.findings.map((f) => [f.ruleId, f.instancePath, f.message]))
              .slice(0, 600)
          }`,
        );
      }
      if (verdict.ok && verdict.fired.length === 1) alone.add(verdict.fired[0]);
    });
  }
  assert.deepEqual(problems, []);
  assert.deepEqual(normalizerProfile.rules.map((r) => r.id).filter((id) => !alone.has(id)), []);
});

Deno.test("checkNormalizerObservation() reports data: rule, pointer, expected and actual", () => {
  const findings = checkNormalizerObservation({
    input: { raw: [{ device_name: "R1", status: "failed", error: "timeout" }], tool_name: "t" },
    output: {
      result: {
        success: false,
        total: 1,
        successful: 0,
        failed: 1,
        data: [{ id: "R1", name: "R1", status: "failed", error: "Error: timeout" }],
        error: "R1 failed",
        metadata: { tool_name: "t" },
      },
    },
  });
  assert.deepEqual(findings, [{
    ruleId: "NORM-ERROR-TEXT",
    level: "SHOULD",
    instancePath: "/output/result/data/0/error",
    message: "item 0: the legacy error text is not the error, verbatim",
    expected: "timeout",
    actual: "Error: timeout",
  }]);
});

Deno.test("checkNormalizerObservation() re-roots tool-response findings and names the inner rule", () => {
  const findings = checkNormalizerObservation({
    input: { raw: null, tool_name: "t" },
    output: {
      result: {
        success: true,
        total: 1,
        successful: 0,
        failed: 0,
        data: [],
        metadata: { tool_name: "t" },
      },
    },
  });
  assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath, f.params?.toolResponseRule]), [
    ["NORM-CONFORMS", "/output/result/total", "TR-TOTAL"],
  ]);
});

Deno.test("checkNormalizerObservation() carries the input that made the normalizer raise", () => {
  const raw = "{'nodes': " + "x".repeat(5000) + "}";
  const [f] = checkNormalizerObservation({
    input: { raw, tool_name: "t" },
    output: { raised: { type: "RecursionError", message: "maximum recursion depth exceeded" } },
  });
  assert.equal(f.ruleId, "NORM-TOTAL");
  assert.equal(f.instancePath, "/output/raised");
  assert.equal(f.params?.type, "RecursionError");
  // The input is carried, bounded: a preview of its JSON text and its full length.
  const input = f.params?.input as { preview: string; length: number };
  assert.equal(input.length, JSON.stringify({ raw, tool_name: "t" }).length);
  assert.ok(input.preview.startsWith('{"raw":"{\'nodes\': xxx'));
});

Deno.test("checkNormalizerObservation() never throws and stays iterative on deep values", () => {
  let deep: unknown = "x";
  for (let i = 0; i < 100_000; i++) deep = [deep];
  const response = (extra: unknown) => ({
    success: true,
    total: 0,
    successful: 0,
    failed: 0,
    data: [],
    metadata: { tool_name: "t", extra },
  });
  const raw = response(deep);
  const findings = checkNormalizerObservation({
    input: { raw, tool_name: "t" },
    output: { result: response(deep) },
    again: { result: response([deep]) },
  });
  assert.deepEqual(findings.map((f) => f.ruleId), ["NORM-IDEMPOTENT"]);
  for (
    const value of [undefined, null, 1, "x", [], { input: 1 }, {
      input: { raw: 1, tool_name: "t" },
      output: 5,
    }]
  ) {
    assert.ok(Array.isArray(checkNormalizerObservation(value)));
  }
});
