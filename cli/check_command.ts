/**
 * `deno task conform check FILE...`: check captured documents against one profile, with the
 * same findings, reports and exit codes as a run. Each document is a case: a JSON file, each
 * line of a JSON-lines file, each document of a YAML stream; `-` reads standard input.
 *
 * @module
 */
import { parseArgs } from "node:util";
import { parseAllDocuments } from "yaml";
import { inProcessAdapter } from "../src/adapters/in_process.ts";
import { reportJson } from "./report_json.ts";
import { shellQuote } from "./_shell_quote.ts";
import { runConformance } from "../src/core/run_conformance.ts";
import type { Case, CheckContext, Profile, Report, Suite } from "../src/core/types.ts";
import { parseArgsMessage } from "./_flags.ts";
import { readBounded } from "../src/core/_read_bounded.ts";
import { commandLine, type Invocation, TASK_INVOCATION } from "./_invocation.ts";
import type { RenderTextOptions } from "../src/report/render_text.ts";

/** Largest file (or standard input) read, in bytes. */
export const MAX_CHECK_BYTES = 64 * 1024 * 1024;

/** A usage error of `check`: exit 2. */
export class CheckUsageError extends Error {}

/** One document read from a file. */
export interface CheckedDocument {
  /** The case id: the file as given, with `#N` (from 1) when it holds several documents. */
  id: string;
  /** The document. */
  value: unknown;
}

/** What `check` was asked. */
export interface CheckRequest {
  /** The profile id. */
  profile: string;
  /** The files, `-` for standard input. */
  files: string[];
  /** Check context given by name (`--tool`, ...). */
  context: Record<string, string>;
}

/**
 * The `--help` text of `check`: the options, and the context each profile asks for.
 *
 * @param profiles The profiles the CLI knows.
 * @returns The help text.
 */
export function checkHelp(profiles: readonly Profile[], command?: Invocation): string {
  const lines = [
    `Usage: ${commandLine(command)} check FILE... --profile ID [--tool NAME] [options]`,
    "",
    "Checks captured documents against a profile. FILE is JSON, JSON lines (.jsonl, .ndjson:",
    "one document a line), or YAML (.yaml, .yml: one document per --- section); - reads",
    "standard input. Each document is a case. The output options (--format, --report,",
    "--junit, --markdown, --verbose) and the exit codes are those of a run.",
    "",
    "Profiles and the context they need:",
  ];
  for (const p of profiles) {
    const options = (p.contextOptions ?? []).map((o) =>
      `--${o.name} ${o.values ? o.values.join("|") : "VALUE"}${
        o.required ? " (required)" : ""
      }: ${o.description}`
    );
    lines.push(`  ${p.id}${options.length === 0 ? ": none" : ""}`);
    for (const o of options) lines.push(`      ${o}`);
  }
  lines.push(
    "",
    "Evidence files are not read by check: a Netdryrun result's evidence_file (NDR-EVIDENCE-FILE)",
    "is judged only in a run whose target sets readEvidence.",
  );
  return lines.join("\n");
}

/**
 * Parse the arguments of `check` (after the word `check`) into a request and the output
 * options it shares with a run.
 *
 * @param args The arguments.
 * @param profiles The profiles the CLI knows.
 * @returns The request, and the output flags as given.
 * @throws {CheckUsageError} On an unknown option or profile, a missing or unknown context
 * value, or no file.
 */
