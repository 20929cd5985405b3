// The nesting cap of the values a report holds (private): an implementation can send, and a
// suite can send it, a value a thousand levels deep, and recursive JSON parsers (Python's
// `json` at its default recursion limit, among others) cannot load a report that holds it.
// Every container deeper than the cap is replaced by a marker string that says where it was cut
// and how deep the value went.
import type { CaseEvidence, CaseReport, Finding } from "./types.ts";

/** Nesting levels of a value kept in a report (its containers, the value itself counted 1). */
export const MAX_EVIDENCE_DEPTH = 64;

/** The marker that replaces a container below the cap. */
export function depthMarker(maxDepth: number, depth: number): string {
  return `[netconform: nesting cut at depth ${maxDepth} of ${depth}; --full-evidence keeps it]`;
}

/** The nesting depth of a value (0 for a scalar, 1 for `[]`), found without recursion. */
export function depthOf(value: unknown): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== "object") continue;
    if (depth > max) max = depth;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return max;
}

function cut(value: unknown, level: number, maxDepth: number, depth: number): unknown {
  if (value === null || typeof value !== "object") return value;
  if (level > maxDepth) return depthMarker(maxDepth, depth);
  if (Array.isArray(value)) return value.map((v) => cut(v, level + 1, maxDepth, depth));
  const kept: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) kept[k] = cut(v, level + 1, maxDepth, depth);
  return kept;
}

/**
 * The value with every container nested deeper than `maxDepth` replaced by a marker (the same
 * value when it is not that deep), and whether it was cut.
 */
export function capDepth(value: unknown, maxDepth: number): { value: unknown; cut: boolean } {
  if (!Number.isFinite(maxDepth)) return { value, cut: false };
  const depth = depthOf(value);
  if (depth <= maxDepth) return { value, cut: false };
  return { value: cut(value, 1, maxDepth, depth), cut: true };
}

/** The evidence with `input` and `output` capped in depth; a cut side is named in `truncated`. */
function capEvidenceDepth<E extends CaseEvidence>(evidence: E, maxDepth: number): E {
  let out = evidence;
  for (const side of ["input", "output"] as const) {
    if (out[side] === undefined) continue;
    const capped = capDepth(out[side], maxDepth);
    if (!capped.cut) continue;
    const truncated = [...new Set([...(out.truncated ?? []), side])];
    out = { ...out, [side]: capped.value, truncated };
  }
  return out;
}

/** The findings with their `expected`, `actual` and `params` values capped in depth. */
function capFindingsDepth(findings: Finding[], maxDepth: number): Finding[] {
  return findings.map((f) => {
    let out = f;
    for (const key of ["expected", "actual", "params"] as const) {
      if (out[key] === undefined) continue;
      const capped = capDepth(out[key], maxDepth);
      if (capped.cut) out = { ...out, [key]: capped.value };
    }
    return out;
  });
}

/**
 * The case report with every value that may nest (its evidence `input` and `output`, its
 * findings' values) capped at `maxDepth` levels, a cut side named in `truncated`; a judged value
 * (`subject`) deeper than that is left out, as one over the byte bound is: a part of it cannot
 * become a fixture. `Infinity` keeps the report as it is.
 */
export function capCaseDepth<C extends CaseReport>(report: C, maxDepth: number): C {
  if (!Number.isFinite(maxDepth)) return report;
  const r: CaseReport = report;
  switch (r.outcome) {
    // A passed case carries evidence too when it has SHOULD warnings: capped as a failed one.
    case "passed":
    case "failed": {
      const { subject, ...rest } = capEvidenceDepth(r, maxDepth);
      const deep = subject !== undefined &&
        Math.max(depthOf(subject.data), depthOf(subject.context)) > maxDepth;
      return {
        ...rest,
        findings: capFindingsDepth(r.findings, maxDepth),
        ...(subject !== undefined && !deep ? { subject } : {}),
      } as C;
    }
    case "errored":
      return capEvidenceDepth(r, maxDepth) as C;
    default:
      return report;
  }
}
