/**
 * A call of a tool the server does not offer (a protocol error, not a tool result).
 *
 * @example Throw and recognise it
 * ```ts
 * import assert from "node:assert/strict";
 * import { ToolNotFound } from "./tool_not_found.ts";
 *
 * assert.equal(new ToolNotFound("x").message, 'Unknown tool "x"');
 * ```
 */
export class ToolNotFound extends Error {
  /** Creates the error. */
  constructor(readonly tool: string) {
    super(`Unknown tool "${tool}"`);
    this.name = "ToolNotFound";
  }
}
