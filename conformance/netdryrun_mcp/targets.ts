import type { EmbeddedTarget } from "../registry.ts";
import { REFERENCE_OPTIONS, referenceStdioAdapter } from "./reference_adapter.ts";
import { MUTANTS } from "./reference_server/mutants.ts";

const PROFILE = "netdryrun.mcp-server/v1";

/** The MCP profile's embedded targets: the reference server over stdio, then its mutants. */
export const netdryrunMcpTargets: readonly EmbeddedTarget[] = [
  {
    name: "netdryrun-mcp-reference",
    description: "the kit's reference Netdryrun MCP server (TypeScript, simulated lab) over stdio",
    profiles: [PROFILE],
    options: { [PROFILE]: REFERENCE_OPTIONS },
    create: () => referenceStdioAdapter(),
  },
  ...Object.entries(MUTANTS).map(([name, m]): EmbeddedTarget => ({
    name: `netdryrun-mcp-mutant-${name}`,
    description: `reference server mutant: ${m.description}`,
    profiles: [PROFILE],
    options: { [PROFILE]: REFERENCE_OPTIONS },
    mutant: { breaks: m.breaks, ...(m.errored ? { errored: true } : {}) },
    create: () => referenceStdioAdapter({ mutant: name, callTimeoutMs: 3_000 }),
  })),
];
