/**
 * The official MCP conformance suite (`@modelcontextprotocol/conformance`, pinned in deno.json)
 * as a peer of the kit: run against both reference Netdryrun servers (TypeScript and Python)
 * over Streamable HTTP, every scenario that applies to a server without the suite's fixture
 * tools must pass, `dns-rebinding-protection` included. Each server is started once and the
 * suite runs all its scenarios in one process (its active suite); the scenarios that do not
 * apply are listed below with the reason, and a scenario that is in neither list (a new version
 * of the suite) fails the test until it is sorted. docs/mcp.md compares what each checks.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { pythonEnvForTest } from "../_python_env.ts";
import { referenceServerArgv } from "./reference_adapter.ts";
import deno from "../../deno.json" with { type: "json" };
import { listeningUrl } from "./testdata/listening_url.ts";

/** The scenarios that apply to a tools-only MCP server such as a Netdryrun server. */
const APPLICABLE = [
  "server-initialize",
  "ping",
  "tools-list",
  "server-sse-multiple-streams",
  "dns-rebinding-protection",
];

const FIXTURE_TOOL = "calls one of the suite's own fixture tools (test_*), which a Netdryrun " +
  "server does not offer";
/** The scenarios of the suite's active set that do not apply, and why. */
const EXCLUDED: Record<string, string> = {
  "logging-set-level":
    "needs the logging capability, which the Netdryrun contract does not ask for (neither reference server declares it)",
  "completion-complete":
    "needs the completions capability and the suite's fixture prompt or resource template",
  "tools-call-simple-text": FIXTURE_TOOL,
  "tools-call-image": FIXTURE_TOOL,
  "tools-call-audio": FIXTURE_TOOL,
  "tools-call-embedded-resource": FIXTURE_TOOL,
  "tools-call-mixed-content": FIXTURE_TOOL,
  "tools-call-with-logging": FIXTURE_TOOL,
  "tools-call-error": FIXTURE_TOOL,
  "tools-call-with-progress": FIXTURE_TOOL,
  "tools-call-sampling": FIXTURE_TOOL + " (and needs client sampling)",
  "tools-call-elicitation": FIXTURE_TOOL + " (and needs client elicitation)",
  "elicitation-sep1034-defaults": FIXTURE_TOOL + " (elicitation)",
  "elicitation-sep1330-enums": FIXTURE_TOOL + " (elicitation)",
  "resources-list":
    "needs the resources capability: a Netdryrun server offers tools only (the TypeScript one declares none; the Python SDK declares an empty one, and passes)",
  "resources-read-text": "reads the suite's fixture resources (test://...)",
  "resources-read-binary": "reads the suite's fixture resources (test://...)",
  "resources-templates-read": "reads the suite's fixture resource templates",
  "resources-subscribe": "subscribes to the suite's fixture resources",
  "resources-unsubscribe": "subscribes to the suite's fixture resources",
  "prompts-list":
    "needs the prompts capability: a Netdryrun server offers tools only (the TypeScript one declares none; the Python SDK declares an empty one, and passes)",
  "prompts-get-simple": "gets the suite's fixture prompts (test_*)",
  "prompts-get-with-args": "gets the suite's fixture prompts (test_*)",
  "prompts-get-embedded-resource": "gets the suite's fixture prompts (test_*)",
  "prompts-get-with-image": "gets the suite's fixture prompts (test_*)",
};
// Not in the active set (`--suite pending`), and not applicable either: json-schema-2020-12
// calls the fixture tool json_schema_2020_12_tool, server-sse-polling the fixture tool
// test_reconnection.

const SUITE = (deno.imports as Record<string, string>)["@modelcontextprotocol/conformance"];
const SERVER_PY = fileURLToPath(
  new URL("../../examples/netdryrun_mcp_python/server.py", import.meta.url),
);

async function withServer<T>(argv: string[], body: (url: string) => Promise<T>): Promise<T> {
  const child = new Deno.Command(argv[0], {
    args: argv.slice(1),
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    stdin: "null",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  try {
    const url = await listeningUrl(child);
    return await body(url);
  } finally {
    child.kill("SIGTERM");
    await child.status;
  }
}

/** Run the suite's active scenarios once; the summary lines, by scenario. */
async function officialSuite(
  url: string,
): Promise<Map<string, { passed: number; failed: number }>> {
  const out = await Deno.makeTempDir({ prefix: "netconform-official-suite-" });
  try {
    const { stdout } = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "--quiet",
        "--no-prompt",
        "--allow-net=127.0.0.1,localhost",
        "--allow-read",
        `--allow-write=${out}`,
        "--allow-env",
        "--allow-sys",
        SUITE,
        "server",
        "--url",
        url,
        "-o",
        out,
      ],
      env: { NO_COLOR: "1" },
      stdout: "piped",
      stderr: "null",
    }).output();
    const text = new TextDecoder().decode(stdout);
    const summary = new Map<string, { passed: number; failed: number }>();
    for (const m of text.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed$/gm)) {
      summary.set(m[1], { passed: Number(m[2]), failed: Number(m[3]) });
    }
    assert.ok(summary.size > 0, `no summary in the suite's output: ${text.slice(-2000)}`);
    return summary;
  } finally {
    await Deno.remove(out, { recursive: true });
  }
}

function assertPeerPasses(summary: Map<string, { passed: number; failed: number }>) {
  // Every scenario the pinned suite runs has been sorted into applicable or excluded.
  const sorted = new Set([...APPLICABLE, ...Object.keys(EXCLUDED)]);
  assert.deepEqual([...summary.keys()].filter((s) => !sorted.has(s)), [], "unsorted scenarios");
  const results = APPLICABLE.map((s) => [s, summary.get(s)] as const);
  const bad = results.filter(([, r]) => !r || r.failed > 0 || r.passed === 0);
  assert.deepEqual(bad, [], "applicable scenarios that did not pass");
  // Both of its checks: a foreign Host/Origin is refused, the server's own is served.
  assert.equal(summary.get("dns-rebinding-protection")?.passed, 2);
}

Deno.test(`the official MCP suite (${SUITE}) passes on the TypeScript reference server over HTTP`, async () => {
  const argv = [...referenceServerArgv().slice(0, -1), "--http", "0"];
  argv.splice(argv.indexOf("--allow-env"), 0, "--allow-net=127.0.0.1");
  assertPeerPasses(await withServer(argv, officialSuite));
});

const { ignore, python } = pythonEnvForTest("mcp", "the official MCP suite on the Python server");
Deno.test({
  name: `the official MCP suite (${SUITE}) passes on the Python reference server over HTTP`,
  ignore,
  async fn() {
    assertPeerPasses(await withServer([python, SERVER_PY, "--http", "0"], officialSuite));
  },
});
