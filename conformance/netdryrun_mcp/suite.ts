import { CaseSkipped } from "../../src/core/case_skipped.ts";
import { join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Case, CaseOptions, Evaluation, Invoke, Suite } from "../../src/core/types.ts";
import { checkMcpObservation, NETDRYRUN_TOOLS } from "./check.ts";
import { netdryrunMcpProfile } from "./profile.ts";
import { netdryrunRules } from "../netdryrun/rules.ts";
import { decodeResult, isObject, type ResultKind } from "./_decode.ts";
import { layOut, readManifest, scenarioExists, type ScenarioManifest } from "./_layout.ts";
import { evaluateTransport, TRANSPORT_CASES, type TransportProbe } from "./_transport_cases.ts";

/** The kit's built-in scenario folders, in the reference server's netdryrun.yml format. */
export const BUILTIN_SCENARIOS: URL = new URL(
  "../../fixtures/netdryrun-mcp/scenarios/",
  import.meta.url,
);

/** One case of the suite, as data. */
interface McpCaseInput {
  /** The tool called; absent for the tools/list case. */
  tool?: string;
  /** Scenario folder name; `missing` and `missing-topology` need no files. */
  scenario?: string;
  /** The result kind the scenario calls for. */
  expect?: ResultKind;
  /** Whether the case needs a lab. */
  lab?: boolean;
  /** Lay the scenario out outside the server's root. */
  outside?: boolean;
  /** Pass the topology (record_baseline) instead of the config. */
  topologyArg?: boolean;
  /** A transport or lifecycle probe instead of a tool call. */
  transport?: TransportProbe;
}

const CASES: { id: string; description: string; input: McpCaseInput; required?: boolean }[] = [
  {
    id: "tools-list",
    description: "tools/list offers the five tools, each with a valid inputSchema",
    input: {},
    // Without the tool list nothing else a server answers can be judged.
    required: true,
  },
  ...(["dry_run", "run_checks"] as const).flatMap((tool) => [
    {
      id: `${tool}/missing`,
      description: `${tool} on a folder with no netdryrun.yml gives a setup error, no lab`,
      input: { tool, scenario: "missing", expect: "setup_error" as const },
    },
    {
      id: `${tool}/invalid`,
      description: `${tool} on an invalid netdryrun.yml gives a setup error, no lab`,
      input: { tool, scenario: "invalid", expect: "setup_error" as const },
    },
    {
      id: `${tool}/outside-root`,
      description:
        `${tool} on a netdryrun.yml outside NETDRYRUN_MCP_ROOT gives a setup error, no lab`,
      input: { tool, scenario: "valid", expect: "setup_error" as const, outside: true },
    },
  ]),
  {
    id: "validate/valid",
    description: "validate on a valid netdryrun.yml gives valid true",
    input: { tool: "validate", scenario: "valid", expect: "validate_valid" },
  },
  {
    id: "validate/invalid",
    description: "validate on an invalid netdryrun.yml gives valid false with an error",
    input: { tool: "validate", scenario: "invalid", expect: "validate_invalid" },
  },
  {
    id: "check_types",
    description: "check_types gives the check types with their parameters",
    input: { tool: "check_types", expect: "check_types" },
  },
  {
    id: "record_baseline/readable",
    description: "record_baseline on a readable topology gives YAML text",
    input: {
      tool: "record_baseline",
      scenario: "valid",
      expect: "baseline_yaml",
      topologyArg: true,
    },
  },
  {
    id: "record_baseline/unreadable",
    description: "record_baseline on a topology that does not exist gives a tool error",
    input: {
      tool: "record_baseline",
      scenario: "missing-topology",
      expect: "tool_error",
      topologyArg: true,
    },
  },
  ...(["dry_run", "run_checks"] as const).flatMap((tool) =>
    (["valid", "lab-failed", "lab-error", "lab-inconclusive"] as const).map((scenario) => ({
      id: `${tool}/${scenario === "valid" ? "lab-passed" : scenario}`,
      description: `${tool} on a lab whose state gives status ${
        scenario === "valid" ? "passed" : scenario.slice(4)
      }: the run result, its tested files and lab_deployed_by_this_run`,
      input: { tool, scenario, expect: "run_result" as const, lab: true },
    }))
  ),
  ...TRANSPORT_CASES.map(({ id, description, probe }) => ({
    id,
    description,
    input: { transport: probe },
  })),
];

