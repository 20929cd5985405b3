import { netdryrunMcpSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { REFERENCE_OPTIONS, referenceStdioAdapter } from "./reference_adapter.ts";
import { MUTANTS } from "./reference_server/mutants.ts";

/** The MCP profile's embedded targets: the reference server over stdio, then its mutants. */
export const netdryrunMcpTargets: readonly EmbeddedTarget[] = [
  {
    name: "netdryrun-mcp-reference",
    description: "the kit's reference Netdryrun MCP server (TypeScript, simulated lab) over stdio",
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    create: () => referenceStdioAdapter(),
  },
  ...Object.entries(MUTANTS).map(([name, m]): EmbeddedTarget => ({
    name: `netdryrun-mcp-mutant-${name}`,
    description: `reference server mutant: ${m.description}`,
    suites: [embeddedSuite(netdryrunMcpSuite, REFERENCE_OPTIONS)],
    mutant: { breaks: m.breaks, ...(m.errored ? { errored: true } : {}) },
    create: () => referenceStdioAdapter({ mutant: name, callTimeoutMs: 3_000, maxRestarts: 12 }),
  })),
];
