// Bounded text helpers of the subprocess adapter (private): line splitting with a size
// limit, a byte ring buffer for stderr, and escaped excerpts of untrusted output.

const NEWLINE = 0x0a;
/** The line buffer a splitter keeps between lines; a longer line's buffer is let go after it. */
const KEPT_BUFFER_BYTES = 64 * 1024;
/** The address space a splitter's buffer may grow into (V8 refuses a reservation of 2^53). */
const MAX_RESERVED_BYTES = 2 ** 32;
const lenient = new TextDecoder("utf-8", { fatal: false });
const strict = new TextDecoder("utf-8", { fatal: true });

/**
 * Decode UTF-8 strictly: a TypeError on invalid input, as a fatal TextDecoder. The lenient
 * decoder is about three times faster on valid input; it leaves a U+FFFD only where the
 * input is invalid or holds U+FFFD itself, and only then is the strict decoder run.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const text = bytes.length <= DECODE_CHUNK ? lenient.decode(bytes) : decodeChunks(bytes);
  return text.includes("\uFFFD") ? strict.decode(bytes) : text;
}

/** Bytes decoded at a time from a long line. */
const DECODE_CHUNK = 64 * 1024;
const streaming = new TextDecoder("utf-8", { fatal: false });

/**
 * A long line decoded a chunk at a time: a decode makes its text in the process's allocator
 * before the engine copies it, and one such buffer per 7 MB line, freed in the middle of the
 * allocator's heap, stayed resident (measured); chunks' buffers are small and reused.
 */
function decodeChunks(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let at = 0; at < bytes.length; at += DECODE_CHUNK) {
    parts.push(streaming.decode(bytes.subarray(at, at + DECODE_CHUNK), { stream: true }));
  }
  parts.push(streaming.decode());
  return parts.join("");
}

