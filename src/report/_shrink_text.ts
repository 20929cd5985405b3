import type { ShrunkCase } from "../core/types.ts";

const STOPPED: Record<NonNullable<ShrunkCase["stopped"]>, string> = {
  "max-shrinks": "stopped at its budget of candidates",
  time: "stopped at its time budget",
};

/**
 * The text line that says how the shrinking of a failed case ended: a smaller case that fails
 * the same MUST rules, or none; and whether the candidates ran out or a budget stopped the
 * shrinker (then a smaller failing input may exist).
 */
export function shrinkLine(s: ShrunkCase, id: string): string {
  const stopped = s.stopped ? STOPPED[s.stopped] : undefined;
  if (s.steps === 0) {
    return stopped
      ? `     shrunk: none of ${s.tried} smaller inputs tried fails the same rules; ${stopped}, so a smaller one may still fail`
      : `     shrunk: no smaller input fails the same rules (${s.tried} tried, none left)`;
  }
  return `     shrunk to ${id} (${s.steps} steps, ${s.tried} tried${
    stopped ? `; ${stopped}, so a smaller one may still fail` : ""
  }):`;
}
