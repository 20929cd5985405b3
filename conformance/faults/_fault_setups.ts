/**
 * The fault-injection table's types and the set-ups its rows use: the fakes of each transport
 * (fake_impl.py, fault_mcp_server.py, fault_agent.py, in-test HTTP servers) and the wires
 * that turn a case into a request.
 *
 * @module
 */
import type { Adapter } from "../../src/core/types.ts";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { mcpStdioAdapter } from "../../src/adapters/mcp_stdio.ts";
import { mcpHttpAdapter } from "../../src/adapters/mcp_http.ts";
import { mcpHttpCommandAdapter } from "../../src/adapters/mcp_http_command.ts";
import { httpChatAdapter } from "../../src/adapters/http_chat.ts";
import { pythonPath } from "../../src/testing/python_path.ts";
import { agentHttpAdapter } from "../chat_limits/agent_http_adapter.ts";
import type { FaultCaseInput, Wire } from "./_fault_suite.ts";

/** A transport of the kit. */
export type Transport = "subprocess" | "mcp-stdio" | "mcp-http" | "http" | "http-agent";

/**
 * What the run must say:
 * - `errored`: the faulty case is errored (a harness fault), its neighbours pass;
 * - `finding`: the faulty case fails on `FAULT-ECHO` (the contract is broken), its neighbours pass;
 * - `start`: the target cannot start; the suite is `incomplete` with a `startError`;
 * - `down`: the target is unreachable; every case is errored, the suite `incomplete`;
 * - `gone`: the faulty case and every later one are errored (the target is gone and the
 *   adapter does not restart it), the suite `incomplete`;
 * - `passed`: the fault is tolerated; every case passes;
 * - `skipped`: the faulty case is skipped (with a bounded reason), its neighbours pass;
 * - `blamed-next`: the faulty case fails on its first (wrong) answer and its second answer
 *   errors the next case; the case before passes.
 */
export type Expected =
  | "errored"
  | "finding"
  | "start"
  | "down"
  | "gone"
  | "passed"
  | "skipped"
  | "blamed-next";

/** What a row sets up for one run. */
export interface Setup {
  /** Makes the adapter (once per suite run). */
  create(): Adapter;
  /** The wire of the transport. */
  wire: Wire;
  /** The fault of the middle case (ignored by start faults). */
  fault: Omit<FaultCaseInput, "value">;
  /** The case timeout, when not the default. */
  caseTimeoutMs?: number;
  /** Cases in flight at once (1 unless the fault needs several). */
  concurrency?: number;
  /** Stops servers the row started. */
  cleanup?(): Promise<void>;
}

/** One row of the table. */
export interface FaultRow {
  /** The fault, as the issue names it. */
  fault: string;
  /** The transport. */
  transport: Transport;
  /** How the fault is injected, for the table. */
  injected: string;
  /** What the run must say. */
  expected: Expected;
  /** The run must end within this many milliseconds (generous: the rule is "bounded"). */
  boundMs: number;
  /** A fault known not to be handled yet: the row is skipped with this reason. */
  known?: string;
  /**
   * What the errored case (the faulty one, or the next for `blamed-next`) must say the
   * implementation did (its `fault.kind`): the implementation's fault, named as its own. Absent:
   * the row does not check it (transports that do not tell yet).
   */
  blamed?: "crashed" | "exited" | "hung" | "garbage";
  /** A pattern the errored case's message must match. */
  message?: RegExp;
  /**
   * The fault this row is a variant of (other timeouts or concurrency): the README's summary
   * shows the fault once, and a variant must expect what its fault's row expects.
   */
  variantOf?: string;
  /** Sets the row up; `marker` is an argument every process of the row carries. */
  setup(marker: string): Setup;
}

