/**
 * `deno task conform`: certify implementations against the kit's profiles.
 *
 * With no `--config`, runs every embedded reference target (no setup needed). Exit codes: 0
 * conformant (SHOULD warnings allowed), 1 not conformant or incomplete, 2 usage or config
 * error.
 *
 * @module
 */
import { withUserCases } from "../src/core/with_user_cases.ts";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import { embeddedTargets, profiles, suites, targetProfiles } from "./registry.ts";
import { checkMain } from "./check_command.ts";
import { type ConformanceTarget, runConformance } from "../src/core/run_conformance.ts";
import { parseSeed, resolveSeed } from "../src/core/seed.ts";
import type { ReplayData, Report, Suite } from "../src/core/types.ts";
import { renderJunit } from "../src/report/render_junit.ts";
import { renderMarkdown } from "../src/report/render_markdown.ts";
import { renderText } from "../src/report/render_text.ts";
import { escapeText } from "../src/report/escape_text.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { ConfigError, type ConformConfig, loadConfig } from "./load_config.ts";
import { replayCommand } from "./replay_command.ts";
import { reportJson } from "./report_json.ts";

const HELP = `netconform: prove an implementation honours its contract, and say where it does not.

Usage: deno task conform [options]
       deno task conform check FILE... --profile ID [--tool NAME]   (check --help)

  --config FILE     targets file (conform.yaml); without it, the kit's embedded references run
  --target NAME     run only this target (repeatable); embedded mutants run only when named
  --profile ID      run only this profile (repeatable)
  --seed N          seed of the generated cases (default: CONFORM_SEED, else a fixed seed);
                    "random" for a fresh one
  --runs N          generated cases per suite (default 100)
  --case ID         run only this case (repeatable); see the replay lines of a report
  --timeout MS      per-case timeout when the target sets none (default 10000)
  --concurrency N   cases in flight per suite (default 8)
  --format F        what to print: text (default), json, junit, markdown
  --report FILE     also write the JSON report to FILE
  --junit FILE      also write JUnit XML to FILE
  --markdown FILE   also write a Markdown certificate to FILE
  --verbose         list every rule and every case with findings
  --list            list the embedded targets, profiles and adapter kinds, then exit
  --help            this text

Exit codes: 0 conformant, 1 not conformant or incomplete, 2 usage or config error.`;

/** What the CLI needs from its environment; tests pass their own. */
export interface CliIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
}

const defaultIo: CliIo = {
  out: (t) => console.log(t),
  err: (t) => console.error(t),
};

class UsageError extends Error {}

function intFlag(name: string, raw: string | undefined, min: number, max: number) {
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new UsageError(`--${name} "${raw}" is not an integer from ${min} to ${max}`);
  }
  return Number(raw);
}

/**
 * Make sure an output file can be written before the run: its folder is created, and the
 * file is opened for writing (created empty when missing). Returns the problem, if any.
 */
async function prepareOutput(path: string): Promise<string | undefined> {
  try {
    const dir = dirname(path);
    if (dir && dir !== ".") await Deno.mkdir(dir, { recursive: true });
    const file = await Deno.open(path, { write: true, create: true });
    file.close();
    if ((await Deno.stat(path)).isDirectory) return "it is a folder";
    return undefined;
  } catch (error) {
    return (error as Error).message;
  }
}

function suiteFor(id: string): Suite {
  const suite = suites.find((s) => s.profile.id === id);
  if (!suite) throw new UsageError(`Unknown profile "${id}"`);
  return suite;
}

function targetsFromConfig(config: ConformConfig): ConformanceTarget[] {
  return config.targets.map((t) => {
    const kind = adapterKinds.find((k) => k.kind === t.adapter.kind)!;
    return {
      name: t.name,
      suites: t.profiles.map((p) => ({
        suite: p.cases ? withUserCases(suiteFor(p.id), p.cases) : suiteFor(p.id),
        options: { ...p.options, volatile: t.volatile },
      })),
      create: (profile) => kind.create(t.adapter, { configDir: config.dir, profile }),
      baseDir: config.dir,
      caseTimeoutMs: t.caseTimeoutMs,
      startTimeoutMs: t.startTimeoutMs,
    };
  });
}

function mutantNote(mutant: { breaks: string[]; errored?: boolean } | undefined): string {
  if (!mutant) return "";
  const what = [
    ...(mutant.breaks.length > 0 ? [`breaks ${mutant.breaks.join(", ")}`] : []),
    ...(mutant.errored ? ["its cases error"] : []),
  ];
  return ` [mutant, ${what.join("; ")}]`;
}

