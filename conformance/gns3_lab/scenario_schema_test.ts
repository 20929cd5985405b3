import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import type { Case } from "../../src/core/types.ts";
import { toolResponseSuite } from "../tool_response/suite.ts";
import { LAB_TOOLS } from "../tool_response/_lab_tool_calls.ts";
import schema from "./scenario.schema.json" with { type: "json" };

const validate = new Ajv2020({ strict: true, allErrors: true }).compile(schema);

Deno.test("scenario schema: every generated call_tool scenario is valid", () => {
  const cases = toolResponseSuite.cases({
    seed: 7,
    runs: 200,
    options: { volatile: [], lab_tools: [...LAB_TOOLS] },
  }) as Case[];
  // 200 display calls (and the class cover's), 50 of each other tool.
  assert.ok(cases.length >= 200 + 50 * (LAB_TOOLS.length - 1), `${cases.length} cases`);
  for (const c of cases) {
    const scenario = (c.input as { scenario: unknown }).scenario;
    assert.ok(validate(scenario), `${c.id}: ${JSON.stringify(validate.errors)}`);
  }
});

Deno.test("scenario schema: an unknown behaviour or a device without an id is refused", () => {
  const device = { id: "n1", name: "R1", behaviour: "ok", output: "" };
  assert.ok(validate({ devices: [device] }));
  assert.ok(!validate({ devices: [{ ...device, behaviour: "flaky" }] }));
  const { id: _id, ...noId } = device;
  assert.ok(!validate({ devices: [noId] }));
  assert.ok(!validate({ devices: [device], extra: true }));
});
