import assert from "node:assert/strict";
import { createSchemaChecker } from "./schema_checker.ts";

const schema = {
  type: "object",
  required: ["a"],
  properties: {
    a: { type: "integer" },
    b: { $ref: "#/$defs/b" },
    c: { anyOf: [{ type: "string" }, { type: "integer" }] },
  },
  $defs: { b: { type: "object", properties: { deep: { type: "string" } } } },
};

Deno.test("schema checker: the longest mapping wins and ajv data is kept", () => {
  const check = createSchemaChecker(schema, {
    defaultRule: "R-SCHEMA",
    levels: { "R-DEEP": "SHOULD" },
    mappings: [
      { schemaPath: "#/$defs/b", ruleId: "R-B" },
      { schemaPath: "#/$defs/b/properties/deep", ruleId: "R-DEEP" },
    ],
  });
  const findings = check({ a: 1, b: { deep: 3 } });
  assert.deepEqual(findings, [{
    ruleId: "R-DEEP",
    level: "SHOULD",
    instancePath: "/b/deep",
    message: "must be string",
    keyword: "type",
    schemaPath: "#/$defs/b/properties/deep/type",
    params: { type: "string" },
    // The failing value next to what was expected.
    expected: "string",
    actual: 3,
  }]);
  // A value too large to show is left out; what was expected stays.
  const big = check({ a: 1, b: { deep: Array(100).fill(12345) } })[0];
  assert.deepEqual([big.expected, "actual" in big], ["string", false]);
  // A string is shown while its JSON text is 200 characters at most (quotes and escapes too).
  const shown = (a: string) => "actual" in check({ a })[0];
  assert.deepEqual(
    [
      shown("x".repeat(198)),
      shown("x".repeat(199)),
      shown("\n".repeat(99)),
      shown("\n".repeat(100)),
    ],
    [true, false, true, false],
  );
  assert.equal(shown("x".repeat(7_000_000)), false);
  assert.equal(check({ a: 1, b: [] })[0].ruleId, "R-B");
  assert.equal(check({})[0].ruleId, "R-SCHEMA");
  assert.equal(check({})[0].params?.missingProperty, "a");
});

Deno.test("schema checker: a prefix matches whole segments only", () => {
  const check = createSchemaChecker(
    { type: "object", properties: { ab: { type: "string" } } },
    { defaultRule: "R-SCHEMA", mappings: [{ schemaPath: "#/properties/a", ruleId: "R-A" }] },
  );
  assert.equal(check({ ab: 1 })[0].ruleId, "R-SCHEMA");
});

Deno.test("schema checker: anyOf keeps branch errors, drops the summary", () => {
  const check = createSchemaChecker(schema, { defaultRule: "R" });
  const keywords = check({ a: 1, c: [] }).map((f) => f.keyword);
  assert.deepEqual(keywords.sort(), ["type", "type"]);
});

Deno.test("schema checker: a subschema by ref, and a missing one throws", () => {
  const check = createSchemaChecker({ $id: "https://example.test/x.json", ...schema }, {
    defaultRule: "R",
    ref: "#/$defs/b",
  });
  assert.deepEqual(check({ deep: "x" }), []);
  assert.equal(check({ deep: 1 }).length, 1);
  assert.throws(
    () =>
      createSchemaChecker({ $id: "https://example.test/y.json", ...schema }, {
        defaultRule: "R",
        ref: "#/$defs/zz",
      }),
    /Cannot find subschema "#\/\$defs\/zz"/,
  );
});

Deno.test("schema checker: never throws on hostile values", () => {
  const check = createSchemaChecker(schema, { defaultRule: "R" });
  const cyclic: Record<string, unknown> = { a: 1 };
  cyclic.b = cyclic;
  assert.ok(Array.isArray(check(cyclic)));
  assert.ok(Array.isArray(check(Object.create(null))));
  assert.equal(check(JSON.parse('{"__proto__": {"a": 1}}'))[0].params?.missingProperty, "a");

  // Each of these values makes the validator itself throw, so only the guard stands between
  // it and the caller: a cycle through a recursive schema (stack overflow), a throwing
  // getter, and a proxy whose every trap throws.
  const recursive = createSchemaChecker({
    $defs: { node: { type: "object", properties: { next: { $ref: "#/$defs/node" } } } },
    $ref: "#/$defs/node",
  }, { defaultRule: "R-LOOP", levels: { "R-LOOP": "SHOULD" } });
  const loop: Record<string, unknown> = {};
  loop.next = loop;
  const getter = {
    get a() {
      throw new Error("getter boom");
    },
  };
  const trap = () => {
    throw new Error("trap boom");
  };
  const proxy = new Proxy({}, {
    get: trap,
    has: trap,
    ownKeys: trap,
    getOwnPropertyDescriptor: trap,
  });
  const cases: [string, () => unknown, string, string, RegExp][] = [
    ["cycle", () => recursive(loop), "R-LOOP", "SHOULD", /RangeError/],
    ["getter", () => check(getter), "R", "MUST", /getter boom/],
    ["proxy", () => check(proxy), "R", "MUST", /trap boom/],
  ];
  for (const [name, run, ruleId, level, message] of cases) {
    let findings: unknown;
    assert.doesNotThrow(() => {
      findings = run();
    }, name);
    assert.ok(Array.isArray(findings), name);
    assert.equal(findings.length, 1, name);
    const [finding] = findings;
    assert.equal(finding.ruleId, ruleId, name);
    assert.equal(finding.level, level, name);
    assert.equal(finding.instancePath, "", name);
    assert.match(finding.message, /^value could not be validated: /, name);
    assert.match(finding.message, message, name);
  }
});

Deno.test("schema checker: a schema its meta-schema refuses throws ajv's message, every time", () => {
  // The meta-schema check is shared by every checker: a second checker refuses as the first.
  for (let i = 0; i < 2; i++) {
    assert.throws(
      () => createSchemaChecker({ type: "nope", minLength: "x" }, { defaultRule: "X" }),
      {
        message: "schema is invalid: data/type must be equal to one of the allowed values, " +
          "data/type must be array, data/type must match a schema in anyOf, " +
          "data/minLength must be integer",
      },
    );
  }
  assert.throws(
    () =>
      createSchemaChecker({ $id: "https://x.test/a.json", $defs: { a: { type: 1 } } }, {
        defaultRule: "X",
        ref: "#/$defs/a",
      }),
    /^Error: schema is invalid: data\/\$defs\/a\/type/,
  );
  assert.throws(
    () => createSchemaChecker({}, { defaultRule: "X", extraSchemas: [{ $id: "b", enum: 3 }] }),
    /^Error: schema is invalid: data\/enum must be array/,
  );
  // A valid schema with a format the shared checker knows compiles.
  const check = createSchemaChecker({ type: "string", format: "date" }, { defaultRule: "X" });
  assert.equal(check("2026-01-01").length, 0);
  assert.equal(check("x").length, 1);
});
