import { holdsPythonArgument } from "./_python_input.ts";
import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import { SoloLock } from "./_solo_lock.ts";
import { Client, McpError, ResultSchema, type Transport } from "./_mcp_sdk.ts";

/** The MCP SDK's client transport interface (stdio, Streamable HTTP, in-memory). */
export type McpTransport = Transport;

/** A live connection made by a {@linkcode McpTransportFactory}. */
export interface McpConnection {
  /** The client transport, not yet started. */
  transport: McpTransport;
  /** The server's error stream so far, when the factory can read it (bounded). */
  stderr?: () => string;
  /**
   * What the transport saw around the response to request `id` that the protocol forbids
   * (taken once), when it checks.
   */
  violations?: (id: string | number) => { transport: string; message: string }[];
  /**
   * The kit's own account of the connection for an error message (exit code, first output
   * line, URL), never mixed into `stderr`.
   */
  diagnostics?: () => string;
  /**
   * Whether the server is known to be gone (exited, broken pipe) although the close has not
   * reached the client yet: a failed send then waits for the close and counts as one.
   */
  ended?: () => boolean;
}

/** Makes a fresh transport to the server: spawns it (stdio) or points at its URL (HTTP). */
export type McpTransportFactory = () => McpConnection | Promise<McpConnection>;

/** A folder shared by the kit and the server: the kit lays out scenario files there. */
export interface McpWorkspace {
  /** Absolute path of the folder. */
  path: string;
  /** The server's root (NETDRYRUN_MCP_ROOT, say), inside `path`, or null when it has none. */
  root: string | null;
}

/** Options of {@linkcode mcpClientAdapter}. */
export interface McpClientAdapterOptions {
  /**
   * Adapter kind, as reported.
   *
   * @default "mcp"
   */
  kind?: string;
  /**
   * Milliseconds the initialization handshake may take.
   *
   * @default 15000
   */
  initTimeoutMs?: number;
  /**
   * Milliseconds one request (`tools/list`, `tools/call`) may take.
   *
   * @default 10000
   */
  callTimeoutMs?: number;
  /**
   * How many times the connection is made again after the server closed it (a crash).
   *
   * @default 3
   */
  maxRestarts?: number;
  /**
   * The folder shared with the server, answered to the `workspace` operation.
   *
   * @default undefined (the operation raises)
   */
  workspace?: () => McpWorkspace | Promise<McpWorkspace>;
  /**
   * Called once at close, after the connection is closed (to remove a temp workspace, say).
   *
   * @default undefined
   */
  onClose?: () => Promise<void>;
}

const MAX_PAGES = 20;
/** Milliseconds a call sent to a server known gone waits for the connection's close. */
const ENDED_WAIT_MS = 2_000;

type Violation = { transport: string; message: string };

class Connection {
  closed = false;
  /** Ids of requests sent and not answered yet. */
  readonly outstanding = new Set<string | number>();
  /** How many requests were unanswered when the connection closed. */
  unansweredAtClose = 0;
  /** Id of the last request sent (the SDK sends inside `request()`, synchronously). */
  lastSent: string | number | undefined;
  /** Id of the initialize request: its violations go to the first call. */
  initId: string | number | undefined;
  calls = 0;
  /** The last error the transport reported (onerror), for messages. */
  transportError: string | undefined;
  /** Resolves when the connection closed. */
  readonly whenClosed: Promise<void>;
  markClosed!: () => void;
  constructor(readonly client: Client, readonly made: McpConnection) {
    this.whenClosed = new Promise((resolve) => (this.markClosed = resolve));
  }
  get stderr(): (() => string) | undefined {
    return this.made.stderr;
  }
}

/** Waits until the connection closed, at most `ms`. */
async function closedWithin(conn: Connection, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([conn.whenClosed, new Promise((done) => (timer = setTimeout(done, ms)))]);
  clearTimeout(timer);
}

function isRequest(m: unknown): m is { id: string | number; method: string } {
  const o = m as Record<string, unknown>;
  return typeof o.method === "string" && (typeof o.id === "string" || typeof o.id === "number");
}

function isResponse(m: unknown): m is { id: string | number } {
  const o = m as Record<string, unknown>;
  return (typeof o.id === "string" || typeof o.id === "number") && !("method" in o);
}

