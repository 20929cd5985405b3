import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Finding, Level } from "../../src/core/types.ts";
import { checkNetdryrun } from "../netdryrun/check.ts";
import observationSchema from "./observation.schema.json" with { type: "json" };
import { netdryrunMcpRules } from "./rules.ts";
import { type Decoded, decodeResult, isErrorKind, isObject, jsonEqual, kindOf } from "./_decode.ts";
import { checkTransport } from "./_check_transport.ts";

/** The five tools a Netdryrun MCP server offers. */
export const NETDRYRUN_TOOLS = [
  "dry_run",
  "run_checks",
  "validate",
  "check_types",
  "record_baseline",
] as const;

const levels: Record<string, Level> = Object.fromEntries(
  netdryrunMcpRules.map((r) => [r.id, r.level]),
);
// `oneOf: [{required: [result]}, ...]` names properties declared beside it: strictRequired
// would flag that, although it is the plain way to say "exactly one of".
const checkShape = createSchemaChecker(observationSchema, {
  defaultRule: "NDM-OBSERVATION",
  levels,
  ajv: { strictRequired: false },
});

// Only the meta-schema is compiled: a server's inputSchema is validated as data, never
// compiled (compiling would turn untrusted text into code).
// Compiled on first use: a module that loads the profile need not pay for it.
let metaValidator: ValidateFunction | undefined;
const validateMeta = (): ValidateFunction =>
  metaValidator ??= new Ajv2020({ strict: false, allErrors: false })
    .getSchema("https://json-schema.org/draft/2020-12/schema")!;
const MAX_SCHEMA_CHARS = 256 * 1024;

type Obj = Record<string, unknown>;

const finding = createFindingBuilder(netdryrunMcpRules);

function checkToolsList(obs: Obj): Finding[] {
  if (obs.raised) {
    const r = obs.raised as { type: string; message: string };
    return [
      finding("NDM-TOOLS-OFFERED", "/raised", `tools/list failed with ${r.type}: ${r.message}`, {
        expected: "a tool list",
        actual: r,
      }),
    ];
  }
  const result = obs.result;
  if (!isObject(result) || !Array.isArray(result.tools)) {
    return [finding("NDM-TOOLS-OFFERED", "/result", "tools/list did not answer a list of tools", {
      expected: "{tools: [...]}",
    })];
  }
  const tools = result.tools as unknown[];
  const names = tools.map((t) => (isObject(t) && typeof t.name === "string" ? t.name : undefined));
  const out: Finding[] = [];
  const missing = NETDRYRUN_TOOLS.filter((t) => !names.includes(t));
  if (missing.length === NETDRYRUN_TOOLS.length) {
    const offered = names.filter((n) => n !== undefined).slice(0, 20);
    out.push(finding(
      "NDM-TOOLS-OFFERED",
      "/result/tools",
      `this is not a Netdryrun MCP server: it offers none of ${
        NETDRYRUN_TOOLS.join(", ")
      } (it offers: ${offered.length ? offered.map((n) => `"${n}"`).join(", ") : "nothing"})`,
      { params: { missing, notNetdryrun: true }, expected: [...NETDRYRUN_TOOLS], actual: offered },
    ));
  } else {
    for (const tool of missing) {
      out.push(finding("NDM-TOOLS-OFFERED", "/result/tools", `tool "${tool}" is not offered`, {
        params: { missing: tool },
        expected: tool,
      }));
    }
  }
  tools.forEach((t, i) => {
    if (!isObject(t)) {
      out.push(
        finding("NDM-INPUT-SCHEMA", jsonPointer("result", "tools", i), "the tool is not an object"),
      );
      return;
    }
    const at = jsonPointer("result", "tools", i, "inputSchema");
    const schema = t.inputSchema;
    if (!isObject(schema)) {
      out.push(
        finding("NDM-INPUT-SCHEMA", at, `tool "${String(t.name)}" has no inputSchema object`),
      );
      return;
    }
    let size = Infinity;
    try {
      size = JSON.stringify(schema).length;
    } catch { /* a cycle cannot come over the wire; treated as too large */ }
    if (size > MAX_SCHEMA_CHARS) {
      out.push(
        finding("NDM-INPUT-SCHEMA", at, `inputSchema is over ${MAX_SCHEMA_CHARS} characters`),
      );
      return;
    }
    if (schema.type !== "object") {
      out.push(
        finding(
          "NDM-INPUT-SCHEMA",
          jsonPointer("result", "tools", i, "inputSchema", "type"),
          `tool "${String(t.name)}": inputSchema type must be "object"`,
          {
            keyword: "type",
            expected: "object",
            actual: schema.type,
          },
        ),
      );
    }
    let valid = false;
    const meta = validateMeta();
    try {
      valid = meta(schema) as boolean;
    } catch (error) {
      out.push(
        finding("NDM-INPUT-SCHEMA", at, `inputSchema could not be validated: ${String(error)}`),
      );
      return;
    }
    if (!valid) {
      const e = meta.errors?.[0];
      out.push(finding(
        "NDM-INPUT-SCHEMA",
        at + (e?.instancePath ?? ""),
        `tool "${String(t.name)}": inputSchema is not a valid JSON Schema: ${
          e?.message ?? "invalid"
        }`,
        { keyword: e?.keyword, params: { ...e?.params } },
      ));
    }
  });
  return out;
}

