import { boundEvidence } from "./bound_evidence.ts";
import type { CaseSubject, Reply } from "./types.ts";

/** A reply as evidence data: `{result}`, `{raised}`, `{skipped}` or `{errored}`. */
export function replyData(reply: Reply): unknown {
  switch (reply.kind) {
    case "result":
      return {
        result: reply.value,
        ...(reply.notifications ? { notifications: reply.notifications } : {}),
      };
    case "raised":
      return {
        raised: {
          type: reply.type,
          message: reply.message,
          ...(reply.traceback !== undefined ? { traceback: reply.traceback } : {}),
        },
        ...(reply.notifications ? { notifications: reply.notifications } : {}),
      };
    case "skipped":
      return { skipped: reply.reason };
    case "errored":
      return { errored: reply.message };
  }
}

/** The judged value within the evidence bound, or undefined when it is over it. */
export function boundSubject(subject: CaseSubject, maxBytes: number): CaseSubject | undefined {
  const bounded = boundEvidence(subject.data, subject.context, maxBytes);
  // A cut subject cannot become a fixture: leave it out rather than keep a part.
  if (bounded.truncated) return undefined;
  return {
    data: bounded.input ?? null,
    ...(bounded.output !== undefined ? { context: bounded.output as CaseSubject["context"] } : {}),
  };
}

/** Length of a case input's JSON text (what shrinking keeps from growing). */
export function sizeOf(input: unknown): number {
  try {
    return JSON.stringify(input)?.length ?? 0;
  } catch {
    return Infinity;
  }
}