export function parseCheckArgs(
  args: readonly string[],
  profiles: readonly Profile[],
): { request: CheckRequest; output: Record<string, string | boolean | undefined> } {
  const contextNames = [
    ...new Set(profiles.flatMap((p) => (p.contextOptions ?? []).map((o) => o.name))),
  ];
  let parsed;
  try {
    parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: {
        profile: { type: "string" },
        format: { type: "string" },
        report: { type: "string" },
        junit: { type: "string" },
        markdown: { type: "string" },
        verbose: { type: "boolean" },
        strict: { type: "boolean" },
        // A check prints no progress: --quiet is taken so that a run's flags work here too.
        quiet: { type: "boolean" },
        help: { type: "boolean", short: "h" },
        ...Object.fromEntries(contextNames.map((n) => [n, { type: "string" as const }])),
      },
    });
  } catch (error) {
    throw new CheckUsageError(parseArgsMessage(error, args));
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  if (v.help) return { request: { profile: "", files: [], context: {} }, output: { help: true } };
  const id = v.profile;
  if (typeof id !== "string") {
    throw new CheckUsageError(
      `check needs --profile, one of ${profiles.map((p) => `"${p.id}"`).join(", ")}`,
    );
  }
  const profile = profiles.find((p) => p.id === id);
  if (!profile) {
    throw new CheckUsageError(
      `Unknown profile "${id}"; known: ${profiles.map((p) => `"${p.id}"`).join(", ")}`,
    );
  }
  const context: Record<string, string> = {};
  const own = profile.contextOptions ?? [];
  for (const name of contextNames) {
    const value = v[name];
    if (value === undefined) continue;
    const option = own.find((o) => o.name === name);
    if (!option) throw new CheckUsageError(`--${name} does not apply to "${profile.id}"`);
    if (option.values && !option.values.includes(String(value))) {
      throw new CheckUsageError(
        `--${name} "${value}" is not one of ${option.values.map((x) => `"${x}"`).join(", ")}`,
      );
    }
    context[name] = String(value);
  }
  for (const option of own) {
    if (option.required && !(option.name in context)) {
      throw new CheckUsageError(
        `"${profile.id}" needs --${option.name}${
          option.values ? ` (one of ${option.values.join(", ")})` : ""
        }: ${option.description}`,
      );
    }
  }
  if (parsed.positionals.length === 0) throw new CheckUsageError("check needs at least one FILE");
  const output = { ...v };
  delete output.profile;
  for (const name of contextNames) delete output[name];
  return { request: { profile: id, files: parsed.positionals, context }, output };
}

async function readText(stream: ReadableStream<Uint8Array>, label: string): Promise<string> {
  const bytes = await readBounded(stream, MAX_CHECK_BYTES);
  if (!bytes) throw new CheckUsageError(`"${label}" is larger than ${MAX_CHECK_BYTES} bytes`);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new CheckUsageError(`"${label}" is not UTF-8 text`);
  }
}

function parseJsonLines(text: string, label: string): unknown[] {
  const values: unknown[] = [];
  const lines = text.split("\n");
  lines.forEach((line, i) => {
    if (line.trim() === "") return;
    try {
      values.push(JSON.parse(line));
    } catch (error) {
      throw new CheckUsageError(`"${label}" line ${i + 1}: ${(error as Error).message}`);
    }
  });
  return values;
}

function parseYamlStream(text: string, label: string): unknown[] {
  const docs = parseAllDocuments(text);
  const list = Array.isArray(docs) ? docs : [docs];
  return list.map((doc) => {
    const error = doc.errors[0];
    if (error) {
      const at = error.linePos?.[0];
      throw new CheckUsageError(
        `"${label}"${at ? ` line ${at.line}, column ${at.col}` : ""}: ${
          error.message.split("\n")[0]
        }`,
      );
    }
    return doc.toJS({ maxAliasCount: 100 });
  });
}

/**
 * Split a file's text into documents by its name: `.jsonl`/`.ndjson` one a line,
 * `.yaml`/`.yml` one per YAML document, `.json` one; any other name is read as JSON, else
 * JSON lines, else YAML.
 *
 * @example Two JSON lines are two documents
 * ```ts
 * import assert from "node:assert/strict";
 * import { splitDocuments } from "./check_command.ts";
 *
 * assert.deepEqual(splitDocuments('{"a":1}\n{"a":2}\n', "x.jsonl").map((d) => d.id), ["x.jsonl#1", "x.jsonl#2"]);
 * ```
 *
 * @param text The file's text.
 * @param label The file's name as given (`-` for standard input).
 * @returns The documents, each with its case id.
 * @throws {CheckUsageError} When the text does not parse, or holds no document.
 */