const PYTHON = pythonPath();
const FAKE = new URL("../../src/adapters/testdata/fake_impl.py", import.meta.url).pathname;
const AGENT_FAKE = new URL("./testdata/fault_agent.py", import.meta.url).pathname;
const MCP_FAKE = new URL("./testdata/fault_mcp_server.py", import.meta.url).pathname;
const MCP_HTTP_FAKE = new URL("./testdata/fault_mcp_http_server.py", import.meta.url).pathname;

const subprocessWire: Wire = {
  operation: "test",
  input: (c) =>
    c.fault === null
      ? { do: "echo", value: c.value }
      : { do: c.fault, ...c.params, value: c.value },
  value: (result) => result,
};

const mcpWire: Wire = {
  operation: "call_tool",
  input: (c) => ({ name: c.fault ?? "echo", arguments: { value: c.value } }),
  value(result) {
    const content = (result as { content?: { text?: unknown }[] } | null)?.content;
    const text = Array.isArray(content) ? content[0]?.text : undefined;
    try {
      return typeof text === "string" ? JSON.parse(text) : undefined;
    } catch {
      return undefined;
    }
  },
};

const httpWire: Wire = {
  operation: "chat",
  input: (c) => ({ body: { fault: c.fault, value: c.value } }),
  value(result) {
    const r = result as { status?: number; body?: string; truncated?: boolean };
    if (r.status !== 200 || r.truncated || typeof r.body !== "string") return undefined;
    try {
      return (JSON.parse(r.body) as { value?: unknown }).value;
    } catch {
      return undefined;
    }
  },
};

/**
 * All three cases in flight at once: `before` and `fault` are deferred by the fake and
 * answered in reverse order when `after` arrives, so answers come out of order.
 */
const outOfOrderWire: Wire = {
  ...subprocessWire,
  input: (c) => c.value === 3 ? { do: "flush", value: 3 } : { do: "defer", value: c.value },
};

export function outOfOrder(marker: string): Setup {
  return { ...sub("ok", "defer")(marker), wire: outOfOrderWire, concurrency: 3 };
}

export function sub(
  mode: string,
  fault: string | null,
  params: Record<string, unknown> = {},
  options: { requestTimeoutMs?: number; caseTimeoutMs?: number; concurrency?: number } = {},
) {
  return (marker: string): Setup => ({
    create: () =>
      subprocessAdapter({
        argv: [PYTHON, FAKE, mode, marker],
        profile: "netconform.faults/v1",
        requestTimeoutMs: options.requestTimeoutMs ?? 1_000,
        startTimeoutMs: 2_000,
        closeTimeoutMs: 500,
        maxLineBytes: 1 << 20,
        maxRestarts: 3,
      }),
    wire: subprocessWire,
    fault: { fault, params },
    ...(options.caseTimeoutMs ? { caseTimeoutMs: options.caseTimeoutMs } : {}),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
  });
}

export function mcp(mode: string, tool: string | null, callTimeoutMs = 1_000) {
  return (marker: string): Setup => ({
    create: () =>
      mcpStdioAdapter([PYTHON, MCP_FAKE, mode, marker], {
        initTimeoutMs: 2_000,
        callTimeoutMs,
        maxRestarts: 3,
        maxMessageBytes: 1 << 20,
      }),
    wire: mcpWire,
    fault: { fault: tool },
  });
}

/** The MCP wire with the neighbours of the faulty call slow: in flight while it fails. */
const slowNeighboursWire: Wire = {
  ...mcpWire,
  input: (c) => ({ name: c.fault ?? "slow", arguments: { value: c.value } }),
};

/**
 * A Streamable HTTP server the kit starts; its middle call is the tool `tool`. With
 * `concurrency` above 1, its neighbours are slow and in flight beside it.
 */
export function mcpHttpServer(tool: string, concurrency = 1) {
  return (marker: string): Setup => ({
    create: () =>
      mcpHttpCommandAdapter([PYTHON, MCP_HTTP_FAKE, marker], {
        initTimeoutMs: 5_000,
        callTimeoutMs: 2_000,
        maxRestarts: 3,
      }),
    wire: concurrency > 1 ? slowNeighboursWire : mcpWire,
    fault: { fault: tool },
    ...(concurrency > 1 ? { concurrency } : {}),
  });
}

