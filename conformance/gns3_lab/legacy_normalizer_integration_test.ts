import assert from "node:assert/strict";
import { runConformance } from "../../src/core/run_conformance.ts";
import type { Case } from "../../src/core/types.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { pythonEnvForTest } from "../_python_env.ts";
import { toolResponseSuite } from "../tool_response/suite.ts";
import { labToolsAdapter } from "./lab_tools_adapter.ts";

const env = pythonEnvForTest("gns3-tools", "a legacy GNS3 tool through its normalizer");
const TOOLS = new URL("../../examples/gns3_tools/", import.meta.url).pathname;
const SEED = 20261130;

function legacy(name: string, normalizer?: string): EmbeddedTarget {
  return {
    name,
    description: "the legacy-shaped display tool",
    suites: [embeddedSuite(toolResponseSuite)],
    runs: 1,
    caseTimeoutMs: 30_000,
    startEarly: true,
    create: () =>
      labToolsAdapter({
        python: env.python,
        tools: ["legacy_tool:LegacyDeviceCommands"],
        pythonPath: [TOOLS],
        jwtSetter: "lab_config:set_current_jwt_token",
        normalizer,
        workers: 2,
      }),
  };
}

/** A few cases: a partial failure, every device failing, a bad project id. */
function few(): string[] {
  const cases = toolResponseSuite.cases({ seed: SEED, runs: 1, options: { volatile: [] } });
  const picks = [["mixed"], ["all-failing"], ["bad-project"]];
  return [
    ...new Set(picks.map((want) => {
      const c = (cases as Case[]).find((c) => want.every((w) => c.classes?.includes(w)));
      assert.ok(c, `no case of ${want}`);
      return c.id;
    })),
  ];
}

Deno.test({
  name: "GNS3 tools: a legacy-shaped tool is CONFORMANT through its normalizer (the report " +
    "names it), and NOT CONFORMANT without it",
  ignore: env.ignore,
  // A few seconds: three cases of real telnet sessions, both targets side by side.
  async fn() {
    const normalizer = "reference_normalizer:normalize_tool_response";
    const caseIds = few();
    const report = await runConformance(
      [legacy("legacy-via-normalizer", normalizer), legacy("legacy-raw")],
      { seed: SEED, caseIds, shrink: false, suiteConcurrency: 3 },
    );
    const [via, raw] = report.suites;
    assert.equal(via.verdict, "conformant", JSON.stringify(via.cases));
    assert.equal(via.counts.passed, caseIds.length);
    assert.match(String(via.implementation?.name), /via normalizer reference_normalizer:/);
    assert.deepEqual(via.implementation?.capabilities, [`normalizer:${normalizer}`]);
    assert.equal(raw.verdict, "not-conformant");
    assert.ok(raw.rules.find((r) => r.id === "TR-SCHEMA")!.failures > 0);
  },
});
