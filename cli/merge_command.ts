/**
 * `deno task conform merge A.json B.json ... --report all.json`: merge the JSON reports of
 * the shards of one run (`--shard i/n`) into the report of the whole run.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { MergeError, mergeReports } from "./merge_reports.ts";
import { reportOfView } from "./_report_of_view.ts";
import { renderJson } from "../src/report/render_json.ts";
import { renderJunit } from "../src/report/render_junit.ts";
import { renderMarkdown } from "../src/report/render_markdown.ts";
import { renderText } from "../src/report/render_text.ts";
import { renderHtml } from "../src/report/render_html.ts";
import { renderBadge } from "../src/report/render_badge.ts";
import { sha256Hex } from "./_sha256.ts";
import { certificateRun } from "./_certificate_run.ts";
import { escapeText } from "../src/report/escape_text.ts";
import { displayReport, stripView } from "./_baseline_view.ts";
import { applyBaseline, type BaselineEntry } from "./apply_baseline.ts";
import { reportJson } from "./report_json.ts";
import { commandLine, type Invocation } from "./_invocation.ts";

/** Largest shard report read, in bytes. */
export const MAX_SHARD_BYTES = 256 * 1024 * 1024;

const help = (cmd: string) =>
  `Usage: ${cmd} merge SHARD.json... [--report FILE] [options]

Merges the JSON reports of every shard of one run (${cmd} --shard i/n --report
FILE) into the report of the whole run: the same as an unsharded run, apart from the
timestamp. The baseline the shards were judged with (their "baseline" entries) is applied
to the merged run, stale entries included. Options: --report FILE, --junit FILE, --markdown FILE, --html FILE, --badge FILE,
--format text|json|junit|markdown (what to print; default text). Exit codes: those of a run.`;

/** Where `merge` writes; the CLI passes its own. */
export interface MergeIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /**
   * How the user ran the CLI, for the help text.
   *
   * @default ["deno", "task", "conform"]
   */
  command?: Invocation;
}

/**
 * Run `merge` with its arguments (after the word `merge`) and return the exit code: 0 the
 * merged run is conformant, 1 not conformant or incomplete, 2 a usage error or reports that
 * are not the shards of one run.
 *
 * @example Merging nothing is a usage error
 * ```ts
 * import assert from "node:assert/strict";
 * import { mergeMain } from "./merge_command.ts";
 *
 * const err: string[] = [];
 * assert.equal(await mergeMain([], { out: () => {}, err: (t) => err.push(t) }), 2);
 * assert.match(err.join("\n"), /at least one shard report/);
 * ```
 *
 * @param args The arguments.
 * @param io Where output goes.
 * @returns The exit code.
 */
export async function mergeMain(args: readonly string[], io: MergeIo): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: {
        report: { type: "string" },
        junit: { type: "string" },
        markdown: { type: "string" },
        html: { type: "string" },
        badge: { type: "string" },
        format: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
  } catch (error) {
    io.err(`Usage error: ${(error as Error).message}\n${help(commandLine(io.command))}`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    io.out(help(commandLine(io.command)));
    return 0;
  }
  const format = v.format ?? "text";
  let merged: unknown;
  let entries: Record<string, BaselineEntry[]> | undefined;
  try {
    if (!["text", "json", "junit", "markdown"].includes(format)) {
      throw new MergeError(`--format "${format}" is not one of text, json, junit, markdown`);
    }
    const inputs = [];
    for (const file of parsed.positionals) {
      let text: string;
      try {
        const stat = await Deno.stat(file);
        if (stat.size > MAX_SHARD_BYTES) {
          throw new MergeError(`"${file}" is larger than ${MAX_SHARD_BYTES} bytes`);
        }
        text = await Deno.readTextFile(file);
      } catch (error) {
        if (error instanceof MergeError) throw error;
        throw new MergeError(`Cannot read "${file}": ${(error as Error).message}`);
      }
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        throw new MergeError(`"${file}" is not JSON: ${(error as Error).message}`);
      }
      if (value && typeof value === "object" && !Array.isArray(value)) {
        const own = stripView(value as Record<string, unknown>);
        if (own) entries = own as Record<string, BaselineEntry[]>;
      }
      inputs.push({ label: file, value });
    }
    merged = mergeReports(inputs);
  } catch (error) {
    if (error instanceof MergeError) {
      io.err(`Usage error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const { report: raw, replay } = reportOfView(merged);
  const baseline = entries ? applyBaseline(raw, entries, { judgeStale: true }) : undefined;
  const report = baseline ? displayReport(baseline) : raw;
  const json = baseline ? reportJson(baseline.report, replay, baseline) : renderJson(merged);
  if (v.report) await Deno.writeTextFile(v.report, json + "\n");
  if (v.junit) await Deno.writeTextFile(v.junit, renderJunit(report, { replay }));
  if (v.markdown) await Deno.writeTextFile(v.markdown, renderMarkdown(report, { replay }));
  if (v.html) {
    await Deno.writeTextFile(
      v.html,
      renderHtml(report, {
        replay,
        reportSha256: await sha256Hex(json + "\n"),
        baseline: baseline ? { expected: baseline.expected, stale: baseline.stale } : undefined,
        run: await certificateRun(["merge", ...args], { html: v.html, report: v.report }),
      }),
    );
  }
  if (v.badge) await Deno.writeTextFile(v.badge, renderBadge(report));
  if (format === "json") io.out(json);
  else if (format === "junit") io.out(renderJunit(report, { replay }));
  else if (format === "markdown") io.out(renderMarkdown(report, { replay, report: v.report }));
  else io.out(renderText(report, { replay, report: v.report }));
  if (baseline && baseline.stale.length > 0) {
    io.err(
      `netconform: ${baseline.stale.length} stale baseline entr${
        baseline.stale.length === 1 ? "y" : "ies"
      } (${
        baseline.stale.map((e) => escapeText(`${e.target} · ${e.rule}`, { maxLength: 160 }))
          .join(", ")
      }): the failure no longer happens; the run fails`,
    );
  }
  const ok = report.verdict === "conformant" || report.verdict === "conformant-with-warnings";
  return ok && (baseline?.stale.length ?? 0) === 0 ? 0 : 1;
}
