// What the CLI writes besides the reports: the baseline summary lines, and the check that an
// output file can be written before the run. Private helpers of conform.ts.
import { dirname } from "node:path";
import type { BaselineResult } from "./apply_baseline.ts";
import { escapeText } from "../src/report/escape_text.ts";

/** The text lines that say which failures a baseline expected, and which entries are stale. */
export function baselineLines(result: BaselineResult): string[] {
  const lines: string[] = [];
  if (result.expected.length > 0) {
    lines.push(`Baseline: ${result.expected.length} expected failure(s), reported as expected:`);
    const byRule = new Map<string, number>();
    for (const e of result.expected) {
      const k = `${e.target} · ${e.rules.join(", ")}: ${e.reason}${e.issue ? ` (${e.issue})` : ""}`;
      byRule.set(k, (byRule.get(k) ?? 0) + 1);
    }
    for (const [k, n] of byRule) lines.push(`  ${n} × ${escapeText(k, { maxLength: 300 })}`);
  }
  if (result.stale.length > 0) {
    lines.push(
      `Baseline: ${result.stale.length} stale entr${
        result.stale.length === 1 ? "y" : "ies"
      } (the failure no longer happens: remove it, or run --update-baseline); the run fails:`,
    );
    for (const e of result.stale) {
      lines.push(
        `  ${escapeText(e.target, { maxLength: 80 })} · ${escapeText(e.rule, { maxLength: 80 })}${
          e.cases
            ? ` (cases ${e.cases.map((c) => escapeText(c, { maxLength: 80 })).join(", ")})`
            : ""
        }: ${escapeText(e.reason, { maxLength: 300 })}`,
      );
    }
  }
  if (!result.staleJudged) {
    lines.push("Baseline: stale entries not judged (a run with --case or --shard)");
  }
  return lines;
}

/**
 * Make sure an output file can be written before the run: its folder is created, and the
 * file is made empty (created when missing), so that an earlier run's output is never taken
 * for this one's when the run is killed before it writes its own. A path that is not a plain
 * file (`/dev/stdout`, a pipe) is opened without truncating. Returns the problem, if any.
 */
export async function prepareOutput(path: string): Promise<string | undefined> {
  try {
    const dir = dirname(path);
    if (dir && dir !== ".") await Deno.mkdir(dir, { recursive: true });
    const before = await Deno.stat(path).catch(() => undefined);
    if (before?.isDirectory) return "it is a folder";
    const plain = before === undefined || before.isFile;
    const file = await Deno.open(path, { write: true, create: true, truncate: plain });
    file.close();
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}