export function splitDocuments(text: string, label: string): CheckedDocument[] {
  const lower = label.toLowerCase();
  let values: unknown[];
  if (/\.(jsonl|ndjson)$/.test(lower)) values = parseJsonLines(text, label);
  else if (/\.ya?ml$/.test(lower)) values = parseYamlStream(text, label);
  else if (/\.json$/.test(lower)) {
    try {
      values = [JSON.parse(text)];
    } catch (error) {
      throw new CheckUsageError(`"${label}": ${(error as Error).message}`);
    }
  } else {
    try {
      values = [JSON.parse(text)];
    } catch {
      try {
        values = parseJsonLines(text, label);
      } catch {
        values = parseYamlStream(text, label);
      }
    }
  }
  if (values.length === 0) throw new CheckUsageError(`"${label}" holds no document`);
  const name = label === "-" ? "stdin" : label;
  return values.map((value, i) => ({
    id: values.length === 1 ? name : `${name}#${i + 1}`,
    value,
  }));
}

/**
 * Read every file of a request (bounded, UTF-8) and split it into documents.
 *
 * @param files The files as given; `-` is standard input (read once).
 * @param stdin Standard input.
 * @returns The documents, in order.
 * @throws {CheckUsageError} When a file cannot be read or parsed.
 */
export async function readDocuments(
  files: readonly string[],
  stdin: ReadableStream<Uint8Array> = Deno.stdin.readable,
): Promise<CheckedDocument[]> {
  const docs: CheckedDocument[] = [];
  for (const file of files) {
    let text: string;
    if (file === "-") {
      text = await readText(stdin, "-");
    } else {
      let handle: Deno.FsFile;
      try {
        handle = await Deno.open(file);
        if ((await handle.stat()).isDirectory) {
          handle.close();
          throw new Error("it is a folder, not a file (give the files in it)");
        }
      } catch (error) {
        throw new CheckUsageError(`Cannot read "${file}": ${(error as Error).message}`);
      }
      text = await readText(handle.readable, file);
    }
    docs.push(...splitDocuments(text, file));
  }
  return docs;
}

/**
 * Check documents against a profile as a run would: one case per document, judged by the
 * profile's check with the given context, gathered into a report.
 *
 * @param profile The profile.
 * @param docs The documents.
 * @param context The check context.
 * @param options `strict`: SHOULD findings fail the case too (default false).
 * @returns The report (target `check`, adapter `file`).
 */
export function checkDocuments(
  profile: Profile,
  docs: readonly CheckedDocument[],
  context: CheckContext,
  options: { strict?: boolean } = {},
): Promise<Report> {
  const byId = new Map(docs.map((d) => [d.id, d.value]));
  const suite: Suite = {
    profile,
    cases: (): Case[] =>
      docs.map((d) => ({ id: d.id, description: `the document in ${d.id}`, input: d.id })),
    async evaluate(testCase, invoke) {
      const reply = await invoke({ operation: "read", input: testCase.input });
      const value = reply.kind === "result" ? reply.value : undefined;
      return { findings: profile.check(value, context) };
    },
  };
  return runConformance([{
    name: "check",
    suites: [{ suite }],
    create: () => {
      const adapter = inProcessAdapter((request) => byId.get(String(request.input)), {
        info: { name: "documents", language: "json" },
      });
      return { ...adapter, kind: "file" };
    },
  }], { seed: 0, runs: docs.length, concurrency: 1, strict: options.strict });
}

/** Where `check` writes; the CLI passes its own. */
export interface CheckIo {
  /** Writes to standard output. */
  out(text: string): void;
  /** Writes to standard error. */
  err(text: string): void;
  /** Standard input, for `-`. */
  stdin?: ReadableStream<Uint8Array>;
  /**
   * How the user ran the CLI, for the help text.
   *
   * @default ["deno", "task", "conform"]
   */
  command?: Invocation;
}

