// The transport and lifecycle cases of the netdryrun.mcp-server/v1 suite (private helper of
// suite.ts): a call of a tool the server does not offer (any transport), and over Streamable
// HTTP an initialize from a foreign Origin and initialize with chosen protocol versions (the
// mcp-http adapter's `http_probe` operation; other adapters skip them).
import type { Evaluation, Invoke } from "../../src/core/types.ts";
import { checkMcpObservation } from "./check.ts";

/** A transport case's probe. */
export type TransportProbe = "unknown_tool" | "origin" | "version";

/** The name called by the unknown-tool case: no Netdryrun server offers it. */
export const UNKNOWN_TOOL = "netconform_no_such_tool";

/** A protocol version no server supports (initialize must answer another one). */
export const UNSUPPORTED_VERSION = "1900-01-01";

/** The transport cases, as data. */
export const TRANSPORT_CASES: { id: string; description: string; probe: TransportProbe }[] = [
  {
    id: "transport/unknown-tool",
    description: "tools/call of a tool the server does not offer is a JSON-RPC error",
    probe: "unknown_tool",
  },
  {
    id: "transport/origin",
    description: "over HTTP, an initialize from a foreign Origin is answered 403 Forbidden",
    probe: "origin",
  },
  {
    id: "transport/version",
    description:
      "initialize with an unsupported protocol version gets a supported one, which is then echoed",
    probe: "version",
  },
];

const CHECKED: Record<TransportProbe, string[]> = {
  unknown_tool: [
    "NDM-OBSERVATION",
    "NDM-UNKNOWN-TOOL",
    "NDM-STDOUT-MCP-ONLY",
    "NDM-UTF8",
    "NDM-NEWLINE-DELIMITED",
  ],
  origin: ["NDM-OBSERVATION", "NDM-HTTP-ORIGIN"],
  version: ["NDM-OBSERVATION", "NDM-VERSION"],
};

// Adapters other than mcp-http answer the probe `skipped` (the case is skipped with its reason).
async function probe(
  invoke: Invoke,
  input: Record<string, unknown>,
): Promise<Awaited<ReturnType<Invoke>>> {
  return await invoke({ operation: "http_probe", input });
}

function value(reply: Awaited<ReturnType<Invoke>>): Record<string, unknown> {
  if (reply.kind !== "result") throw new Error(`the HTTP probe raised: ${reply.message}`);
  return reply.value as Record<string, unknown>;
}

/**
 * Run one transport case.
 *
 * @param kind Its probe.
 * @param invoke The adapter's invoke.
 * @returns The evaluation.
 */
export async function evaluateTransport(kind: TransportProbe, invoke: Invoke): Promise<Evaluation> {
  const obs: Record<string, unknown> = { kind: "transport", probe: kind };
  if (kind === "unknown_tool") {
    const reply = await invoke({
      operation: "call_tool",
      input: { name: UNKNOWN_TOOL, arguments: {} },
    });
    obs.tool = UNKNOWN_TOOL;
    if (reply.kind === "raised") obs.raised = { type: reply.type, message: reply.message };
    else obs.call_result = reply.value;
    if (reply.protocolViolations?.length) obs.protocol_violations = reply.protocolViolations;
  } else if (kind === "origin") {
    Object.assign(obs, value(await probe(invoke, { probe: "origin" })));
  } else {
    const first = value(
      await probe(invoke, { probe: "version", protocolVersion: UNSUPPORTED_VERSION }),
    );
    const answers = [first];
    if (typeof first.answered === "string" && first.answered !== UNSUPPORTED_VERSION) {
      answers.push(
        value(await probe(invoke, { probe: "version", protocolVersion: first.answered })),
      );
    }
    obs.answers = answers;
  }
  return { findings: checkMcpObservation(obs), checked: CHECKED[kind] };
}
