// Reads a byte stream whole, up to a bound (private helper of the kit: HTTP bodies of the
// chat servers, the check command's files and stdin).

/**
 * The stream's bytes, or undefined once they pass `max` (the rest is not read: the stream is
 * cancelled). An absent stream reads as no bytes.
 */
export async function readBounded(
  stream: ReadableStream<Uint8Array> | null | undefined,
  max: number,
): Promise<Uint8Array | undefined> {
  if (!stream) return new Uint8Array();
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => {});
      return undefined;
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.byteLength;
  }
  return out;
}
