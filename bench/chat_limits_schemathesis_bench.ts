/**
 * A peer side by side: Schemathesis (PyPI, property-based tests from an OpenAPI schema) and the
 * kit's chat-limits request surface on the same endpoint, the GNS3 Copilot stack reference
 * (examples/gns3_copilot_agent, FastAPI + pydantic + LangGraph, uvicorn) and its mutants. For
 * each target: which of the two catches it (the kit's failing rules; Schemathesis's failing
 * checks against the reference's own OpenAPI schema), and cases per second of each. The
 * enforcement mutants are also run by the kit's http-agent surface: Schemathesis cannot judge
 * enforcement at all (its requests carry no script, and a schema says nothing of model calls).
 *
 *     deno task python-env   # .venv/agent and .venv/schemathesis
 *     deno run -A bench/chat_limits_schemathesis_bench.ts [--examples 100] [--runs 100]
 *
 * Prints a Markdown table (docs/chat-limits.md has the one of record).
 */
import { httpChatAdapter } from "../src/adapters/http_chat.ts";
import { runSuite } from "../src/core/run_suite.ts";
import { requirePythonEnv } from "../conformance/_python_env.ts";
import { gns3CopilotAdapter } from "../conformance/chat_limits/_gns3_copilot_targets.ts";
import { startScriptedModelServer } from "../conformance/chat_limits/model_server.ts";
import { chatLimitsSuite } from "../conformance/chat_limits/suite.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(name);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const EXAMPLES = arg("--examples", 100);
const RUNS = arg("--runs", 100);
const SEED = 1;
const kit = new URL("../", import.meta.url).pathname;
const server = `${kit}examples/gns3_copilot_agent/server.py`;
const python = requirePythonEnv("agent");
const schemathesis = requirePythonEnv("schemathesis").replace(/python$/, "schemathesis");

/** Request-surface mutants (server.py REQUEST_FLAWS, and the bounds one), then enforcement. */
const REQUEST_TARGETS = [
  "reference",
  "unchecked-bounds",
  "request-400",
  "request-unnamed",
  "request-rejects-null",
  "request-json-stream",
  "request-malformed-event",
];
const ENFORCEMENT_TARGETS = ["check-after-execute", "leaks-count", "tool-on-last-iteration"];

