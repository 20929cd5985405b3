// Every cap, enum value and arm of the tool-response and netdryrun result schemas has a
// declared input class, or says why no generated input can reach it (issue 12); so does
// every cap the netdryrun schema states in prose.
import assert from "node:assert/strict";
import { schemaPoints } from "./_schema_points.ts";
import toolResponseSchema from "./tool_response/schema.json" with { type: "json" };
import netdryrunSchema from "./netdryrun/mcp-result-v1.schema.json" with { type: "json" };
import {
  toolResponseClasses,
  toolResponseCrossFieldConditions,
  toolResponseUnclassedPoints,
} from "./tool_response/classes.ts";
import {
  netdryrunClasses,
  netdryrunCrossFieldConditions,
  netdryrunUnclassedPoints,
} from "./netdryrun/classes.ts";
import { toolResponseRules } from "./tool_response/rules.ts";
import { netdryrunRules } from "./netdryrun/rules.ts";
import { CAP } from "./netdryrun/_text.ts";

const CAP_KEYWORDS = [
  "minLength",
  "maxLength",
  "minItems",
  "maxItems",
  "minProperties",
  "maxProperties",
  "minimum",
  "maximum",
];

/** Count the keywords in the schema's text by a plain scan (not the walker under test). */
function scan(schema: unknown): { caps: number; enums: number; arms: number; ifs: number } {
  const n = { caps: 0, enums: 0, arms: 0, ifs: 0 };
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit);
    if (typeof v !== "object" || v === null) return;
    for (const [k, x] of Object.entries(v)) {
      if (CAP_KEYWORDS.includes(k) && typeof x === "number") n.caps++;
      if (k === "enum" && Array.isArray(x)) n.enums += x.length;
      if ((k === "anyOf" || k === "oneOf") && Array.isArray(x)) n.arms += x.length;
      if (k === "if") n.ifs++;
      // A condition is no point of the value: its enum values and caps are not classes.
      if (k !== "if" && k !== "not") visit(x);
    }
  };
  visit(schema);
  return n;
}

const profiles = [
  {
    name: "gns3.tool-response/v1.0",
    schema: toolResponseSchema,
    classes: toolResponseClasses,
    unclassed: toolResponseUnclassedPoints,
    rules: toolResponseRules,
    conditions: toolResponseCrossFieldConditions,
  },
  {
    name: "netdryrun.mcp-result/v1",
    schema: netdryrunSchema,
    classes: netdryrunClasses,
    unclassed: netdryrunUnclassedPoints,
    rules: netdryrunRules,
    conditions: netdryrunCrossFieldConditions,
  },
];

for (const p of profiles) {
  Deno.test(`${p.name}: every cap, enum value and arm of the schema has a class or a reason`, () => {
    const points = schemaPoints(p.schema);
    const n = scan(p.schema);
    assert.equal(points.filter((x) => x.kind === "cap").length, 2 * n.caps, "cap sides");
    assert.equal(points.filter((x) => x.kind === "enum").length, n.enums, "enum values");
    assert.equal(points.filter((x) => x.kind === "arm").length, n.arms + 2 * n.ifs, "arms");
    const declared = new Set(p.classes.map((c) => c.id));
    for (const point of points) {
      const reason = p.unclassed[point.id];
      assert.ok(
        declared.has(point.id) !== (reason !== undefined),
        `"${point.id}" needs exactly one of a class and a reason it has none`,
      );
      if (reason !== undefined) assert.ok(reason.length > 0, `"${point.id}" has an empty reason`);
    }
    const ids = new Set(points.map((x) => x.id));
    for (const id of Object.keys(p.unclassed)) assert.ok(ids.has(id), `stale reason for "${id}"`);
    for (const c of p.classes) {
      if (c.id.startsWith("schema:")) assert.ok(ids.has(c.id), `"${c.id}" is no schema point`);
    }
  });
}

for (const p of profiles) {
  Deno.test(`${p.name}: each cross-field condition names a rule and is classed both ways`, () => {
    const ids = new Set(p.rules.map((r) => r.id));
    const declared = new Set(p.classes.map((c) => c.id));
    assert.ok(p.conditions.length > 0);
    for (const c of p.conditions) {
      assert.ok(ids.has(c.rule), `"${c.rule}" is no rule of the profile`);
      for (const side of ["applies", "vacuous"]) {
        assert.ok(declared.has(`rule:${c.rule}:${side}`), `rule:${c.rule}:${side}`);
      }
    }
  });
}

Deno.test("netdryrun.mcp-result/v1: every cap its prose states has a class on both sides", () => {
  const labText = netdryrunSchema.$defs.lab_text.description;
  const complete =
    netdryrunSchema.$defs.run_result.properties.tested.properties.complete.description;
  const stated = [
    ["check-text", CAP.check, `${CAP.check} characters for check text`],
    ["long-text", CAP.long, `${CAP.long.toLocaleString("en")} for error and inconclusive_reason`],
    ["evidence-text", CAP.evidence, `${CAP.evidence} for evidence`],
  ] as const;
  for (const [id, , prose] of stated) {
    assert.ok(labText.includes(prose), `the schema no longer says "${prose}"`);
    for (const side of ["at", "past"]) {
      assert.ok(netdryrunClasses.some((c) => c.id === `cap:${id}:${side}`), `cap:${id}:${side}`);
    }
  }
  assert.ok(complete.includes("more than 200"), "the schema no longer caps tested files at 200");
  for (const side of ["at", "past"]) {
    const c = netdryrunClasses.find((x) => x.id === `cap:tested-files:${side}`);
    assert.match(c?.description ?? "", side === "at" ? /\b200 files/ : /\b201 files/);
  }
});
