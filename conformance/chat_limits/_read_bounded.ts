// Reads an HTTP request body with a byte bound: the chat servers of the profile share it.
import { readBounded } from "../../src/core/_read_bounded.ts";

/** The request body, or undefined once it passes `max` bytes (the rest is not read). */
export function readBoundedBody(req: Request, max: number): Promise<Uint8Array | undefined> {
  if (Number(req.headers.get("content-length") ?? 0) > max) return Promise.resolve(undefined);
  return readBounded(req.body, max);
}