async function main() {
  const model = startScriptedModelServer({ port: 0 });
  const tmp = await Deno.makeTempDir({ prefix: "nc-schemathesis-" });
  const env = { OPENAI_BASE_URL: model.baseUrl, OPENAI_API_KEY: "x", PORT: "0" };
  // The reference's own OpenAPI schema (the design's ChatRequest), from its FastAPI app.
  const openapi = await new Deno.Command(python, {
    args: [
      "-c",
      `import sys,json; sys.path.insert(0, sys.argv[1]); import server; ` +
      `print(json.dumps(server.create_app().openapi()))`,
      `${kit}examples/gns3_copilot_agent`,
    ],
    env,
    stdout: "piped",
  }).output();
  const schema = JSON.parse(new TextDecoder().decode(openapi.stdout));
  const child = new Deno.Command(python, {
    args: [server, "--all-by-project"],
    env,
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let seen = "";
  while (!/listening (\S+)\n/.test(seen)) seen += (await reader.read()).value ?? "";
  const baseUrl = /listening (\S+)\n/.exec(seen)![1];
  const rows: string[] = [];
  try {
    for (const target of [...REQUEST_TARGETS, ...ENFORCEMENT_TARGETS]) {
      const kitRun = await kitRequestSurface(baseUrl, target);
      const st = await schemathesisRun(schema, baseUrl, target, tmp);
      const enforcement = ENFORCEMENT_TARGETS.includes(target) ? await kitEnforcement(target) : "";
      rows.push(
        `| ${target} | ${kitRun.fired || "none"}${
          enforcement ? `; http-agent: ${enforcement}` : ""
        } | ${st.failed || "none"} | ${kitRun.cases} in ${kitRun.seconds.toFixed(2)} s (${
          (kitRun.cases / kitRun.seconds).toFixed(0)
        }/s) | ${st.cases} in ${st.seconds.toFixed(2)} s (${
          (st.cases / st.seconds).toFixed(0)
        }/s) |`,
      );
      console.error(rows.at(-1));
    }
  } finally {
    child.kill("SIGTERM");
    await child.status;
    await model.close();
    await Deno.remove(tmp, { recursive: true });
  }
  console.log(
    `Schemathesis ${EXAMPLES} examples an operation (--mode all, --checks all, seed ${SEED});`,
  );
  console.log(
    `the kit's request surface: its boundary bodies plus --runs ${RUNS} generated (seed ${SEED});`,
  );
  console.log("times exclude starting the server and Schemathesis's interpreter.\n");
  console.log(
    "| target | kit: failing rules | Schemathesis: failing checks | kit: cases | Schemathesis: cases |",
  );
  console.log("| --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
}

async function kitRequestSurface(baseUrl: string, target: string) {
  const started = performance.now();
  const report = await runSuite(chatLimitsSuite, httpChatAdapter({ baseUrl, timeoutMs: 10_000 }), {
    target,
    seed: SEED,
    runs: RUNS,
    options: { surface: "http", project_id: target, volatile: [] },
  });
  const seconds = (performance.now() - started) / 1000;
  const fired = report.rules.filter((r) => r.failures > 0).map((r) => r.id).join(", ");
  return { fired, cases: report.cases.length, seconds };
}

/** The enforcement mutants on the kit's http-agent surface (a server and model of its own). */
async function kitEnforcement(target: string) {
  const adapter = gns3CopilotAdapter({ allByProject: true });
  const report = await runSuite(chatLimitsSuite, adapter, {
    target,
    seed: SEED,
    runs: 0,
    caseIds: ["boundary-tool-calls-1-batch", "boundary-per-request", "boundary-iterations-2"],
    options: { surface: "http-agent", project_id: target, volatile: [] },
    caseTimeoutMs: 60_000,
  });
  return report.rules.filter((r) => r.failures > 0).map((r) => r.id).join(", ");
}

async function schemathesisRun(
  schema: Record<string, unknown>,
  baseUrl: string,
  target: string,
  tmp: string,
) {
  // The reference's schema with the path fixed to the target's project (the test server's
  // project id names the mutant), so that Schemathesis fuzzes the body only.
  const paths = schema.paths as Record<string, Record<string, Record<string, unknown>>>;
  const [template] = Object.keys(paths);
  const op = structuredClone(paths[template]);
  op.post.parameters = (op.post.parameters as { in: string }[]).filter((p) => p.in !== "path");
  const file = `${tmp}/${target}.json`;
  await Deno.writeTextFile(
    file,
    JSON.stringify({ ...schema, paths: { [template.replace("{project_id}", target)]: op } }),
  );
  const started = performance.now();
  const out = await new Deno.Command(schemathesis, {
    args: [
      "run",
      file,
      "--url",
      baseUrl,
      "--checks",
      "all",
      "--mode",
      "all",
      "-n",
      String(EXAMPLES),
      "--seed",
      String(SEED),
      "--no-color",
      "--workers",
      "1",
      "--continue-on-failure",
    ],
    // In the temporary folder: Schemathesis keeps a cache of examples and failures in the
    // working folder (.schemathesis/), which would make the next run replay this one's.
    cwd: tmp,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1", SCHEMATHESIS_HOOKS: "" },
  }).output();
  const seconds = (performance.now() - started) / 1000;
  const text = new TextDecoder().decode(out.stdout);
  // Its summary: "Test cases: N generated, ..." and one "❌ STnnn title: count" per failure kind.
  const cases = Number(/(\d+) generated/.exec(text)?.[1] ?? 0);
  // (with the number of unique failures of each kind: the reference has some of its own)
  const failed = [...text.matchAll(/❌ (ST\d+) ([^\n:]+): (\d+)/g)]
    .map((m) => `${m[1]} ${m[2]} (${m[3]})`).join("; ");
  // Its own run time ("... in 7.30s ===="), without the interpreter's start and imports.
  const own = Number(/ in ([\d.]+)s =+\s*$/m.exec(text)?.[1] ?? seconds);
  if (Deno.env.get("BENCH_DEBUG")) console.error(text.slice(-3000));
  return { failed: out.code === 0 ? "" : failed || `exit ${out.code}`, cases, seconds: own };
}

await main();
