import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { pythonPath } from "../src/testing/python_path.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { main } from "./conform.ts";
import { httpAgentAdapterKind } from "./kind_http_agent.ts";

Deno.test("kind http-agent is registered and its schema compiles in strict mode", () => {
  assert.ok(adapterKinds.includes(httpAgentAdapterKind));
  // strictRequired off: `not: {required: [token, token_env]}` names properties declared beside it.
  const validate = new Ajv2020({
    strict: true,
    strictTuples: false,
    strictRequired: false,
    allErrors: true,
  }).compile(
    httpAgentAdapterKind.schema,
  );
  assert.ok(validate({ kind: "http-agent", base_url: "http://127.0.0.1:3080", model_port: 8011 }));
  assert.ok(validate({
    kind: "http-agent",
    command: {
      argv: ["python3", "agent.py"],
      env: { A: "1" },
      ready_line: "listening (http://\\S+)",
    },
    model_url_env: "LLM_BASE_URL",
    model_key_env: "LLM_KEY",
    tools: {
      echo: { name: "execute_command", arg: "command", args: { node: "R1" } },
      fail: { name: "start_node", arg: "node" },
    },
    path: "/v3/projects/{project_id}/chat/stream",
    token_env: "GNS3_TOKEN",
    timeout_ms: 20000,
  }));
  for (
    const bad of [
      { kind: "http-agent" },
      { kind: "http-agent", base_url: "ftp://x" },
      { kind: "http-agent", command: { argv: [] } },
      { kind: "http-agent", base_url: "http://x", token: "a", token_env: "B" },
      { kind: "http-agent", base_url: "http://x", model_url_env: "A-B" },
      { kind: "http-agent", base_url: "http://x", tools: { echo: { name: "e", arg: "t" } } },
      { kind: "http-agent", base_url: "http://x", model_port: 70000 },
    ]
  ) assert.equal(validate(bad), false, JSON.stringify(bad));
});

async function conform(config: string, ...args: string[]) {
  const dir = await Deno.makeTempDir();
  try {
    const file = `${dir}/conform.yaml`;
    await Deno.writeTextFile(file, config);
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(
      ["--config", file, "--seed", "7", "--runs", "10", "--format", "json", ...args],
      { out: (t) => out.push(t), err: (t) => err.push(t) },
    );
    return {
      code,
      report: out.length ? JSON.parse(out.join("\n")) : undefined,
      err: err.join("\n"),
    };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

const pythonAgent = (flaw: string[] = []) => `
version: 1
targets:
  - name: python-http-agent
    profiles:
      - id: gns3.chat-limits/v1
        options: { surface: http-agent }
    adapter:
      kind: http-agent
      command:
        argv: ${
  JSON.stringify([
    pythonPath(),
    new URL("../examples/python/chat_agent_http.py", import.meta.url).pathname,
    ...flaw,
  ])
}
        ready_line: "^listening (http://127\\\\.0\\\\.0\\\\.1:\\\\d+)$"
      timeout_ms: 20000
    timeouts: { case_ms: 60000 }
`;

Deno.test("a config file certifies the Python agent over HTTP (urllib to the scripted model)", async () => {
  const r = await conform(pythonAgent());
  assert.equal(
    r.code,
    0,
    r.err +
      JSON.stringify(
        r.report?.suites?.[0]?.cases?.find((c: { outcome: string }) => c.outcome !== "passed"),
      ),
  );
  const suite = r.report.suites[0];
  assert.equal(suite.counts.failed + suite.counts.errored, 0);
  // Every enforcement rule was applied to at least one case over HTTP.
  for (
    const id of [
      "CL-ITER-MAX",
      "CL-ITER-LAST",
      "CL-TOOL-MAX",
      "CL-TOOL-BATCH",
      "CL-TOOL-ANSWERED",
      "CL-PER-REQUEST",
      "CL-REQ-REJECT",
    ]
  ) {
    assert.ok(suite.rules.find((x: { id: string }) => x.id === id).cases > 0, id);
  }
});

Deno.test("a config file catches the Python agent's carried-over count over HTTP", async () => {
  // One case at a time: the carried-over count is the flaw's shared state, so with cases in
  // flight together the words of its refusals (CL-LIMIT-COUNTS, a SHOULD) vary with scheduling.
  const r = await conform(pythonAgent(["--flaw", "carry-over"]), "--concurrency", "1");
  assert.equal(r.code, 1);
  const failing = r.report.suites[0].rules.filter((x: { failures: number }) => x.failures > 0)
    .map((x: { id: string }) => x.id);
  assert.deepEqual(failing, ["CL-PER-REQUEST"]);
});

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

const PY_HTTP_AGENT = new URL("../examples/python/chat_agent_http.py", import.meta.url).pathname;

Deno.test("an agent started by the kit and polled on its URL (no ready line)", async () => {
  const port = freePort();
  const r = await conform(
    `
version: 1
targets:
  - name: polled
    profiles:
      - id: gns3.chat-limits/v1
        options: { surface: http-agent }
    adapter:
      kind: http-agent
      base_url: http://127.0.0.1:${port}
      command:
        argv: ${JSON.stringify([pythonPath(), PY_HTTP_AGENT])}
        env: { PORT: "${port}" }
    timeouts: { case_ms: 60000 }
`,
    "--runs",
    "2",
  );
  assert.equal(r.code, 0, r.err);
  assert.equal(r.report.suites[0].verdict, "conformant");
});

Deno.test("an agent already running, its model endpoint set to the kit's fixed model port", async () => {
  const modelPort = freePort();
  const agent = new Deno.Command(pythonPath(), {
    args: [PY_HTTP_AGENT],
    env: { OPENAI_BASE_URL: `http://127.0.0.1:${modelPort}/v1`, OPENAI_API_KEY: "x", PORT: "0" },
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const reader = agent.stdout.pipeThrough(new TextDecoderStream()).getReader();
  try {
    let text = "";
    while (!/listening (http:\/\/\S+)\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
    }
    const baseUrl = /listening (http:\/\/\S+)\n/.exec(text)![1];
    const r = await conform(
      `
version: 1
targets:
  - name: running
    profiles:
      - id: gns3.chat-limits/v1
        options: { surface: http-agent }
    adapter:
      kind: http-agent
      base_url: ${baseUrl}
      model_port: ${modelPort}
    timeouts: { case_ms: 60000 }
`,
      "--runs",
      "2",
    );
    assert.equal(r.code, 0, r.err);
    const suite = r.report.suites[0];
    assert.equal(suite.verdict, "conformant");
    assert.ok(suite.rules.find((x: { id: string }) => x.id === "CL-TOOL-MAX").cases > 0);
  } finally {
    agent.kill("SIGKILL");
    await reader.cancel().catch(() => {});
    await agent.status;
  }
});
