import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import { quote } from "../_json_value.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import type { CheckContext, Finding } from "../../src/core/types.ts";
import { checkToolResponse } from "../tool_response/profile.ts";
import {
  bounded,
  firstDifference,
  hasOwn,
  isObject,
  type Obj,
  own,
  withoutPaths,
} from "./_json.ts";
import {
  type Analysis,
  analyzeRaw,
  expectedStatus,
  isNamedItemForm,
  legacyErrorText,
  legacyName,
  legacyNameStated,
  legacyResultStated,
  legacyResultText,
} from "./_legacy.ts";
import schema from "./observation.schema.json" with { type: "json" };
import { normalizerRules } from "./rules.ts";
import { withPythonRaw } from "./_python_input.ts";
import { jsonViewOf } from "./_python_values.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";

/** Metadata the spec calls volatile ("timestamp, execution time"), left out of comparisons. */
export const NORMALIZER_DEFAULT_VOLATILE: readonly string[] = [
  "/metadata/timestamp",
  "/metadata/execution_time",
];

const levels = Object.fromEntries(normalizerRules.map((r) => [r.id, r.level]));
const checkSchema = createSchemaChecker(schema, { defaultRule: "NORM-OBSERVATION", levels });

const finding = createFindingBuilder(normalizerRules);

/** The volatile JSON Pointers of a check: the spec's plus `context.volatile`. */
function volatileOf(context?: CheckContext): string[] {
  const extra = context?.volatile;
  const more = Array.isArray(extra) ? extra.filter((p): p is string => typeof p === "string") : [];
  return [...NORMALIZER_DEFAULT_VOLATILE, ...more];
}

/**
 * Judge one observation of `normalize_tool_response(raw, tool_name)`: the schema of the
 * observation, then totality, conformance of the output to `gns3.tool-response/v1.0` (each
 * inner MUST finding is reported with its rule id in `params.toolResponseRule`), the tool
 * name, fixpoint, idempotence and the legacy-form rules. Never throws.
 *
 * Context: `volatile`, extra JSON Pointers (into a normalized response) left out of the
 * fixpoint and idempotence comparisons, beside the spec's `/metadata/timestamp` and
 * `/metadata/execution_time`.
 *
 * @example Catch a normalizer that drops the tool name
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkNormalizerObservation } from "./check.ts";
 *
 * const findings = checkNormalizerObservation({
 *   input: { raw: [], tool_name: "list_nodes" },
 *   output: { result: { success: true, total: 0, successful: 0, failed: 0, data: [] } },
 * });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["NORM-TOOL-NAME", "/output/result"]]);
 * ```
 *
 * @param value The observation (untrusted data).
 * @param context `volatile`: extra volatile JSON Pointers.
 * @returns Every finding.
 */
export function checkNormalizerObservation(value: unknown, context?: CheckContext): Finding[] {
  try {
    return checkObservation(value, context);
  } catch (error) {
    // A guard: a bug of the kit must not look like a conforming implementation.
    return [
      finding("NORM-OBSERVATION", "", `The observation could not be checked: ${String(error)}`),
    ];
  }
}

