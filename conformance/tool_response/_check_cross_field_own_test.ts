import assert from "node:assert/strict";
import { checkCrossField } from "./_check_cross_field.ts";
import { checkCrossFieldBefore } from "./testdata/check_cross_field_before.ts";

Deno.test("checkCrossField counts only own error and metadata properties, as before", () => {
  const base = { success: false, total: 1, successful: 0, failed: 1, data: [] };
  const values = [
    Object.assign(Object.create({ error: "inherited", metadata: null }), base),
    { ...base, error: undefined },
    { ...base, error: null, metadata: null },
    { ...base, error: "boom" },
    base,
  ];
  const rules = values.map((v) => checkCrossField(v).map((f) => `${f.ruleId} ${f.instancePath}`));
  values.forEach((v, i) => assert.deepEqual(checkCrossField(v), checkCrossFieldBefore(v), `${i}`));
  // An inherited error is absent; an own undefined error is present (but not null).
  assert.ok(rules[0].includes("TR-FAILURE-HAS-ERROR "));
  assert.ok(!rules[1].includes("TR-FAILURE-HAS-ERROR "));
  assert.deepEqual(rules[2].filter((r) => r.startsWith("TR-NULL-OPTIONAL")), [
    "TR-NULL-OPTIONAL /error",
    "TR-NULL-OPTIONAL /metadata",
  ]);
});