/**
 * Run `check` with its arguments (after the word `check`) and return the exit code: 0 every
 * document conforms (SHOULD warnings allowed), 1 a MUST finding, 2 a usage error or a file
 * that cannot be read or parsed.
 *
 * @example A broken tool response is exit 1
 * ```ts
 * import assert from "node:assert/strict";
 * import { checkMain } from "./check_command.ts";
 *
 * const file = await Deno.makeTempFile({ suffix: ".json" });
 * await Deno.writeTextFile(file, '{"success": true, "total": 1, "successful": 0, "failed": 0, "data": []}');
 * const out: string[] = [];
 * const code = await checkMain([file, "--profile", "gns3.tool-response/v1.0"], {
 *   out: (t) => out.push(t),
 *   err: () => {},
 * }, (await import("../conformance/profiles.ts")).profiles);
 * assert.equal(code, 1);
 * assert.match(out.join("\n"), /TR-TOTAL/);
 * await Deno.remove(file);
 * ```
 *
 * @param args The arguments.
 * @param io Output and standard input.
 * @param profiles The profiles the CLI knows.
 * @returns The exit code.
 */
export async function checkMain(
  args: readonly string[],
  io: CheckIo,
  profiles: readonly Profile[],
): Promise<number> {
  let request: CheckRequest;
  let output: Record<string, string | boolean | undefined>;
  let docs: CheckedDocument[];
  try {
    ({ request, output } = parseCheckArgs(args, profiles));
    if (output.help) {
      io.out(checkHelp(profiles, io.command));
      return 0;
    }
    const format = output.format ?? "text";
    if (!["text", "json", "junit", "markdown"].includes(String(format))) {
      throw new CheckUsageError(`--format "${format}" is not one of text, json, junit, markdown`);
    }
    docs = await readDocuments(request.files, io.stdin);
  } catch (error) {
    if (error instanceof CheckUsageError) {
      io.err(
        `Usage error: ${error.message}; run "${
          commandLine(io.command)
        } check --help" for the options.`,
      );
      return 2;
    }
    throw error;
  }
  const profile = profiles.find((p) => p.id === request.profile)!;
  const report = await checkDocuments(profile, docs, request.context, {
    strict: output.strict === true,
  });
  const words = [
    ...(io.command ?? TASK_INVOCATION),
    "check",
    ...request.files,
    "--profile",
    request.profile,
    ...Object.entries(request.context).flatMap(([k, v]) => [`--${k}`, v]),
  ];
  const command = words.map(shellQuote).join(" ");
  const replay = () => command;
  const { renderJunit } = await import("../src/report/render_junit.ts");
  const { renderMarkdown } = await import("../src/report/render_markdown.ts");
  const { renderText } = await import("../src/report/render_text.ts");
  const json = reportJson(report, replay);
  const written = { report: typeof output.report === "string" ? output.report : undefined };
  if (typeof output.report === "string") await Deno.writeTextFile(output.report, json + "\n");
  if (typeof output.junit === "string") {
    await Deno.writeTextFile(output.junit, renderJunit(report, { replay }));
  }
  if (typeof output.markdown === "string") {
    await Deno.writeTextFile(output.markdown, renderMarkdown(report, { replay, ...written }));
  }
  const format = output.format ?? "text";
  if (format === "json") io.out(json);
  else if (format === "junit") io.out(renderJunit(report, { replay }));
  else if (format === "markdown") io.out(renderMarkdown(report, { replay, ...written }));
  else {
    io.out(checkText(renderText, report, { verbose: output.verbose === true, replay, ...written }));
  }
  return report.verdict === "conformant" || report.verdict === "conformant-with-warnings" ? 0 : 1;
}

/**
 * The text output of a check: a run's, without what only a run has. Nothing is generated, so
 * there is no seed (the report's is 0) and no input class (coverage would say "0/0").
 */
function checkText(
  renderText: (r: Report, o: RenderTextOptions) => string,
  report: Report,
  options: RenderTextOptions,
): string {
  const shown = { ...report, suites: report.suites.map((s) => ({ ...s, coverage: undefined })) };
  return renderText(shown, options).split("\n").map((line) =>
    line.startsWith("== ") || line.startsWith("netconform ")
      ? line.replace(/ · seed 0( ·|$)/, "$1")
      : line
  ).join("\n");
}
