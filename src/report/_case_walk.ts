// Walks over a suite's cases that hold at most a bounded part of them, so that the renderers
// work the same on an array and on cases read back from a stream. Private helper of the
// renderers.
import type { CaseReport } from "../core/types.ts";

/** The first `max` items of `cases` that `pick` returns something for, and how many there are. */
export function firstOf<T>(
  cases: Iterable<CaseReport>,
  max: number,
  pick: (c: CaseReport) => T | undefined,
): { items: T[]; total: number } {
  const items: T[] = [];
  let total = 0;
  for (const c of cases) {
    const item = pick(c);
    if (item === undefined) continue;
    total++;
    if (items.length < max) items.push(item);
  }
  return { items, total };
}

/** How many cases there are (an array's length, or a walk's count). */
export function caseCount(cases: Iterable<CaseReport>): number {
  if (Array.isArray(cases)) return cases.length;
  let n = 0;
  for (const _ of cases) n++;
  return n;
}

/** Whether there is any case. */
export function hasCases(cases: Iterable<CaseReport>): boolean {
  if (Array.isArray(cases)) return cases.length > 0;
  for (const _ of cases) return true;
  return false;
}
