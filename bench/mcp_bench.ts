/**
 * Tool calls per second through the kit's MCP adapters against a bare SDK client loop, on the
 * same reference server program, in the same run (goal: the kit's overhead under 25%).
 *
 *   deno bench -A bench/mcp_bench.ts
 *
 * stdio: two server processes of the same program (a stdio server has one client); HTTP: one
 * server process, two sessions. Each iteration is one `tools/call` of check_types. Runs are
 * fixed (n 2000 after 200 warm-up calls) to keep each window short: on a loaded machine the
 * load drifts between windows, which shows as a ratio either way (see the report in
 * docs/mcp.md).
 */
import {
  Client,
  ResultSchema,
  StdioClientTransport,
  StreamableHTTPClientTransport,
} from "../src/adapters/_mcp_sdk.ts";
import { mcpHttpAdapter } from "../src/adapters/mcp_http.ts";
import { mcpStdioAdapter } from "../src/adapters/mcp_stdio.ts";
import { referenceServerArgv } from "../conformance/netdryrun_mcp/reference_adapter.ts";
import type { Adapter } from "../src/core/types.ts";

const argv = referenceServerArgv();
const env: Record<string, string> = {};
for (const name of ["PATH", "HOME", "DENO_DIR", "NODE_EXTRA_CA_CERTS", "DENO_TLS_CA_STORE"]) {
  const v = Deno.env.get(name);
  if (v !== undefined) env[name] = v;
}

// stdio
const bareStdio = new Client({ name: "bare", version: "1" });
await bareStdio.connect(new StdioClientTransport({ command: argv[0], args: argv.slice(1), env }));
const kitStdio: Adapter = mcpStdioAdapter(argv);
await kitStdio.start();

// HTTP: one server process, two sessions
// argv ends with main.ts and --stdio: keep the flags, add the network, serve HTTP on a free port.
const server = new Deno.Command(argv[0], {
  args: [...argv.slice(1, -2), "--allow-net=127.0.0.1", argv.at(-2)!, "--http", "0"],
  stdout: "piped",
  stderr: "inherit",
}).spawn();
const reader = server.stdout.pipeThrough(new TextDecoderStream()).getReader();
let head = "";
while (!head.includes("\n")) {
  const { value, done } = await reader.read();
  if (done) throw new Error(`the HTTP server did not start: ${head}`);
  head += value;
}
reader.releaseLock();
server.stdout.cancel().catch(() => {});
const url = /listening (\S+)/.exec(head)![1];
const bareHttp = new Client({ name: "bare", version: "1" });
await bareHttp.connect(new StreamableHTTPClientTransport(new URL(url)));
const kitHttp: Adapter = mcpHttpAdapter(url);
await kitHttp.start();

const params = { name: "check_types", arguments: {} };
const request = { operation: "call_tool", input: params };

// Warm every client and both server processes alike before measuring.
for (let i = 0; i < 300; i++) {
  await bareStdio.request({ method: "tools/call", params }, ResultSchema);
  await kitStdio.run(request);
  await bareHttp.request({ method: "tools/call", params }, ResultSchema);
  await kitHttp.run(request);
}

Deno.bench(
  { name: "bare SDK client, stdio", group: "stdio", baseline: true, n: 2000, warmup: 200 },
  async () => {
    await bareStdio.request({ method: "tools/call", params }, ResultSchema);
  },
);
Deno.bench({ name: "kit mcp-stdio adapter", group: "stdio", n: 2000, warmup: 200 }, async () => {
  const reply = await kitStdio.run(request);
  if (reply.kind !== "result") throw new Error(JSON.stringify(reply));
});
Deno.bench(
  { name: "bare SDK client, Streamable HTTP", group: "http", baseline: true, n: 2000, warmup: 200 },
  async () => {
    await bareHttp.request({ method: "tools/call", params }, ResultSchema);
  },
);
Deno.bench({ name: "kit mcp-http adapter", group: "http", n: 2000, warmup: 200 }, async () => {
  const reply = await kitHttp.run(request);
  if (reply.kind !== "result") throw new Error(JSON.stringify(reply));
});

globalThis.addEventListener("unload", () => {
  void bareStdio.close();
  void kitStdio.close();
  void bareHttp.close();
  void kitHttp.close();
  try {
    server.kill("SIGTERM");
  } catch { /* already gone */ }
});
