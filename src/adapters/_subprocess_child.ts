// One running implementation process (private helper of the subprocess adapter): spawn,
// batched writes, bounded line reading, stderr ring, kill of its process group.
import { type ByteRing, type LineEvent, LineSplitter } from "./_subprocess_text.ts";
import { killGroup, noteDescendants, trackGroup } from "./_process_groups.ts";

/** How to start the process. */
export interface ChildOptions {
  argv: readonly string[];
  cwd?: string;
  env: Record<string, string>;
  maxLineBytes: number;
  stderr: ByteRing;
  onEvent: (child: Child, event: LineEvent) => void;
  onEnd: (child: Child) => void;
}

/** Resolve after `ms`, or earlier with the promise's value; never rejects. */
export async function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise.catch(() => undefined),
      new Promise<undefined>((resolve) => timer = setTimeout(() => resolve(undefined), ms)),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

const isWindows = Deno.build.os === "windows";
const encoder = new TextEncoder();
const READ_BYTES = 64 * 1024;
/**
 * Lines queued before a write starts at once; fewer wait for the end of the current task.
 * Requests issued together then go in few writes (a write costs several microseconds, more
 * than building a request), while the first of them already reach the process.
 */
const EARLY_LINES = 16;
/** How long the lines a process wrote before exiting are read when its stdout stays open. */
const EXIT_DRAIN_MS = 250;

/** The bytes to write for queued lines: each run of texts in one batch, bytes as they are. */
function* batches(lines: readonly (string | Uint8Array)[]): Generator<Uint8Array> {
  let texts: string[] = [];
  for (const line of lines) {
    if (typeof line === "string") {
      texts.push(line);
      continue;
    }
    if (texts.length > 0) yield encoder.encode(texts.join(""));
    texts = [];
    yield line;
  }
  if (texts.length > 0) yield encoder.encode(texts.join(""));
}

/** A spawned implementation process. */
export class Child {
  readonly process: Deno.ChildProcess;
  readonly splitter: LineSplitter;
  /** Resolves when stdout ends (the process closed it or died). */
  readonly stdoutDone: Promise<void>;
  /** Resolves when stderr ends. */
  readonly stderrDone: Promise<void>;
  /** The exit status (never rejects). */
  readonly status: Promise<Deno.CommandStatus | undefined>;
  /** Set when the adapter no longer uses this process: its output is ignored. */
  retired = false;
  /** Set when the process's handshake said it holds answers (batching). */
  batching = false;
  /** The input encodings the process's handshake listed. */
  encodings: readonly string[] = [];
  /** Set while the handshake runs. */
  handshake?: { seq: number; resolve: (line: Uint8Array | Error) => void };
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #queue: (string | Uint8Array)[] = [];
  #flushing = false;
  #scheduled = false;
  #exited = false;