const TOOLS_LIST_RULES = [
  "NDM-OBSERVATION",
  "NDM-TOOLS-OFFERED",
  "NDM-INPUT-SCHEMA",
  "NDM-STDOUT-MCP-ONLY",
  "NDM-UTF8",
  "NDM-NEWLINE-DELIMITED",
];
const CALL_RULES = [
  "NDM-OBSERVATION",
  "NDM-CALL-ANSWERED",
  "NDM-RESULT-READABLE",
  "NDM-AGREE",
  "NDM-IS-ERROR",
  "NDM-STDOUT-MCP-ONLY",
  "NDM-UTF8",
  "NDM-NEWLINE-DELIMITED",
  ...netdryrunRules.map((r) => r.id),
];

const optionsSchema = {
  type: "object",
  properties: {
    lab: {
      type: "boolean",
      description:
        "The target has a lab (containerlab or simulated): run the lab scenarios. Default false.",
    },
    arguments: {
      type: "object",
      description:
        "Per tool, the target's name of each kit argument, for example {dry_run: {config: path}}",
      propertyNames: { enum: [...NETDRYRUN_TOOLS] },
      additionalProperties: {
        type: "object",
        additionalProperties: { type: "string", minLength: 1 },
      },
    },
    scenarios: {
      type: "string",
      minLength: 1,
      description:
        "The target's own scenario folder (valid, invalid, lab-failed, ...), in its netdryrun.yml format",
    },
    volatile: { type: "array", items: { type: "string" } },
  },
  additionalProperties: false,
};

/**
 * The offered tools the contract does not name: listed (the report's implementation info names
 * every tool offered), never called (their arguments and effects are unknown), never judged.
 */
function outsideContract(result: unknown): Pick<Evaluation, "unchecked"> {
  const tools = isObject(result) && Array.isArray(result.tools) ? result.tools : [];
  const known: readonly string[] = NETDRYRUN_TOOLS;
  const names = tools.map((t) => (isObject(t) ? t.name : undefined))
    .filter((n): n is string => typeof n === "string" && !known.includes(n));
  if (names.length === 0) return {};
  const listed = names.slice(0, 20).map((n) => JSON.stringify(n.slice(0, 60))).join(", ");
  return {
    unchecked: [{
      ruleId: "NDM-TOOLS-OFFERED",
      reason: `offered outside the contract, listed and not judged: ${listed}${
        names.length > 20 ? ` and ${names.length - 20} more` : ""
      }`,
    }],
  };
}

/** Largest evidence file the kit reads, in bytes. */
const MAX_EVIDENCE_BYTES = 1024 * 1024;

async function readEvidence(path: string, workspace: string): Promise<string | null | undefined> {
  const rel = relative(resolve(workspace), resolve(path));
  if (rel.startsWith("..") || rel === "" || resolve(path) !== path) return undefined;
  try {
    const stat = await Deno.stat(path);
    if (!stat.isFile || stat.size > MAX_EVIDENCE_BYTES) return null;
    return await Deno.readTextFile(path);
  } catch {
    return null;
  }
}

