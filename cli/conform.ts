/**
 * `deno task conform`: certify implementations against the kit's profiles.
 *
 * With no `--config`, runs every embedded reference target (no setup needed). Exit codes: 0
 * conformant (SHOULD warnings allowed, unless `--strict`), 1 not conformant or incomplete, 2
 * usage or config error.
 *
 * @module
 */
import { targetsFromConfig } from "./_config_targets.ts";
import { parseArgs } from "node:util";
import { baselineLines, prepareOutput } from "./_conform_output.ts";
import { type EmbeddedTarget, embeddedTargets, profiles, suites } from "./registry.ts";
import { checkMain } from "./check_command.ts";
import { promoteMain } from "./promote_command.ts";
import { runConformance } from "../src/core/run_conformance.ts";
import { parseSeed, resolveSeed } from "../src/core/seed.ts";
import type { ReplayData, Report, Suite } from "../src/core/types.ts";
import type { StreamedReport } from "../src/report/streamed_report.ts";
import { renderJunit, renderJunitChunks } from "../src/report/render_junit.ts";
import { renderMarkdown } from "../src/report/render_markdown.ts";
import { renderText } from "../src/report/render_text.ts";
import { escapeText } from "../src/report/escape_text.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { ConfigError, type ConformConfig, loadConfig } from "./load_config.ts";
import { replayCommand } from "./replay_command.ts";
import { reportJsonChunks } from "./report_json.ts";
import { rulesCommand } from "./rules_command.ts";
import { mergeMain } from "./merge_command.ts";
import { Progress } from "./progress.ts";
import { applyBaseline, type BaselineEntry } from "./apply_baseline.ts";
import { baselineOfRun, writeBaseline } from "./update_baseline.ts";
import { displayReport } from "./_baseline_view.ts";
import { renderHtml } from "../src/report/render_html.ts";
import { renderBadge } from "../src/report/render_badge.ts";
import { sha256OfChunks, writeChunks, writeChunksToFile } from "./_write_chunks.ts";
import { openCaseLog, temporaryCaseLog } from "./_case_log.ts";
import { intFlag, parseArgsMessage, parseShard, type Shard, UsageError } from "./_flags.ts";
import { PYTHON_ENV_COMMAND, pythonEnv } from "../conformance/_python_env.ts";
import { certificateRun } from "./_certificate_run.ts";
import { commandLine, type Invocation, startInvocation, TASK_INVOCATION } from "./_invocation.ts";
import { exitOnInterrupt } from "./_interrupt.ts";
import { help, list } from "./_conform_help.ts";
import { missingProgram } from "./_missing_program.ts";
import denoJson from "../deno.json" with { type: "json" };

const KIT_VERSION: string = denoJson.version;

/** What the CLI needs from its environment; tests pass their own. */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /**
   * Writes progress to standard error as is (no newline added); no progress when absent.
   */
  progress?(text: string): void;
  /** Whether standard error is a terminal (progress redraws one line in place). */
  isTerminal?: boolean;
  /** Width of the terminal, in columns. */
  columns?: number;
  /**
   * How the user ran the CLI (the words before the arguments), for replay lines and hints.
   *
   * @default ["deno", "task", "conform"]
   */
  command?: Invocation;
}

function terminalColumns(): number | undefined {
  try {
    // A pseudo-terminal that was never sized says 0 columns: use the default then.
    return Deno.consoleSize().columns || undefined;
  } catch {
    return undefined;
  }
}

const stderrEncoder = new TextEncoder();
// Its command is set once, by the entry point below.
const defaultIo: CliIo = {
  out: (t) => console.log(t),
  err: (t) => console.error(t),
  progress: (t) => {
    Deno.stderr.writeSync(stderrEncoder.encode(t));
  },
  get isTerminal() {
    return Deno.stderr.isTerminal();
  },
  get columns() {
    return terminalColumns();
  },
};

function suiteFor(id: string): Suite {
  const suite = suites.find((s) => s.profile.id === id);
  if (!suite) throw new UsageError(`Unknown profile "${id}"`);
  return suite;
}

/** The embedded targets whose Python environment has not been made. */
function withoutPythonEnv(targets: readonly EmbeddedTarget[]): EmbeddedTarget[] {
  return targets.filter((t) => t.pythonEnv !== undefined && pythonEnv(t.pythonEnv) === undefined);
}

