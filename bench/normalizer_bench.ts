/**
 * Cost of the Python-literal parser and of the normalizer profile, as ratios to baselines
 * measured in the same run: `deno bench -A bench/normalizer_bench.ts`.
 *
 * - parse: `parsePythonLiteral` (+ `pythonToJson`) of a device-command list as Python prints
 *   it, against `JSON.parse` of the same list as JSON text;
 * - normalize: the TypeScript reference on that literal string, against the same on the
 *   decoded value (so the ratio is the decoding's share);
 * - check: `checkNormalizerObservation` of the observation, against the tool-response check of
 *   its output alone (the part the normalizer profile reuses).
 */
import { checkNormalizerObservation } from "../conformance/normalizer/check.ts";
import { normalizeToolResponse } from "../conformance/normalizer/reference.ts";
import { checkToolResponse } from "../conformance/tool_response/profile.ts";
import { parsePythonLiteral } from "../src/pyliteral/parse_python_literal.ts";
import { printPythonLiteral } from "../src/pyliteral/print_python_literal.ts";
import type { PyValue } from "../src/pyliteral/py_value.ts";
import { pythonToJson } from "../src/pyliteral/python_to_json.ts";

const str = (value: string): PyValue => ({ type: "str", value });
const items: PyValue[] = Array.from({ length: 100 }, (_, i) => ({
  type: "dict",
  entries: [
    [str("device_name"), str(`R${i}`)],
    [str("status"), str(i % 7 === 0 ? "failed" : "success")],
    [
      str("output"),
      str(`R${i}# show ip interface brief\n${"Ethernet0/0  10.0.0.1  up  up\n".repeat(10)}`),
    ],
    [str("error"), i % 7 === 0 ? str("Connection refused") : { type: "none" }],
    [str("commands"), { type: "tuple", items: [str("show ip interface brief")] }],
  ],
}));
const literal = printPythonLiteral({ type: "list", items });
const value = pythonToJson(parsePythonLiteral(literal));
const json = JSON.stringify(value);
const output = JSON.parse(JSON.stringify(normalizeToolResponse(literal, "cmd")));
const observation = {
  input: { raw: literal, tool_name: "cmd" },
  output: { result: output },
  again: { result: output },
};
let sink = 0;

Deno.bench("JSON.parse of the list (baseline)", { group: "parse", baseline: true }, () => {
  sink += (JSON.parse(json) as unknown[]).length;
});
Deno.bench("parsePythonLiteral + pythonToJson of the same list", { group: "parse" }, () => {
  sink += (pythonToJson(parsePythonLiteral(literal)) as unknown[]).length;
});

Deno.bench("normalize the decoded list (baseline)", { group: "normalize", baseline: true }, () => {
  sink += normalizeToolResponse(value, "cmd").total;
});
Deno.bench("normalize the Python-literal string", { group: "normalize" }, () => {
  sink += normalizeToolResponse(literal, "cmd").total;
});

Deno.bench(
  "tool-response check of the output (baseline)",
  { group: "check", baseline: true },
  () => {
    sink += checkToolResponse(output).length;
  },
);
Deno.bench("normalizer check of the observation", { group: "check" }, () => {
  sink += checkNormalizerObservation(observation).length;
});
