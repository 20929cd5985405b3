// The transport and lifecycle cases of the netdryrun.mcp-server/v1 suite (private helper of
// suite.ts): a call of a tool the server does not offer (any transport), and over Streamable
// HTTP an initialize from a foreign Origin and initialize with chosen protocol versions (the
// mcp-http adapter's `http_probe` operation; over other adapters their rule is unchecked).
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

/** The target is not reached over Streamable HTTP: its adapter raised NotHttp to the probe. */
class NotHttp extends Error {}

async function probe(
  invoke: Invoke,
  input: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const reply = await invoke({ operation: "http_probe", input });
  if (reply.kind === "raised" && reply.type === "NotHttp") throw new NotHttp(reply.message);
  if (reply.kind !== "result") throw new Error(`the HTTP probe raised: ${reply.message}`);
  return reply.value as Record<string, unknown>;
}

/** initialize with an unsupported version, then with the version answered to it. */
async function versions(invoke: Invoke): Promise<Record<string, unknown>[]> {
  const first = await probe(invoke, { probe: "version", protocolVersion: UNSUPPORTED_VERSION });
  const answers = [first];
  if (typeof first.answered === "string" && first.answered !== UNSUPPORTED_VERSION) {
    answers.push(await probe(invoke, { probe: "version", protocolVersion: first.answered }));
  }
  return answers;
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
  } else {
    try {
      if (kind === "origin") Object.assign(obs, await probe(invoke, { probe: "origin" }));
      else obs.answers = await versions(invoke);
    } catch (error) {
      if (!(error instanceof NotHttp)) throw error;
      // Over stdio (or in memory) there is no HTTP request to make: the rule cannot be checked.
      const rule = kind === "origin" ? "NDM-HTTP-ORIGIN" : "NDM-VERSION";
      return { findings: [], checked: [], unchecked: [{ ruleId: rule, reason: error.message }] };
    }
  }
  return { findings: checkMcpObservation(obs), checked: CHECKED[kind] };
}