const WRAPPED_READ = {
  value: "the value FastMCP wrapped as structuredContent.result",
  text: "the JSON text FastMCP wrapped as structuredContent.result, parsed",
};

/** Findings on the decoded value, pointed into the observation (and saying what was read). */
function reroot(findings: Finding[], d: Decoded): Finding[] {
  const read = d.wrapped ? { read: WRAPPED_READ[d.wrapped] } : {};
  return findings.map((f) => {
    if (d.structured) {
      return {
        ...f,
        instancePath: d.at + f.instancePath,
        ...(d.wrapped ? { params: { ...f.params, ...read } } : {}),
      };
    }
    // A value read from text: the pointer cannot go inside the string; keep the inner one.
    return {
      ...f,
      instancePath: d.at,
      params: { ...f.params, resultPath: f.instancePath, ...read },
    };
  });
}

function checkToolCall(obs: Obj): Finding[] {
  const tool = obs.tool as string;
  if (obs.raised) {
    const r = obs.raised as { type: string; message: string };
    return [
      finding(
        "NDM-CALL-ANSWERED",
        "/raised",
        `tools/call "${tool}" failed with ${r.type}: ${r.message}`,
        {
          expected: "a CallToolResult",
          actual: r,
        },
      ),
    ];
  }
  const out: Finding[] = [];
  const result = obs.call_result as Obj;
  if (!Array.isArray(result.content)) {
    out.push(
      finding("NDM-CALL-ANSWERED", "/call_result/content", "the result has no content list", {
        expected: "an array",
        actual: result.content === undefined ? "absent" : typeof result.content,
      }),
    );
  }
  const d = decodeResult(result, tool);
  if (d.unreadable) {
    out.push(finding("NDM-RESULT-READABLE", d.unreadable.path, d.unreadable.message));
    return out;
  }
  if (d.wrapped === "text") {
    const text = (result.content as { text: string }[])[d.textIndex]?.text;
    if (d.textIndex >= 0 && text !== d.wrappedText) {
      out.push(finding(
        "NDM-AGREE",
        `/call_result/content/${d.textIndex}/text`,
        "the text content differs from the text wrapped in structuredContent.result",
        { expected: "the text of structuredContent.result" },
      ));
    }
  } else if (
    d.structured && d.textIndex >= 0 && (!d.textJson || !jsonEqual(d.textJson.value, d.value))
  ) {
    out.push(finding(
      "NDM-AGREE",
      `/call_result/content/${d.textIndex}/text`,
      d.textJson
        ? "the text content disagrees with structuredContent"
        : "the text content is not JSON",
      { expected: "JSON equal to structuredContent" },
    ));
  }
  const kind = kindOf(d.value, tool);
  if (kind !== "other") {
    const expected = isErrorKind(kind);
    const actual = result.isError === true;
    if (
      expected !== actual || (result.isError !== undefined && typeof result.isError !== "boolean")
    ) {
      out.push(
        finding(
          "NDM-IS-ERROR",
          "/call_result/isError",
          `isError must be ${expected ? "true" : "false or absent"} for a ${
            kind.replaceAll("_", " ")
          }`,
          {
            expected,
            actual: result.isError,
          },
        ),
      );
    }
  }
  const scenario = obs.scenario as Obj | undefined;
  if (scenario) {
    const want = scenario.expect as string;
    if (want === "setup_error" && kind !== "setup_error") {
      out.push(
        finding(
          "NDM-SETUP-ERROR",
          d.at,
          kind === "run_result"
            ? `scenario "${scenario.name}": a run result instead of a setup error (a lab run was started)`
            : `scenario "${scenario.name}": expected a setup error, got a ${
              kind.replaceAll("_", " ")
            }`,
          {
            expected: "setup_error",
            actual: kind,
          },
        ),
      );
    } else if (want !== "setup_error" && kind !== want) {
      out.push(
        finding(
          "NDM-RESULT-KIND",
          d.at,
          `scenario "${scenario.name}": expected a ${want.replaceAll("_", " ")}, got a ${
            kind.replaceAll("_", " ")
          }`,
          {
            expected: want,
            actual: kind,
          },
        ),
      );
    }
    if (kind === "run_result" && want === "run_result") {
      const v = d.value as Obj;
      if (typeof scenario.status === "string" && v.status !== scenario.status) {
        out.push(
          ...reroot(
            [finding(
              "NDM-RUN-STATUS",
              "/status",
              `scenario "${scenario.name}": status must be "${scenario.status}"`,
              {
                expected: scenario.status,
                actual: v.status,
              },
            )],
            d,
          ),
        );
      }
      if (isObject(scenario.files) && isObject(v.tested) && isObject(v.tested.files)) {
        out.push(...reroot(checkTestedFiles(scenario, v.tested.files), d));
      }
    }
  }
  if (kind !== "other" || d.value !== undefined) {
    const context = {
      tool,
      ...(isObject(obs.evidence_files) ? { evidenceFiles: obs.evidence_files } : {}),
    };
    out.push(...reroot(checkNetdryrun(d.value, context), d));
  }
  return out;
}

