// What a process's end says of the implementation (private helper of the adapters that start
// processes): it crashed (a signal, a nonzero exit, an output closed while it ran), or exited
// unasked (code 0); and how it ended, in the phrase the MCP adapters' messages use.
import type { ErroredCaseReport } from "../core/types.ts";

/** The implementation's own fault, as an errored case reports it. */
export type ImplementationFault = NonNullable<ErroredCaseReport["fault"]>;

/**
 * The fault of a process that ended: `status` undefined when its output closed and it was not
 * seen to exit.
 */
export function exitFault(
  status: { code?: number | null; signal?: string | null } | undefined,
): ImplementationFault {
  if (!status) return { kind: "crashed", detail: "closed its output" };
  if (status.signal) return { kind: "crashed", detail: `signal ${status.signal}` };
  return status.code === 0
    ? { kind: "exited", detail: "exit 0" }
    : { kind: "crashed", detail: `exit ${status.code}` };
}

/** How a server process ended, as a message says it: "it exited with code 70". */
export function exitPhrase(status: { code?: number | null; signal?: string | null }): string {
  return status.signal ? `it was ended by ${status.signal}` : `it exited with code ${status.code}`;
}
