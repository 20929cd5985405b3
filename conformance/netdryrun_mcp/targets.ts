import { netdryrunMcpSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import {
  REFERENCE_OPTIONS,
  referenceHttpAdapter,
  referenceStdioAdapter,
} from "./reference_adapter.ts";
import { MUTANTS } from "./reference_server/mutants.ts";
import { PYTHON_MUTANTS, pythonReferenceAdapter } from "./python_reference_adapter.ts";

/**
 * The mutants run with other timeouts than the defaults. One that hangs is given up on after
 * 3 s a call, so that its run is short. One restarted after each of its crashes has a minute a
 * case: on a loaded machine the cases waiting behind its restarts take long (the report is
 * about blame, and names no timeout). Any other keeps the defaults, so that a loaded machine
 * does not turn a slow answer into an errored case.
 */
const TIMEOUTS: Readonly<Record<string, { callTimeoutMs?: number; caseTimeoutMs?: number }>> = {
  "hang-tool": { callTimeoutMs: 3_000 },
  "crash-mid-call": { caseTimeoutMs: 60_000 },
};

/**
 * The MCP profile's embedded targets: the reference server over stdio, then its mutants, then
 * the Python reference server (official `mcp` SDK, in the kit's Python environment `mcp`) over
 * stdio and Streamable HTTP, then its mutants.
 */
export const netdryrunMcpTargets: readonly EmbeddedTarget[] = [
  {
    name: "netdryrun-mcp-reference",
    description: "the kit's reference Netdryrun MCP server (TypeScript, simulated lab) over stdio",
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    create: () => referenceStdioAdapter(),
  },
  {
    name: "netdryrun-mcp-reference-http",
    description:
      "the kit's reference Netdryrun MCP server (TypeScript, simulated lab) over Streamable HTTP",
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    create: () => referenceHttpAdapter(),
  },
  ...Object.entries(MUTANTS).map(([name, m]): EmbeddedTarget => ({
    name: `netdryrun-mcp-mutant-${name}`,
    description: `reference server mutant: ${m.description}`,
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    mutant: { breaks: m.breaks, ...(m.errored ? { errored: true } : {}) },
    ...(TIMEOUTS[name]?.caseTimeoutMs ? { caseTimeoutMs: TIMEOUTS[name].caseTimeoutMs } : {}),
    create: () =>
      m.http
        ? referenceHttpAdapter({ mutant: name, ...callTimeout(name) })
        // Seven dry runs crash it, each up to twice (in flight beside others, then alone).
        : referenceStdioAdapter({ mutant: name, ...callTimeout(name), maxRestarts: 20 }),
  })),
  ...(["stdio", "http"] as const).map((transport): EmbeddedTarget => ({
    name: `netdryrun-mcp-python-${transport}`,
    description: `the kit's reference Netdryrun MCP server in Python (official mcp SDK) over ${
      transport === "http" ? "Streamable HTTP" : "stdio"
    }`,
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    pythonEnv: "mcp",
    create: () => pythonReferenceAdapter(transport),
  })),
  ...Object.entries(PYTHON_MUTANTS).map(([name, transport]): EmbeddedTarget => ({
    name: `netdryrun-mcp-python-mutant-${name}`,
    description: `Python reference server mutant (${transport}): ${MUTANTS[name].description}`,
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    mutant: { breaks: MUTANTS[name].breaks },
    pythonEnv: "mcp",
    create: () => pythonReferenceAdapter(transport, { mutant: name, callTimeoutMs: 5_000 }),
  })),
];

/** The adapter's call timeout of a mutant, when it has its own. */
function callTimeout(mutant: string): { callTimeoutMs?: number } {
  const ms = TIMEOUTS[mutant]?.callTimeoutMs;
  return ms ? { callTimeoutMs: ms } : {};
}
