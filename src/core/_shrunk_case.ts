import type { Case, Finding } from "./types.ts";

const SHRUNK_ID = /^(.*)~shrunk-(\d+(?::\d+)*)$/;

/**
 * Rebuild a shrunk case from its id `<id>~shrunk-<i>:<j>:…`: the case `<id>` of `cases`, then
 * at each step the candidate of that index in its `shrink()` list. Undefined when the id is not
 * a shrunk id, the base case is unknown or cannot shrink, or an index is past the candidates.
 */
export function resolveShrunkCase(cases: readonly Case[], id: string): Case | undefined {
  const match = SHRUNK_ID.exec(id);
  if (!match) return undefined;
  let current = cases.find((c) => c.id === match[1]);
  for (const step of match[2].split(":").map(Number)) {
    if (!current?.shrink) return undefined;
    let i = 0;
    let next: Case | undefined;
    for (const candidate of current.shrink()) {
      if (i++ === step) {
        next = candidate;
        break;
      }
    }
    current = next;
  }
  return current?.id === id ? current : undefined;
}

/**
 * The rules a shrink candidate must fail to stand for the case it shrinks, as one comparable
 * key: the rule ids of the MUST findings, sorted (with no MUST finding, as in a strict run
 * failed by SHOULD findings, the ids of all the findings).
 */
export function failingRules(findings: readonly Finding[]): string {
  const must = findings.filter((f) => f.level === "MUST");
  return [...new Set((must.length > 0 ? must : findings).map((f) => f.ruleId))].sort().join(" ");
}
