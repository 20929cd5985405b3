import { parseArgs } from "node:util";
import { renderTraceabilityMarkdown, traceabilityTables, TRACED_SPECS } from "./rules_catalogue.ts";

/** Where the `rules` subcommand writes. */
export interface RulesCommandIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
}

/**
 * `deno task conform rules [--format markdown|json] [--spec FILE]`: print the sentence-level
 * traceability tables of the specs (every normative unit with the rules that enforce it, or
 * why it is not checked).
 *
 * @example Print the tool-response table as JSON
 * ```ts
 * import assert from "node:assert/strict";
 * import { rulesCommand } from "./rules_command.ts";
 *
 * const out: string[] = [];
 * const code = rulesCommand(
 *   ["--format", "json", "--spec", "tool-response-format-standard.en.md"],
 *   { out: (t) => out.push(t), err: (t) => out.push(t) },
 * );
 * assert.equal(code, 0);
 * assert.ok(Array.isArray(JSON.parse(out.join("\n"))));
 * ```
 *
 * @param args The arguments after `rules`.
 * @param io Where output goes.
 * @returns 0, or 2 on a usage error, or 1 when a normative unit has neither a rule nor a reason.
 */
export function rulesCommand(args: readonly string[], io: RulesCommandIo): number {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: { format: { type: "string" }, spec: { type: "string", multiple: true } },
    }).values;
  } catch (error) {
    io.err(`Usage error: ${(error as Error).message}`);
    return 2;
  }
  const format = values.format ?? "markdown";
  if (format !== "markdown" && format !== "json") {
    io.err(`Usage error: --format "${format}" is not one of markdown, json`);
    return 2;
  }
  const known = TRACED_SPECS.map((s) => s.spec);
  const unknown = (values.spec ?? []).filter((s) => !known.includes(s));
  if (unknown.length > 0) {
    io.err(`Usage error: unknown spec "${unknown[0]}"; one of ${known.join(", ")}`);
    return 2;
  }
  const tables = traceabilityTables({ specs: values.spec });
  if (tables.length === 0) {
    io.err("No spec could be read (they are in ../shared/specs/)");
    return 2;
  }
  if (format === "json") io.out(JSON.stringify(tables, null, 2));
  else io.out(tables.map(renderTraceabilityMarkdown).join("\n"));
  const missing = tables.reduce((n, t) => n + t.counts.missing, 0);
  if (missing > 0) {
    io.err(`${missing} normative unit(s) have neither a rule nor a reason (marked **MISSING**)`);
    return 1;
  }
  return 0;
}
