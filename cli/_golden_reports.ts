// The golden reports' test, shared by the files that register it a group of targets each
// (cli/report_golden*_integration_test.ts): test files run in parallel, the tests of one file one after the
// other, so one file of every target's runs was the suite's longest path.
//
// The same seed gives the same JSON report: every embedded target (references and mutants) is
// run through the CLI at a fixed seed and its report compared with the one committed in
// `testdata/golden/`, apart from the timestamp and the line numbers in stack traces; no report
// names the folder the kit is checked out in; a mutant's report fails a rule it claims to
// break. A refactor that keeps behaviour leaves these files unchanged; a change of behaviour
// regenerates them on purpose with `CONFORM_UPDATE_GOLDEN=1 deno test -A cli/report_golden*`
// and shows in review.
//
// By default the references' reports are compared, and those of the targets of `ONE_BY_ONE`
// (one of each adapter and of each way a target fails: a crash mid call, a Python process that
// raises, answers over HTTP and over stdio), which are also run again at concurrency 1 (the same
// report at any concurrency). Every other mutant is caught by its rules in its profile's suite
// test (the LangGraph.js agent's mutants, on the cases their golden reports show failing, in
// langgraph_mutants_integration_test.ts); its golden report is compared under CONFORM_LONG=1, which also
// runs every target again at concurrency 1.
import assert from "node:assert/strict";
import type { EmbeddedTarget } from "./registry.ts";
import { main } from "./conform.ts";
import { pythonEnvForTest } from "../conformance/_python_env.ts";

const SEED = "20261130";
const RUNS = "25";
const GOLDEN = new URL("./testdata/golden/", import.meta.url);
const ROOT = new URL("../", import.meta.url);
const UPDATE = Deno.env.get("CONFORM_UPDATE_GOLDEN") === "1";
const LONG = Deno.env.get("CONFORM_LONG") === "1";

/** The targets run again at concurrency 1 by default (every target with CONFORM_LONG=1). */
export const ONE_BY_ONE: ReadonlySet<string> = new Set([
  "tool-response-reference",
  "netdryrun-mutant-crlf-only",
  "normalizer-reference",
  "normalizer-mutant-counts-passes",
  "normalizer-python-mutant-deep-recursion",
  "netdryrun-mcp-reference-http",
  "netdryrun-mcp-mutant-crash-mid-call",
  "netdryrun-mcp-python-stdio",
  "netdryrun-mcp-python-mutant-stdout-noise",
  "netdryrun-consumer-mutant-applies-inconclusive",
  "netdryrun-consumer-python-gate",
  "chat-limits-mutant-partial-batch",
  "chat-limits-http-mutant-malformed-event",
]);

/**
 * The file that registers each target's golden test, by its name's first words; the GNS3
 * tools against the simulated lab and the GNS3 Copilot agent have none (see `goldenGroup`).
 */
export const GOLDEN_GROUPS: readonly { group: string; prefixes: readonly string[] }[] = [
  { group: "netdryrun-mcp-python", prefixes: ["netdryrun-mcp-python-"] },
  { group: "netdryrun-mcp", prefixes: ["netdryrun-mcp-"] },
  { group: "netdryrun-consumer", prefixes: ["netdryrun-consumer-"] },
  { group: "normalizer", prefixes: ["normalizer-"] },
  { group: "chat-limits", prefixes: ["chat-limits-"] },
  { group: "tool-response and netdryrun", prefixes: ["tool-response-", "netdryrun-"] },
];

/**
 * The group of a target's golden test, or why it has none: the GNS3 tools against the
 * simulated lab (their responses carry the execution time they measured, and each case is a
 * real telnet session; conformance/gns3_lab/lab_tools_adapter_integration_test.ts checks them), the GNS3
 * Copilot agent (FastAPI + LangGraph, about a minute of CPU a run;
 * conformance/chat_limits/gns3_copilot_agent_integration_test.ts checks its reference and mutants).
 *
 * @param target The target.
 * @returns Its group, or `{ none }` with the reason.
 */
export function goldenGroup(target: EmbeddedTarget): { group: string } | { none: string } {
  if (target.pythonEnv === "gns3-tools") return { none: "a telnet lab, measured times" };
  if (target.name.startsWith("chat-limits-gns3-copilot-")) return { none: "a minute of CPU" };
  const found = GOLDEN_GROUPS.find((g) => g.prefixes.some((p) => target.name.startsWith(p)));
  return found ? { group: found.group } : { none: "no group claims it" };
}

/**
 * Targets whose shrinking is cut by its time bound (an agent process that takes seconds a
 * case): the shrunk case would then depend on the machine's speed, so they run unshrunk here.
 */
const NO_SHRINK = (target: string) => target.startsWith("chat-limits-langgraph");

