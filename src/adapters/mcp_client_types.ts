// The types of the MCP client adapter (mcp_client.ts re-exports them).
import type { Transport } from "./_mcp_sdk.ts";
import type { ErroredCaseReport, Reply } from "../core/types.ts";

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
  /**
   * Ends the session on the server before the transport is closed, at the adapter's close
   * (Streamable HTTP: a DELETE with the session id). Its failure is ignored.
   */
  terminate?: () => Promise<void>;
  /**
   * What the server did wrong as the transport saw it, for an errored call: how its process
   * ended (`crashed`, `exited`), or `garbage` it wrote instead of an answer.
   */
  fault?: () => ErroredCaseReport["fault"];
  /**
   * How the server's process ended ("it exited with code 70"), once it has, when the factory
   * started it: a call the close cut off then says the server went away, and how.
   */
  gone?: () => string | undefined;
  /**
   * Called when a request got no answer at all (no HTTP connection): resolves once the
   * server is known gone (the connection then closed) or, bounded, known still there.
   */
  lost?: () => Promise<void>;
  /**
   * Ends what the factory started for this connection (its server process), after the
   * transport is closed. Its failure is ignored.
   */
  stop?: () => Promise<void>;
  /**
   * Answers the `http_probe` operation: the raw HTTP requests to the server the SDK client
   * never makes (Streamable HTTP only; without it the operation raises `NotHttp`).
   */
  probe?: (input: Record<string, unknown>) => Promise<Reply>;
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

/** Options of `mcpClientAdapter` (`./mcp_client.ts`). */
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
   * How many times the connection is made again after the server closed it (a crash) or hung
   * on a call.
   *
   * @default 3
   */
  maxRestarts?: number;
  /**
   * Whether a server a call got stuck on (its call timeout, or its case's: a `TimeoutError`
   * abort) is replaced by a fresh one (for a server the factory starts, as over stdio: it is
   * ended, with its process group). Without it the connection is kept (over HTTP each call is
   * a request of its own).
   *
   * @default false
   */
  replaceHung?: boolean;
  /**
   * The folder shared with the server, answered to the `workspace` operation.
   *
   * @default undefined (the operation raises)
   */
  workspace?: () => McpWorkspace | Promise<McpWorkspace>;
  /**
   * The implementation's version to report when the server's `serverInfo.version` is empty
   * (the version the user pinned, say); a version the server reports wins.
   *
   * @default undefined
   */
  declaredVersion?: string;
  /**
   * Per tool name, the milliseconds its `tools/call` may take instead of `callTimeoutMs` (a
   * dry run takes minutes).
   *
   * @default {}
   */
  toolTimeoutsMs?: Readonly<Record<string, number>>;
  /**
   * Called once at close, after the connection is closed (to remove a temp workspace, say).
   *
   * @default undefined
   */
  onClose?: () => Promise<void>;
}
