import { parseArgs } from "node:util";
import { Document, isSeq, parseDocument } from "yaml";
import {
  evaluateFixtureTest,
  FixtureError,
  type FixtureTest,
  parseFixtureFile,
} from "../src/core/fixtures.ts";
import type { CaseSubject, Profile } from "../src/core/types.ts";
import { escapeText } from "../src/report/escape_text.ts";
import { commandLine, type Invocation } from "./_invocation.ts";

/** Largest JSON report `promote` reads, in bytes. */
export const MAX_PROMOTE_REPORT_BYTES = 256 * 1024 * 1024;

const help = (cmd: string) =>
  `Usage: ${cmd} promote REPORT.json CASE-ID --to FIXTURE.yaml [options]

Turn a failed case of a JSON report (--report FILE) into a golden fixture test: its data and
context are the value the profile judged, valid and rules what the profile says of it now.
The shrunk case is taken when the case was shrunk (its own id works too).

  --to FILE         fixture file to append to (created when missing)
  --target NAME     the suite's target, when several suites have the case id
  --profile ID      the suite's profile, likewise
  --original        take the case as it failed, not its shrunk version
  --description T   the test's description (default: from the case)
  -h, --help        this text

Exit codes: 0 written, 2 usage error, a case that cannot be promoted, or a file that cannot
be read or written.`;

class PromoteError extends Error {}

interface ReportCase {
  id: string;
  description: string;
  outcome: string;
  input?: unknown;
  truncated?: string[];
  replay?: string;
  subject?: CaseSubject;
  findings?: { ruleId: string }[];
  shrunk?: {
    id: string;
    description?: string;
    subject?: CaseSubject;
    steps: number;
    input?: unknown;
    truncated?: string[];
  };
}

interface ReportSuite {
  target: string;
  profile: string;
  seed: number;
  cases: ReportCase[];
}

/** The case of a report that `promote` names, with the value it will write. */
interface Picked {
  suite: ReportSuite;
  description: string;
  id: string;
  subject: CaseSubject;
  /** What the case sent in its one call (`{operation, input}` evidence), when it made one. */
  sent?: unknown;
}

async function readReport(path: string): Promise<ReportSuite[]> {
  let text: string;
  try {
    const size = (await Deno.stat(path)).size;
    if (size > MAX_PROMOTE_REPORT_BYTES) {
      throw new PromoteError(`"${path}" is larger than ${MAX_PROMOTE_REPORT_BYTES} bytes`);
    }
    text = await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof PromoteError) throw error;
    throw new PromoteError(`Cannot read "${path}": ${(error as Error).message}`);
  }
  let report: unknown;
  try {
    report = JSON.parse(text);
  } catch (error) {
    throw new PromoteError(`"${path}" is not JSON: ${(error as Error).message}`);
  }
  const suites = (report as { suites?: unknown } | null)?.suites;
  if (!Array.isArray(suites)) {
    throw new PromoteError(`"${path}" is not a netconform JSON report (no "suites" list)`);
  }
  return suites as ReportSuite[];
}

function pick(
  suites: readonly ReportSuite[],
  id: string,
  filter: { target?: string; profile?: string; original: boolean },
): Picked {
  const found: Picked[] = [];
  for (const suite of suites) {
    if (filter.target !== undefined && suite.target !== filter.target) continue;
    if (filter.profile !== undefined && suite.profile !== filter.profile) continue;
    for (const c of suite.cases ?? []) {
      const shrunk = c.shrunk && !filter.original ? c.shrunk : undefined;
      if (c.id !== id && c.shrunk?.id !== id) continue;
      if (c.outcome !== "failed") {
        throw new PromoteError(
          `Case "${id}" of "${suite.target}" ${c.outcome}: only failed cases are promoted`,
        );
      }
      const fromShrunk = c.shrunk?.id === id && c.id !== id ? c.shrunk : shrunk;
      const subject = fromShrunk ? fromShrunk.subject : c.subject;
      if (!subject) {
        throw new PromoteError(
          `Case "${id}" of "${suite.target}" has no judged value (the target raised, the ` +
            `value was over the evidence bound, or the suite does not record one)`,
        );
      }
      const from = fromShrunk ?? c;
      found.push({
        suite,
        id: fromShrunk ? fromShrunk.id : c.id,
        description: fromShrunk?.description ?? c.description,
        subject,
        ...(from.truncated?.includes("input") ? {} : { sent: sentInput(from.input) }),
      });
    }
  }
  if (found.length === 0) throw new PromoteError(`No case "${id}" in the report`);
  if (found.length > 1) {
    throw new PromoteError(
      `Case "${id}" is in ${found.length} suites (${
        found.map((f) => `${f.suite.target} · ${f.suite.profile}`).join(", ")
      }): name one with --target and --profile`,
    );
  }
  return found[0];
}

