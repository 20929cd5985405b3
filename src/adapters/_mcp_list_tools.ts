// tools/list through every page (private): follows nextCursor, bounded.
import type { Reply } from "../core/types.ts";

/** Most pages followed; past it the call is errored. */
export const MAX_PAGES = 20;

type Violation = { transport: string; message: string };

/**
 * Asks `tools/list` page after page (`nextCursor`), joining the tools, at most
 * {@linkcode MAX_PAGES} pages; a cursor seen before (a loop) ends it as errored at once.
 */
export async function listAllTools(
  request: (params: Record<string, unknown>) => Promise<Reply>,
): Promise<Reply> {
  const tools: unknown[] = [];
  const violations: Violation[] = [];
  const cursors = new Set<string>();
  let notifications: NonNullable<Extract<Reply, { kind: "result" }>["notifications"]> = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const reply = await request(cursor ? { cursor } : {});
    if (reply.kind !== "result") return reply;
    violations.push(...reply.protocolViolations ?? []);
    notifications = [...notifications, ...reply.notifications ?? []];
    const value = reply.value as { tools?: unknown; nextCursor?: unknown };
    const seen = {
      ...(violations.length > 0 ? { protocolViolations: violations } : {}),
      ...(notifications.length > 0 ? { notifications } : {}),
    };
    if (!Array.isArray(value.tools)) return { ...reply, ...seen };
    tools.push(...value.tools);
    if (typeof value.nextCursor !== "string" || value.nextCursor === "") {
      return { kind: "result", value: { ...value, tools }, ...seen };
    }
    if (cursors.has(value.nextCursor)) {
      return {
        kind: "errored",
        message: `tools/list gave the cursor ${
          JSON.stringify(value.nextCursor.slice(0, 100))
        } twice (a loop), after ${page + 1} pages`,
      };
    }
    cursors.add(value.nextCursor);
    cursor = value.nextCursor;
  }
  return { kind: "errored", message: `tools/list gave more than ${MAX_PAGES} pages` };
}

/** Most tool names kept for the report, each cut to 100 characters. */
const MAX_NAMES = 200;

/** The tool names of a tools/list reply (strings only, bounded), or undefined. */
export function toolNames(reply: Reply): string[] | undefined {
  if (reply.kind !== "result") return undefined;
  const tools = (reply.value as { tools?: unknown }).tools;
  if (!Array.isArray(tools)) return undefined;
  return tools.slice(0, MAX_NAMES).map((t) => {
    const name = (t as { name?: unknown } | null)?.name;
    return typeof name === "string" ? name.slice(0, 100) : "(no name)";
  });
}
