import assert from "node:assert/strict";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import { normalizerSuite } from "./suite.ts";
import { normalizeToolResponse } from "./reference.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { CASE_EXPECTATION_RULE, withUserCases } from "../../src/core/with_user_cases.ts";
import type { Request } from "../../src/core/types.ts";

const CASES = `profile: gns3.normalizer/v1.0
description: mine
tests:
  - description: expected clean
    valid: true
    data: {input: {raw: [{device_name: R1, output: ok}], tool_name: t}}
  - description: expects a rule that does not fire
    valid: false
    rules: [NORM-TOTAL]
    data: {input: {raw: null, tool_name: t}}
  - description: a bare input, not an observation
    valid: true
    data: {raw: "plain text", tool_name: t}
`;

const adapter = () =>
  inProcessAdapter((r: Request) => {
    const { raw, tool_name } = r.input as { raw: unknown; tool_name: string };
    return normalizeToolResponse(raw, tool_name);
  });

Deno.test("user cases run beside the suite's, under their own ids, with their expectations", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${dir}/cases`);
    await Deno.writeTextFile(`${dir}/cases/mine.yaml`, CASES);
    const suite = withUserCases(normalizerSuite, ["cases"]);
    const report = await runSuite(suite, adapter(), {
      target: "t",
      seed: 1,
      runs: 3,
      options: { nasty: false },
      baseDir: dir,
    });
    const user = report.cases.filter((c) => c.id.startsWith("user:"));
    assert.deepEqual(user.map((c) => [c.id, c.outcome]), [
      ["user:mine.yaml#0", "passed"],
      ["user:mine.yaml#1", "failed"],
      ["user:mine.yaml#2", "passed"],
    ]);
    const failed = user[1];
    assert.ok(failed.outcome === "failed");
    assert.deepEqual(failed.findings.map((f) => f.ruleId), [CASE_EXPECTATION_RULE]);
    assert.match(
      failed.findings[0].message,
      /expects exactly the rules NORM-TOTAL, but none fired/,
    );
    assert.ok(report.cases.some((c) => c.id === "generated-0"));
    assert.equal(report.coverage?.classes.find((c) => c.id === "user-case")?.cases, 3);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a case file for another profile, or a missing one, stops the suite with the reason", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/other.yaml`,
      CASES.replace("gns3.normalizer/v1.0", "gns3.tool-response/v1.0"),
    );
    for (
      const [path, pattern] of [["other.yaml", /is for profile "gns3.tool-response\/v1.0"/], [
        "missing.yaml",
        /missing\.yaml/,
      ]] as const
    ) {
      const report = await runSuite(withUserCases(normalizerSuite, [path]), adapter(), {
        target: "t",
        seed: 1,
        runs: 1,
        baseDir: dir,
      });
      assert.equal(report.verdict, "incomplete");
      assert.match(report.startError ?? "", pattern);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
