import assert from "node:assert/strict";
import { suites } from "./registry.ts";
import { ConfigError, parseConfig } from "./load_config.ts";
import { mcpHttpAdapterKind } from "./kind_mcp_http.ts";
import { referenceServerArgv } from "../conformance/netdryrun_mcp/reference_adapter.ts";

const options = { kinds: [mcpHttpAdapterKind], suites };
const config = (adapter: string) =>
  `version: 1
targets:
  - name: mcp
    profiles: [netdryrun.mcp-server/v1]
    adapter: ${adapter}
`;

/** The reference server's HTTP command line, as a config would give it. */
function httpArgv(): string[] {
  const argv = [...referenceServerArgv().slice(0, -1), "--http", "0"];
  argv.splice(argv.indexOf("--allow-env"), 0, "--allow-net=127.0.0.1");
  return argv;
}

Deno.test("kind mcp-http: url or command is required", () => {
  assert.throws(
    () => parseConfig(config("{kind: mcp-http}"), "/x/conform.yaml", options),
    ConfigError,
  );
  const c = parseConfig(
    config(`{kind: mcp-http, command: {argv: ${JSON.stringify(httpArgv())}, root_env: R}}`),
    "/x/conform.yaml",
    options,
  );
  assert.equal(
    (c.targets[0].adapter as unknown as { command: { root_env: string } }).command.root_env,
    "R",
  );
});

Deno.test("kind mcp-http: command starts the server, reads its URL and gives it a root", async () => {
  const adapter = mcpHttpAdapterKind.create(
    { kind: "mcp-http", command: { argv: httpArgv(), root_env: "NETDRYRUN_MCP_ROOT" } },
    { configDir: "/tmp" },
  );
  try {
    const info = await adapter.start();
    assert.equal(info.name, "netdryrun-reference");
    const ws = await adapter.run({ operation: "workspace", input: {} });
    const { path, root } = (ws as { value: { path: string; root: string } }).value;
    assert.equal(root, `${path}/root`);
    const probe = await adapter.run({ operation: "http_probe", input: { probe: "origin" } });
    assert.deepEqual((probe as { value: unknown }).value, {
      origin: "http://netconform-rebinding.invalid",
      status: 403,
    });
  } finally {
    await adapter.close();
  }
});

Deno.test("kind mcp-http: a command whose first line gives no URL is a start error naming it", async () => {
  const adapter = mcpHttpAdapterKind.create(
    {
      kind: "mcp-http",
      command: { argv: [Deno.execPath(), "eval", "console.log('ready')"] },
    },
    { configDir: "/tmp" },
  );
  await assert.rejects(adapter.start(), /first line gave no URL .*"ready"/);
  await adapter.close();
});

Deno.test("kind mcp-http: command.max_restarts bounds how often a server that died is started again", async () => {
  const adapter = mcpHttpAdapterKind.create(
    {
      kind: "mcp-http",
      command: {
        argv: httpArgv(),
        env: { NETCONFORM_MUTANT: "crash-mid-call" },
        root_env: "NETDRYRUN_MCP_ROOT",
        max_restarts: 0,
      },
    },
    { configDir: "/tmp" },
  );
  try {
    await adapter.start();
    const call = { operation: "call_tool", input: { name: "dry_run", arguments: {} } };
    const crashed = await adapter.run(call);
    assert.match(crashed.kind === "errored" ? crashed.message : "", /went away.*exited with code/);
    const next = await adapter.run({ operation: "list_tools", input: {} });
    assert.match(next.kind === "errored" ? next.message : "", /0 restarts already used/);
  } finally {
    await adapter.close();
  }
});
