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
import { Client, McpError, ResultSchema } from "./_mcp_sdk.ts";
import { callLimit, closedWithin, Connection, endSession, tracked } from "./_mcp_connection.ts";
import { listAllTools, toolNames } from "./_mcp_list_tools.ts";
import { implementationInfo } from "./_mcp_info.ts";
import { BudgetSpent, closedMessage, unconnected, unreachable } from "./_mcp_client_replies.ts";

/** What a transport other than Streamable HTTP answers to the `http_probe` operation. */
const NOT_HTTP = "the target is not reached over Streamable HTTP";
/** A connection of this adapter. */
type Conn = Connection<Client, McpConnection>;

export type {
  McpClientAdapterOptions,
  McpConnection,
  McpTransport,
  McpTransportFactory,
  McpWorkspace,
} from "./mcp_client_types.ts";
import type {
  McpClientAdapterOptions,
  McpConnection,
  McpTransportFactory,
  McpWorkspace,
} from "./mcp_client_types.ts";

/** Milliseconds a call sent to a server known gone waits for the connection's close. */
const ENDED_WAIT_MS = 5_000;

type Violation = { transport: string; message: string };

/**
 * An {@linkcode Adapter} that talks to an MCP server through the official SDK client, over the
 * transport a factory makes. Operations:
 *
 * - `list_tools` (input ignored): the raw `tools/list` result, pages joined (`{tools}`);
 * - `call_tool` (`{name, arguments}`): the raw `tools/call` result (`content`,
 *   `structuredContent`, `isError` as sent: nothing is judged or defaulted here);
 * - `workspace`: the folder shared with the server (`{path, root}`), when configured;
 * - `http_probe`: the connection's `probe` (Streamable HTTP), else raised `NotHttp`;
 *
 * A JSON-RPC error answered by the server is `raised` (type `McpError`, with its code, and
 * the transport's `protocolViolations` seen before it); a timeout, a closed connection or a
 * transport failure is `errored` with the server's stderr. After the server closed the
 * connection (a crash), or with `replaceHung` hung on a call (its call timeout, or its case's:
 * a `TimeoutError` abort), the next call connects again, at most `maxRestarts` times in all;
 * a hung server is closed (at once, or once the calls still on it are over when it runs calls
 * concurrently: see `hung` in the code).
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
  let current: Conn | undefined;
  let connecting: Promise<Conn> | undefined;
  let restarts = 0;
  let shut = false;
  let lastMade: McpConnection | undefined;
  let workspace: McpWorkspace | undefined;
  /** The tool names of the last tools/list answered, for the report. */
  let offered: string[] | undefined;
  /**
   * Set (for good) once the server answered a call while an older one was unanswered: it
   * runs calls concurrently, so a call stuck on it does not hold the others up.
   */
  let concurrent = false;

  const lock = new SoloLock();
  /** Connections made and not ended yet (a connection still being made included). */
  const live = new Set<McpConnection>();
  /** Servers being ended (awaited at close). */
  const ending = new Set<Promise<void>>();

  const connect = async (signal?: AbortSignal): Promise<Conn> => {
    const made = await factory();
    lastMade = made;
    live.add(made);
    const client = new Client({ name: "netconform", version: "0.1.0" }, { capabilities: {} });
    const conn: Conn = new Connection(client, made);
    const transport = tracked(made.transport, () => conn, () => (concurrent = true));
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
      await end(made);
      // The transport's error once: the diagnostics may say it already (an echoing command).
      const diagnostics = made.diagnostics?.();
      const said = `${messageOf(error)} ${diagnostics ?? ""}`;
      const news = conn.transportError && !said.includes(conn.transportError)
        ? `transport: ${conn.transportError}`
        : undefined;
      const seen = [diagnostics, news].filter(Boolean).join("; ");
      throw new Error(
        `MCP initialization failed: ${messageOf(error)}${seen ? ` (${seen})` : ""}`,
      );
    }
    conn.initId = conn.lastSent;
    return conn;
  };

  /** Closes a connection's transport, then ends what its factory started (its server). */
  const end = async (made: McpConnection): Promise<void> => {
    live.delete(made);
    await made.transport.close().catch(() => {});
    await made.stop?.().catch(() => {});
  };

  /**
   * Ends a connection's server (its whole process group, over stdio): what is left of a
   * crashed one (its children, say), or a doomed one.
   */
  const retire = (conn: Conn) => {
    if (conn.retired) return;
    conn.retired = true;
    const closing = end(conn.made);
    ending.add(closing);
    void closing.finally(() => ending.delete(closing));
  };

  /**
   * A call on `conn` got no answer in time (its own timeout, or its case's): the server is
   * taken as hung. The next call starts a fresh one. A server that runs calls concurrently
   * is ended once the calls still on it are over (each within its own timeout: a call that
   * also times out there is errored, since nothing held it up); any other is ended now, and
   * the calls it still had are sent again, alone, to a fresh server (they were queued
   * behind the stuck one), as after a crash.
   */
  const hung = (conn: Conn) => {
    if (!options.replaceHung || conn.doomed || conn.closed) return;
    conn.doomed = true;
    if (!concurrent || conn.active <= 1) retire(conn);
  };

  const connection = async (): Promise<Conn> => {
    if (current && !current.closed && current.made.ended?.()) {
      // The server is gone and its close is on the way: wait for it, then start a new one.
      await closedWithin(current, ENDED_WAIT_MS);
    }
    return await connectionNow();
  };

  const connectionNow = (): Promise<Conn> => {
    if (shut) return Promise.reject(new Error("adapter is closed"));
    if (current && !current.closed && !current.doomed) return Promise.resolve(current);
    if (!connecting) {
      if (current?.closed || current?.doomed) {
        if (restarts >= maxRestarts) {
          return Promise.reject(
            new BudgetSpent(
              `the server ${
                current.doomed ? "hung" : "closed the connection"
              }; ${maxRestarts} restarts already used`,
            ),
          );
        }
        restarts++;
        if (current.closed) retire(current);
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

  const take = (conn: Conn, id: string | number | undefined): Violation[] =>
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
    // Behind other calls, and a restart one of them brought about: their time, not this one's.
    const resume = callOptions.onWait?.();
    const release = alone ? await lock.solo() : await lock.shared();
    try {
      let conn: Conn;
      try {
        conn = await connection();
      } catch (error) {
        return unconnected(error, stderrOf());
      } finally {
        resume?.();
      }
      return await send(conn, method, params, callOptions, alone);
    } finally {
      release();
    }
  };

  const send = async (
    conn: Conn,
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
    conn.active++;
    const limitMs = callLimit(method, params, options.toolTimeoutsMs, callTimeoutMs);
    const abort = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      abort.abort(new Error(`${method} timed out after ${limitMs} ms`));
    }, limitMs);
    const onAbort = () => abort.abort(callOptions.signal?.reason ?? new Error("aborted"));
    callOptions.signal?.addEventListener("abort", onAbort, { once: true });
    if (callOptions.signal?.aborted) onAbort();
    const pending = conn.client.request({ method, params }, ResultSchema, {
      signal: abort.signal,
      timeout: limitMs + 1_000,
    });
    // The SDK sends inside request(), synchronously: the id is the one just sent.
    const id = conn.lastSent;
    const first = conn.calls++ === 0;
    const seen = () => [...(first ? take(conn, conn.initId) : []), ...take(conn, id)];
    try {
      const result = await pending;
      const violations = seen();
      return {
        kind: "result",
        value: result,
        ...(violations.length > 0 ? { protocolViolations: violations } : {}),
        ...conn.notifications.evidence(),
      };
    } catch (error) {
      // What came before a JSON-RPC error answer is reported with it (a raised reply).
      const violations = seen();
      if (timedOut) {
        const seen = conn.made.diagnostics?.();
        // Garbage in place of an answer is what the server did; else it hung.
        const fault = conn.made.fault?.()?.kind === "garbage"
          ? { kind: "garbage" as const }
          : { kind: "hung" as const, detail: `${limitMs} ms` };
        hung(conn);
        return {
          kind: "errored",
          message: `${method} timed out after ${limitMs} ms${seen ? ` (${seen})` : ""}`,
          fault,
          ...stderrOf(conn),
        };
      }
      if (callOptions.signal?.aborted) {
        // Its case timed out (a TimeoutError reason): the server is taken as hung on it.
        const reason = callOptions.signal.reason as { name?: unknown } | undefined;
        if (reason?.name === "TimeoutError") hung(conn);
        return {
          kind: "errored",
          message: `${method} aborted: ${messageOf(callOptions.signal.reason)}`,
        };
      }
      if (!conn.closed && !(error instanceof McpError) && conn.made.ended?.()) {
        await closedWithin(conn, ENDED_WAIT_MS); // sent to a server that is gone
      }
      // No HTTP answer at all: the server may have died; if so, its connection closes.
      if (!conn.closed && conn.made.lost && unreachable(error)) await conn.made.lost();
      if (conn.closed) {
        if (!alone && conn.unansweredAtClose > 1) return "again";
        const fault = conn.made.fault?.();
        return {
          kind: "errored",
          message: closedMessage(conn, method, error),
          ...(fault ? { fault } : {}),
          ...stderrOf(conn),
        };
      }
      if (error instanceof McpError) {
        return {
          kind: "raised",
          type: `McpError(${error.code})`,
          message: error.message,
          ...(violations.length > 0 ? { protocolViolations: violations } : {}),
          ...conn.notifications.evidence(),
        };
      }
      const reported = conn.transportError && conn.transportError !== messageOf(error)
        ? ` (transport: ${conn.transportError})`
        : "";
      // No HTTP answer at all (fetch's TypeError): the server is not there any more.
      const gone = unreachable(error);
      return {
        kind: "errored",
        message: gone
          ? `the server went away during ${method}: ${gone}${reported}`
          : `${method} failed: ${messageOf(error)}${reported}`,
        ...stderrOf(conn),
      };
    } finally {
      clearTimeout(timer);
      callOptions.signal?.removeEventListener("abort", onAbort);
      if (--conn.active === 0 && conn.doomed) retire(conn);
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
    callOptions.onRequeue?.(); // its time behind the call that killed the server is not its own
    return await attempt(method, params, callOptions, true) as Reply;
  };

  /**
   * The `http_probe` operation, on the live server (started again if it went away). A probe
   * the server died under with other requests in flight is sent again alone, as a call is.
   */
  const probe = async (input: Record<string, unknown>): Promise<Reply> => {
    if (!lastMade?.probe) return { kind: "raised", type: "NotHttp", message: NOT_HTTP };
    const reply = await probeOnce(input, false);
    return reply === "again" ? await probeOnce(input, true) as Reply : reply;
  };

  const probeOnce = async (
    input: Record<string, unknown>,
    alone: boolean,
  ): Promise<Reply | "again"> => {
    const release = alone ? await lock.solo() : await lock.shared();
    try {
      const conn = await connection();
      const reply = await conn.made.probe!(input);
      if (reply.kind !== "errored" || !/fetch failed/.test(reply.message)) return reply;
      if (!conn.closed) await conn.made.lost?.();
      if (!conn.closed) return reply;
      return alone
        ? { ...reply, message: closedMessage(conn, "the HTTP probe", reply.message) }
        : "again";
    } catch (error) {
      return unconnected(error, stderrOf());
    } finally {
      release();
    }
  };

  const stderrOf = (conn?: Conn): { stderr?: string } => {
    const text = (conn?.stderr ?? lastMade?.stderr)?.();
    return text ? { stderr: text } : {};
  };

  return {
    kind: options.kind ?? "mcp",
    async start(callOptions: AdapterCallOptions = {}): Promise<ImplementationInfo> {
      if (options.workspace) workspace = await options.workspace();
      const conn = await connect(callOptions.signal);
      current = conn;
      return implementationInfo(conn.client, options.declaredVersion);
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
          const reply = await listAllTools((params) => request("tools/list", params, callOptions));
          offered = toolNames(reply) ?? offered;
          return reply;
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
        case "http_probe":
          return await probe(input);
        default:
          return { kind: "errored", message: `Unknown operation "${req.operation}"` };
      }
    },
    async close(): Promise<void> {
      if (shut) return;
      shut = true;
      const conn = current;
      current = undefined;
      // The session is ended on the server first (HTTP: DELETE), within the call timeout.
      if (conn && !conn.closed) await endSession(conn.made.terminate, callTimeoutMs);
      // A connection still being made is ended too: its transport is in `live`.
      await conn?.client.close().catch(() => {});
      await Promise.all([...live].map(end));
      await Promise.all([...ending]);
      await options.onClose?.().catch(() => {});
    },
    stderr(): string {
      return lastMade?.stderr?.() ?? "";
    },
    learned: () => (offered ? { tools: offered } : undefined),
  };
}