/** A port where nothing listens (bound, then released). */
function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  return port;
}

/** An HTTP server answering every request with `handler`; hanging handlers end on cleanup. */
function serve(handler: (body: unknown, release: Promise<void>) => Promise<Response>) {
  let release = () => {};
  const released = new Promise<void>((resolve) => release = resolve);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const text = await req.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: the handler sees null
    }
    return await handler(body, released);
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}`,
    async cleanup() {
      release();
      await server.shutdown();
    },
  };
}

/** A TCP server that accepts every connection and closes it at once. */
function dropper() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const loop = (async () => {
    try {
      for await (const conn of listener) conn.close();
    } catch {
      // closed
    }
  })();
  return {
    url: `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`,
    async cleanup() {
      listener.close();
      await loop;
    },
  };
}

const hangUntil = (released: Promise<void>) =>
  released.then(() => new Response("released", { status: 503 }));

/** The chat fake: echoes `{value}` as JSON, or injects the fault named in the body. */
function chatServer() {
  return serve(async (body, released) => {
    const { fault, value } = (body ?? {}) as { fault?: string | null; value?: unknown };
    const json = (v: unknown, status = 200) =>
      new Response(JSON.stringify(v), { status, headers: { "content-type": "application/json" } });
    switch (fault) {
      case "500":
        return json({ error: "internal" }, 500);
      case "hang":
        return await hangUntil(released);
      case "late":
        await Promise.race([new Promise((r) => setTimeout(r, 3_000)), released]);
        return json({ value });
      case "garbage":
        return new Response("garbage \x1b[2J here", { headers: { "content-type": "text/plain" } });
      case "invalid-utf8":
        return new Response(new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x7d]), {
          headers: { "content-type": "application/json" },
        });
      case "huge":
        return new Response("x".repeat(4 << 20), { headers: { "content-type": "text/plain" } });
      default:
        return json({ value });
    }
  });
}

export function http(fault: string | null, where: "chat" | "nothing" = "chat") {
  return (_marker: string): Setup => {
    const server = where === "chat" ? chatServer() : undefined;
    const url = server?.url ?? `http://127.0.0.1:${freePort()}`;
    return {
      create: () => httpChatAdapter({ baseUrl: url, timeoutMs: 1_000, maxBytes: 1 << 20 }),
      wire: httpWire,
      fault: { fault },
      ...(server ? { cleanup: server.cleanup } : {}),
    };
  };
}

export function agent(mode: string, fault: string | null) {
  return (marker: string): Setup => ({
    create: () =>
      agentHttpAdapter({
        command: { argv: [PYTHON, AGENT_FAKE, mode, marker], readyLine: "listening (http://\\S+)" },
        chat: { timeoutMs: 1_000, maxBytes: 1 << 20 },
        startMs: 3_000,
      }),
    wire: httpWire,
    fault: { fault },
  });
}

export function mcpHttp(server: "500" | "hang" | "drop" | "nothing") {
  return (_marker: string): Setup => {
    const s = server === "500"
      ? serve(() => Promise.resolve(new Response("internal", { status: 500 })))
      : server === "hang"
      ? serve((_body, released) => hangUntil(released))
      : server === "drop"
      ? dropper()
      : undefined;
    const url = `${s?.url ?? `http://127.0.0.1:${freePort()}`}/mcp`;
    return {
      create: () => mcpHttpAdapter(url, { initTimeoutMs: 2_000, callTimeoutMs: 1_000 }),
      wire: mcpWire,
      fault: { fault: "echo" },
      ...(s ? { cleanup: s.cleanup } : {}),
    };
  };
}

/** The default time bound of a row, in milliseconds. */
export const B = 30_000;
