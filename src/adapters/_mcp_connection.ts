// The MCP client adapter's connection (private): one server connection with the requests it
// left unanswered, and the transport wrapper that counts them. Typed structurally: only the
// mcp_* files load the SDK.
import { isNotification, NotificationLog } from "./_mcp_notifications.ts";

/** What the wrapper needs of a transport (the SDK's `Transport` has it). */
export interface TransportLike {
  start(): Promise<void>;
  close(): Promise<void>;
  send(message: unknown, options?: unknown): Promise<void>;
  setProtocolVersion?(version: string): void;
  sessionId?: string;
  onmessage?(message: unknown, extra?: unknown): void;
  onerror?(error: Error): void;
  onclose?(): void;
}

/**
 * One connection to a server (`client`: the SDK client; `made`: what the factory made), with
 * what the adapter tracks of it.
 */
export class Connection<C, M extends { stderr?: () => string }> {
  closed = false;
  /**
   * Set when a call on this server timed out (or its case did): no new call goes to it; it
   * is ended once the calls still on it are over (at once, unless the server is concurrent).
   */
  doomed = false;
  /** Set when its transport was closed by the kit. */
  retired = false;
  /** Calls running on this connection now (sent or about to be). */
  active = 0;
  /** Ids of requests sent and not answered yet. */
  readonly outstanding = new Set<string | number>();
  /** How many requests were unanswered when the connection closed. */
  unansweredAtClose = 0;
  /** Id of the last request sent (the SDK sends inside `request()`, synchronously). */
  lastSent: string | number | undefined;
  /** Id of the initialize request: its violations go to the first call. */
  initId: string | number | undefined;
  calls = 0;
  /** Notifications received since the last answer taken (evidence, never judged). */
  readonly notifications = new NotificationLog();
  /** The last error the transport reported (onerror), for messages. */
  transportError: string | undefined;
  /** Resolves when the connection closed. */
  readonly whenClosed: Promise<void>;
  markClosed!: () => void;
  constructor(readonly client: C, readonly made: M) {
    this.whenClosed = new Promise((resolve) => (this.markClosed = resolve));
  }
  get stderr(): (() => string) | undefined {
    return this.made.stderr;
  }
}

/** Waits until the connection closed, at most `ms`. */
export async function closedWithin(
  conn: { whenClosed: Promise<void> },
  ms: number,
): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([conn.whenClosed, new Promise((done) => (timer = setTimeout(done, ms)))]);
  clearTimeout(timer);
}

/** A call's time limit: its tool's own budget (tools/call), else `fallbackMs`. */
export function callLimit(
  method: string,
  params: Record<string, unknown>,
  budgets: Readonly<Record<string, number>> | undefined,
  fallbackMs: number,
): number {
  const name = params.name;
  return method === "tools/call" && typeof name === "string" && budgets &&
      Object.hasOwn(budgets, name)
    ? budgets[name]
    : fallbackMs;
}

/** Ends a session on the server (`terminate`, when there is one), waiting at most `ms`. */
export async function endSession(
  terminate: (() => Promise<void>) | undefined,
  ms: number,
): Promise<void> {
  if (!terminate) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    terminate().catch(() => {}),
    new Promise((done) => (timer = setTimeout(done, ms))),
  ]);
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

/**
 * The transport as the client sees it, counting the requests left unanswered. `onOutOfOrder`
 * is called when an answer comes while an older request is still unanswered: the server
 * does not block on an unanswered call.
 */
export function tracked<T extends TransportLike>(
  inner: T,
  conn: () => {
    closed: boolean;
    outstanding: Set<string | number>;
    lastSent: string | number | undefined;
    unansweredAtClose: number;
    notifications?: NotificationLog;
  },
  onOutOfOrder: () => void,
): T {
  const outer: TransportLike = {
    start: () => inner.start(),
    close: () => inner.close(),
    send(message: unknown, options?: unknown) {
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
  inner.onmessage = (message: unknown, extra?: unknown) => {
    if (isResponse(message)) {
      const outstanding = conn().outstanding;
      // A Set keeps insertion order: its first id is the oldest request unanswered.
      if (outstanding.has(message.id) && outstanding.values().next().value !== message.id) {
        onOutOfOrder();
      }
      outstanding.delete(message.id);
    } else if (isNotification(message)) {
      conn().notifications?.record(message.method, message.params);
      // The kit sends no progress token: a progress notification is counted, and not passed
      // on (the SDK would report an unknown token as a transport error).
      if (message.method === "notifications/progress") return;
    }
    outer.onmessage?.(message, extra);
  };
  inner.onerror = (error: Error) => outer.onerror?.(error);
  inner.onclose = () => {
    const c = conn();
    if (!c.closed) c.unansweredAtClose = c.outstanding.size;
    outer.onclose?.();
  };
  return outer as T;
}
