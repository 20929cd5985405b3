// The kit's own MCP stdio client transport (private helper of the MCP stdio adapter): spawns the
// server in its own process group, frames newline-delimited JSON-RPC, validates every line, and
// records what is not an MCP message (the stdio transport forbids anything else on stdout).
import { exitFault, exitPhrase, type ImplementationFault } from "./_exit_fault.ts";
import { type ChildProcess, spawn } from "node:child_process";
import { killGroup, trackGroup as track } from "./_process_groups.ts";

/** A line of the server's stdout that is not an MCP message. */
export interface StdoutViolation {
  /** The transport the line came over. */
  transport: "stdio";
  /** What was wrong, with the line (escaped, capped). */
  message: string;
}

/** Options of {@linkcode McpStdioTransport}. */
export interface McpStdioTransportOptions {
  command: string;
  args: readonly string[];
  env: Record<string, string>;
  cwd?: string;
  /** Largest line read from stdout, in bytes. */
  maxLineBytes: number;
  /**
   * Whether a parsed line is a JSON-RPC message (the SDK's `JSONRPCMessageSchema`, passed in
   * by the adapter: only `mcp_*` files load the SDK).
   */
  isMessage: (value: unknown) => boolean;
  /** Milliseconds between SIGTERM and SIGKILL of the process group. */
  killGraceMs?: number;
}

/** Bytes of stderr kept (the latest). */
const STDERR_KEEP = 16 * 1024;
/** What an echo of the kit's own request means. */
const ECHOED =
  "the command answered with the kit's own request, word for word: it echoes its input (as cat does) and is not an MCP server";

/** Characters of an offending line quoted in a violation. */
const EXCERPT_CHARS = 200;
/** Milliseconds stdout may stay open after the server exited (its output drains first). */
const EXIT_GRACE_MS = 500;
/**
 * Milliseconds the server may take to exit once its stdout ended (so that a crash is told by
 * its exit code); a server still running then is gone all the same: its answers cannot come.
 */
const EOF_GRACE_MS = 500;
/** Violations kept per response (the rest are counted). */
const MAX_KEPT = 20;
/** What a JSON-RPC message is, in a few words: a response, an error, a request for a method. */
function describe(value: unknown): string {
  const m = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  if (typeof m.method === "string") {
    return `${"id" in m ? "a request" : "a notification"} ${excerpt(m.method.slice(0, 80))}`;
  }
  return "error" in m ? "an error response" : "a response";
}

/** Lines and characters a message split over lines may span before its lines are reported. */
const MAX_SPLIT_LINES = 2_000;
const MAX_SPLIT_CHARS = 1024 * 1024;

// Structurally the SDK's JSONRPCMessage; the adapter hands this class over as its Transport.
// deno-lint-ignore no-explicit-any
type Message = any;

/** The line, escaped (JSON string syntax) and capped. */
function excerpt(line: string): string {
  const cut = line.length > EXCERPT_CHARS;
  return JSON.stringify(cut ? line.slice(0, EXCERPT_CHARS) : line) + (cut ? " (cut)" : "");
}

function isResponse(m: unknown): m is { id: string | number } {
  const o = m as Record<string, unknown>;
  return (typeof o.id === "string" || typeof o.id === "number") &&
    ("result" in o || "error" in o) && !("method" in o);
}

/**
 * An SDK `Transport` over a child process's stdio. Non-protocol stdout lines seen before a
 * response are attached to that response's id ({@linkcode McpStdioTransport.takeViolations});
 * `close()` ends the whole process group (SIGTERM, then SIGKILL after a grace period).
 */
