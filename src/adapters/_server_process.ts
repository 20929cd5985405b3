// A server process the kit starts and then talks to over the network (private helper of the
// mcp-http command adapter): spawned in a process group of its own (tracked, so that an
// interrupted kit ends it too), its first stdout line read as the ready line, the rest of
// stdout drained, the last 16 KiB of stderr kept, and how it ended said in one phrase.
import { endGroup, type GroupProcessOptions, spawnGroup } from "./_group_process.ts";
import { exitFault, exitPhrase, type ImplementationFault } from "./_exit_fault.ts";

const MAX_STDERR = 16 * 1024;
const MAX_LINE = 4096;

/** A running server process. */
export class ServerProcess {
  readonly #child: Deno.ChildProcess;
  #stderr = "";
  #exit: string | undefined;
  #fault: ImplementationFault | undefined;
  #stopped = false;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<void>;

  /** @throws {Error} When the program cannot be spawned. */
  constructor(options: GroupProcessOptions) {
    this.#child = spawnGroup(options);
    this.exited = this.#child.status.then((s) => {
      this.#exit = exitPhrase(s);
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
    if (this.#stopped) return;
    this.#stopped = true;
    await endGroup(this.#child, () => this.#exit !== undefined, this.exited, graceMs);
  }
}