/**
 * The fixture test for a picked case: data and context as judged, `valid` and `rules` as the
 * profile says of the value now.
 */
/** The input of a case's one call (`{operation, input}`); undefined when it made several. */
function sentInput(evidence: unknown): unknown {
  if (evidence === null || typeof evidence !== "object" || Array.isArray(evidence)) {
    return undefined;
  }
  return (evidence as { input?: unknown }).input;
}

/**
 * Whether a user case made of `data` would send `sent` (the rule of `withUserCases`: `data.input`
 * when `data` has one, else `data`), so that the test needs no `input` of its own.
 */
function replaysFromData(data: unknown, sent: unknown): boolean {
  const own = data !== null && typeof data === "object" && !Array.isArray(data) &&
      Object.hasOwn(data, "input")
    ? (data as { input: unknown }).input
    : data;
  return JSON.stringify(own) === JSON.stringify(sent);
}

function fixtureTest(profile: Profile, picked: Picked, description?: string): FixtureTest {
  const findings = profile.check(picked.subject.data, picked.subject.context);
  const rules = [...new Set(findings.map((f) => f.ruleId))].sort();
  const valid = !findings.some((f) => f.level === "MUST");
  const { suite } = picked;
  return {
    description: description ??
      `regression from ${suite.target}: ${picked.description}`,
    data: picked.subject.data,
    ...(picked.subject.context ? { context: picked.subject.context } : {}),
    valid,
    ...(rules.length > 0 ? { rules } : {}),
    comment: `promoted from case ${picked.id} (target ${suite.target}, seed ${suite.seed})`,
    // A tool's case sends an invocation and judges the response: the test keeps both, so that
    // as a user case (conform.yaml cases:) it calls the tool again.
    ...(picked.sent !== undefined && !replaysFromData(picked.subject.data, picked.sent)
      ? { input: picked.sent }
      : {}),
  };
}

async function readFixtureText(path: string): Promise<string | undefined> {
  try {
    return await Deno.readTextFile(path);
  } catch (error) {
    if (error instanceof Deno.errors.NotFound) return undefined;
    throw new PromoteError(`Cannot read "${path}": ${(error as Error).message}`);
  }
}

/** The fixture file's new text: the test appended (comments and layout of the rest kept). */
function appendTest(text: string | undefined, path: string, profile: Profile, test: FixtureTest) {
  if (text === undefined || text.trim() === "") {
    const doc = new Document({
      profile: profile.id,
      description: `Regressions of ${profile.title} promoted from conformance runs`,
      tests: [test],
    });
    return doc.toString({ lineWidth: 0 });
  }
  const existing = parseFixtureFile(text, path);
  if (existing.profile !== profile.id) {
    throw new PromoteError(
      `"${path}" holds fixtures of "${existing.profile}", not of "${profile.id}"`,
    );
  }
  const doc = parseDocument(text);
  const tests = doc.get("tests", true);
  if (!isSeq(tests)) throw new PromoteError(`"${path}" has no tests list to append to`);
  tests.add(doc.createNode(test));
  return doc.toString({ lineWidth: 0 });
}

