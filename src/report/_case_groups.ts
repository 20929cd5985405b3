// Failed cases grouped by the bug they show, and the SHOULD findings by rule, for the text and
// Markdown views (private helper of the renderers): ten generated cases that shrink to one
// failure are one block with a count, not ten blocks.
import type { CaseReport, Finding } from "../core/types.ts";
import { evidenceText } from "./_evidence_view.ts";

/** Cases shown as one block: the first of them, how many there are, the first ids. */
export interface CaseGroup {
  /** The first case of the group, in case order (the one shown). */
  first: CaseReport;
  /** The rule of the group's bug (failed cases), else undefined. */
  rule?: string;
  /** How many cases the group holds. */
  count: number;
  /** The ids of its first cases (at most {@linkcode GROUP_IDS}). */
  ids: string[];
}

/** Ids kept per group. */
export const GROUP_IDS = 5;

/** A 53-bit hash of a text, so that a group's key is short whatever the evidence. */
function hash(text: string): string {
  let a = 0xdeadbeef;
  let b = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 2654435761);
    b = Math.imul(b ^ c, 1597334677);
  }
  a = Math.imul(a ^ (a >>> 16), 2246822507) ^ Math.imul(b ^ (b >>> 13), 3266489909);
  b = Math.imul(b ^ (b >>> 16), 2246822507) ^ Math.imul(a ^ (a >>> 13), 3266489909);
  return (4294967296 * (2097151 & b) + (a >>> 0)).toString(36);
}

/**
 * The rule a failed case is about: that of its first MUST finding (of its first finding under
 * `--strict`), the rule its shrinking kept failing.
 */
export function bugRule(c: CaseReport): string | undefined {
  if (c.outcome !== "failed") return undefined;
  return (c.findings.find((f) => f.level === "MUST") ?? c.findings[0])?.ruleId;
}

/**
 * The group key of a failed case: its rule and what its shrunk case found (each finding's rule,
 * path and message), so that cases which shrink to the same failure are one group; a case that
 * did not shrink is grouped only with cases of the same input. Other cases are not grouped.
 */
function keyOf(c: CaseReport, index: number): string {
  if (c.outcome !== "failed") return `case ${index}`;
  if (c.shrunk && c.shrunk.steps > 0) {
    const found = c.shrunk.findings.map((f) => [f.ruleId, f.instancePath, f.message]);
    return `${bugRule(c)}\nshrunk ${hash(evidenceText(found))}`;
  }
  if (c.input === undefined) return `case ${index}`;
  return `${bugRule(c)}\ninput ${hash(evidenceText(c.input))}`;
}

/**
 * The first `max` groups of the cases `pick` keeps, each counted over every case, and how many
 * groups and cases there are. One walk; it holds the shown groups and a short key per group.
 */
export function caseGroups(
  cases: Iterable<CaseReport>,
  max: number,
  pick: (c: CaseReport) => boolean,
): { items: CaseGroup[]; groups: number; cases: number } {
  const items: CaseGroup[] = [];
  const seen = new Map<string, CaseGroup | undefined>();
  let total = 0;
  let index = 0;
  for (const c of cases) {
    if (!pick(c)) continue;
    const key = keyOf(c, index++);
    total++;
    if (seen.has(key)) {
      const group = seen.get(key);
      if (group) {
        group.count++;
        if (group.ids.length < GROUP_IDS) group.ids.push(c.id);
      }
      continue;
    }
    const group = items.length < max
      ? { first: c, rule: bugRule(c), count: 1, ids: [c.id] }
      : undefined;
    if (group) items.push(group);
    seen.set(key, group);
  }
  return { items, groups: seen.size, cases: total };
}

/** One SHOULD rule's findings: how many cases have one, the first ids, the first finding. */
export interface ShouldGroup {
  /** The rule. */
  rule: string;
  /** Cases with a finding of it. */
  count: number;
  /** Their first ids. */
  ids: string[];
  /** The first finding of it. */
  finding: Finding;
}

/** The SHOULD findings of the cases, by rule in order of first appearance. One walk. */
export function shouldGroups(cases: Iterable<CaseReport>): ShouldGroup[] {
  const groups = new Map<string, ShouldGroup>();
  for (const c of cases) {
    if (c.outcome !== "passed" && c.outcome !== "failed") continue;
    const done = new Set<string>();
    for (const f of c.findings) {
      if (f.level !== "SHOULD" || done.has(f.ruleId)) continue;
      done.add(f.ruleId);
      const group = groups.get(f.ruleId);
      if (!group) groups.set(f.ruleId, { rule: f.ruleId, count: 1, ids: [c.id], finding: f });
      else {
        group.count++;
        if (group.ids.length < GROUP_IDS) group.ids.push(c.id);
      }
    }
  }
  return [...groups.values()];
}