async function evaluateCall(
  input: McpCaseInput,
  id: string,
  invoke: Invoke,
  options: CaseOptions,
): Promise<Evaluation> {
  const o = options.options;
  const tool = input.tool!;
  if (input.lab && o.lab !== true) {
    throw new CaseSkipped("the target has no lab (its options do not set lab: true)");
  }
  let source: string | undefined;
  let manifest: ScenarioManifest;
  if (!input.scenario || input.scenario === "missing" || input.scenario === "missing-topology") {
    manifest = {
      config: "netdryrun.yml",
      tested: [],
      ...(input.scenario === "missing-topology" ? { topology: "missing.clab.yml" } : {}),
    };
  } else {
    const folder = typeof o.scenarios === "string"
      ? resolve(options.baseDir ?? Deno.cwd(), o.scenarios)
      : fileURLToPath(BUILTIN_SCENARIOS);
    source = join(folder, input.scenario!);
    if (!(await scenarioExists(source))) {
      throw new CaseSkipped(
        `the target supplied no "${input.scenario}" scenario (no folder "${source}")`,
      );
    }
    manifest = await readManifest(source);
    if (input.topologyArg && !manifest.topology) {
      throw new CaseSkipped(`scenario "${input.scenario}" names no topology in its scenario.yaml`);
    }
    if (input.lab && !manifest.status) {
      throw new CaseSkipped(`scenario "${input.scenario}" gives no status in its scenario.yaml`);
    }
  }
  const ws = await invoke({ operation: "workspace", input: {} });
  if (ws.kind !== "result" || !isObject(ws.value) || typeof ws.value.path !== "string") {
    throw new CaseSkipped("the adapter shares no workspace folder with the server");
  }
  const workspace = (ws as { value: { path: string; root: string | null } }).value;
  if (input.outside && !workspace.root) {
    throw new CaseSkipped(
      "the server runs with no root the kit knows (set the adapter's root_env or root)",
    );
  }
  const listed = await invoke({ operation: "list_tools", input: {} });
  if (listed.kind === "result" && isObject(listed.value) && Array.isArray(listed.value.tools)) {
    const names = listed.value.tools.map((t) => (isObject(t) ? t.name : undefined));
    if (!names.includes(tool)) {
      throw new CaseSkipped(
        `the server does not offer "${tool}" (reported by the tools-list case)`,
      );
    }
  }
  const slug = id.replace(/[^A-Za-z0-9_.-]+/g, "-");
  const outside = join(workspace.path, "outside");
  const dest = input.outside ? join(outside, slug) : join(workspace.root ?? workspace.path, slug);
  if (input.outside) outsideCases.set(outside, (outsideCases.get(outside) ?? 0) + 1);
  let laid: Awaited<ReturnType<typeof layOut>> | undefined;
  try {
    laid = await layOut(source, dest, manifest);
    const names = isObject(o.arguments) && isObject(o.arguments[tool])
      ? o.arguments[tool] as Record<string, string>
      : {};
    const kitArgs: Record<string, unknown> = tool === "check_types"
      ? {}
      : input.topologyArg
      ? { topology: laid.topology }
      : { config: laid.config };
    const args = Object.fromEntries(Object.entries(kitArgs).map(([k, v]) => [names[k] ?? k, v]));
    const reply = await invoke({ operation: "call_tool", input: { name: tool, arguments: args } });
    const scenario: Record<string, unknown> = {
      name: input.scenario ?? tool,
      expect: input.expect,
    };
    if (input.lab) {
      scenario.status = manifest.status;
      scenario.files = laid.files;
      scenario.tested = manifest.tested;
    }
    const obs: Record<string, unknown> = { kind: "tool_call", tool, arguments: args, scenario };
    const unchecked: { ruleId: string; reason: string }[] = [];
    if (reply.kind === "raised") obs.raised = { type: reply.type, message: reply.message };
    else obs.call_result = reply.value;
    if (reply.protocolViolations?.length) {
      obs.protocol_violations = reply.protocolViolations;
    }
    if (reply.kind === "result" && isObject(reply.value)) {
      const d = decodeResult(reply.value, tool);
      const path = isObject(d.value) ? d.value.evidence_file : undefined;
      if (typeof path === "string") {
        const text = await readEvidence(path, workspace.path);
        if (text !== undefined) obs.evidence_files = { [path]: text };
        else {
          unchecked.push({
            ruleId: "NDR-EVIDENCE-FILE",
            reason: "the evidence file is outside the workspace shared with the server",
          });
        }
      }
    }
    const scenarioRules = input.expect === "setup_error"
      ? ["NDM-SETUP-ERROR"]
      : input.lab
      ? ["NDM-RESULT-KIND", "NDM-RUN-STATUS", "NDM-TESTED-FILES"]
      : ["NDM-RESULT-KIND"];
    return {
      findings: checkMcpObservation(obs),
      checked: [...CALL_RULES, ...scenarioRules],
      ...(unchecked.length > 0 ? { unchecked } : {}),
    };
  } finally {
    if (laid) await Deno.remove(laid.dir, { recursive: true }).catch(() => {});
    if (input.outside) leaveOutside(outside);
  }
}

