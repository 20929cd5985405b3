import assert from "node:assert/strict";
import { suites } from "./registry.ts";
import type { Adapter } from "../src/core/types.ts";
import type { AdapterKind } from "./adapter_kinds.ts";
import { ConfigError, parseConfig } from "./load_config.ts";
import { CONFIG_SCHEMA_URL, configSchemaText } from "./write_config_schema.ts";

const fakeKind: AdapterKind = {
  kind: "fake",
  description: "test kind",
  schema: {
    type: "object",
    required: ["kind", "argv"],
    additionalProperties: false,
    properties: {
      kind: { const: "fake" },
      argv: { type: "array", minItems: 1, items: { type: "string" } },
    },
  },
  create: () => ({}) as Adapter,
};
const options = { kinds: [fakeKind], suites };

function errorOf(text: string): ConfigError {
  try {
    parseConfig(text, "conform.yaml", options);
  } catch (error) {
    assert.ok(error instanceof ConfigError, String(error));
    return error;
  }
  assert.fail("no error");
}

const good = `version: 1
targets:
  - name: t1
    profiles:
      - gns3.tool-response/v1.0
    adapter: {kind: fake, argv: [python3, a.py]}
    volatile: [/metadata/timestamp]
    timeouts: {case_ms: 500}
`;

Deno.test("config: a good file loads, relative to its folder", () => {
  const config = parseConfig(good, "/work/x/conform.yaml", options);
  assert.equal(config.dir, "/work/x");
  assert.deepEqual(config.targets[0].profiles, [{ id: "gns3.tool-response/v1.0", options: {} }]);
  assert.deepEqual(config.targets[0].volatile, ["/metadata/timestamp"]);
  assert.equal(config.targets[0].caseTimeoutMs, 500);
});

Deno.test("config: each bad file is one error with line and column", () => {
  const cases: [string, number, RegExp][] = [
    ["version: 1\ntargets: [\n", 3, /conform\.yaml:3:\d+: /],
    [
      good.replace("argv: [python3, a.py]", "argv: python3"),
      6,
      /"\/targets\/0\/adapter\/argv" must be array/,
    ],
    [
      good.replace("kind: fake", "kind: telnet"),
      6,
      /"\/targets\/0\/adapter\/kind" must be equal to one of the allowed values: "fake"/,
    ],
    [
      good.replace("- gns3.tool-response/v1.0", "- gns3.unknown/v9"),
      5,
      /"\/targets\/0\/profiles\/0" must be equal to one of the allowed values/,
    ],
    [
      good.replace("case_ms: 500", "case_ms: -1"),
      8,
      /"\/targets\/0\/timeouts\/case_ms" must be >= 1/,
    ],
    [
      good.replace("volatile: [/metadata/timestamp]", "volatile: [metadata]"),
      7,
      /"\/targets\/0\/volatile\/0" must match pattern/,
    ],
    [
      good +
      "  - name: t1\n    profiles: [gns3.tool-response/v1.0]\n    adapter: {kind: fake, argv: [x]}\n",
      9,
      /target name "t1" is used twice/,
    ],
    [good.replace("version: 1", "version: 2"), 1, /"\/version" must be equal to constant/],
    [
      good.replace("    volatile", "    colour: red\n    volatile"),
      3,
      /must NOT have additional properties \("colour"\)/,
    ],
    [
      good.replace(
        "- gns3.tool-response/v1.0",
        "- {id: gns3.tool-response/v1.0, options: {invocations: 3}}",
      ),
      5,
      /"\/targets\/0\/profiles\/0\/options\/invocations" must be array/,
    ],
  ];
  for (const [text, line, pattern] of cases) {
    const e = errorOf(text);
    assert.match(e.message, pattern);
    assert.equal(e.line, line, e.message);
    assert.match(e.message, /^conform\.yaml:\d+:\d+: /);
  }
});

Deno.test("config: conform.schema.json is up to date (deno task config-schema)", async () => {
  const committed = await Deno.readTextFile(CONFIG_SCHEMA_URL);
  assert.equal(committed, configSchemaText(), "run `deno task config-schema`");
});

Deno.test("config: per-tool budgets (timeouts.tools) raise the case timeout above the longest", () => {
  const withTools = (timeouts: string) =>
    parseConfig(
      good.replace("timeouts: {case_ms: 500}", `timeouts: ${timeouts}`),
      "/x/c.yaml",
      options,
    )
      .targets[0];
  const t = withTools("{case_ms: 500, tools: {dry_run: 600000, validate: 2000}}");
  assert.deepEqual(t.toolTimeoutsMs, { dry_run: 600000, validate: 2000 });
  assert.equal(t.caseTimeoutMs, 610000);
  assert.equal(withTools("{case_ms: 900000, tools: {dry_run: 600000}}").caseTimeoutMs, 900000);
  assert.equal(withTools("{tools: {validate: 1}}").caseTimeoutMs, 10_001);
  assert.equal(withTools("{case_ms: 500}").toolTimeoutsMs, undefined);
  assert.match(
    errorOf(good.replace("timeouts: {case_ms: 500}", "timeouts: {tools: {dry_run: 0}}")).message,
    /minimum|>= 1/,
  );
});
