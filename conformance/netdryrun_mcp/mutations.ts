import fc from "fast-check";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Mutated, Mutation } from "../../src/core/types.ts";
import { netdryrunMutations } from "../netdryrun/mutations.ts";
import type { NetdryrunValue } from "../netdryrun/types.ts";
import { wrapResult } from "./arbitraries.ts";
import { NETDRYRUN_TOOLS } from "./check.ts";
import { decodeResult, isErrorKind, isObject, kindOf, type ResultKind } from "./_decode.ts";
import type { Arbitrary } from "../../src/core/arbitrary.ts";

type Obj = Record<string, unknown>;

function own(
  id: string,
  ruleId: string,
  description: string,
  edit: (copy: Obj) => string | Arbitrary<string> | undefined,
): Mutation<unknown> {
  return {
    id,
    ruleId,
    description,
    mutate(value: unknown) {
      if (!isObject(value)) return undefined;
      const copy = structuredClone(value);
      const edited = edit(copy);
      if (edited === undefined) return undefined;
      if (typeof edited === "string") return fc.constant({ value: copy, instancePath: edited });
      // A randomised edit re-clones for every generated value.
      return fc.constant(null).chain(() => {
        const fresh = structuredClone(value);
        return (edit(fresh) as Arbitrary<string>).map((path) => ({
          value: fresh,
          instancePath: path,
        }));
      });
    },
  };
}

/** The call observation's decoded value, when it is a readable call. */
function decoded(obs: Obj) {
  if (obs.kind !== "tool_call" || !isObject(obs.call_result)) return undefined;
  const d = decodeResult(obs.call_result, String(obs.tool));
  return d.unreadable ? undefined : d;
}

const NON_SETUP_KINDS: ResultKind[] = [
  "run_result",
  "validate_valid",
  "validate_invalid",
  "check_types",
  "baseline_yaml",
  "tool_error",
];