/** Outside-root cases running now, by their `outside` folder (a folder of the workspace). */
const outsideCases = new Map<string, number>();

/**
 * The last outside-root case of a workspace to finish removes the `outside` folder it was laid
 * out in (in a workspace the user gave, nothing of the kit's is left). Counted before the
 * layout and after the removal, and removed synchronously: no case lays out into a folder
 * being removed.
 */
function leaveOutside(outside: string): void {
  const left = (outsideCases.get(outside) ?? 1) - 1;
  if (left > 0) {
    outsideCases.set(outside, left);
    return;
  }
  outsideCases.delete(outside);
  try {
    Deno.removeSync(outside); // only when empty; at once, before any other case can lay out
  } catch { /* not empty, or gone */ }
}

/**
 * The `netdryrun.mcp-server/v1` suite: certifies a Netdryrun MCP server through an MCP adapter
 * (`mcp-stdio` or `mcp-http`). One case lists the tools; each other case lays a scenario out
 * in the workspace shared with the server, calls one tool and checks the observation with
 * {@linkcode checkMcpObservation}. Lab cases run only with the option `lab: true`; a scenario
 * the target did not supply, a tool it does not offer, or an outside-root case without a
 * known root is skipped with its reason. The cases are the same for every seed.
 *
 * @example Run it against the reference server over stdio
 * ```ts ignore
 * import { runSuite } from "../../src/core/run_suite.ts";
 * import { netdryrunMcpSuite } from "./suite.ts";
 * import { referenceStdioAdapter } from "./reference_adapter.ts";
 *
 * const report = await runSuite(netdryrunMcpSuite, referenceStdioAdapter(), {
 *   target: "reference", seed: 1, options: { lab: true },
 * });
 * console.log(report.verdict); // conformant
 * ```
 */
export const netdryrunMcpSuite: Suite = {
  profile: netdryrunMcpProfile,
  optionsSchema,
  // Every tool x scenario kind is its own declared class.
  classes: CASES.map(({ id, description }) => ({ id, description })),
  cases(): Case[] {
    return CASES.map((c) => ({ ...c, input: { ...c.input }, classes: [c.id] }));
  },
  async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
    const input = testCase.input as McpCaseInput;
    if (input.transport) return await evaluateTransport(input.transport, invoke);
    if (!input.tool) {
      const reply = await invoke({ operation: "list_tools", input: {} });
      const obs: Record<string, unknown> = reply.kind === "raised"
        ? { kind: "tools_list", raised: { type: reply.type, message: reply.message } }
        : { kind: "tools_list", result: reply.value };
      if (
        (reply.kind === "result" || reply.kind === "raised") && reply.protocolViolations?.length
      ) {
        obs.protocol_violations = reply.protocolViolations;
      }
      return {
        findings: checkMcpObservation(obs),
        checked: TOOLS_LIST_RULES,
        ...outsideContract(reply.kind === "result" ? reply.value : undefined),
      };
    }
    return await evaluateCall(input, testCase.id, invoke, options);
  },
};
