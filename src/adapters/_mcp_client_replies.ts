// What the MCP client adapter says of a call that went wrong (private helper of
// mcp_client.ts): the errored reply of a call that got no connection, the reason of a request
// that got no HTTP answer, and the message of a call the server's close cut off.
import type { Reply } from "../core/types.ts";
import { messageOf } from "../core/_message_of.ts";
import type { McpConnection } from "./mcp_client_types.ts";

/** The restart budget is used up: a call is not sent (nobody's fault on that call). */
export class BudgetSpent extends Error {}

/** The errored reply of a call that could get no connection. */
export function unconnected(error: unknown, stderr: { stderr?: string }): Reply {
  return {
    kind: "errored",
    message: messageOf(error),
    ...(error instanceof BudgetSpent ? { notRun: true as const } : {}),
    ...stderr,
  };
}

/**
 * What a request that got no HTTP answer at all says (fetch's `TypeError`, with the system's
 * reason: connection refused, reset), or undefined for any other failure.
 */
export function unreachable(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || !/fetch failed|error sending request/i.test(error.message)) {
    return undefined;
  }
  const cause = (error as { cause?: unknown }).cause;
  return cause ? `${error.message} (${messageOf(cause).slice(0, 200)})` : error.message;
}

/**
 * What a call the server's close cut off says: that the server went away and how, when the
 * factory knows how its process ended, else that the server closed the connection.
 */
export function closedMessage(
  conn: { made: Pick<McpConnection, "gone" | "diagnostics"> },
  method: string,
  error: unknown,
): string {
  const gone = conn.made.gone?.();
  if (gone) return `the server went away during ${method}: ${gone}`;
  const seen = conn.made.diagnostics?.();
  return `the server closed the connection during ${method} (crash?): ${messageOf(error)}${
    seen ? ` (${seen})` : ""
  }`;
}