/** Mutations of the MCP-level rules. */
const ownMutations: Mutation<unknown>[] = [
  own(
    "stdout-noise",
    "NDM-STDOUT-MCP-ONLY",
    "a stdout line that is not an MCP message came with the answer",
    (o) => {
      if (o.kind !== "tools_list" && o.kind !== "tool_call") return undefined;
      const lines = ["server ready", "DEBUG: calling dry_run", ""];
      return fc.constantFrom(...lines).map((line) => {
        o.protocol_violations = [{
          transport: "stdio",
          message: line === ""
            ? "an empty stdout line"
            : `a stdout line that is not JSON: ${JSON.stringify(line)}`,
        }];
        return "/protocol_violations/0";
      });
    },
  ),
  own("latin1-line", "NDM-UTF8", "a stdout line that is not UTF-8 came with the answer", (o) => {
    if (o.kind !== "tools_list" && o.kind !== "tool_call") return undefined;
    o.protocol_violations = [{
      transport: "stdio",
      message:
        'a stdout line that is not UTF-8: "{\\"jsonrpc\\":\\"2.0\\",\\"id\\":1,\\"result\\":{\\"t\\":\\"r\ufffdf\\"}}"',
    }];
    return "/protocol_violations/0";
  }),
  own("split-message", "NDM-NEWLINE-DELIMITED", "the answer came split over lines", (o) => {
    if (o.kind !== "tools_list" && o.kind !== "tool_call") return undefined;
    return fc.integer({ min: 2, max: 400 }).map((lines) => {
      o.protocol_violations = [{
        transport: "stdio",
        message: `a JSON-RPC message split over ${lines} lines (embedded newlines): "{}"`,
      }];
      return "/protocol_violations/0";
    });
  }),
  own("unknown-tool-result", "NDM-UNKNOWN-TOOL", "a tool not offered answers a result", (o) => {
    if (o.kind !== "transport" || o.probe !== "unknown_tool") return undefined;
    delete o.raised;
    o.call_result = { content: [{ type: "text", text: "Unknown tool" }], isError: true };
    return "/call_result";
  }),
  own("origin-served", "NDM-HTTP-ORIGIN", "a foreign Origin is served", (o) => {
    if (o.kind !== "transport" || o.probe !== "origin") return undefined;
    return fc.constantFrom(200, 202, 400, 421, 500).map((status) => {
      o.status = status;
      return "/status";
    });
  }),
  own("version-echoed", "NDM-VERSION", "an unsupported version is echoed back", (o) => {
    if (o.kind !== "transport" || o.probe !== "version") return undefined;
    o.answers = [{ requested: "1900-01-01", status: 200, answered: "1900-01-01" }];
    return "/answers/0/answered";
  }),
  own("drop-kind", "NDM-OBSERVATION", "drop the observation's kind", (o) => {
    delete o.kind;
    return "";
  }),
  own(
    "drop-offered-tool",
    "NDM-TOOLS-OFFERED",
    "drop one of the five tools from tools/list",
    (o) => {
      if (
        o.kind !== "tools_list" || !isObject(o.result) || !Array.isArray(o.result.tools)
      ) return undefined;
      const tools = o.result.tools as Obj[];
      return fc.constantFrom(...NETDRYRUN_TOOLS).map((name) => {
        tools.splice(tools.findIndex((t) => t.name === name), 1);
        return "/result/tools";
      });
    },
  ),
  own(
    "input-schema-bad-type",
    "NDM-INPUT-SCHEMA",
    "give a tool's inputSchema an unknown type",
    (o) => {
      if (
        o.kind !== "tools_list" || !isObject(o.result) || !Array.isArray(o.result.tools)
      ) return undefined;
      const tools = o.result.tools as Obj[];
      return fc.nat({ max: tools.length - 1 }).map((i) => {
        tools[i].inputSchema = { ...(tools[i].inputSchema as Obj), type: "path" };
        return jsonPointer("result", "tools", i, "inputSchema", "type");
      });
    },
  ),
  own("raise-instead", "NDM-CALL-ANSWERED", "answer tools/call with a JSON-RPC error", (o) => {
    if (o.kind !== "tool_call") return undefined;
    delete o.call_result;
    delete o.evidence_files;
    o.raised = { type: "McpError(-32603)", message: "MCP error -32603: internal error" };
    return "/raised";
  }),
  own(
    "text-not-json",
    "NDM-RESULT-READABLE",
    "send non-JSON text and no structuredContent",
    (o) => {
      const d = decoded(o);
      if (!d || o.tool === "record_baseline" || d.textIndex < 0) return undefined;
      const r = o.call_result as Obj;
      delete r.structuredContent;
      (r.content as Obj[])[d.textIndex].text = "status: passed (not JSON)";
      return jsonPointer("call_result", "content", d.textIndex, "text");
    },
  ),
  own("text-disagrees", "NDM-AGREE", "make the text content differ from structuredContent", (o) => {
    const d = decoded(o);
    if (!d || !d.structured || d.textIndex < 0) return undefined;
    const r = o.call_result as Obj;
    (r.content as Obj[])[d.textIndex].text = JSON.stringify({
      ...(d.value as Obj),
      netconform_extra: 1,
    });
    return jsonPointer("call_result", "content", d.textIndex, "text");
  }),
  own("flip-is-error", "NDM-IS-ERROR", "flip isError", (o) => {
    const d = decoded(o);
    if (!d) return undefined;
    const kind = kindOf(d.value, String(o.tool));
    if (kind === "other") return undefined;
    (o.call_result as Obj).isError = !isErrorKind(kind);
    return "/call_result/isError";
  }),
  own(
    "expect-setup-error",
    "NDM-SETUP-ERROR",
    "a scenario that calls for a setup error gets a run result",
    (o) => {
      const d = decoded(o);
      if (
        !d || !isObject(o.scenario) || kindOf(d.value, String(o.tool)) !== "run_result"
      ) return undefined;
      o.scenario = { name: o.scenario.name, expect: "setup_error" };
      return d.at;
    },
  ),
  own("expect-other-kind", "NDM-RESULT-KIND", "a scenario calls for another result kind", (o) => {
    const d = decoded(o);
    if (!d || !isObject(o.scenario)) return undefined;
    const kind = kindOf(d.value, String(o.tool));
    const others = NON_SETUP_KINDS.filter((k) => k !== kind);
    const scenario = o.scenario;
    return fc.constantFrom(...others).map((expect) => {
      o.scenario = { name: scenario.name, expect };
      return d.at;
    });
  }),
  own("expect-other-status", "NDM-RUN-STATUS", "a lab scenario expects another status", (o) => {
    const d = decoded(o);
    if (!d || !isObject(o.scenario) || o.scenario.expect !== "run_result") return undefined;
    if (typeof o.scenario.status !== "string") return undefined;
    o.scenario.status = o.scenario.status === "failed" ? "passed" : "failed";
    return d.structured ? d.at + "/status" : d.at;
  }),
  own(
    "tested-hash-differs",
    "NDM-TESTED-FILES",
    "a laid-out file's sha256 differs from tested.files",
    (o) => {
      const d = decoded(o);
      if (
        !d || !isObject(o.scenario) || o.scenario.expect !== "run_result" ||
        !isObject(o.scenario.files)
      ) {
        return undefined;
      }
      const files = o.scenario.files as Record<string, string>;
      const keys = Object.keys(files);
      if (keys.length === 0) return undefined;
      return fc.constantFrom(...keys).map((key) => {
        files[key] = files[key].startsWith("0") ? "1".repeat(64) : "0".repeat(64);
        return d.structured ? d.at + jsonPointer("tested", "files", key) : d.at;
      });
    },
  ),
];

/** A results-profile mutation applied to the value inside a tools/call observation. */
function lifted(m: Mutation<NetdryrunValue>): Mutation<unknown> {
  return {
    id: `result:${m.id}`,
    ruleId: m.ruleId,
    description: `${m.description} (in the tools/call result)`,
    mutate(value: unknown) {
      if (!isObject(value)) return undefined;
      const d = decoded(value);
      if (!d) return undefined;
      const context: Record<string, unknown> = { tool: value.tool };
      if (isObject(value.evidence_files)) context.evidenceFiles = value.evidence_files;
      const arb = m.mutate(structuredClone(d.value) as NetdryrunValue, context);
      if (!arb) return undefined;
      const r = value.call_result as Obj;
      return arb.map((mutated): Mutated<unknown> => {
        const ctx = mutated.context ?? context;
        const tool = String(ctx.tool ?? value.tool);
        const structured = d.structured && isObject(mutated.value);
        const obs: Obj = {
          kind: "tool_call",
          tool,
          arguments: value.arguments,
          call_result: wrapResult(mutated.value, tool, {
            structured,
            explicitFalse: r.isError === false,
          }),
        };
        if (isObject(ctx.evidenceFiles)) obs.evidence_files = ctx.evidenceFiles;
        const at = structured ? "/call_result/structuredContent" : "/call_result/content/0/text";
        return { value: obs, instancePath: structured ? at + mutated.instancePath : at };
      });
    },
  };
}

/**
 * Mutations of `netdryrun.mcp-server/v1`: one per MCP-level rule, then every
 * `netdryrun.mcp-result/v1` mutation lifted into the tools/call result (its scenario dropped,
 * isError kept in step with the mutated kind).
 */
export const netdryrunMcpMutations: readonly Mutation<unknown>[] = [
  ...ownMutations,
  ...netdryrunMutations.map(lifted),
];