function normalize(json: string): unknown {
  // Stack traces name the implementation's files: their line numbers move with any edit.
  const report = JSON.parse(
    json.replace(/(\.ts):\d+:\d+/g, "$1")
      // The MCP suite's scratch folders (fresh each run) show in its cases' evidence.
      .replace(/[^"\\\s]*netconform-mcp-[0-9a-f]+/g, "<tmp>/netconform-mcp"),
  );
  report.timestamp = "<timestamp>";
  // A traceback cut to its cap keeps its last characters: where the cut falls depends on the
  // length of the paths in it (the checkout's folder), so a cut one is compared by its cap only.
  const json2 = JSON.stringify(report).replace(
    /"traceback":"\[\.\.\. \d+ characters dropped\](?:[^"\\]|\\.)*"/g,
    '"traceback":"<a traceback cut to its cap>"',
  );
  return JSON.parse(json2, (_key, value) => tmpExcerpt(value));
}

/**
 * A cut excerpt of evidence that names the MCP suite's scratch folder: the folder's random name
 * varies in length (so do the bytes counted and where the cut falls), so it is compared by its
 * first 1,000 characters, the path normalized.
 */
function tmpExcerpt(value: unknown): unknown {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return value;
  const v = value as { excerpt?: unknown; bytes?: unknown; truncated?: unknown };
  if (
    v.truncated !== true || typeof v.excerpt !== "string" ||
    !v.excerpt.includes("<tmp>/netconform-mcp")
  ) return value;
  return { ...v, bytes: "<bytes>", excerpt: `${v.excerpt.slice(0, 1000)}<cut>` };
}

async function reportOf(target: string, concurrency: string): Promise<string> {
  const out: string[] = [];
  await main(
    [
      ...(NO_SHRINK(target) ? ["--no-shrink"] : []),
      ...["--target", target, "--seed", SEED, "--runs", RUNS],
      ...["--concurrency", concurrency, "--format", "json"],
    ],
    { out: (t) => out.push(t), err: () => {} },
  );
  return out.join("\n");
}

interface ReportShape {
  suites: {
    rules: { id: string; failures: number }[];
    counts: { errored: number };
  }[];
}

/**
 * A mutant's report fails a rule it claims to break (a run at one seed need not reach them
 * all: each profile's own tests show every one caught), or errors cases, for one whose fault
 * is a crash or a hang.
 */
function assertBreaks(target: EmbeddedTarget, report: ReportShape): void {
  if (!target.mutant) return;
  const failing = new Set(
    report.suites.flatMap((s) => s.rules.filter((r) => r.failures > 0).map((r) => r.id)),
  );
  const errored = report.suites.some((s) => s.counts.errored > 0);
  assert.ok(
    target.mutant.breaks.some((id) => failing.has(id)) || (target.mutant.errored && errored),
    `${target.name} fails none of ${target.mutant.breaks.join(", ")} (failing: ${
      [...failing].join(", ") || "none"
    })`,
  );
}

async function checkGolden(target: EmbeddedTarget, twice: boolean): Promise<void> {
  const json = await reportOf(target.name, "8");
  const rootPath = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");
  // An implementation's own traceback may name its files (a Python target of the kit's
  // examples, say): that is the implementation's text. Nothing the kit writes does.
  const kitText = json.replace(/"traceback": "(?:[^"\\]|\\.)*"/g, '"traceback": ""');
  assert.ok(!kitText.includes(rootPath), `the report names the checkout "${rootPath}"`);
  const actual = normalize(json.replaceAll(rootPath, "<root>"));
  assertBreaks(target, actual as ReportShape);
  const file = new URL(`${target.name}.json`, GOLDEN);
  if (UPDATE) {
    await Deno.writeTextFile(file, JSON.stringify(actual, null, 1) + "\n");
    return;
  }
  const expected = JSON.parse(await Deno.readTextFile(file));
  assert.deepEqual(actual, expected);
  if (!twice) return;
  const again = (await reportOf(target.name, "1")).replaceAll(rootPath, "<root>");
  assert.deepEqual(normalize(again), expected, "at concurrency 1");
}

/**
 * Register the golden test of every target of a group.
 *
 * @param targets Every embedded target.
 * @param group The group whose targets this file tests.
 * @returns The number of tests registered.
 */
export function registerGoldenTests(targets: readonly EmbeddedTarget[], group: string): number {
  const mine = targets.filter((t) => {
    const g = goldenGroup(t);
    return "group" in g && g.group === group;
  });
  for (const target of mine) {
    const env = target.pythonEnv
      ? pythonEnvForTest(target.pythonEnv, `the golden report of ${target.name}`)
      : { ignore: false };
    const twice = LONG || ONE_BY_ONE.has(target.name);
    const byDefault = !target.mutant || ONE_BY_ONE.has(target.name);
    Deno.test({
      name: `golden report: ${target.name}, at concurrency 8${
        twice ? " and 1" : ""
      }, names no checkout path`,
      ignore: env.ignore || (!LONG && !byDefault),
      fn: () => checkGolden(target, twice),
    });
  }
  return mine.length;
}
