import assert from "node:assert/strict";
import { referenceServerArgv } from "../../conformance/netdryrun_mcp/reference_adapter.ts";
import { mcpStdioAdapter } from "./mcp_stdio.ts";

Deno.test("the workspace root reaches the server in root_env; the workspace is removed at close", async () => {
  const adapter = mcpStdioAdapter(referenceServerArgv(), { rootEnv: "NETDRYRUN_MCP_ROOT" });
  await adapter.start();
  const ws = await adapter.run({ operation: "workspace", input: {} });
  assert.equal(ws.kind, "result");
  const { path, root } = (ws as { value: { path: string; root: string } }).value;
  assert.equal(root, `${path}/root`);
  const reply = await adapter.run({
    operation: "call_tool",
    input: { name: "dry_run", arguments: { config: `${path}/outside/netdryrun.yml` } },
  });
  const result = (reply as { value: { structuredContent: { error: string } } }).value;
  assert.match(result.structuredContent.error, /outside NETDRYRUN_MCP_ROOT/);
  await adapter.close();
  await assert.rejects(Deno.stat(path), Deno.errors.NotFound);
});

Deno.test("a crash mid-call is errored, then the server is started again", async () => {
  const adapter = mcpStdioAdapter(referenceServerArgv(), {
    env: { NETCONFORM_MUTANT: "crash-mid-call" },
  });
  await adapter.start();
  const crashed = await adapter.run({
    operation: "call_tool",
    input: { name: "dry_run", arguments: { config: "x" } },
  });
  assert.equal(crashed.kind, "errored");
  const again = await adapter.run({
    operation: "call_tool",
    input: { name: "check_types", arguments: {} },
  });
  assert.equal(again.kind, "result");
  await adapter.close();
});

Deno.test("a server that exits at start fails start, and its stderr is kept", async () => {
  const adapter = mcpStdioAdapter(referenceServerArgv(), {
    env: { NETCONFORM_MUTANT: "no-such-mutant" },
    initTimeoutMs: 10_000,
  });
  await assert.rejects(adapter.start(), /MCP initialization failed/);
  assert.match(adapter.stderr!(), /Unknown mutant "no-such-mutant"/);
  await adapter.close();
});

Deno.test("a program that does not exist fails start; an empty argv is refused", async () => {
  const adapter = mcpStdioAdapter(["/nonexistent/netconform-server"], { initTimeoutMs: 5_000 });
  await assert.rejects(adapter.start());
  await adapter.close();
  assert.throws(() => mcpStdioAdapter([]), /argv/);
});