/** The stdio rule a transport violation breaks, by what the transport recorded. */
function protocolRule(message: string): string {
  if (message.startsWith("a stdout line that is not UTF-8")) return "NDM-UTF8";
  if (message.startsWith("a JSON-RPC message split over")) return "NDM-NEWLINE-DELIMITED";
  return "NDM-STDOUT-MCP-ONLY";
}

function checkProtocol(obs: Obj): Finding[] {
  const seen = (obs.protocol_violations ?? []) as { transport: string; message: string }[];
  return seen.map((v, i) =>
    finding(
      protocolRule(v.message),
      jsonPointer("protocol_violations", i),
      `over ${v.transport}, the server wrote ${v.message}`,
    )
  );
}

function checkTestedFiles(scenario: Obj, files: Obj): Finding[] {
  const laid = scenario.files as Record<string, string>;
  const out: Finding[] = [];
  for (const [key, hash] of Object.entries(files)) {
    if (!Object.hasOwn(laid, key)) {
      out.push(
        finding(
          "NDM-TESTED-FILES",
          jsonPointer("tested", "files", key),
          `tested.files names "${key}", a file the kit did not lay out`,
          { actual: key },
        ),
      );
    } else if (hash !== laid[key]) {
      out.push(
        finding(
          "NDM-TESTED-FILES",
          jsonPointer("tested", "files", key),
          `the sha256 of "${key}" is not the one of the file the kit laid out`,
          {
            expected: laid[key],
            actual: hash,
          },
        ),
      );
    }
  }
  for (const key of Array.isArray(scenario.tested) ? scenario.tested as string[] : []) {
    if (!Object.hasOwn(files, key)) {
      out.push(finding("NDM-TESTED-FILES", "/tested/files", `tested.files does not name "${key}"`, {
        expected: key,
      }));
    }
  }
  return out;
}

/**
 * Check one observation of a Netdryrun MCP server (a `tools/list` answer, or a `tools/call`
 * answer in its scenario) against `netdryrun.mcp-server/v1`: the MCP-level rules, then the
 * decoded result against `netdryrun.mcp-result/v1` (its findings keep their ids and point
 * into `structuredContent`, or at the text item with the inner path in `params.resultPath`).
 * Never throws.
 *
 * @example A text that disagrees with structuredContent
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkMcpObservation } from "./check.ts";
 *
 * const value = { netdryrun: "1.0", check_types: {} };
 * const findings = checkMcpObservation({
 *   kind: "tool_call", tool: "check_types", arguments: {},
 *   call_result: { content: [{ type: "text", text: '{"netdryrun":"2.0","check_types":{}}' }], structuredContent: value },
 * });
 * assert.deepEqual(findings.map((f) => [f.ruleId, f.instancePath]), [["NDM-AGREE", "/call_result/content/0/text"]]);
 * ```
 *
 * @param value The observation (untrusted data).
 * @returns Every finding.
 */
export function checkMcpObservation(value: unknown): Finding[] {
  const shape = checkShape(value);
  if (shape.length > 0) return shape;
  try {
    const obs = value as Obj;
    return [
      ...checkProtocol(obs),
      ...(obs.kind === "tools_list"
        ? checkToolsList(obs)
        : obs.kind === "transport"
        ? checkTransport(obs)
        : checkToolCall(obs)),
    ];
  } catch (error) {
    return [
      finding("NDM-OBSERVATION", "", `the observation could not be checked: ${String(error)}`),
    ];
  }
}