function checkObservation(value: unknown, context?: CheckContext): Finding[] {
  // A real Python object written as a fixture or a report writes it (`python: literal`, or
  // raw `{$python: literal}`) is judged as the object.
  if (isObject(value) && isObject(value.input)) {
    let input: unknown;
    try {
      input = withPythonRaw(value.input);
    } catch (error) {
      return [
        finding(
          "NORM-OBSERVATION",
          "/input",
          error instanceof Error ? error.message : String(error),
        ),
      ];
    }
    if (input !== value.input) value = { ...value, input };
  }
  const schemaFindings = checkSchema(value);
  if (schemaFindings.length > 0) return schemaFindings;
  const obs = value as {
    input: { raw: unknown; tool_name: string };
    output: Obj;
    again?: Obj;
  };
  const out: Finding[] = [];
  const { raw, tool_name: toolName } = obs.input;
  // A real Python object of a type the standard names nowhere: raising on it is SHOULD.
  const unnamedType = raw instanceof PythonArgument && jsonViewOf(raw.value) === undefined;

  for (const key of ["output", "again"] as const) {
    const reply = obs[key];
    if (reply && hasOwn(reply, "raised")) {
      const raised = reply.raised as { type: string; message: string };
      // The adapter's UnserializableResult: the function returned, but its value is not JSON
      // (bytes as an item's result, a set in metadata): not the standard format.
      const returned = raised.type === "UnserializableResult";
      out.push(finding(
        returned
          ? "NORM-CONFORMS"
          : key === "output" && unnamedType
          ? "NORM-TOTAL-OTHER"
          : "NORM-TOTAL",
        jsonPointer(key, "raised"),
        (returned
          ? `normalize returned a value that is not the standard format (JSON cannot hold it): ${
            raised.message.slice(0, 500)
          }`
          : `normalize raised ${raised.type}: ${raised.message.slice(0, 500)}`) +
          (key === "again" ? " (on its own output)" : ""),
        {
          params: {
            type: raised.type,
            message: bounded(raised.message),
            input: bounded(
              key === "output" ? obs.input : { raw: obs.output.result, tool_name: toolName },
            ),
          },
        },
      ));
    }
  }
  if (!hasOwn(obs.output, "result")) return out;
  const result = obs.output.result;
  const base = "/output/result";

  // NORM-CONFORMS: every MUST finding of the tool-response profile, re-rooted.
  const inner = checkToolResponse(result).filter((f) => f.level === "MUST");
  for (const f of inner) {
    out.push(finding("NORM-CONFORMS", base + f.instancePath, `${f.ruleId}: ${f.message}`, {
      ...(f.keyword ? { keyword: f.keyword } : {}),
      params: { toolResponseRule: f.ruleId, ...(f.params ?? {}) },
      ...(f.expected !== undefined ? { expected: f.expected } : {}),
      ...(f.actual !== undefined ? { actual: f.actual } : {}),
    }));
  }
  if (!isObject(result)) return out;

  // NORM-TOOL-NAME
  const metadata = own(result, "metadata");
  const actualName = isObject(metadata) ? own(metadata, "tool_name") : undefined;
  if (actualName !== toolName) {
    out.push(finding(
      "NORM-TOOL-NAME",
      isObject(metadata)
        ? base + "/metadata" + (hasOwn(metadata, "tool_name") ? "/tool_name" : "")
        : base,
      `metadata.tool_name is ${
        actualName === undefined ? "missing" : JSON.stringify(bounded(actualName))
      }, expected ${quote(toolName)}`,
      { expected: toolName, actual: bounded(actualName ?? null) },
    ));
  }

  const volatile = volatileOf(context);
  // NORM-IDEMPOTENT
  if (obs.again && hasOwn(obs.again, "result")) {
    const diff = firstDifference(
      withoutPaths(result, volatile),
      withoutPaths(obs.again.result, volatile),
    );
    if (diff !== undefined) {
      out.push(finding(
        "NORM-IDEMPOTENT",
        "/again/result" + diff,
        `normalizing the output again changed it at "${diff || "/"}"`,
        { params: { path: diff } },
      ));
    }
  }

  const analysis = analyzeRaw(raw);
  if (analysis.form === "conforming") {
    out.push(...checkFixpoint(analysis.value, result, volatile));
  } else if (analysis.form === "items") {
    out.push(...checkItems(analysis, result));
  } else if (analysis.form === "global-error") {
    out.push(...checkGlobalError(analysis.error, result));
  } else if (analysis.form === "text") {
    out.push(...checkPlainText(analysis.text, result));
  }
  return out;
}

function checkFixpoint(input: Obj, result: Obj, volatile: readonly string[]): Finding[] {
  // Metadata the normalizer adds is allowed: compare the input's metadata keys only, and
  // tool_name is NORM-TOOL-NAME's to judge.
  const skip = [...volatile, "/metadata/tool_name"];
  const a = withoutPaths(input, skip) as Obj;
  const b = withoutPaths(result, skip) as Obj;
  const strip = (o: Obj) => withoutPaths(o, ["/metadata"]);
  let diff = firstDifference(strip(a), strip(b));
  if (diff === undefined) {
    const inMeta = own(a, "metadata");
    const outMeta = own(b, "metadata");
    if (isObject(inMeta) && Object.keys(inMeta).length > 0) {
      if (!isObject(outMeta)) diff = "/metadata";
      else {
        for (const k of Object.keys(inMeta)) {
          const d = hasOwn(outMeta, k) ? firstDifference(inMeta[k], outMeta[k]) : "";
          if (d !== undefined) {
            diff = jsonPointer("metadata", k) + d;
            break;
          }
        }
      }
    }
  }
  if (diff === undefined) return [];
  return [finding(
    "NORM-FIXPOINT",
    "/output/result" + diff,
    `the input already conforms, but the output differs at "${diff || "/"}"`,
    { params: { path: diff } },
  )];
}