/** Escape C0/C1 controls and bidirectional overrides so untrusted text renders inertly. */
export function escapeControls(text: string, keepNewlines: boolean): string {
  // deno-lint-ignore no-control-regex
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, (c) => {
    if (keepNewlines && (c === "\n" || c === "\t")) return c;
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

/**
 * A quoted, escaped excerpt of untrusted bytes: at most `max` bytes, with the total size when
 * cut.
 */
export function excerpt(bytes: Uint8Array, total = bytes.length, max = 200): string {
  const head = lenient.decode(bytes.subarray(0, max));
  const quoted = escapeControls(JSON.stringify(head), false);
  return total > max ? `${quoted}... (${total} bytes)` : quoted;
}

/**
 * What the splitter found in the stream. A line's bytes may be a view of the chunk fed: valid
 * during the `emit` call only (copy them to keep them).
 */
export type LineEvent =
  | { kind: "line"; bytes: Uint8Array }
  | { kind: "oversized"; head: Uint8Array; bytes: number };

/**
 * Splits a byte stream into lines of at most `maxLineBytes` bytes. A longer line is
 * reported once, as soon as it passes the limit, and the rest of it is discarded.
 */
export class LineSplitter {
  /**
   * The unfinished line: one resizable buffer, reused from line to line. A long line grows it
   * in place (no copy, no garbage: a 7 MB line cost 16 MB of buffers grown by copying), and it
   * shrinks back after the line, which gives its memory back at once, not at a GC.
   */
  #memory: ArrayBuffer;
  /** A view of all of `#memory`, whatever its size (length-tracking). */
  #buffer: Uint8Array;
  #size = 0;
  #discarding: { head: Uint8Array; bytes: number } | undefined;

  constructor(readonly maxLineBytes: number, readonly emit: (event: LineEvent) => void) {
    // Address space only: pages are used as a line fills them. A line past 4 GiB is
    // oversized whatever the limit.
    const reserved = Math.min(maxLineBytes, MAX_RESERVED_BYTES);
    this.#memory = new ArrayBuffer(Math.min(KEPT_BUFFER_BYTES, reserved), {
      maxByteLength: reserved,
    });
    this.#buffer = new Uint8Array(this.#memory);
  }

  /** Feed one chunk. */
  feed(chunk: Uint8Array): void {
    let start = 0;
    while (start <= chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      const end = nl < 0 ? chunk.length : nl;
      const piece = chunk.subarray(start, end);
      if (this.#discarding) {
        this.#discarding.bytes += piece.length;
      } else if (this.#size + piece.length > this.#memory.maxByteLength) {
        // Exactly the first min(200, max + 1) bytes, however the stream was chunked.
        const head = this.#head(piece, Math.min(200, this.maxLineBytes + 1));
        this.#discarding = { head, bytes: this.#size + piece.length };
        this.#reset();
        this.emit({ kind: "oversized", head, bytes: this.#discarding.bytes });
      } else if (nl >= 0 && this.#size === 0) {
        // A whole line in the chunk: a view of it (the chunk is not reused before emit returns).
        this.emit({ kind: "line", bytes: piece });
        start = nl + 1;
        continue;
      } else if (piece.length > 0) {
        this.#append(piece); // copied: the stream reuses its buffer
      }
      if (nl < 0) break;
      if (this.#discarding) {
        this.#discarding = undefined;
      } else {
        const line = this.#buffer.subarray(0, this.#size);
        this.#size = 0;
        this.emit({ kind: "line", bytes: line });
        this.#reset();
      }
      start = nl + 1;
    }
  }

  /** The bytes of the unfinished line (the first 200), and its size. */
  partial(): { head: Uint8Array; bytes: number } | undefined {
    if (this.#discarding) return { ...this.#discarding };
    if (this.#size === 0) return undefined;
    return { head: this.#head(new Uint8Array(), 200), bytes: this.#size };
  }

  #append(piece: Uint8Array): void {
    const needed = this.#size + piece.length;
    if (needed > this.#memory.byteLength) {
      this.#memory.resize(
        Math.min(Math.max(needed, this.#memory.byteLength * 2), this.#memory.maxByteLength),
      );
    }
    this.#buffer.set(piece, this.#size);
    this.#size = needed;
  }

  /** Drops the unfinished line; a buffer grown past the size kept shrinks back to it. */
  #reset(): void {
    this.#size = 0;
    if (this.#memory.byteLength > KEPT_BUFFER_BYTES) this.#memory.resize(KEPT_BUFFER_BYTES);
  }

  #head(extra: Uint8Array, max: number): Uint8Array {
    const head = new Uint8Array(Math.min(max, this.#size + extra.length));
    const kept = Math.min(head.length, this.#size);
    head.set(this.#buffer.subarray(0, kept));
    head.set(extra.subarray(0, head.length - kept), kept);
    return head;
  }
}

function concat(parts: readonly Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const p of parts) {
    const n = Math.min(p.length, size - at);
    out.set(p.subarray(0, n), at);
    at += n;
    if (at >= size) break;
  }
  return out;
}

/** Keeps the last `capacity` bytes written to it. */
export class ByteRing {
  #buffer: Uint8Array;
  #end = 0;
  #full = false;
  /** How many bytes were written in total. */
  total = 0;

  constructor(readonly capacity: number) {
    this.#buffer = new Uint8Array(Math.max(1, capacity));
  }

  /** Append bytes, dropping the oldest when full. */
  write(bytes: Uint8Array): void {
    this.total += bytes.length;
    const cap = this.#buffer.length;
    if (bytes.length >= cap) {
      this.#buffer.set(bytes.subarray(bytes.length - cap));
      this.#end = 0;
      this.#full = true;
      return;
    }
    const first = Math.min(bytes.length, cap - this.#end);
    this.#buffer.set(bytes.subarray(0, first), this.#end);
    this.#buffer.set(bytes.subarray(first), 0);
    const end = this.#end + bytes.length;
    if (end >= cap) this.#full = true;
    this.#end = end % cap;
  }

  /** The kept bytes, oldest first, at most the last `max`. */
  bytes(max = this.capacity): Uint8Array {
    const kept = this.#full
      ? concat(
        [this.#buffer.subarray(this.#end), this.#buffer.subarray(0, this.#end)],
        this.#buffer.length,
      )
      : this.#buffer.slice(0, this.#end);
    return kept.length > max ? kept.slice(kept.length - max) : kept;
  }

  /** The kept text, escaped (newlines and tabs kept), prefixed with a note when cut. */
  text(max = this.capacity): string {
    const bytes = this.bytes(max);
    const text = escapeControls(lenient.decode(bytes), true);
    return this.total > bytes.length
      ? `[... ${this.total - bytes.length} earlier bytes dropped]\n${text}`
      : text;
  }
}
