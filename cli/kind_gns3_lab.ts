import { resolve } from "node:path";
import { labToolsAdapter } from "../conformance/gns3_lab/lab_tools_adapter.ts";
import type { AdapterKind } from "./_adapter_kind.ts";

/** The `adapter:` section of a `kind: gns3-lab` target, as validated. */
export interface Gns3LabSection {
  /** Always `gns3-lab`. */
  kind: "gns3-lab";
  /** The Python interpreter the tools are installed in (relative to the config's folder). */
  python: string;
  /** The tools, `module:attribute` each. */
  tools: string[];
  /** Folders put first on PYTHONPATH (relative to the config's folder). */
  python_path?: string[];
  /** A normalizer `module:function` applied to every result before it is judged. */
  normalizer?: string;
  /** The tools' JWT setter, `module:function`. */
  jwt_setter?: string;
  /** Workers running cases at once. */
  workers?: number;
  /** Seconds per console command (`[Tools] command_timeout` of the written config). */
  command_timeout?: number;
  /** Timeouts in milliseconds. */
  timeouts?: { request_ms?: number };
}

const MODULE_ATTRIBUTE = "^[A-Za-z_][A-Za-z0-9_.]*:[A-Za-z_][A-Za-z0-9_.]*$";

const SCHEMA = {
  type: "object",
  description:
    "Runs Python GNS3 tools unchanged against the kit's simulated GNS3 lab (a v3 controller and telnet consoles on 127.0.0.1, scripted by each case's scenario); see docs/gns3-tools.md.",
  required: ["kind", "python", "tools"],
  additionalProperties: false,
  properties: {
    kind: { const: "gns3-lab" },
    python: {
      description:
        "The Python interpreter the tools and their libraries are installed in, for example .venv/bin/python (relative to this file's folder).",
      type: "string",
      minLength: 1,
    },
    tools: {
      description:
        "The tool objects, module:attribute each: a LangChain BaseTool instance or subclass, or a plain function.",
      type: "array",
      minItems: 1,
      items: { type: "string", pattern: MODULE_ATTRIBUTE },
    },
    python_path: {
      description: "Folders put first on PYTHONPATH (relative to this file's folder).",
      type: "array",
      items: { type: "string", minLength: 1 },
    },
    normalizer: {
      description:
        "A function fn(raw, tool_name), module:function, applied to every result before it is judged (for example GNS3's normalize_tool_response); the report names it.",
      type: "string",
      pattern: MODULE_ATTRIBUTE,
    },
    jwt_setter: {
      description:
        "The tools' own JWT setter, module:function, called with the lab's token before each call (GNS3 Copilot: gns3server.agent.gns3_copilot.gns3_client.context_helpers:set_current_jwt_token).",
      type: "string",
      pattern: MODULE_ATTRIBUTE,
    },
    workers: {
      description: "Python processes (each with its own lab) running cases at once. Default 4.",
      type: "integer",
      minimum: 1,
      maximum: 32,
    },
    command_timeout: {
      description:
        "Seconds written as [Tools] command_timeout in the lab's gns3_server.conf. Default 2.",
      type: "number",
      exclusiveMinimum: 0,
      maximum: 600,
    },
    timeouts: {
      type: "object",
      additionalProperties: false,
      properties: {
        request_ms: {
          description: "One tool call, in milliseconds. Default 30000.",
          type: "integer",
          minimum: 1,
          maximum: 3600000,
        },
      },
    },
  },
};

/**
 * The `kind: gns3-lab` adapter kind for config files: Python GNS3 tools run unchanged against
 * the simulated GNS3 lab. Relative paths resolve against the config file's folder.
 *
 * @example Make an adapter from a config section (it starts nothing until `start`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { gns3LabAdapterKind } from "./kind_gns3_lab.ts";
 *
 * const adapter = gns3LabAdapterKind.create(
 *   { kind: "gns3-lab", python: ".venv/bin/python", tools: ["my_tools:DisplayTool"] },
 *   { configDir: "/tmp" },
 * );
 * assert.equal(adapter.kind, "gns3-lab");
 * await adapter.close();
 * ```
 */
export const gns3LabAdapterKind: AdapterKind = {
  kind: "gns3-lab",
  description: "Python GNS3 tools run unchanged against the kit's simulated GNS3 lab",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as Gns3LabSection;
    const python = s.python.includes("/") ? resolve(context.configDir, s.python) : s.python;
    return labToolsAdapter({
      python,
      tools: s.tools,
      pythonPath: (s.python_path ?? []).map((p) => resolve(context.configDir, p)),
      normalizer: s.normalizer,
      jwtSetter: s.jwt_setter,
      workers: s.workers,
      commandTimeout: s.command_timeout,
      requestTimeoutMs: s.timeouts?.request_ms,
    });
  },
};