  /** @throws {Error} When the program cannot be spawned. */
  constructor(readonly options: ChildOptions) {
    const [program, ...args] = options.argv;
    this.process = new Deno.Command(program, {
      args,
      cwd: options.cwd,
      env: options.env,
      clearEnv: true,
      stdin: "piped",
      stdout: "piped",
      stderr: "piped",
      // Its own process group, so that close() can stop grandchildren too.
      detached: !isWindows,
    }).spawn();
    // Ended if the kit is interrupted or exits before stop() or destroy() does.
    trackGroup(this.process.pid, true);
    this.status = this.process.status.then((s) => {
      this.#exited = true;
      return s;
    }, () => undefined);
    this.#writer = this.process.stdin.getWriter();
    this.splitter = new LineSplitter(options.maxLineBytes, (e) => options.onEvent(this, e));
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      options.onEnd(this);
    };
    this.stdoutDone = this.#pumpLines(this.process.stdout).then(end);
    // The process exited but its stdout stays open (a grandchild holds it): it ended all the
    // same, once what it wrote before exiting is read.
    void this.status.then(async (s) => {
      if (s === undefined) return;
      await within(this.stdoutDone, EXIT_DRAIN_MS);
      end();
    });
    this.stderrDone = this.#pump(this.process.stderr, (chunk) => options.stderr.write(chunk));
  }

  /** The process id. */
  get pid(): number {
    return this.process.pid;
  }

  #readers: (ReadableStreamDefaultReader<Uint8Array> | ReadableStreamBYOBReader)[] = [];

  async #pump(stream: ReadableStream<Uint8Array>, sink: (chunk: Uint8Array) => void) {
    const reader = stream.getReader();
    this.#readers.push(reader);
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        sink(value);
      }
    } catch {
      // The pipe broke: the process is gone.
    } finally {
      reader.releaseLock();
    }
  }

  /**
   * Read stdout into one reused buffer (a BYOB reader): the default reader allocates a fresh
   * 64 KiB buffer per read, which costs more than a small line's whole round trip. The
   * splitter copies what it keeps, and lines are handled before the next read.
   */
  async #pumpLines(stream: ReadableStream<Uint8Array>) {
    const reader = stream.getReader({ mode: "byob" });
    this.#readers.push(reader);
    let buffer = new ArrayBuffer(READ_BYTES);
    try {
      for (;;) {
        const { value, done } = await reader.read(new Uint8Array(buffer));
        if (done || !value) break;
        if (!this.retired) this.splitter.feed(value);
        buffer = value.buffer as ArrayBuffer;
      }
    } catch {
      // The pipe broke: the process is gone.
    } finally {
      reader.releaseLock();
    }
  }

  /**
   * Queue a line (with its newline: its text, or its UTF-8 bytes) for writing. Lines queued in
   * the same task are written together: at the end of the task, or as soon as `EARLY_LINES`
   * are waiting.
   */
  send(line: string | Uint8Array): void {
    this.#queue.push(line);
    if (this.#flushing) return;
    if (this.#queue.length >= EARLY_LINES) {
      void this.#flush();
    } else if (!this.#scheduled) {
      this.#scheduled = true;
      queueMicrotask(this.#endOfTask);
    }
  }

  #endOfTask = () => {
    this.#scheduled = false;
    if (!this.#flushing && this.#queue.length > 0) void this.#flush();
  };

  async #flush() {
    this.#flushing = true;
    try {
      while (this.#queue.length > 0) {
        const lines = this.#queue;
        this.#queue = [];
        for (const batch of batches(lines)) await this.#writer.write(batch);
      }
    } catch {
      // The process stopped reading (died or closed stdin); its end is handled elsewhere.
      this.#queue = [];
    } finally {
      this.#flushing = false;
    }
  }

  /** Send SIGKILL to the process group (what is left of it after an exit, too). */
  kill(): void {
    killGroup(this.process.pid, "SIGKILL");
    trackGroup(this.process.pid, false);
    if (this.#exited) return;
    try {
      this.process.kill("SIGKILL");
    } catch {
      // Already gone.
    }
  }

  /** Wait (bounded) for both pipes to end, then stop reading them. */
  async #release(): Promise<void> {
    // A grandchild that left the group could hold the pipes open: do not wait on it forever.
    await within(Promise.all([this.stdoutDone, this.stderrDone]), 500);
    for (const reader of this.#readers) await reader.cancel().catch(() => {});
  }

  /**
   * Stop the process: close its stdin (EOF asks it to exit), wait up to `graceMs`, then kill
   * its process group (leftovers included), and wait (bounded) for its pipes to end.
   */
  async stop(graceMs: number): Promise<void> {
    this.retired = true;
    noteDescendants(this.process.pid); // what left its group, before it can be orphaned
    await within(this.#writer.close(), graceMs);
    await within(this.status, graceMs);
    // Kill the group even after a clean exit: processes it left behind go too.
    this.kill();
    await within(this.status, 2000);
    await this.#release();
  }

  /** Kill now and wait (bounded) for the process and its pipes to end. */
  async destroy(): Promise<void> {
    this.retired = true;
    this.kill();
    await within(this.status, 2000);
    await within(this.#writer.close(), 100);
    await this.#release();
  }
}