function list(io: CliIo) {
  io.out("Embedded targets (deno task conform runs the references; mutants only when named):");
  for (const t of embeddedTargets) {
    io.out(
      `  ${t.name}${mutantNote(t.mutant)}: ${t.description}`,
    );
    io.out(`    profiles: ${targetProfiles(t).join(", ")}`);
  }
  io.out("Profiles:");
  for (const s of suites) {
    io.out(`  ${s.profile.id}: ${s.profile.title} (${s.profile.rules.length} rules)`);
  }
  io.out("Adapter kinds (conform.yaml adapter.kind):");
  for (const k of adapterKinds) io.out(`  ${k.kind}: ${k.description}`);
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
  if (args[0] === "check") return await checkMain(args.slice(1), io, profiles);
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
        format: { type: "string" },
        report: { type: "string" },
        junit: { type: "string" },
        markdown: { type: "string" },
        verbose: { type: "boolean" },
        list: { type: "boolean" },
        help: { type: "boolean" },
      },
    });
  } catch (error) {
    io.err(`Usage error: ${(error as Error).message}\nRun with --help for the options.`);
    return 2;
  }
  const v = parsed.values;
  if (v.help) {
    io.out(HELP);
    return 0;
  }
  if (v.list) {
    list(io);
    return 0;
  }
  let seed: number;
  let runs: number | undefined;
  let timeout: number | undefined;
  let concurrency: number | undefined;
  let config: ConformConfig | undefined;
  const format = v.format ?? "text";
  try {
    if (!["text", "json", "junit", "markdown"].includes(format)) {
      throw new UsageError(`--format "${format}" is not one of text, json, junit, markdown`);
    }
    runs = intFlag("runs", v.runs, 1, 1_000_000);
    timeout = intFlag("timeout", v.timeout, 1, 3_600_000);
    concurrency = intFlag("concurrency", v.concurrency, 1, 256);
    if (v.config) config = await loadConfig(v.config, { kinds: adapterKinds, suites });
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

  let targets = config ? targetsFromConfig(config) : [...embeddedTargets];
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

  for (const [flag, path] of [["report", v.report], ["junit", v.junit], ["markdown", v.markdown]]) {
    if (path === undefined) continue;
    const problem = await prepareOutput(path);
    if (problem) {
      io.err(`Usage error: --${flag} "${path}" cannot be written: ${problem}`);
      return 2;
    }
  }

  const replay = (data: ReplayData) => replayCommand({ config: v.config, ...data });
  io.err(`netconform: seed ${seed} (replay any run with --seed ${seed})`);
  const started = performance.now();
  const report: Report = await runConformance(targets, {
    seed,
    runs: runs ?? config?.runs,
    caseIds: v.case,
    caseTimeoutMs: timeout,
    concurrency,
    onSuite: (s) =>
      io.err(
        `  ${
          escapeText(s.target, { maxLength: 80 })
        } · ${s.profile}: ${s.verdict} (${s.counts.passed} passed, ${s.counts.failed} failed, ${s.counts.skipped} skipped, ${s.counts.errored} errored)`,
      ),
  });
  const elapsed = ((performance.now() - started) / 1000).toFixed(1);
  if (v.case && report.suites.every((s) => s.cases.length === 0 && !s.startError)) {
    io.err(
      `Usage error: no case matched ${
        v.case.map((c) => `"${escapeText(c, { maxLength: 80 })}"`).join(", ")
      }; a report's replay lines name the cases`,
    );
    return 2;
  }

  const json = reportJson(report, replay);
  if (v.report) await Deno.writeTextFile(v.report, json + "\n");
  if (v.junit) await Deno.writeTextFile(v.junit, renderJunit(report, { replay }));
  if (v.markdown) await Deno.writeTextFile(v.markdown, renderMarkdown(report, { replay }));
  if (format === "json") io.out(json);
  else if (format === "junit") io.out(renderJunit(report, { replay }));
  else if (format === "markdown") io.out(renderMarkdown(report, { replay }));
  else io.out(renderText(report, { verbose: v.verbose, replay }));
  io.err(`netconform: done in ${elapsed} s`);
  return report.verdict === "conformant" || report.verdict === "conformant-with-warnings" ? 0 : 1;
}

if (import.meta.main) {
  Deno.exit(await main(Deno.args));
}
