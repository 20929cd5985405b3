/**
 * The five Netdryrun tools of the reference server, independent of the MCP transport:
 * their definitions (`tools/list`) and a dispatcher that answers `tools/call` with a
 * CallToolResult (JSON results in `structuredContent` and as JSON text; record_baseline's
 * YAML as text only; `isError` for setup errors and tool errors).
 *
 * @module
 */
import { stringify as stringifyYaml } from "yaml";
import { basename, dirname, isAbsolute, join, relative, resolve } from "node:path";
import { loadConfig } from "./config.ts";
import { ConfigError } from "./config_error.ts";
import { CHECK_TYPES } from "./check_types.ts";
import { isLabFault, type LabDriver } from "./lab_driver.ts";
import { runNetdryrun } from "./run.ts";
import { simulatedLabDriver } from "./simulated_lab.ts";
import { readTopology } from "./topology.ts";
import { isInside, messageOf, SCHEMA_ID, SERVER_VERSION, VERDICTS } from "./_util.ts";
import { ToolNotFound } from "./tool_not_found.ts";

/** A tool as `tools/list` offers it. */
export interface ToolDefinition {
  /** Tool name. */
  name: string;
  /** What it does. */
  description: string;
  /** JSON Schema of its arguments. */
  inputSchema: Record<string, unknown>;
}

/** A `tools/call` result. */
export interface ToolCallResult {
  /** Content items. */
  content: { type: "text"; text: string }[];
  /** The result as JSON, when it is an object. */
  structuredContent?: Record<string, unknown>;
  /** Whether the tool failed. */
  isError?: boolean;
  [key: string]: unknown;
}

/** Options of {@linkcode netdryrunTools}. */
export interface NetdryrunToolsOptions {
  /**
   * NETDRYRUN_MCP_ROOT: configs and topologies outside it are refused, files outside it unread.
   *
   * @default undefined
   */
  root?: string;
  /**
   * Folder relative paths resolve against (the root when set).
   *
   * @default Deno.cwd()
   */
  cwd?: string;
  /**
   * The lab driver.
   *
   * @default simulatedLabDriver()
   */
  driver?: LabDriver;
  /**
   * A deliberate fault, by name (server mutants; see `mutants.ts`).
   *
   * @default undefined
   */
  mutant?: string;
}

/** The tools of one server. */
export interface NetdryrunTools {
  /** The tool definitions. */
  list(): ToolDefinition[];
  /** Answer one call; never throws for a bad argument (that is a tool result). */
  call(name: string, args: Record<string, unknown>): Promise<ToolCallResult>;
}

const CONFIG_ARG = {
  type: "string",
  minLength: 1,
  description: "Path of the netdryrun.yml (or of its folder)",
};

const TOOLS: ToolDefinition[] = [
  {
    name: "dry_run",
    description:
      "Deploy the lab of a netdryrun.yml, run its checks, destroy the lab. Act on status and verdict only.",
    inputSchema: {
      type: "object",
      properties: {
        config: CONFIG_ARG,
        keep_lab: { type: "boolean", description: "Keep the lab after the run" },
      },
      required: ["config"],
      additionalProperties: false,
    },
  },
  {
    name: "run_checks",
    description: "Run the checks of a netdryrun.yml on its lab, already running.",
    inputSchema: {
      type: "object",
      properties: { config: CONFIG_ARG },
      required: ["config"],
      additionalProperties: false,
    },
  },
  {
    name: "validate",
    description: "Check a netdryrun.yml and its topology without starting a lab.",
    inputSchema: {
      type: "object",
      properties: { config: CONFIG_ARG },
      required: ["config"],
      additionalProperties: false,
    },
  },
  {
    name: "check_types",
    description: "List the check types with their required and optional parameters.",
    inputSchema: { type: "object", properties: {}, additionalProperties: false },
  },
  {
    name: "record_baseline",
    description: "Record the running lab's state as a netdryrun.yml draft (YAML text).",
    inputSchema: {
      type: "object",
      properties: {
        topology: {
          type: "string",
          minLength: 1,
          description: "Path of the containerlab topology",
        },
        nodes: { type: "array", items: { type: "string" }, description: "Only these nodes" },
      },
      required: ["topology"],
      additionalProperties: false,
    },
  },
];

function json(value: Record<string, unknown>, isError: boolean, mutant?: string): ToolCallResult {
  let text = JSON.stringify(value);
  if (mutant === "text-disagrees") {
    const changed = { ...value };
    if ("status" in changed) changed.status = changed.status === "passed" ? "failed" : "passed";
    else changed.netconform_mutant = true;
    text = JSON.stringify(changed);
  }
  const result: ToolCallResult = { content: [{ type: "text", text }], structuredContent: value };
  if (isError !== (mutant === "is-error-flipped")) result.isError = true;
  return result;
}

/**
 * Make the tools of a reference Netdryrun server.
 *
 * @example List and call check_types
 * ```ts
 * import assert from "node:assert/strict";
 * import { netdryrunTools } from "./tools.ts";
 *
 * const tools = netdryrunTools();
 * assert.equal(tools.list().length, 5);
 * const result = await tools.call("check_types", {});
 * assert.ok("route_present" in (result.structuredContent?.check_types as object));
 * ```
 *
 * @param options Root, working folder, lab driver, mutant.
 * @returns The tools.
 */
