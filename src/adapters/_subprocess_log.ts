// The kept stderr of the subprocess adapter (private): the last bytes of its processes'
// stderr, the adapter's own notes written into it, and errored replies carrying its tail.
import type { Reply } from "../core/types.ts";
import { ByteRing } from "./_subprocess_text.ts";

/** A reply of kind `errored`. */
export type Errored = Extract<Reply, { kind: "errored" }>;

/** How many bytes of the kept stderr an errored reply carries (the last ones). */
export const STDERR_IN_REPLY = 4096;

const encoder = new TextEncoder();

/** The kept stderr of the adapter's processes, with the adapter's notes. */
export class StderrLog {
  /** The ring the processes' stderr is written to. */
  readonly ring: ByteRing;

  constructor(bytes: number) {
    this.ring = new ByteRing(bytes);
  }

  /** The kept text, escaped. */
  text(): string {
    return this.ring.text();
  }

  /** Write a note of the adapter, `[netconform] message`, into the kept stderr. */
  note(message: string): void {
    this.ring.write(encoder.encode(`[netconform] ${message}\n`));
  }

  /** An errored reply with the message and, when any was written, the tail of stderr. */
  errored(message: string): Errored {
    const stderr = this.ring.total > 0 ? this.ring.text(STDERR_IN_REPLY) : "";
    return stderr ? { kind: "errored", message, stderr } : { kind: "errored", message };
  }
}
