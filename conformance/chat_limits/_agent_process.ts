// A chat agent's server process for the http-agent adapter: spawned in its own process group,
// watched for a ready line, its output kept in bounded tails, killed (the whole group) on stop.
import {
  endGroup,
  type GroupProcessOptions,
  spawnGroup,
} from "../../src/adapters/_group_process.ts";
import { within } from "../../src/adapters/_subprocess_child.ts";

/** Options of {@linkcode AgentProcess}: how to start it (argv, cwd, its whole env) and tails. */
export interface AgentProcessOptions extends GroupProcessOptions {
  /** Bytes of stdout and of stderr kept (the last ones). */
  tailBytes: number;
}

/** A spawned agent server. */
export class AgentProcess {
  readonly #child: Deno.ChildProcess;
  #exited = false;
  #stdout = "";
  #stderr = "";
  #lines: string[] = [];
  #dropped = 0;
  #waiters = new Set<() => void>();
  readonly #pumps: Promise<void>[];
  readonly #readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  readonly #tail: number;
  /** Resolves with the exit status (undefined when it cannot be read). */
  readonly status: Promise<Deno.CommandStatus | undefined>;

  /** @throws {Error} When the program cannot be spawned. */
  constructor(options: AgentProcessOptions) {
    this.#tail = options.tailBytes;
    // Its own process group, so that stop() ends what it started too; ended if the kit is
    // interrupted or exits before stop() does.
    this.#child = spawnGroup(options);
    this.status = this.#child.status.then((s) => {
      this.#exited = true;
      this.#notify();
      return s;
    }, () => undefined);
    this.#pumps = [
      this.#pump(
        this.#child.stdout,
        (text) => this.#stdout = (this.#stdout + text).slice(-this.#tail),
      ),
      // Ready lines may come on stderr too (uvicorn logs there).
      this.#pump(
        this.#child.stderr,
        (text) => this.#stderr = (this.#stderr + text).slice(-this.#tail),
      ),
    ];
  }

  /** The process id. */
  get pid(): number {
    return this.#child.pid;
  }

  /** Whether it has exited. */
  get exited(): boolean {
    return this.#exited;
  }

  /** The last bytes of its stdout and stderr. */
  output(): string {
    return [
      this.#stdout ? `stdout: ${this.#stdout}` : "",
      this.#stderr ? `stderr: ${this.#stderr}` : "",
    ].filter(Boolean).join("\n");
  }

  /** Its stderr tail. */
  stderr(): string {
    return this.#stderr;
  }

  #notify() {
    for (const w of this.#waiters) w();
  }

  async #pump(stream: ReadableStream<Uint8Array>, sink: (text: string) => void) {
    const reader = stream.getReader();
    this.#readers.push(reader);
    const decoder = new TextDecoder();
    let partial = "";
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        const text = decoder.decode(value, { stream: true });
        sink(text);
        const parts = (partial + text).split(/\r?\n/);
        partial = parts.pop()!.slice(-4096);
        this.#lines.push(...parts.map((l) => l.slice(0, 4096)));
        if (this.#lines.length > 200) {
          const drop = this.#lines.length - 200;
          this.#lines.splice(0, drop);
          this.#dropped += drop;
        }
        this.#notify();
      }
    } catch {
      // Cancelled on stop.
    }
  }

  /**
   * Wait for a line matching `pattern` (stdout or stderr) and return the match, or undefined
   * when the process exits or `ms` pass first.
   */
  waitForLine(
    pattern: RegExp,
    ms: number,
    signal?: AbortSignal,
  ): Promise<RegExpExecArray | undefined> {
    return new Promise((resolve) => {
      let seen = 0; // lines looked at, counted from the first line ever
      const check = () => {
        for (
          seen = Math.max(seen, this.#dropped);
          seen < this.#dropped + this.#lines.length;
          seen++
        ) {
          const m = pattern.exec(this.#lines[seen - this.#dropped]);
          if (m) return done(m);
        }
        if (this.#exited || signal?.aborted) done(undefined);
      };
      const timer = setTimeout(() => done(undefined), ms);
      const done = (m: RegExpExecArray | undefined) => {
        clearTimeout(timer);
        this.#waiters.delete(check);
        signal?.removeEventListener("abort", check);
        resolve(m);
      };
      signal?.addEventListener("abort", check, { once: true });
      this.#waiters.add(check);
      check();
    });
  }

  /** Ask it to stop (SIGTERM to the group), wait up to `graceMs`, then SIGKILL the group. */
  async stop(graceMs: number): Promise<void> {
    // The group is killed even after a clean exit: whatever it left behind goes too.
    await endGroup(this.#child, () => this.#exited, this.status, graceMs);
    await within(Promise.all(this.#pumps), 500);
    for (const r of this.#readers) await r.cancel().catch(() => {});
  }
}