/** The transport as the client sees it, counting the requests left unanswered. */
function tracked(inner: McpTransport, conn: () => Connection): McpTransport {
  const outer: McpTransport = {
    start: () => inner.start(),
    close: () => inner.close(),
    send(message, options) {
      if (isRequest(message)) {
        conn().outstanding.add(message.id);
        conn().lastSent = message.id;
      }
      return inner.send(message, options);
    },
    setProtocolVersion(version: string) {
      inner.setProtocolVersion?.(version);
    },
  };
  Object.defineProperty(outer, "sessionId", { get: () => inner.sessionId, enumerable: true });
  inner.onmessage = (message, extra) => {
    if (isResponse(message)) conn().outstanding.delete(message.id);
    outer.onmessage?.(message, extra);
  };
  inner.onerror = (error) => outer.onerror?.(error);
  inner.onclose = () => {
    const c = conn();
    if (!c.closed) c.unansweredAtClose = c.outstanding.size;
    outer.onclose?.();
  };
  return outer;
}

/**
 * An {@linkcode Adapter} that talks to an MCP server through the official SDK client, over the
 * transport a factory makes. Operations:
 *
 * - `list_tools` (input ignored): the raw `tools/list` result, pages joined (`{tools}`);
 * - `call_tool` (`{name, arguments}`): the raw `tools/call` result (`content`,
 *   `structuredContent`, `isError` as sent: nothing is judged or defaulted here);
 * - `workspace`: the folder shared with the server (`{path, root}`), when configured;
 *
 * A JSON-RPC error answered by the server is `raised` (type `McpError`, with its code); a
 * timeout, a closed connection or a transport failure is `errored` with the server's stderr.
 * After the server closed the connection (a crash), the next call connects again, at most
 * `maxRestarts` times.
 *
 * @example Talk to an in-memory server
 * ```ts
 * import assert from "node:assert/strict";
 * import { mcpClientAdapter } from "./mcp_client.ts";
 * import { InMemoryTransport } from "./_mcp_sdk.ts";
 * import { createNetdryrunServer } from "../../conformance/netdryrun_mcp/reference_server/server.ts";
 *
 * const adapter = mcpClientAdapter(async () => {
 *   const [client, server] = InMemoryTransport.createLinkedPair();
 *   await createNetdryrunServer().connect(server);
 *   return { transport: client };
 * });
 * const info = await adapter.start();
 * assert.equal(info.name, "netdryrun-reference");
 * const reply = await adapter.run({ operation: "call_tool", input: { name: "check_types", arguments: {} } });
 * assert.equal(reply.kind, "result");
 * await adapter.close();
 * ```
 *
 * @param factory Makes a transport to the server.
 * @param options Kind, timeouts, restarts, workspace.
 * @returns The adapter.
 */
