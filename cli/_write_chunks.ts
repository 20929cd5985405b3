// Writes a text given in pieces to a file or standard output, in batches of about 64 KiB, so
// that a large report is never one string. Private helper of conform.ts.
import { createHash } from "node:crypto";

const encoder = new TextEncoder();

/** Writes every piece to `sink`, in order, in batches. */
export function writeChunks(
  sink: { writeSync(p: Uint8Array): number },
  chunks: Iterable<string>,
): void {
  let batch = "";
  const flush = () => {
    const bytes = encoder.encode(batch);
    let written = 0;
    while (written < bytes.length) written += sink.writeSync(bytes.subarray(written));
    batch = "";
  };
  for (const chunk of chunks) {
    batch += chunk;
    if (batch.length >= 65_536) flush();
  }
  flush();
}

/** Writes the pieces into the file at `path` (created or truncated). */
export function writeChunksToFile(path: string, chunks: Iterable<string>): void {
  const file = Deno.openSync(path, { write: true, create: true, truncate: true });
  try {
    writeChunks(file, chunks);
  } finally {
    file.close();
  }
}

/** The SHA-256 of the UTF-8 bytes of the pieces joined, as lowercase hex. */
export function sha256OfChunks(chunks: Iterable<string>): string {
  const hash = createHash("sha256");
  for (const chunk of chunks) hash.update(chunk, "utf8");
  return hash.digest("hex");
}
