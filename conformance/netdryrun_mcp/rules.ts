import type { Rule } from "../../src/core/types.ts";
import { netdryrunRules } from "../netdryrun/rules.ts";

const SPEC = "netdryrun-mcp-result-v1.schema.json";
const NOTES = "spec-notes/netdryrun-mcp.md";
const MCP_SCHEMA = "https://modelcontextprotocol.io/specification/2025-11-25/schema";
const MCP_TOOLS = "https://modelcontextprotocol.io/specification/2025-06-18/server/tools";
const MCP_TRANSPORTS = "mcp-2025-11-25/basic-transports.mdx";

/** The MCP-level rules of `netdryrun.mcp-server/v1` (without the results profile's). */
export const netdryrunMcpOwnRules: readonly Rule[] = [
  {
    id: "NDM-OBSERVATION",
    level: "MUST",
    statement:
      "The observation document is well-formed (kind, tool, arguments, scenario, and exactly one of a result or a raised error)",
    cite: {
      spec: NOTES,
      section: "Observation documents",
      quote:
        "A malformed observation is **NDM-OBSERVATION** (MUST); the kit itself never makes one, it exists so that `check` is total.",
    },
  },
  {
    id: "NDM-TOOLS-OFFERED",
    level: "MUST",
    statement:
      "tools/list answers a tool list that offers dry_run, run_checks, validate, check_types and record_baseline",
    cite: {
      spec: SPEC,
      section: "description (the tools and their results)",
      quote:
        "The root schema is the result of dry_run and run_checks: either a run result or a setup error (no lab started). The other tools' results are under $defs: validate -> #/$defs/validate_result, check_types -> #/$defs/check_types_result, record_baseline -> YAML text, or #/$defs/tool_error.",
    },
  },
  {
    id: "NDM-INPUT-SCHEMA",
    level: "MUST",
    statement:
      "Every offered tool has an inputSchema that is a valid JSON Schema (draft 2020-12 meta-schema) of type object",
    cite: {
      spec: MCP_SCHEMA,
      section: "Tool.inputSchema; reading: spec-notes/netdryrun-mcp.md",
      quote:
        'A JSON Schema object defining the expected parameters for the tool. (inputSchema: { $schema?: string; type: "object"; properties?: { [key: string]: object }; required?: string[] })',
    },
  },
  {
    id: "NDM-CALL-ANSWERED",
    level: "MUST",
    statement:
      "tools/call of an offered tool answers a CallToolResult with a content list, not a JSON-RPC error",
    cite: {
      spec: NOTES,
      section: "Reading a result",
      quote: "What the Netdryrun MCP tools return.",
    },
  },
  {
    id: "NDM-RESULT-READABLE",
    level: "MUST",
    statement:
      "The result can be read: structuredContent is an object when present, else a text content item holds JSON (record_baseline: YAML text or a JSON tool error)",
    cite: {
      spec: MCP_SCHEMA,
      section: "CallToolResult; reading: spec-notes/netdryrun-mcp.md",
      quote:
        "A list of content objects that represent the unstructured result of the tool call. (content: ContentBlock[]) An optional JSON object that represents the structured result of the tool call. (structuredContent?: { [key: string]: unknown })",
    },
  },
  {
    id: "NDM-AGREE",
    level: "SHOULD",
    statement:
      "When a result carries both structuredContent and text content, the text is JSON equal to structuredContent",
    cite: {
      spec: MCP_TOOLS,
      section: "Structured Content; reading: spec-notes/netdryrun-mcp.md",
      quote:
        "For backwards compatibility, a tool that returns structured content SHOULD also return the serialized JSON in a TextContent block.",
    },
  },
  {
    id: "NDM-IS-ERROR",
    level: "SHOULD",
    statement:
      "isError is true exactly for a setup error (dry_run, run_checks) and a tool error (record_baseline), and false or absent for every other result",
    cite: {
      spec: MCP_SCHEMA,
      section: "CallToolResult.isError; reading: spec-notes/netdryrun-mcp.md",
      quote:
        "Any errors that originate from the tool SHOULD be reported inside the result object, with `isError` set to true, _not_ as an MCP protocol-level error response.",
    },
  },
  {
    id: "NDM-SETUP-ERROR",
    level: "MUST",
    statement:
      "dry_run and run_checks on a missing, invalid or outside-root netdryrun.yml give a setup error and start no lab (no run result)",
    cite: {
      spec: SPEC,
      section: "$defs/setup_error (description)",
      quote:
        "dry_run or run_checks refused to start: netdryrun.yml is missing, invalid, or outside NETDRYRUN_MCP_ROOT. No lab was started; this says nothing about the change.",
    },
  },
  {
    id: "NDM-RESULT-KIND",
    level: "MUST",
    statement:
      "A scenario gives the result kind it calls for: validate's valid or invalid branch, check_types_result, YAML text or a tool error from record_baseline, a run result from a lab run",
    cite: {
      spec: SPEC,
      section: "description (per tool) and $defs",
      quote:
        "Result of validate. No lab is started; it is not a verdict. […] Result of check_types […] record_baseline could not record (the topology is unreadable or outside NETDRYRUN_MCP_ROOT, bad arguments, or the lab failed). On success record_baseline returns YAML text instead.",
    },
  },
  {
    id: "NDM-RUN-STATUS",
    level: "MUST",
    statement:
      "A lab scenario's run result has the status its lab state implies (passed, failed, error, inconclusive)",
    cite: {
      spec: NOTES,
      section: "Lab scenarios",
      quote:
        "CHECKS PASSED (only what the checks cover): every check in the file passed in the lab, and nothing more (not a claim that the change is safe). DO NOT APPLY THIS CHANGE: a check failed, or the run could not complete (error). INCONCLUSIVE: the lab never reached a testable state; stop, retry at most once, and do not apply the change.",
    },
  },
  {
    id: "NDM-TESTED-FILES",
    level: "MUST",
    statement:
      "tested.files names only files the kit laid out, each with its sha256, and names netdryrun.yml and the topology",
    cite: {
      spec: SPEC,
      section: "$defs/run_result/properties/tested (description)",
      quote:
        "What this run tested, read before it started, so a verdict can be tied to a version of the files: a sha256 of netdryrun.yml, the topology and every file the topology binds, loads as a startup config or licence, or reads as env-files.",
    },
  },
  {
    id: "NDM-STDOUT-MCP-ONLY",
    level: "MUST",
    statement:
      "Over stdio, the server writes nothing to its stdout but MCP messages (one JSON-RPC message a line)",
    cite: {
      spec: MCP_TRANSPORTS,
      section: "stdio (reading: spec-notes/netdryrun-mcp.md, stdout carries only MCP messages)",
      quote:
        "The server **MUST NOT** write anything to its `stdout` that is not a valid MCP message.",
    },
  },
  {
    id: "NDM-UTF8",
    level: "MUST",
    statement: "Over stdio, every line the server writes to its stdout is UTF-8",
    cite: {
      spec: MCP_TRANSPORTS,
      section: "Transports (reading: spec-notes/netdryrun-mcp.md)",
      quote: "JSON-RPC messages **MUST** be UTF-8 encoded.",
    },
  },
  {
    id: "NDM-NEWLINE-DELIMITED",
    level: "MUST",
    statement:
      "Over stdio, each JSON-RPC message is one line: none is split over lines (pretty-printed)",
    cite: {
      spec: MCP_TRANSPORTS,
      section: "stdio (reading: spec-notes/netdryrun-mcp.md)",
      quote: "Messages are delimited by newlines, and **MUST NOT** contain embedded newlines.",
    },
  },
  {
    id: "NDM-HTTP-ORIGIN",
    level: "MUST",
    statement:
      "Over Streamable HTTP, a request whose Origin header names a foreign site is answered 403 Forbidden (DNS rebinding protection)",
    cite: {
      spec: MCP_TRANSPORTS,
      section: "Streamable HTTP > Security Warning (reading: spec-notes/netdryrun-mcp.md)",
      quote:
        "Servers **MUST** validate the `Origin` header on all incoming connections to prevent DNS rebinding attacks […] If the `Origin` header is present and invalid, servers **MUST** respond with HTTP 403 Forbidden.",
    },
  },
  {
    id: "NDM-VERSION",
    level: "MUST",
    statement:
      "initialize asking for a protocol version the server does not support is answered with another version it supports, and asking for that version gets that same version back",
    cite: {
      spec: "mcp-2025-11-25/basic-lifecycle.mdx",
      section: "Initialization > Version Negotiation (reading: spec-notes/netdryrun-mcp.md)",
      quote:
        "If the server supports the requested protocol version, it **MUST** respond with the same version. Otherwise, the server **MUST** respond with another protocol version it supports.",
    },
  },
  {
    id: "NDM-UNKNOWN-TOOL",
    level: "SHOULD",
    statement:
      "tools/call of a tool the server does not offer is answered with a JSON-RPC error (a protocol error), not a tool result",
    cite: {
      spec: "mcp-2025-11-25/server-tools.mdx",
      section: "Error Handling (reading: spec-notes/netdryrun-mcp.md)",
      quote:
        "**Protocol Errors**: Standard JSON-RPC errors for issues like: […] Unknown tools […] **Tool Execution Errors**: Reported in tool results with `isError: true`:",
    },
  },
];

/**
 * Every rule of `netdryrun.mcp-server/v1`: the MCP-level rules, then the results profile's
 * (`netdryrun.mcp-result/v1`), reported with their own ids.
 */
export const netdryrunMcpRules: readonly Rule[] = [...netdryrunMcpOwnRules, ...netdryrunRules];