/**
 * Run `promote` with its arguments (after the word `promote`): turn a failed (shrunk) case of
 * a JSON report into a test of a golden fixture file, in the kit's fixture format, with the
 * rules that fire on it. The file is created when missing, else the test is appended (the
 * file's profile must be the case's); the new file is loaded back and the test checked
 * against the profile before anything is written.
 *
 * @example Promote a failed case of a report
 * ```ts
 * import assert from "node:assert/strict";
 * import { promoteMain } from "./promote_command.ts";
 * import { profiles } from "../conformance/profiles.ts";
 *
 * const dir = await Deno.makeTempDir();
 * const report = {
 *   suites: [{
 *     target: "t",
 *     profile: "gns3.tool-response/v1.0",
 *     seed: 1,
 *     cases: [{
 *       id: "generated-3",
 *       description: "one device",
 *       outcome: "failed",
 *       findings: [{ ruleId: "TR-TOTAL" }],
 *       subject: { data: { success: true, total: 2, successful: 0, failed: 0, data: [] } },
 *     }],
 *   }],
 * };
 * await Deno.writeTextFile(`${dir}/report.json`, JSON.stringify(report));
 * const out: string[] = [];
 * const code = await promoteMain(
 *   [`${dir}/report.json`, "generated-3", "--to", `${dir}/regressions.yaml`],
 *   { out: (t) => out.push(t), err: (t) => out.push(t) },
 *   profiles,
 * );
 * assert.equal(code, 0);
 * assert.match(await Deno.readTextFile(`${dir}/regressions.yaml`), /- TR-TOTAL/);
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param args The arguments.
 * @param io Where output goes.
 * @param profiles The profiles the CLI knows.
 * @returns 0 when the test was written, 2 otherwise.
 */
export async function promoteMain(
  args: readonly string[],
  io: { out(text: string): void; err(text: string): void; command?: Invocation },
  profiles: readonly Profile[],
): Promise<number> {
  try {
    const parsed = parseArgs({
      args: [...args],
      strict: true,
      allowPositionals: true,
      options: {
        to: { type: "string" },
        target: { type: "string" },
        profile: { type: "string" },
        original: { type: "boolean" },
        description: { type: "string" },
        help: { type: "boolean", short: "h" },
      },
    });
    const v = parsed.values;
    if (v.help) {
      io.out(help(commandLine(io.command)));
      return 0;
    }
    if (parsed.positionals.length !== 2) {
      throw new PromoteError("promote needs a REPORT and a CASE-ID (promote --help)");
    }
    if (!v.to) throw new PromoteError("promote needs --to FIXTURE.yaml");
    const [reportPath, id] = parsed.positionals;
    const picked = pick(await readReport(reportPath), id, {
      target: v.target,
      profile: v.profile,
      original: v.original ?? false,
    });
    const profile = profiles.find((p) => p.id === picked.suite.profile);
    if (!profile) {
      throw new PromoteError(
        `The report's profile "${picked.suite.profile}" is not one the kit knows`,
      );
    }
    const test = fixtureTest(profile, picked, v.description);
    const text = appendTest(await readFixtureText(v.to), v.to, profile, test);
    // Load it back: the file must be a valid fixture file and the test must hold.
    const loaded = parseFixtureFile(text, v.to);
    const verdict = evaluateFixtureTest(profile, loaded.tests[loaded.tests.length - 1]);
    if (!verdict.ok) {
      throw new PromoteError(`The promoted test does not hold: ${verdict.problem}`);
    }
    try {
      await Deno.writeTextFile(v.to, text);
    } catch (error) {
      throw new PromoteError(`Cannot write "${v.to}": ${(error as Error).message}`);
    }
    io.out(
      `promoted ${escapeText(picked.id, { maxLength: 120 })} of ${
        escapeText(picked.suite.target, { maxLength: 80 })
      } to ${escapeText(v.to, { maxLength: 300 })} as test #${loaded.tests.length - 1} (${
        test.valid ? "valid" : `rules ${test.rules!.join(", ")}`
      })`,
    );
    return 0;
  } catch (error) {
    if (error instanceof PromoteError || error instanceof FixtureError) {
      io.err(`Promote error: ${escapeText(error.message, { maxLength: 1000 })}`);
      return 2;
    }
    if (error instanceof TypeError && (error as { code?: string }).code?.startsWith("ERR_PARSE")) {
      io.err(
        `Usage error: ${error.message}; run "${
          commandLine(io.command)
        } promote --help" for the options.`,
      );
      return 2;
    }
    throw error;
  }
}