/** One line naming the targets left out and the command that makes what they need. */
function pythonEnvNote(targets: readonly EmbeddedTarget[]): string {
  const envs = [...new Set(targets.map((t) => `.venv/${t.pythonEnv}/`))].join(", ");
  return `${targets.map((t) => t.name).join(", ")} need${targets.length === 1 ? "s" : ""} ` +
    `the kit's Python environment (${envs}): run \`${PYTHON_ENV_COMMAND}\` in the kit's folder`;
}

/**
 * Run the CLI with arguments and return its exit code.
 *
 * @example Print the help
 * ```ts
 * import assert from "node:assert/strict";
 * import { main } from "./conform.ts";
 *
 * const lines: string[] = [];
 * const code = await main(["--help"], { out: (t) => lines.push(t), err: (t) => lines.push(t) });
 * assert.equal(code, 0);
 * assert.match(lines.join("\n"), /Usage: deno task conform/);
 * ```
 *
 * @param args Command-line arguments.
 * @param io Where output goes.
 * @returns 0 conformant, 1 not conformant or incomplete, 2 usage or config error.
 */
export async function main(args: readonly string[], io: CliIo = defaultIo): Promise<number> {
  const command = io.command ?? TASK_INVOCATION;
  const cmd = commandLine(command);
  if (args[0] === "check") return await checkMain(args.slice(1), io, profiles);
  if (args[0] === "rules") return rulesCommand(args.slice(1), io);
  if (args[0] === "merge") return await mergeMain(args.slice(1), io);
  if (args[0] === "promote") return await promoteMain(args.slice(1), io, profiles);
  if (args.length === 1 && args[0] === "--version") {
    io.out(`netconform ${KIT_VERSION}`);
    return 0;
  }
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: false,
      options: {
        config: { type: "string" },
        target: { type: "string", multiple: true },
        profile: { type: "string", multiple: true },
        seed: { type: "string" },
        runs: { type: "string" },
        case: { type: "string", multiple: true },
        timeout: { type: "string" },
        concurrency: { type: "string" },
        "no-shrink": { type: "boolean" },
        "full-evidence": { type: "boolean" },
        "max-shrinks": { type: "string" },
        format: { type: "string" },
        report: { type: "string" },
        junit: { type: "string" },
        markdown: { type: "string" },
        html: { type: "string" },
        badge: { type: "string" },
        shard: { type: "string" },
        "update-baseline": { type: "boolean" },
        quiet: { type: "boolean" },
        verbose: { type: "boolean" },
        strict: { type: "boolean" },
        list: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        version: { type: "boolean" },
      },
    });
  } catch (error) {
    io.err(`Usage error: ${parseArgsMessage(error, args)}; run "${cmd} --help" for the options.`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    io.out(help(cmd));
    return 0;
  }
  if (v.version) {
    io.out(`netconform ${KIT_VERSION}`);
    return 0;
  }
  if (v.list) {
    list(io, cmd);
    return 0;
  }
  let seed: number;
  let runs: number | undefined;
  let timeout: number | undefined;
  let concurrency: number | undefined;
  let maxShrinks: number | undefined;
  let config: ConformConfig | undefined;
  let shard: Shard | undefined;
  const format = v.format ?? "text";
  try {
    if (!["text", "json", "junit", "markdown"].includes(format)) {
      throw new UsageError(`--format "${format}" is not one of text, json, junit, markdown`);
    }
    runs = intFlag("runs", v.runs, 1, 1_000_000);
    timeout = intFlag("timeout", v.timeout, 1, 3_600_000);
    concurrency = intFlag("concurrency", v.concurrency, 1, 256);
    shard = parseShard(v.shard);
    if (v["update-baseline"]) {
      if (!v.config) throw new UsageError("--update-baseline needs --config (the file it writes)");
      if (v.case || shard) {
        throw new UsageError("--update-baseline needs a run of every case (no --case, no --shard)");
      }
    }
    maxShrinks = intFlag("max-shrinks", v["max-shrinks"], 0, 100_000);
    if (v.config) config = await loadConfig(v.config, { kinds: adapterKinds, suites });
    for (const t of config?.targets ?? []) {
      const missing = missingProgram(t.adapter as Record<string, unknown>, config!.dir);
      if (missing) throw new ConfigError(`target "${t.name}": ${missing}`, v.config!);
    }
    try {
      seed = v.seed !== undefined ? parseSeed(v.seed) : config?.seed ?? resolveSeed();
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
    for (const id of v.profile ?? []) suiteFor(id);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.err(`${error instanceof ConfigError ? "Config error" : "Usage error"}: ${error.message}`);
      return 2;
    }
    throw error;
  }

  let targets = config ? targetsFromConfig(config, suiteFor) : [...embeddedTargets];
  if (v.target) {
    const known = new Set(targets.map((t) => t.name));
    const unknown = v.target.filter((n) => !known.has(n));
    if (unknown.length > 0) {
      io.err(
        `Usage error: unknown target ${unknown.map((n) => `"${n}"`).join(", ")}; --list shows them`,
      );
      return 2;
    }
    targets = targets.filter((t) => v.target!.includes(t.name));
  } else if (!config) {
    const mutants = new Set(embeddedTargets.filter((t) => t.mutant).map((t) => t.name));
    targets = targets.filter((t) => !mutants.has(t.name));
  }
  const unready = config
    ? []
    : withoutPythonEnv(embeddedTargets.filter((t) => targets.includes(t)));
  if (unready.length > 0 && v.target) {
    io.err(`Usage error: ${pythonEnvNote(unready)}`);
    return 2;
  }
  if (unready.length > 0) {
    if (!v.quiet) io.err(`netconform: not run: ${pythonEnvNote(unready)}`);
    targets = targets.filter((t) => !unready.some((u) => u === t));
  }
  if (v.profile) {
    targets = targets
      .map((t) => ({
        ...t,
        suites: t.suites.filter((s) => v.profile!.includes(s.suite.profile.id)),
      }))
      .filter((t) => t.suites.length > 0);
  }
  if (targets.length === 0) {
    io.err("Usage error: no target runs any of the profiles asked for");
    return 2;
  }

  for (
    const [flag, path] of [
      ["report", v.report],
      ["junit", v.junit],
      ["markdown", v.markdown],
      ["html", v.html],
      ["badge", v.badge],
    ]
  ) {
    if (path === undefined) continue;
    const problem = await prepareOutput(path);
    if (problem) {
      io.err(`Usage error: --${flag} "${path}" cannot be written: ${problem}`);
      return 2;
    }
  }

  const replay = (data: ReplayData) => replayCommand({ command, config: v.config, ...data });
  const quiet = v.quiet === true;
  const progress = !quiet && io.progress
    ? new Progress({ write: io.progress, tty: io.isTerminal === true, columns: io.columns })
    : undefined;
  if (!quiet) {
    io.err(
      `netconform: seed ${seed} (replay any run with --seed=${seed})${
        shard ? `, shard ${shard.index + 1}/${shard.count}` : ""
      }`,
    );
  }
  // Every case is appended to a JSON-lines log as it finishes (one JSON line each, written at
  // once) and no passed case is held: every output is rebuilt from the log at the end, one
  // case at a time. With --report FILE the log is FILE's ".cases.jsonl" sibling, so a killed
  // run still leaves a readable record; without (or when FILE is not a plain file, such as
  // /dev/stdout, beside which no file belongs), a temporary file removed from its folder at
  // once. When no temporary file can be made, the run holds its cases instead.
  const beside = v.report !== undefined && Deno.statSync(v.report).isFile;
  const caseLog = beside ? openCaseLog(v.report!) : temporaryCaseLog();
  try {
    const started = performance.now();
    const ran: Report = await runConformance(targets, {
      seed,
      // The embedded targets share no state (each suite run starts its own server or
      // process): the suite runs of those that work in processes of their own (the
      // LangGraph.js agent) start first and go on while the others run one after the other,
      // so that the in-process suites never share the kit's thread with each other. Their
      // events reach the log and the progress line in serial order. A config's targets may
      // share a service: they run one after the other.
      suiteConcurrency: config ? 1 : 1 + targets.reduce(
        (n, t) => n + (t.startEarly ? t.suites.length : 0),
        0,
      ),
      runs: runs ?? config?.runs,
      caseIds: v.case,
      caseTimeoutMs: timeout,
      concurrency,
      strict: v.strict,
      shard,
      maxEvidenceDepth: v["full-evidence"] ? Infinity : undefined,
      shrink: v["no-shrink"] ? false : { ...(maxShrinks !== undefined ? { maxShrinks } : {}) },
      onStart: progress ? (t, p, total) => progress.start(t, p, total) : undefined,
      keepCases: caseLog ? { notPassed: 0 } : "all",
      onCase: progress || caseLog
        ? (t, p, c, index) => {
          caseLog?.write(t, p, c, index);
          progress?.case(c);
        }
        : undefined,
      onSuite: (s) => {
        caseLog?.endSuite();
        progress?.end();
        if (quiet) return;
        io.err(
          `  ${
            escapeText(s.target, { maxLength: 80 })
          } · ${s.profile}: ${s.verdict} (${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped, ${s.counts.errored} errored)`,
        );
      },
    });
    caseLog?.close();
    // The run's report, its cases read back from the log on each walk.
    const report: StreamedReport = caseLog ? caseLog.report(ran) : ran;
    const caseTotal = (s: StreamedReport["suites"][number]) =>
      s.counts.passed + s.counts.failed + s.counts.skipped + s.counts.errored;
    const elapsed = ((performance.now() - started) / 1000).toFixed(1);
    if (v.case && report.suites.every((s) => caseTotal(s) === 0 && !s.startError)) {
      io.err(
        `Usage error: no case matched ${
          v.case.map((c) => `"${escapeText(c, { maxLength: 80 })}"`).join(", ")
        }; a report's replay lines name the cases`,
      );
      return 2;
    }

    let entries: Record<string, BaselineEntry[]> = Object.fromEntries(
      (config?.targets ?? []).filter((t) => t.expectedFailures.length > 0).map((
        t,
      ) => [t.name, t.expectedFailures]),
    );
    if (v["update-baseline"] && config) {
      const next = baselineOfRun(report, entries);
      const total = await writeBaseline(v.config!, next);
      entries = Object.fromEntries(
        Object.entries({ ...entries, ...next }).filter(([, e]) => e.length > 0),
      );
      io.err(
        `netconform: wrote ${total} expected failure(s) of ${
          Object.keys(next).length
        } target(s) into "${v.config}"`,
      );
    }
    const baseline = Object.keys(entries).length > 0
      ? applyBaseline(report, entries, { judgeStale: !v.case && !shard })
      : undefined;
    const judged = baseline?.report ?? report;
    const shown = baseline ? displayReport(baseline) : report;
    // The JSON report is written in pieces, one case at a time, never as one string.
    const jsonPieces = function* () {
      yield* reportJsonChunks(judged, replay, baseline);
      yield "\n";
    };
    if (v.report) writeChunksToFile(v.report, jsonPieces());
    if (v.junit) writeChunksToFile(v.junit, renderJunitChunks(shown, { replay }));
    const written = { report: v.report };
    if (v.markdown) {
      await Deno.writeTextFile(v.markdown, renderMarkdown(shown, { replay, ...written }));
    }
    if (v.html) {
      await Deno.writeTextFile(
        v.html,
        renderHtml(shown, {
          replay,
          reportSha256: sha256OfChunks(jsonPieces()),
          run: await certificateRun(args, { html: v.html, config: v.config, command, ...written }),
          baseline: baseline ? { expected: baseline.expected, stale: baseline.stale } : undefined,
        }),
      );
    }
    if (v.badge) await Deno.writeTextFile(v.badge, renderBadge(shown));
    if (format === "json") {
      if (io === defaultIo) writeChunks(Deno.stdout, jsonPieces());
      else io.out([...reportJsonChunks(judged, replay, baseline)].join(""));
    } else if (format === "junit") {
      // As io.out would print it (a final line break added), in pieces.
      const pieces = function* () {
        yield* renderJunitChunks(shown, { replay });
        yield "\n";
      };
      if (io === defaultIo) writeChunks(Deno.stdout, pieces());
      else io.out(renderJunit(shown, { replay }));
    } else if (format === "markdown") io.out(renderMarkdown(shown, { replay, ...written }));
    else {
      const lines = [renderText(shown, { verbose: v.verbose, replay, ...written })];
      io.out([...lines, ...(baseline ? baselineLines(baseline) : [])].join("\n"));
    }
    if (!quiet) io.err(`netconform: done in ${elapsed} s`);
    const ok = judged.verdict === "conformant" || judged.verdict === "conformant-with-warnings";
    return ok && (baseline?.stale.length ?? 0) === 0 ? 0 : 1;
  } finally {
    caseLog?.dispose();
  }
}

// Run as a script, or as the installed `netconform` command (cli/netconform.ts imports this).
const installed = Deno.mainModule === new URL("./netconform.ts", import.meta.url).href;
if (import.meta.main || installed) {
  defaultIo.command = startInvocation(installed ? "installed" : "script");
  exitOnInterrupt(defaultIo.err);
  Deno.exit(await main(Deno.args));
}
