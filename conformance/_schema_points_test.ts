import assert from "node:assert/strict";
import { schemaPointHitter, schemaPoints } from "./_schema_points.ts";

const schema = {
  $id: "https://example.test/points.json",
  type: "object",
  properties: {
    kind: { enum: ["a", "b"] },
    name: { $ref: "#/$defs/name" },
    tags: { type: "array", maxItems: 2, items: { type: "string" } },
    n: { type: "integer", minimum: 0, maximum: 9 },
  },
  anyOf: [{ required: ["kind"] }, { required: ["name"] }],
  if: { properties: { kind: { const: "a" } } },
  then: { properties: { n: { maximum: 3 } } },
  $defs: { name: { type: "string", minLength: 1, maxLength: 4 } },
};

Deno.test("schemaPoints finds every enum value, arm and both sides of every cap", () => {
  const ids = schemaPoints(schema).map((p) => p.id);
  assert.deepEqual(ids.sort(), [
    "schema:#/$defs/name/maxLength:at",
    "schema:#/$defs/name/maxLength:past",
    "schema:#/$defs/name/minLength:at",
    "schema:#/$defs/name/minLength:past",
    "schema:#/anyOf/0",
    "schema:#/anyOf/1",
    "schema:#/else",
    "schema:#/properties/kind/enum/0",
    "schema:#/properties/kind/enum/1",
    "schema:#/properties/n/maximum:at",
    "schema:#/properties/n/maximum:past",
    "schema:#/properties/n/minimum:at",
    "schema:#/properties/n/minimum:past",
    "schema:#/properties/tags/maxItems:at",
    "schema:#/properties/tags/maxItems:past",
    "schema:#/then",
    "schema:#/then/properties/n/maximum:at",
    "schema:#/then/properties/n/maximum:past",
  ]);
});

Deno.test("schemaPointHitter follows $ref and walks only the arms that match", () => {
  const hit = schemaPointHitter(schema);
  assert.deepEqual(hit({ kind: "a", name: "🚀🚀🚀🚀", tags: ["x", "y"], n: 3 }).sort(), [
    "schema:#/$defs/name/maxLength:at",
    "schema:#/anyOf/0",
    "schema:#/anyOf/1",
    "schema:#/properties/kind/enum/0",
    "schema:#/properties/tags/maxItems:at",
    "schema:#/then",
    "schema:#/then/properties/n/maximum:at",
  ]);
  assert.deepEqual(hit({ kind: "b", name: "", tags: ["x", "y", "z"], n: -1 }).sort(), [
    "schema:#/$defs/name/minLength:past",
    "schema:#/anyOf/0",
    "schema:#/anyOf/1",
    "schema:#/else",
    "schema:#/properties/kind/enum/1",
    "schema:#/properties/n/minimum:past",
    "schema:#/properties/tags/maxItems:past",
  ]);
  assert.deepEqual(hit({ name: "abcde", n: 10 }).sort(), [
    "schema:#/$defs/name/maxLength:past",
    "schema:#/anyOf/1",
    "schema:#/properties/n/maximum:past",
    "schema:#/then",
  ]);
});

Deno.test("schemaPointHitter starts where it is told", () => {
  const hit = schemaPointHitter(schema);
  assert.deepEqual(hit("x", "/$defs/name"), ["schema:#/$defs/name/minLength:at"]);
  assert.throws(() => hit("x", "/$defs/nothing"), /No subschema at "\/\$defs\/nothing"/);
});
