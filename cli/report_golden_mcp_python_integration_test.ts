/** The golden reports of the Python Netdryrun MCP server's targets (see `_golden_reports.ts`). */
import { embeddedTargets } from "./registry.ts";
import { registerGoldenTests } from "./_golden_reports.ts";

registerGoldenTests(embeddedTargets, "netdryrun-mcp-python");
