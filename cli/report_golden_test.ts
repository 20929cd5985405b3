/**
 * The same seed gives the same JSON report: every embedded target (references and mutants)
 * is run through the CLI at a fixed seed and its report compared with the one committed in
 * `testdata/golden/`, at two concurrency levels, apart from the timestamp and the line numbers
 * in stack traces; no report names the folder the kit is checked out in. A refactor that
 * keeps behaviour leaves these files unchanged; a change of behaviour regenerates them on
 * purpose with `CONFORM_UPDATE_GOLDEN=1 deno task test --filter golden` and shows in review.
 *
 * The second run at concurrency 1 is skipped by default for the targets whose cases take
 * seconds of waiting each (the LangGraph.js agent's processes, a tool that hangs until its
 * timeout): run one after the other they cost most of this file's time. CONFORM_LONG=1 runs
 * it for every target; every other target runs it always.
 */
import assert from "node:assert/strict";
import { embeddedTargets } from "./registry.ts";
import { main } from "./conform.ts";
import { pythonEnvForTest } from "../conformance/_python_env.ts";

const SEED = "20261130";
const RUNS = "25";
const GOLDEN = new URL("./testdata/golden/", import.meta.url);
const ROOT = new URL("../", import.meta.url);
const UPDATE = Deno.env.get("CONFORM_UPDATE_GOLDEN") === "1";
const LONG = Deno.env.get("CONFORM_LONG") === "1";
/** Targets whose run at concurrency 1 waits for seconds a case (see above). */
const SLOW_ONE_BY_ONE = (target: string) =>
  target.startsWith("chat-limits-langgraph") || target === "netdryrun-mcp-mutant-hang-tool";

/** Targets whose report still depends on scheduling, with why (none today). */
const UNSTABLE: Record<string, string> = {};

/**
 * The GNS3 Copilot stack (FastAPI + LangGraph): each target starts Python and LangGraph (about
 * 3 s) and its cases cost seconds of CPU, twice here; gns3_copilot_agent_test.ts checks the
 * reference and each mutant's rules with one process for all.
 */
const SLOW = (target: string) => target.startsWith("chat-limits-gns3-copilot-");

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

/**
 * Targets whose shrinking is cut by its time bound (an agent process that takes seconds a
 * case): the shrunk case would then depend on the machine's speed, so they run unshrunk here.
 */
const NO_SHRINK = (target: string) =>
  target.startsWith("chat-limits-langgraph") || target.startsWith("chat-limits-gns3-copilot");

async function reportOf(target: string, concurrency: string): Promise<string> {
  const out: string[] = [];
  await main(
    [
      ...(NO_SHRINK(target) ? ["--no-shrink"] : []),
      "--target",
      target,
      "--seed",
      SEED,
      "--runs",
      RUNS,
      "--concurrency",
      concurrency,
      "--format",
      "json",
    ],
    { out: (t) => out.push(t), err: () => {} },
  );
  return out.join("\n");
}

/**
 * The GNS3 tools against the simulated lab have no golden report: their responses carry the
 * execution time they measured, and each case is a real telnet session (about 1 s). Their
 * runs are checked by conformance/gns3_lab/lab_tools_adapter_test.ts. Nor has the GNS3 Copilot
 * agent (FastAPI + LangGraph): one run at two concurrencies takes about a minute of CPU; its
 * reference and mutants are checked by conformance/chat_limits/gns3_copilot_agent_test.ts.
 */
const LAB = (t: { pythonEnv?: string }) => t.pythonEnv === "gns3-tools";

for (const target of embeddedTargets.filter((t) => !LAB(t) && !SLOW(t.name))) {
  const env = target.pythonEnv
    ? pythonEnvForTest(target.pythonEnv, `the golden report of ${target.name}`)
    : { ignore: false };
  Deno.test({
    name: `golden report: ${target.name}, at concurrency 8${
      LONG || !SLOW_ONE_BY_ONE(target.name) ? " and 1" : ""
    }, names no checkout path`,
    ignore: target.name in UNSTABLE || env.ignore,
    async fn() {
      const json = await reportOf(target.name, "8");
      const rootPath = decodeURIComponent(ROOT.pathname).replace(/\/$/, "");
      // An implementation's own traceback may name its files (a Python target of the kit's
      // examples, say): that is the implementation's text. Nothing the kit writes does.
      const kitText = json.replace(/"traceback": "(?:[^"\\]|\\.)*"/g, '"traceback": ""');
      assert.ok(!kitText.includes(rootPath), `the report names the checkout "${rootPath}"`);
      const actual = normalize(json.replaceAll(rootPath, "<root>"));
      const file = new URL(`${target.name}.json`, GOLDEN);
      if (UPDATE) {
        await Deno.writeTextFile(file, JSON.stringify(actual, null, 1) + "\n");
        return;
      }
      const expected = JSON.parse(await Deno.readTextFile(file));
      assert.deepEqual(actual, expected);
      if (!LONG && SLOW_ONE_BY_ONE(target.name)) return;
      const again = (await reportOf(target.name, "1")).replaceAll(rootPath, "<root>");
      assert.deepEqual(normalize(again), expected, "at concurrency 1");
    },
  });
}
