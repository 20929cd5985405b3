// The implementation's own faults of a suite run as sentences (private helper of the
// renderers): "the implementation crashed on 8 cases (exit 70)", and the cases never run
// because the restart budget was used up.
import type { SuiteReport } from "../core/types.ts";

type SuiteFaults = NonNullable<SuiteReport["faults"]>;
import { escapeText } from "./escape_text.ts";

const cases = (n: number) => `${n} case${n === 1 ? "" : "s"}`;

/**
 * What the implementation did, one clause per kind and detail, most cases first:
 * `the implementation crashed on 8 cases (exit 70), hung on 1 case (5000 ms)`; empty when
 * it did nothing wrong.
 */
export function faultSentence(faults: SuiteFaults | undefined): string {
  const groups = faults?.implementation ?? [];
  if (groups.length === 0) return "";
  const clauses = groups.slice(0, 5).map((g) =>
    `${g.kind === "garbage" ? "wrote garbage" : g.kind} on ${cases(g.cases)}${
      g.detail ? ` (${escapeText(g.detail, { maxLength: 80 })})` : ""
    }`
  );
  const rest = groups.slice(5).reduce((n, g) => n + g.cases, 0);
  if (rest > 0) clauses.push(`failed otherwise on ${cases(rest)}`);
  return `the implementation ${clauses.join(", ")}`;
}

/** The cases never run, when the restart budget was used up; empty otherwise. */
export function notRunSentence(faults: SuiteFaults | undefined): string {
  const n = faults?.notRun ?? 0;
  return n === 0
    ? ""
    : `${
      cases(n)
    } not run: the adapter's restart budget (max_restarts) was used up by the faults before them`;
}