export function mcpClientAdapter(
  factory: McpTransportFactory,
  options: McpClientAdapterOptions = {},
): Adapter {
  const initTimeoutMs = options.initTimeoutMs ?? 15_000;
  const callTimeoutMs = options.callTimeoutMs ?? 10_000;
  const maxRestarts = options.maxRestarts ?? 3;
  let current: Connection | undefined;
  let connecting: Promise<Connection> | undefined;
  let restarts = 0;
  let shut = false;
  let lastMade: McpConnection | undefined;
  let workspace: McpWorkspace | undefined;

  const lock = new SoloLock();
  const live = new Set<McpTransport>();

  const connect = async (signal?: AbortSignal): Promise<Connection> => {
    const made = await factory();
    lastMade = made;
    live.add(made.transport);
    const client = new Client({ name: "netconform", version: "0.1.0" }, { capabilities: {} });
    const conn: Connection = new Connection(client, made);
    const transport = tracked(made.transport, () => conn);
    client.onclose = () => {
      conn.closed = true;
      conn.markClosed();
    };
    client.onerror = (error) => {
      conn.transportError = messageOf(error).slice(0, 300);
    };
    try {
      await client.connect(transport, { timeout: initTimeoutMs, signal });
    } catch (error) {
      await client.close().catch(() => {});
      await made.transport.close().catch(() => {});
      live.delete(made.transport);
      const news = conn.transportError && !messageOf(error).includes(conn.transportError)
        ? `transport: ${conn.transportError}`
        : undefined;
      const seen = [made.diagnostics?.(), news].filter(Boolean).join("; ");
      throw new Error(
        `MCP initialization failed: ${messageOf(error)}${seen ? ` (${seen})` : ""}`,
      );
    }
    conn.initId = conn.lastSent;
    return conn;
  };

  /** Ends what is left of a closed connection (a crashed server's children, say). */
  const retire = (conn: Connection) => {
    live.delete(conn.made.transport);
    void conn.made.transport.close().catch(() => {});
  };

  const connection = async (): Promise<Connection> => {
    if (current && !current.closed && current.made.ended?.()) {
      // The server is gone and its close is on the way: wait for it, then start a new one.
      await closedWithin(current, ENDED_WAIT_MS);
    }
    return await connectionNow();
  };

  const connectionNow = (): Promise<Connection> => {
    if (shut) return Promise.reject(new Error("adapter is closed"));
    if (current && !current.closed) return Promise.resolve(current);
    if (!connecting) {
      if (current?.closed) {
        if (restarts >= maxRestarts) {
          return Promise.reject(
            new Error(`the server closed the connection; ${maxRestarts} restarts already used`),
          );
        }
        restarts++;
        retire(current);
      }
      connecting = connect().then((c) => {
        current = c;
        return c;
      }).finally(() => {
        connecting = undefined;
      });
    }
    return connecting;
  };

  const take = (conn: Connection, id: string | number | undefined): Violation[] =>
    id === undefined ? [] : conn.made.violations?.(id) ?? [];

  /**
   * One attempt of a request. `"again"`: the server closed the connection with other calls
   * in flight, so this call may be innocent; it is re-sent alone.
   */
  const attempt = async (
    method: "tools/list" | "tools/call",
    params: Record<string, unknown>,
    callOptions: AdapterCallOptions,
    alone: boolean,
  ): Promise<Reply | "again"> => {
    const release = alone ? await lock.solo() : await lock.shared();
    try {
      return await send(method, params, callOptions, alone);
    } finally {
      release();
    }
  };

  const send = async (
    method: "tools/list" | "tools/call",
    params: Record<string, unknown>,
    callOptions: AdapterCallOptions,
    alone: boolean,
  ): Promise<Reply | "again"> => {
    if (callOptions.signal?.aborted) {
      return {
        kind: "errored",
        message: `${method} aborted: ${messageOf(callOptions.signal.reason)}`,
      };
    }
    let conn: Connection;
    try {
      conn = await connection();
    } catch (error) {
      return { kind: "errored", message: messageOf(error), ...stderrOf() };
    }
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new Error(`${method} timed out after ${callTimeoutMs} ms`));
    }, callTimeoutMs);
    const onAbort = () => abort.abort(callOptions.signal?.reason ?? new Error("aborted"));
    callOptions.signal?.addEventListener("abort", onAbort, { once: true });
    if (callOptions.signal?.aborted) onAbort();
    const pending = conn.client.request({ method, params }, ResultSchema, {
      signal: abort.signal,
      timeout: callTimeoutMs + 1_000,
    });
    // The SDK sends inside request(), synchronously: the id is the one just sent.
    const id = conn.lastSent;
    const first = conn.calls++ === 0;
    try {
      const result = await pending;
      const violations = [...(first ? take(conn, conn.initId) : []), ...take(conn, id)];
      return {
        kind: "result",
        value: result,
        ...(violations.length > 0 ? { protocolViolations: violations } : {}),
      };
    } catch (error) {
      take(conn, id);
      if (timedOut) {
        return {
          kind: "errored",
          message: `${method} timed out after ${callTimeoutMs} ms`,
          ...stderrOf(conn),
        };
      }
      if (callOptions.signal?.aborted) {
        return {
          kind: "errored",
          message: `${method} aborted: ${messageOf(callOptions.signal.reason)}`,
        };
      }
      if (!conn.closed && !(error instanceof McpError) && conn.made.ended?.()) {
        await closedWithin(conn, ENDED_WAIT_MS); // sent to a server that is gone
      }
      if (conn.closed) {
        if (!alone && conn.unansweredAtClose > 1) return "again";
        const seen = conn.made.diagnostics?.();
        return {
          kind: "errored",
          message: `the server closed the connection during ${method} (crash?): ${
            messageOf(error)
          }${seen ? ` (${seen})` : ""}`,
          ...stderrOf(conn),
        };
      }
      if (error instanceof McpError) {
        return { kind: "raised", type: `McpError(${error.code})`, message: error.message };
      }
      const reported = conn.transportError && conn.transportError !== messageOf(error)
        ? ` (transport: ${conn.transportError})`
        : "";
      return {
        kind: "errored",
        message: `${method} failed: ${messageOf(error)}${reported}`,
        ...stderrOf(conn),
      };
    } finally {
      clearTimeout(timer);
      callOptions.signal?.removeEventListener("abort", onAbort);
    }
  };

  /**
   * A request. When the server dies with several calls in flight, none is blamed at once:
   * each is re-sent alone (once, on a restarted server), so only a call that crashes the
   * server by itself is errored and the others get their real answers.
   */
  const request = async (
    method: "tools/list" | "tools/call",
    params: Record<string, unknown>,
    callOptions: AdapterCallOptions,
  ): Promise<Reply> => {
    const reply = await attempt(method, params, callOptions, false);
    if (reply !== "again") return reply;
    return await attempt(method, params, callOptions, true) as Reply;
  };

  const stderrOf = (conn?: Connection): { stderr?: string } => {
    const text = (conn?.stderr ?? lastMade?.stderr)?.();
    return text ? { stderr: text } : {};
  };

  return {
    kind: options.kind ?? "mcp",
    async start(callOptions: AdapterCallOptions = {}): Promise<ImplementationInfo> {
      if (options.workspace) workspace = await options.workspace();
      const conn = await connect(callOptions.signal);
      current = conn;
      const server = conn.client.getServerVersion();
      const caps = conn.client.getServerCapabilities() ?? {};
      return {
        name: server?.name ?? "unknown",
        ...(server?.version ? { version: server.version } : {}),
        capabilities: Object.keys(caps).sort(),
        protocol: "mcp",
      };
    },
    async run(req: Request, callOptions: AdapterCallOptions = {}): Promise<Reply> {
      if (holdsPythonArgument(req.input)) {
        return {
          kind: "skipped",
          reason: "this case passes a real Python object (not JSON data), which MCP cannot carry",
        };
      }
      const input =
        (typeof req.input === "object" && req.input !== null ? req.input : {}) as Record<
          string,
          unknown
        >;
      switch (req.operation) {
        case "list_tools": {
          const tools: unknown[] = [];
          const violations: Violation[] = [];
          let cursor: string | undefined;
          for (let page = 0; page < MAX_PAGES; page++) {
            const reply = await request("tools/list", cursor ? { cursor } : {}, callOptions);
            if (reply.kind !== "result") return reply;
            violations.push(...reply.protocolViolations ?? []);
            const value = reply.value as { tools?: unknown; nextCursor?: unknown };
            const seen = violations.length > 0 ? { protocolViolations: violations } : {};
            if (!Array.isArray(value.tools)) return { ...reply, ...seen };
            tools.push(...value.tools);
            if (typeof value.nextCursor !== "string" || value.nextCursor === "") {
              return { kind: "result", value: { ...value, tools }, ...seen };
            }
            cursor = value.nextCursor;
          }
          return { kind: "errored", message: `tools/list gave more than ${MAX_PAGES} pages` };
        }
        case "call_tool": {
          if (typeof input.name !== "string") {
            return { kind: "errored", message: 'call_tool needs a string "name"' };
          }
          const params: Record<string, unknown> = { name: input.name };
          if (input.arguments !== undefined) params.arguments = input.arguments;
          return await request("tools/call", params, callOptions);
        }
        case "workspace":
          return workspace
            ? { kind: "result", value: { ...workspace } }
            : { kind: "raised", type: "NoWorkspace", message: "the adapter has no workspace" };
        default:
          return { kind: "errored", message: `Unknown operation "${req.operation}"` };
      }
    },
    async close(): Promise<void> {
      if (shut) return;
      shut = true;
      const conn = current;
      current = undefined;
      // A connection still being made is ended too: its transport is in `live`.
      await conn?.client.close().catch(() => {});
      await Promise.all([...live].map((t) => t.close().catch(() => {})));
      live.clear();
      await options.onClose?.().catch(() => {});
    },
    stderr(): string {
      return lastMade?.stderr?.() ?? "";
    },
  };
}
