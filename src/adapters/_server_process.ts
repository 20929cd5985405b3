// A server process the kit starts and then talks to over the network (private helper of the
// mcp-http command adapter): spawned in a process group of its own (tracked, so that an
// interrupted kit ends it too), its first stdout line read as the ready line, the rest of
// stdout drained, the last 16 KiB of stderr kept, and how it ended said in one phrase.
import { killGroup, trackGroup } from "./_process_groups.ts";
import { within } from "./_subprocess_child.ts";
import { exitFault, type ImplementationFault } from "./_exit_fault.ts";

const MAX_STDERR = 16 * 1024;
const MAX_LINE = 4096;
const isWindows = Deno.build.os === "windows";

/** How to start the server. */
export interface ServerProcessOptions {
  argv: readonly string[];
  cwd?: string;
  env: Record<string, string>;
}

/** A running server process. */
export class ServerProcess {
  readonly #child: Deno.ChildProcess;
  #stderr = "";
  #exit: string | undefined;
  #fault: ImplementationFault | undefined;
  #tracked = true;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<void>;

  /** @throws {Error} When the program cannot be spawned. */
  constructor(options: ServerProcessOptions) {
    this.#child = new Deno.Command(options.argv[0], {
      args: options.argv.slice(1),
      cwd: options.cwd,
      env: options.env,
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "piped",
      detached: !isWindows,
    }).spawn();
    trackGroup(this.#child.pid, true);
    this.exited = this.#child.status.then((s) => {
      this.#exit = s.signal ? `it was ended by ${s.signal}` : `it exited with code ${s.code}`;
      this.#fault = exitFault(s);
    }, () => {
      this.#exit = "it ended";
    });
    this.#child.stderr.pipeThrough(new TextDecoderStream()).pipeTo(
      new WritableStream({
        write: (chunk) => {
          this.#stderr = (this.#stderr + chunk).slice(-MAX_STDERR);
        },
      }),
    ).catch(() => {});
  }

  /** How the process ended ("it exited with code 70"), or undefined while it runs. */
  get exit(): string | undefined {
    return this.#exit;
  }

  /** What its end says of the server (crashed, exited), or undefined while it runs. */
  get fault(): ImplementationFault | undefined {
    return this.#fault;
  }

  /** Its stderr so far (the last 16 KiB). */
  stderr(): string {
    return this.#stderr;
  }

  /**
   * Its first stdout line (trimmed; at most 4 KiB read), or what there was when stdout ended or
   * `ms` passed. The rest of stdout is drained, never read as data.
   */
  async firstLine(ms: number): Promise<string> {
    const reader = this.#child.stdout.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const timer = setTimeout(() => reader.cancel().catch(() => {}), ms);
    try {
      while (!text.includes("\n") && text.length < MAX_LINE) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
    } catch {
      // cancelled (the time is up) or the pipe broke
    } finally {
      clearTimeout(timer);
      reader.releaseLock();
    }
    this.#child.stdout.pipeTo(new WritableStream()).catch(() => {});
    return text.split("\n")[0].trim();
  }

  /**
   * End the process group: SIGTERM, SIGKILL after `graceMs`, and SIGKILL in any case for what
   * it left (children in its group, or that left it); waits (bounded) for the exit.
   */
  async stop(graceMs = 3_000): Promise<void> {
    if (!this.#tracked) return;
    this.#tracked = false;
    const pid = this.#child.pid;
    if (this.#exit === undefined) {
      if (!killGroup(pid, "SIGTERM")) this.#signal("SIGTERM");
      await within(this.exited, graceMs);
    }
    killGroup(pid, "SIGKILL");
    if (this.#exit === undefined) this.#signal("SIGKILL");
    trackGroup(pid, false);
    await within(this.exited, 2_000);
  }

  #signal(signal: Deno.Signal): void {
    try {
      this.#child.kill(signal);
    } catch {
      // already gone
    }
  }
}
