// The transport and lifecycle rules of netdryrun.mcp-server/v1 on a `transport` observation
// (private helper of check.ts): a call of a tool the server does not offer (NDM-UNKNOWN-TOOL),
// an HTTP request from a foreign Origin (NDM-HTTP-ORIGIN), initialize with an unsupported then
// the answered protocol version (NDM-VERSION).
import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import type { Finding } from "../../src/core/types.ts";
import { netdryrunMcpRules } from "./rules.ts";

type Obj = Record<string, unknown>;
interface Answer {
  requested: string;
  status?: number;
  answered: string | null;
  error?: string;
}

const finding = createFindingBuilder(netdryrunMcpRules);

function unknownTool(obs: Obj): Finding[] {
  if (obs.raised) return [];
  const result = obs.call_result as Obj;
  return [finding(
    "NDM-UNKNOWN-TOOL",
    "/call_result",
    `tools/call of "${obs.tool}", a tool the server does not offer, was answered with a tool result${
      result.isError === true ? " (isError true)" : ""
    } instead of a JSON-RPC error`,
    { expected: "a JSON-RPC error (protocol error)", actual: "a CallToolResult" },
  )];
}

function origin(obs: Obj): Finding[] {
  if (obs.status === 403) return [];
  return [finding(
    "NDM-HTTP-ORIGIN",
    "/status",
    `a request with Origin "${obs.origin}" was answered HTTP ${obs.status}, not 403 Forbidden`,
    { expected: 403, actual: obs.status },
  )];
}

function version(obs: Obj): Finding[] {
  const [first, second] = obs.answers as Answer[];
  if (!first) return [];
  if (first.answered === null || first.answered === first.requested) {
    const got = first.answered === null
      ? `no version (${first.error ? `error: ${first.error}` : `HTTP ${first.status}`})`
      : "that same version";
    return [finding(
      "NDM-VERSION",
      "/answers/0/answered",
      `initialize asking for "${first.requested}", a version no server supports, got ${got}`,
      { expected: "another protocol version the server supports", actual: first.answered },
    )];
  }
  if (second && second.answered !== second.requested) {
    return [finding(
      "NDM-VERSION",
      "/answers/1/answered",
      `the server answered "${second.requested}" as a version it supports, but initialize asking for it got ${
        second.answered === null ? "no version" : `"${second.answered}"`
      }`,
      { expected: second.requested, actual: second.answered },
    )];
  }
  return [];
}

/** Findings of a `transport` observation (its shape already checked). */
export function checkTransport(obs: Obj): Finding[] {
  switch (obs.probe) {
    case "unknown_tool":
      return unknownTool(obs);
    case "origin":
      return origin(obs);
    default:
      return version(obs);
  }
}
