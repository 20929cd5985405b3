import type { InputClass } from "../../src/core/types.ts";
import { type DeviceCommandCall, produceToolResponse } from "./producer.ts";
import type { ToolResponse } from "./types.ts";
import { schemaPointHitter, schemaPoints } from "../_schema_points.ts";
import schema from "./schema.json" with { type: "json" };

/**
 * The schema points no generated call can make a conformant response hit, each with why: a
 * class for them would never be hit. One past a schema cap is a finding of the response, so
 * a conformant producer never returns it whatever it is called with; the profile's
 * mutations exercise those findings.
 */
export const toolResponseUnclassedPoints: Readonly<Record<string, string>> = {
  "schema:#/properties/total/minimum:past":
    "a negative count is a broken response: no call names a negative number of devices",
  "schema:#/properties/successful/minimum:past":
    "a negative count is a broken response: no call names a negative number of devices",
  "schema:#/properties/failed/minimum:past":
    "a negative count is a broken response: no call names a negative number of devices",
  "schema:#/$defs/global_error/allOf/0/minLength:at":
    "a global error is a sentence the producer writes (the call supplies none of its text)",
  "schema:#/$defs/global_error/allOf/0/minLength:past":
    "an empty global error is a broken response: the call supplies none of its text",
  "schema:#/$defs/metadata/properties/execution_time/minimum:past":
    "a negative execution time is a broken response: no call takes negative time",
};

/**
 * The cross-field rules of the format, each with when its condition holds on a response: a
 * class for the condition holding (the rule constrains the response) and one for it not
 * holding (the rule is vacuous). A broken outcome is a finding of a response, which a
 * conformant producer never returns whatever it is called with: the profile's mutations
 * exercise those.
 */
export const toolResponseCrossFieldConditions: readonly {
  rule: string;
  condition: string;
  holds: (response: ToolResponse) => boolean;
}[] = [
  {
    rule: "TR-SUCCESS-NO-FAILURES",
    condition: "failed is 0 and there is no global error (success must be true)",
    holds: (r) => r.failed === 0 && r.error == null,
  },
  {
    rule: "TR-SUCCESS-ON-ERROR",
    condition: "a global error is present (success must be false)",
    holds: (r) => r.error != null,
  },
  {
    rule: "TR-SUCCESS-ALL-FAILED",
    condition: "every item failed (success should be false)",
    holds: (r) => r.total > 0 && r.failed === r.total,
  },
  {
    rule: "TR-FAILURE-HAS-ERROR",
    condition: "success is false and an item failed (a global error should say why)",
    holds: (r) => !r.success && r.data.some((i) => i.status === "failed"),
  },
  {
    rule: "TR-ITEM-ID-UNIQUE",
    condition: "two or more items, whose ids must differ",
    holds: (r) => r.data.length >= 2,
  },
];

const crossFieldClasses: InputClass[] = toolResponseCrossFieldConditions.flatMap((c) => [
  { id: `rule:${c.rule}:applies`, description: `the response has ${c.condition}` },
  { id: `rule:${c.rule}:vacuous`, description: `the response has not ${c.condition}` },
]);

/**
 * The classes derived from the schema by walking it: every enum value, both arms of every
 * `if`, and every range and length cap on both sides, as the conformant response to a
 * call hits them; the points no call can reach are in {@linkcode toolResponseUnclassedPoints}.
 * A point the schema gains is a class until a reason says otherwise, so the class coverage
 * test fails until the generators reach it.
 */
const schemaClasses: InputClass[] = schemaPoints(schema)
  .filter((p) => !(p.id in toolResponseUnclassedPoints))
  .map(({ id, description }) => ({ id, description: `the response hits ${description}` }));

/**
 * The declared input classes of the `gns3.tool-response/v1.0` suite's generated calls: the
 * scenarios the response format's branches and cross-field rules depend on (no item, one,
 * the most; every item a success, every item failed, both; each failure kind; a global error),
 * every point of the response schema a call can reach (derived by walking the schema), and
 * each cross-field rule's condition holding and not holding.
 */
export const toolResponseClasses: readonly InputClass[] = [
  { id: "devices-none", description: "no device named: data is empty, total 0" },
  { id: "devices-one", description: "one device named" },
  { id: "devices-many", description: "six or more devices named (the generator's cap)" },
  { id: "all-ok", description: "every named device answers: success true, failed 0" },
  { id: "all-failing", description: "every named device fails: success false, a global error" },
  { id: "mixed", description: "some devices answer and some fail" },
  { id: "refused", description: "a device refuses the connection (failed item with an error)" },
  { id: "timeout", description: "a device times out (failed item with an error)" },
  { id: "unknown-device", description: "a device name with no device (failed item)" },
  { id: "bad-project", description: "a project id that does not exist (global error)" },
  { id: "commands-none", description: "an empty command list" },
  { id: "commands-max", description: "three commands (the generator's cap)" },
  { id: "output-empty", description: 'a device that answers with empty output (result "")' },
  ...schemaClasses,
  ...crossFieldClasses,
];

const hitPoints = schemaPointHitter(schema);
const declared = new Set(toolResponseClasses.map((c) => c.id));

/**
 * The declared classes a generated device-command call hits: its scenario, and the schema
 * points and cross-field conditions the conformant response to it (the reference
 * producer's) hits.
 *
 * @param call The call and its simulated world.
 * @returns The class ids.
 */
export function toolResponseClassesOf(call: DeviceCommandCall): string[] {
  const names = call.arguments.device_names;
  const byName = new Map(call.scenario.devices.map((d) => [d.name, d]));
  const ok = names.filter((n) => byName.get(n)?.behaviour === "ok");
  const out: string[] = [];
  if (names.length === 0) out.push("devices-none");
  if (names.length === 1) out.push("devices-one");
  if (names.length >= 6) out.push("devices-many");
  if (names.length > 0 && ok.length === names.length) out.push("all-ok");
  if (names.length > 0 && ok.length === 0) out.push("all-failing");
  if (ok.length > 0 && ok.length < names.length) out.push("mixed");
  if (names.some((n) => byName.get(n)?.behaviour === "refused")) out.push("refused");
  if (names.some((n) => byName.get(n)?.behaviour === "timeout")) out.push("timeout");
  if (names.some((n) => !byName.has(n))) out.push("unknown-device");
  if (call.arguments.project_id === "not-a-project") out.push("bad-project");
  if (call.arguments.commands.length === 0) out.push("commands-none");
  if (call.arguments.commands.length >= 3) out.push("commands-max");
  if (ok.some((n) => byName.get(n)!.output === "")) out.push("output-empty");
  const response = produceToolResponse(call);
  for (const id of hitPoints(response)) if (declared.has(id)) out.push(id);
  for (const c of toolResponseCrossFieldConditions) {
    out.push(`rule:${c.rule}:${c.holds(response) ? "applies" : "vacuous"}`);
  }
  return out;
}
