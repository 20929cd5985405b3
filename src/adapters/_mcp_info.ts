// What an MCP server said about itself at initialization (private), as the report shows it.
import type { ImplementationInfo } from "../core/types.ts";

/** Longest `instructions` text kept, in UTF-16 units. */
const MAX_INSTRUCTIONS = 2_000;

/** What the info needs of the SDK client. */
interface ServerSide {
  getServerVersion(): { name?: string; version?: string } | undefined;
  getServerCapabilities(): Record<string, unknown> | undefined;
  getInstructions(): string | undefined;
}

/**
 * The implementation info of an initialized session: `serverInfo` name and version (the
 * declared version, with `version_source`, when the server's is empty), the capability names,
 * and the server's `instructions` (capped).
 */
export function implementationInfo(
  client: ServerSide,
  declaredVersion: string | undefined,
): ImplementationInfo {
  const server = client.getServerVersion();
  const caps = client.getServerCapabilities() ?? {};
  const instructions = client.getInstructions();
  const own = typeof server?.version === "string" && server.version !== "";
  return {
    name: typeof server?.name === "string" && server.name !== "" ? server.name : "unknown",
    ...(own
      ? { version: server!.version }
      : declaredVersion
      ? { version: declaredVersion, version_source: "config (serverInfo.version is empty)" }
      : {}),
    capabilities: Object.keys(caps).sort(),
    protocol: "mcp",
    ...(typeof instructions === "string" && instructions !== ""
      ? {
        instructions: instructions.length > MAX_INSTRUCTIONS
          ? `${instructions.slice(0, MAX_INSTRUCTIONS)}…`
          : instructions,
      }
      : {}),
  };
}
