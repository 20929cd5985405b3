import type { Rule } from "../../src/core/types.ts";
import { netdryrunRules } from "../netdryrun/rules.ts";

const SPEC = "netdryrun-mcp-result-v1.schema.json";
const NOTES = "spec-notes/netdryrun-mcp.md";

/** The MCP-level rules of `netdryrun.mcp-server/v1` (without the results profile's). */
export const netdryrunMcpOwnRules: readonly Rule[] = [
  {
    id: "NDM-OBSERVATION",
    level: "MUST",
    statement:
      "The observation document is well-formed (kind, tool, arguments, scenario, and exactly one of a result or a raised error)",
    cite: { spec: NOTES, section: "Observation documents" },
  },
  {
    id: "NDM-TOOLS-OFFERED",
    level: "MUST",
    statement:
      "tools/list answers a tool list that offers dry_run, run_checks, validate, check_types and record_baseline",
    cite: { spec: SPEC, section: "description (the tools and their results)" },
  },
  {
    id: "NDM-INPUT-SCHEMA",
    level: "MUST",
    statement:
      "Every offered tool has an inputSchema that is a valid JSON Schema (draft 2020-12 meta-schema) of type object",
    cite: { spec: NOTES, section: "Tools and input schemas" },
  },
  {
    id: "NDM-CALL-ANSWERED",
    level: "MUST",
    statement:
      "tools/call of an offered tool answers a CallToolResult with a content list, not a JSON-RPC error",
    cite: { spec: NOTES, section: "Reading a result" },
  },
  {
    id: "NDM-RESULT-READABLE",
    level: "MUST",
    statement:
      "The result can be read: structuredContent is an object when present, else a text content item holds JSON (record_baseline: YAML text or a JSON tool error)",
    cite: { spec: NOTES, section: "Reading a result" },
  },
  {
    id: "NDM-AGREE",
    level: "MUST",
    statement:
      "When a result carries both structuredContent and text content, the text is JSON equal to structuredContent",
    cite: { spec: NOTES, section: "Reading a result" },
  },
  {
    id: "NDM-IS-ERROR",
    level: "MUST",
    statement:
      "isError is true exactly for a setup error (dry_run, run_checks) and a tool error (record_baseline), and false or absent for every other result",
    cite: { spec: NOTES, section: "isError" },
  },
  {
    id: "NDM-SETUP-ERROR",
    level: "MUST",
    statement:
      "dry_run and run_checks on a missing, invalid or outside-root netdryrun.yml give a setup error and start no lab (no run result)",
    cite: { spec: SPEC, section: "$defs/setup_error (description)" },
  },
  {
    id: "NDM-RESULT-KIND",
    level: "MUST",
    statement:
      "A scenario gives the result kind it calls for: validate's valid or invalid branch, check_types_result, YAML text or a tool error from record_baseline, a run result from a lab run",
    cite: { spec: SPEC, section: "description (per tool) and $defs" },
  },
  {
    id: "NDM-RUN-STATUS",
    level: "MUST",
    statement:
      "A lab scenario's run result has the status its lab state implies (passed, failed, error, inconclusive)",
    cite: { spec: NOTES, section: "Lab scenarios" },
  },
  {
    id: "NDM-TESTED-FILES",
    level: "MUST",
    statement:
      "tested.files names only files the kit laid out, each with its sha256, and names netdryrun.yml and the topology",
    cite: { spec: SPEC, section: "$defs/run_result/properties/tested (description)" },
  },
  {
    id: "NDM-STDOUT-MCP-ONLY",
    level: "MUST",
    statement:
      "Over stdio, the server writes nothing to its stdout but MCP messages (one JSON-RPC message a line)",
    cite: {
      spec: NOTES,
      section: "stdout carries only MCP messages",
      quote: "The server MUST NOT write anything to its stdout that is not a valid MCP message.",
    },
  },
];

/**
 * Every rule of `netdryrun.mcp-server/v1`: the MCP-level rules, then the results profile's
 * (`netdryrun.mcp-result/v1`), reported with their own ids.
 */
export const netdryrunMcpRules: readonly Rule[] = [...netdryrunMcpOwnRules, ...netdryrunRules];