function checkItems(analysis: Extract<Analysis, { form: "items" }>, result: Obj): Finding[] {
  const out: Finding[] = [];
  if (analysis.globalError !== undefined) {
    out.push(...checkGlobalError(analysis.globalError, result));
  }
  const data = own(result, "data");
  if (!Array.isArray(data)) return out; // NORM-CONFORMS already reports it
  const named = isNamedItemForm(analysis);
  if (data.length !== analysis.items.length) {
    out.push(finding(
      named ? "NORM-ITEM-COUNT" : "NORM-ITEM-COUNT-OTHER",
      "/output/result/data",
      `${analysis.items.length} legacy item(s) gave ${data.length} data item(s)`,
      { expected: analysis.items.length, actual: data.length, params: { shape: analysis.shape } },
    ));
  }
  // In a form the standard does not name, a different count means a different reading of the
  // input: its items are not compared one by one.
  const n = named || data.length === analysis.items.length
    ? Math.min(data.length, analysis.items.length)
    : 0;
  for (let i = 0; i < n; i++) {
    const legacy = analysis.items[i];
    const item = data[i];
    if (!isObject(item)) continue; // NORM-CONFORMS
    const at = (key: string) => jsonPointer("output", "result", "data", i, key);
    // The stated pairs (one of name / device_name, one of output / result, in a form the
    // standard names) are MUST; which field wins, node_name, a bare string: the kit's reading.
    const name = legacyName(legacy);
    if (name !== undefined && own(item, "name") !== name) {
      const stated = named && legacyNameStated(legacy);
      out.push(finding(
        stated ? "NORM-NAME" : "NORM-NAME-OTHER",
        at("name"),
        `item ${i}: name should be ${quote(name)}${
          stated ? "" : " (the kit's reading of which name field wins)"
        }`,
        { expected: bounded(name), actual: bounded(own(item, "name") ?? null) },
      ));
    }
    const text = legacyResultText(legacy);
    if (text !== undefined && own(item, "result") !== text) {
      // The item's result is "Output when status is success": on a failed item, keeping the
      // text is the kit's reading.
      const stated = named && legacyResultStated(legacy) && own(item, "status") === "success";
      out.push(finding(
        stated ? "NORM-RESULT-TEXT" : "NORM-RESULT-OTHER",
        at("result"),
        `item ${i}: the legacy output text is not the result, verbatim${
          stated ? "" : " (the kit's reading of where the text comes from)"
        }`,
        { expected: bounded(text), actual: bounded(own(item, "result") ?? null) },
      ));
    }
    const error = legacyErrorText(legacy);
    if (error !== undefined && own(item, "error") !== error) {
      out.push(finding(
        "NORM-ERROR-TEXT",
        at("error"),
        `item ${i}: the legacy error text is not the error, verbatim`,
        { expected: bounded(error), actual: bounded(own(item, "error") ?? null) },
      ));
    }
    const status = expectedStatus(legacy);
    const actual = own(item, "status");
    if (status && (actual === "success" || actual === "failed") && actual !== status.status) {
      out.push(finding(
        status.level === "MUST" ? "NORM-STATUS" : "NORM-STATUS-OTHER",
        at("status"),
        `item ${i}: status should be "${status.status}" (${status.reason})`,
        { expected: status.status, actual, params: { reason: status.reason } },
      ));
    }
  }
  return out;
}

function checkGlobalError(error: string, result: Obj): Finding[] {
  const actual = own(result, "error");
  if (actual === error) return [];
  return [finding(
    "NORM-GLOBAL-ERROR",
    hasOwn(result, "error") ? "/output/result/error" : "/output/result",
    `the global error ${quote(error)} is not the output's error, verbatim`,
    { expected: bounded(error), actual: bounded(actual ?? null) },
  )];
}

function checkPlainText(text: string, result: Obj): Finding[] {
  const candidates: unknown[] = [own(result, "error")];
  const data = own(result, "data");
  if (Array.isArray(data)) {
    for (const item of data) {
      if (isObject(item)) candidates.push(own(item, "result"), own(item, "error"));
    }
  }
  if (candidates.includes(text)) return [];
  return [finding(
    "NORM-PLAIN-TEXT",
    "/output/result",
    `the plain-text input ${quote(text)} is not kept verbatim in the output`,
    { expected: bounded(text) },
  )];
}
