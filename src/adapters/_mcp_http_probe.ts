// Raw Streamable HTTP probes of an MCP endpoint (private helper of the mcp-http adapter): the
// requests the SDK client never makes, so that the transport and lifecycle duties a server has
// over HTTP can be observed: an `initialize` with a foreign `Origin` header (DNS rebinding
// protection), and an `initialize` with a chosen protocol version (version negotiation). Each
// probe's session, when the server opened one, is ended with HTTP DELETE.
import type { Reply } from "../core/types.ts";

/** The Origin a probe sends: a foreign site, as a DNS rebinding page would be. */
export const FOREIGN_ORIGIN = "http://netconform-rebinding.invalid";

const MAX_BODY = 64 * 1024;
const TIMEOUT_MS = 5_000;

function initialize(protocolVersion: string): string {
  return JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: {
      protocolVersion,
      capabilities: {},
      clientInfo: { name: "netconform-probe", version: "1" },
    },
  });
}

async function boundedText(response: Response): Promise<string> {
  if (!response.body) return "";
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < MAX_BODY) {
      const { value, done } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.byteLength;
      // An SSE answer may stay open after its one event: stop at the first complete event.
      if (new TextDecoder().decode(value).includes("\n\n")) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  const all = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    all.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(all.slice(0, MAX_BODY));
}

/** The JSON-RPC message of a JSON or SSE body, or undefined. */
function message(text: string, type: string): Record<string, unknown> | undefined {
  const candidates = type.includes("text/event-stream")
    ? text.split("\n").filter((l) => l.startsWith("data:")).map((l) => l.slice(5).trim())
    : [text];
  for (const c of candidates) {
    try {
      const value = JSON.parse(c);
      if (typeof value === "object" && value !== null && !Array.isArray(value)) return value;
    } catch { /* not this one */ }
  }
  return undefined;
}

async function post(
  url: URL,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string; type: string }> {
  const response = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      ...headers,
    },
    body,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const type = response.headers.get("content-type") ?? "";
  const text = await boundedText(response);
  const session = response.headers.get("mcp-session-id");
  if (session && /^[\x21-\x7e]{1,256}$/.test(session)) {
    await fetch(url, {
      method: "DELETE",
      headers: { ...headers, "mcp-session-id": session },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).then((r) => r.body?.cancel()).catch(() => {});
  }
  return { status: response.status, text, type };
}

/**
 * Run one probe: `{probe: "origin"}` (an initialize from a foreign Origin: its HTTP status) or
 * `{probe: "version", protocolVersion}` (an initialize asking for that version: the version
 * answered, or the JSON-RPC error).
 */
export async function httpProbe(
  url: URL,
  input: Record<string, unknown>,
  headers: Readonly<Record<string, string>>,
): Promise<Reply> {
  try {
    if (input.probe === "origin") {
      const r = await post(url, { ...headers, origin: FOREIGN_ORIGIN }, initialize("2025-11-25"));
      return { kind: "result", value: { origin: FOREIGN_ORIGIN, status: r.status } };
    }
    if (input.probe === "version" && typeof input.protocolVersion === "string") {
      const r = await post(url, { ...headers }, initialize(input.protocolVersion));
      const m = message(r.text, r.type);
      const result = m?.result as Record<string, unknown> | undefined;
      const error = m?.error as Record<string, unknown> | undefined;
      return {
        kind: "result",
        value: {
          requested: input.protocolVersion,
          status: r.status,
          answered: typeof result?.protocolVersion === "string"
            ? result.protocolVersion.slice(0, 200)
            : null,
          ...(error ? { error: String(error.message ?? "").slice(0, 500) } : {}),
        },
      };
    }
    return { kind: "errored", message: `Unknown http_probe ${JSON.stringify(input.probe)}` };
  } catch (error) {
    return { kind: "errored", message: `the HTTP probe failed: ${String(error).slice(0, 500)}` };
  }
}