export function netdryrunTools(options: NetdryrunToolsOptions = {}): NetdryrunTools {
  const driver = options.driver ?? simulatedLabDriver();
  const root = options.root;
  const cwd = options.cwd ?? root ?? Deno.cwd();
  const mutant = options.mutant;

  const resolvePath = (arg: unknown, what: string): string => {
    if (typeof arg !== "string" || arg === "") {
      throw new ConfigError(`argument "${what}" must be a path`);
    }
    return isAbsolute(arg) ? resolve(arg) : resolve(cwd, arg);
  };
  const configPath = (arg: unknown): string => {
    const path = resolvePath(arg, "config");
    try {
      if (Deno.statSync(path).isDirectory) return join(path, "netdryrun.yml");
    } catch { /* a missing path is reported by the loader */ }
    return path;
  };
  const setupError = (error: string): ToolCallResult =>
    json({ schema: SCHEMA_ID, status: "error", error, verdict: VERDICTS.reject }, true, mutant);
  const toolError = (error: string): ToolCallResult => json({ error }, true, mutant);
  const outside = (path: string) =>
    root !== undefined && !isInside(path, root)
      ? `"${path}" is outside NETDRYRUN_MCP_ROOT "${root}"`
      : undefined;

  const run = async (args: Record<string, unknown>, deploy: boolean): Promise<ToolCallResult> => {
    let path: string;
    try {
      path = configPath(args.config);
    } catch (error) {
      return setupError(messageOf(error));
    }
    const refused = outside(path);
    if (refused) return setupError(refused);
    let config;
    try {
      config = await loadConfig(path);
    } catch (error) {
      if (mutant !== "lab-on-setup-error" || !(error instanceof ConfigError)) {
        return setupError(messageOf(error));
      }
      // Mutant: "runs" anyway and reports a run result instead of a setup error.
      const failed = {
        schema: SCHEMA_ID,
        status: "error",
        passed: 0,
        failed: 0,
        error: `lab deploy failed: ${messageOf(error)}`,
        inconclusive_reason: null,
        lab: basename(dirname(path)),
        checks: [],
        failures: [],
        evidence_file: null,
        verdict: VERDICTS.reject,
        tested: { config: path, lab_deployed_by_this_run: deploy, files: {}, complete: false },
      };
      return json(failed, false, mutant);
    }
    const result = await runNetdryrun(config, driver, {
      deploy,
      keepLab: args.keep_lab === true,
      root,
      mutant,
    });
    return json(result, false, mutant);
  };

  const handlers: Record<string, (args: Record<string, unknown>) => Promise<ToolCallResult>> = {
    dry_run: (args) => run(args, true),
    run_checks: (args) => run(args, false),
    async validate(args) {
      try {
        const path = configPath(args.config);
        const refused = outside(path);
        if (refused) return json({ valid: false, error: refused }, false, mutant);
        const config = await loadConfig(path);
        return json(
          { valid: true, lab: config.topology.path, checks: config.checks.map((c) => c.name) },
          false,
          mutant,
        );
      } catch (error) {
        return json({ valid: false, error: messageOf(error) }, false, mutant);
      }
    },
    check_types() {
      const types: Record<string, { required: string[]; optional: string[] }> = {};
      for (const [name, t] of Object.entries(CHECK_TYPES)) {
        types[name] = { required: [...t.required], optional: [...t.optional] };
      }
      return Promise.resolve(
        json({ netdryrun: SERVER_VERSION, check_types: types }, false, mutant),
      );
    },
    async record_baseline(args) {
      let path: string;
      let topology;
      try {
        path = resolvePath(args.topology, "topology");
        const refused = outside(path);
        if (refused) return toolError(refused);
        topology = await readTopology(path);
      } catch (error) {
        return toolError(`cannot read the topology: ${messageOf(error)}`);
      }
      const only = Array.isArray(args.nodes) ? new Set(args.nodes.map(String)) : undefined;
      const checks: Record<string, unknown>[] = [];
      const lab = await driver.attach(topology);
      const running = !isLabFault(lab);
      if (!isLabFault(lab)) {
        for (const node of Object.keys(topology.nodes)) {
          if (only && !only.has(node)) continue;
          const routes = await lab.exec(node, "show ip route json");
          const neighbors = await lab.exec(node, "show bgp neighbors json");
          for (const r of parseList(routes.rc === 0 ? routes.output : "[]")) {
            if (typeof r.prefix !== "string" || r.selected === false) continue;
            const params: Record<string, unknown> = { prefix: r.prefix };
            if (typeof r.protocol === "string") params.protocol = r.protocol;
            checks.push({ name: `${node} has ${r.prefix}`, node, type: "route_present", params });
          }
          for (const n of parseList(neighbors.rc === 0 ? neighbors.output : "[]")) {
            if (typeof n.neighbor !== "string" || typeof n.state !== "string") continue;
            checks.push({
              name: `${node} BGP ${n.neighbor} ${n.state}`,
              node,
              type: "bgp_neighbor_state",
              params: { neighbor: n.neighbor, state: n.state },
            });
          }
        }
      }
      const header =
        `# Baseline of lab "${topology.name}" recorded by the reference Netdryrun server` +
        (running ? "" : " (the lab is not running: no state recorded)") + "\n";
      const body = stringifyYaml({ lab: relative(dirname(path), path) || basename(path), checks });
      return { content: [{ type: "text", text: header + body }] };
    },
  };

  return {
    list: () =>
      TOOLS.filter((t) => !(mutant === "missing-tool" && t.name === "record_baseline")).map((t) =>
        mutant === "bad-input-schema" && t.name === "validate"
          ? { ...t, inputSchema: { ...t.inputSchema, properties: { config: { type: "path" } } } }
          : t
      ),
    async call(name, args) {
      const handler = Object.hasOwn(handlers, name) ? handlers[name] : undefined;
      if (!handler || (mutant === "missing-tool" && name === "record_baseline")) {
        throw new ToolNotFound(name);
      }
      return await handler(args ?? {});
    },
  };
}

function parseList(text: string): Record<string, unknown>[] {
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) ? value.filter((x) => typeof x === "object" && x !== null) : [];
  } catch {
    return [];
  }
}
