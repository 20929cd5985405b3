// Test helper: the URL an MCP server started with `--http 0` prints on its first stdout line
// (`listening http://127.0.0.1:PORT/mcp`); the rest of its stdout is dropped.
import assert from "node:assert/strict";

/**
 * Reads `child`'s stdout up to its first line and returns the URL it names.
 *
 * @param child A spawned server whose stdout is piped.
 * @returns The MCP endpoint's URL.
 */
export async function listeningUrl(child: Deno.ChildProcess): Promise<string> {
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let head = "";
  while (!head.includes("\n")) {
    const { value, done } = await reader.read();
    if (done) break;
    head += value;
  }
  reader.releaseLock();
  child.stdout.cancel().catch(() => {});
  const url = /^listening (http:\/\/127\.0\.0\.1:\d+\/mcp)$/m.exec(head)?.[1];
  assert.ok(url, `no listening line in ${JSON.stringify(head)}`);
  return url;
}