export class McpStdioTransport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: Message) => void;

  #options: McpStdioTransportOptions;
  #child?: ChildProcess;
  #chunks: Uint8Array[] = [];
  #buffered = 0;
  #decoder = new TextDecoder();
  #strict = new TextDecoder("utf-8", { fatal: true });
  /** Lines held while they may be one JSON-RPC message split over lines (embedded newlines). */
  #partial: string[] = [];
  #partialChars = 0;
  #stderrDecoder = new TextDecoder();
  #stderr = "";
  #pending: StdoutViolation[] = [];
  #dropped = 0;
  /** The last requests the kit wrote (their JSON text), to tell an echo from an answer. */
  #sent: string[] = [];
  #echoed = false;
  #byId = new Map<string | number, StdoutViolation[]>();
  #firstLine?: string;
  #sawMessage = false;
  #exit?: string;
  /** What the process's end says of the server, once it ended (see `fault()`). */
  #endFault?: ImplementationFault;
  #torn?: string;
  #closed = false;
  #ended = false;
  #exited?: Promise<void>;
  #exitSeen = false;

  constructor(options: McpStdioTransportOptions) {
    this.#options = options;
  }

  /** The process id, once started. */
  get pid(): number | undefined {
    return this.#child?.pid;
  }

  /** The server's stderr so far (the latest 16 KiB). */
  stderr(): string {
    return this.#stderr.slice(-STDERR_KEEP);
  }

  /**
   * What the kit saw of the process, for an error message: exit code or signal, the first
   * stdout line (while no MCP message came), a torn last line, the unfinished line read so
   * far while it runs, or the lines that are not MCP messages it wrote with no answer after
   * them (escaped). Empty when there is nothing to say.
   */
  diagnostics(): string {
    const parts: string[] = [];
    if (this.#buffered > 0 && this.#torn === undefined) {
      const head = concat(this.#chunks, Math.min(this.#buffered, 400));
      parts.push(`its stdout holds an unfinished line: ${excerpt(new TextDecoder().decode(head))}`);
    }
    if (this.#echoed) parts.push(ECHOED);
    if (this.#exit) parts.push(this.#exit);
    if (this.#firstLine !== undefined && !this.#sawMessage) {
      parts.push(`its first stdout line: ${excerpt(this.#firstLine)}`);
    }
    if (this.#torn !== undefined) {
      parts.push(`its stdout ended inside a line: ${excerpt(this.#torn)}`);
    }
    // Garbage no answer came after: what the server wrote instead of one.
    const garbage = this.#pending.length + this.#dropped;
    if (garbage > 0) {
      parts.push(
        `it wrote ${garbage} stdout line(s) that are not MCP messages and no answer after them; the first: ${
          this.#pending[0]?.message ?? "(not kept)"
        }`,
      );
    }
    return parts.join("; ");
  }

  /**
   * What the kit saw the server do wrong, for an errored call: how it ended (crashed, exited),
   * else `garbage` while it wrote lines that are not MCP messages and no answer after them.
   */
  fault(): ImplementationFault | undefined {
    if (this.#endFault) return this.#endFault;
    return this.#pending.length + this.#dropped > 0 ? { kind: "garbage" } : undefined;
  }

  /**
   * Whether the server exited, its stdout ended or its stdin broke: a close follows (within
   * 500 ms).
   */
  ended(): boolean {
    return this.#ended;
  }

  /** The violations attached to the response of request `id` (taken once). */
  takeViolations(id: string | number): StdoutViolation[] {
    const found = this.#byId.get(id) ?? [];
    this.#byId.delete(id);
    return found;
  }

  start(): Promise<void> {
    if (this.#child) throw new Error("The stdio transport is already started");
    const { command, args, env, cwd } = this.#options;
    return new Promise((resolve, reject) => {
      let child: ChildProcess;
      try {
        child = spawn(command, [...args], {
          env,
          ...(cwd ? { cwd } : {}),
          stdio: ["pipe", "pipe", "pipe"],
          detached: true, // its own process group: close() ends the server and its children
          windowsHide: true,
        });
      } catch (error) {
        reject(error);
        return;
      }
      this.#child = child;
      this.#exited = new Promise((done) => child.once("close", () => done()));
      child.once("error", (error) => {
        this.#exit ??= `it could not be started: ${error.message}`;
        reject(error);
        this.onerror?.(error);
        this.#finish();
      });
      child.once("spawn", () => {
        if (child.pid !== undefined) track(child.pid, true);
        resolve();
      });
      child.once("exit", (code, signal) => {
        this.#ended = true;
        this.#exitSeen = true;
        this.#exit ??= exitPhrase({ code, signal });
        this.#endFault ??= exitFault({ code, signal });
        // A child of the server may keep stdout open: the server is gone all the same.
        const late = setTimeout(() => this.#finish(), EXIT_GRACE_MS);
        child.once("close", () => clearTimeout(late));
      });
      child.once("close", () => {
        this.#keepTorn();
        this.#finish();
      });
      child.stdout!.on("data", (chunk: Uint8Array) => this.#read(chunk));
      // Its stdout ended: no answer can come any more, whether the server exits or not.
      child.stdout!.once("end", () => {
        this.#keepTorn();
        this.#ended = true;
        if (this.#exitSeen) return; // the close follows (see "exit")
        const late = setTimeout(() => {
          this.#exit ??= "it closed its stdout and kept running";
          this.#endFault ??= exitFault(undefined);
          this.#finish();
        }, EOF_GRACE_MS);
        child.once("exit", () => clearTimeout(late));
      });
      child.stderr!.on("data", (chunk: Uint8Array | string) => {
        this.#stderr += typeof chunk === "string"
          ? chunk
          : this.#stderrDecoder.decode(chunk, { stream: true });
        if (this.#stderr.length > STDERR_KEEP * 2) this.#stderr = this.#stderr.slice(-STDERR_KEEP);
      });
      child.stdin!.on("error", (error) => {
        this.#ended = true; // a broken pipe: the server is gone or stopped reading
        this.onerror?.(error);
      });
    });
  }

  /** Keeps a line the server's stdout ended inside of, for the diagnostics. */
  #keepTorn(): void {
    if (this.#buffered === 0) return;
    this.#torn = this.#decoder.decode(concat(this.#chunks, this.#buffered));
    this.#chunks = [];
    this.#buffered = 0;
  }

  #read(chunk: Uint8Array): void {
    let start = 0;
    for (;;) {
      const nl = chunk.indexOf(10, start);
      if (nl < 0) break;
      const part = chunk.subarray(start, nl);
      const bytes = this.#buffered > 0
        ? concat([...this.#chunks, part], this.#buffered + part.length)
        : part;
      let line: string;
      let utf8 = true;
      try {
        line = this.#strict.decode(bytes);
      } catch {
        line = this.#decoder.decode(bytes);
        utf8 = false;
      }
      this.#chunks = [];
      this.#buffered = 0;
      start = nl + 1;
      if (!utf8) this.#violation(`a stdout line that is not UTF-8: ${excerpt(line)}`);
      this.#line(line.endsWith("\r") ? line.slice(0, -1) : line);
      if (this.#closed) return;
    }
    const rest = chunk.subarray(start);
    if (rest.length === 0) return;
    this.#chunks.push(rest.slice());
    this.#buffered += rest.length;
    if (this.#buffered > this.#options.maxLineBytes) {
      const head = this.#decoder.decode(concat(this.#chunks, this.#buffered).subarray(0, 400));
      this.#chunks = [];
      this.#buffered = 0;
      this.#violation(`a stdout line over ${this.#options.maxLineBytes} bytes: ${excerpt(head)}`);
      this.#endFault ??= {
        kind: "garbage",
        detail: `a stdout line over ${this.#options.maxLineBytes} bytes`,
      };
      this.onerror?.(
        new Error(`The server wrote a stdout line over ${this.#options.maxLineBytes} bytes`),
      );
      void this.close();
    }
  }

  /** Lines held as a possible split message, each reported as the line it is. */
  #flushPartial(): void {
    const held = this.#partial;
    this.#partial = [];
    this.#partialChars = 0;
    for (const line of held) {
      this.#violation(
        line.trim() === ""
          ? "an empty stdout line"
          : `a stdout line that is not JSON: ${excerpt(line)}`,
      );
    }
  }

  /**
   * A line that is not JSON: held when it may begin or continue a message split over lines;
   * the message, once whole, is delivered with one violation. Anything else is reported.
   */
  #notJson(line: string): unknown {
    if (this.#partial.length === 0 && !line.trimStart().startsWith("{")) {
      this.#partial = [line];
      this.#flushPartial();
      return undefined;
    }
    this.#partial.push(line);
    this.#partialChars += line.length + 1;
    let value: unknown;
    try {
      value = JSON.parse(this.#partial.join("\n"));
    } catch {
      if (this.#partial.length > MAX_SPLIT_LINES || this.#partialChars > MAX_SPLIT_CHARS) {
        this.#flushPartial();
      }
      return undefined;
    }
    const lines = this.#partial.length;
    this.#partial = [];
    this.#partialChars = 0;
    // What the message is, not its text: its id and content depend on how calls interleave
    // and where the kit's workspace is, and a report must not.
    this.#violation(
      `a JSON-RPC message split over ${lines} lines (embedded newlines): ${describe(value)}`,
    );
    return value;
  }

  #line(line: string): void {
    this.#firstLine ??= line;
    if (this.#sent.includes(line)) {
      // The kit's own request came back word for word: whatever runs echoes its stdin.
      this.#echoed = true;
      this.onerror?.(new Error(ECHOED));
      void this.close();
      return;
    }
    let value: unknown;
    let whole = true;
    try {
      value = JSON.parse(line);
    } catch {
      whole = false;
    }
    if (!whole || (this.#partial.length > 0 && !this.#options.isMessage(value))) {
      // Not JSON, or inside a split message held (where `"prefix"` alone is JSON too).
      value = this.#notJson(line);
      if (value === undefined) return;
    } else if (this.#partial.length > 0) {
      this.#flushPartial(); // a whole message on one line ends what was held
    }
    if (!this.#options.isMessage(value)) {
      this.#violation(`a stdout line that is not a JSON-RPC message: ${excerpt(line)}`);
      return;
    }
    const message = value as Message;
    this.#sawMessage = true;
    if (isResponse(message) && (this.#pending.length > 0 || this.#dropped > 0)) {
      const kept = this.#pending;
      if (this.#dropped > 0) {
        kept.push({ transport: "stdio", message: `and ${this.#dropped} more such lines` });
      }
      this.#byId.set(message.id, kept);
      this.#pending = [];
      this.#dropped = 0;
    }
    this.onmessage?.(message);
  }

  #violation(message: string): void {
    if (this.#pending.length < MAX_KEPT) this.#pending.push({ transport: "stdio", message });
    else this.#dropped++;
    // Not an onerror: the adapter returns these with the answer (takeViolations).
  }

  send(message: Message): Promise<void> {
    const stdin = this.#child?.stdin;
    if (!stdin || this.#closed) return Promise.reject(new Error("Not connected"));
    if (this.#ended) return Promise.reject(new Error("The server has exited"));
    const text = JSON.stringify(message);
    if (text.length <= 65_536) this.#sent = [...this.#sent.slice(-7), text];
    return new Promise((resolve, reject) => {
      stdin.write(text + "\n", (error) => {
        if (!error) return resolve();
        this.#ended = true; // a broken pipe: the server is gone or stopped reading
        reject(error);
      });
    });
  }

  #finish(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.onclose?.();
  }

  /** Ends the process group: SIGTERM, then SIGKILL after the grace period; waits for the exit. */
  async close(): Promise<void> {
    const child = this.#child;
    this.#finish();
    if (!child || child.pid === undefined) return;
    const pid = child.pid;
    child.stdin?.end();
    if (!killGroup(pid, "SIGTERM")) {
      track(pid, false);
      await this.#exited;
      return;
    }
    const grace = this.#options.killGraceMs ?? 2_000;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = await Promise.race([
      this.#exited!.then(() => false),
      new Promise<boolean>((done) => (timer = setTimeout(() => done(true), grace))),
    ]);
    clearTimeout(timer);
    // The leader may be gone while its children still run: end the group in any case.
    killGroup(pid, "SIGKILL");
    track(pid, false);
    if (timedOut) await this.#exited;
  }
}

function concat(chunks: Uint8Array[], total: number): Uint8Array {
  const out = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    out.set(c.subarray(0, Math.min(c.length, total - at)), at);
    at += c.length;
    if (at >= total) break;
  }
  return out;
}
