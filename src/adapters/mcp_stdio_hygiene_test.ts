/**
 * The MCP stdio adapter's hygiene: non-protocol stdout lines are reported with the answer
 * they came before, the server's process group is ended on every exit path, and an init
 * failure says what the kit saw (exit code, first stdout line) outside `stderr`.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { mcpStdioAdapter } from "./mcp_stdio.ts";
import { gone, processesWith } from "./testdata/processes.ts";

const PY = fileURLToPath(new URL("./testdata/noisy_mcp_server.py", import.meta.url));
const PYTHON = "/usr/bin/python3";
const call = (name: string) => ({ operation: "call_tool", input: { name, arguments: {} } });

Deno.test("stdout lines that are not MCP messages come back, escaped, with the answer they preceded", async () => {
  const adapter = mcpStdioAdapter([PYTHON, PY, "noisy"]);
  await adapter.start();
  const first = await adapter.run(call("alpha"));
  assert.equal(first.kind, "result");
  assert.deepEqual((first as { protocolViolations?: unknown }).protocolViolations, [
    { transport: "stdio", message: 'a stdout line that is not JSON: "server starting"' },
    {
      transport: "stdio",
      message: 'a stdout line that is not JSON: "debug: calling \\u001b[31malpha"',
    },
  ]);
  const second = await adapter.run(call("beta"));
  assert.deepEqual((second as { protocolViolations?: unknown }).protocolViolations, [
    {
      transport: "stdio",
      message: 'a stdout line that is not JSON: "debug: calling \\u001b[31mbeta"',
    },
  ]);
  await adapter.close();
});

Deno.test("stdout lines written before a JSON-RPC error answer come back with the raised reply", async () => {
  const adapter = mcpStdioAdapter([PYTHON, PY, "noisy-error"]);
  await adapter.start();
  const first = await adapter.run(call("alpha"));
  assert.deepEqual(first, {
    kind: "raised",
    type: "McpError(-32603)",
    message: "MCP error -32603: boom",
    protocolViolations: [
      { transport: "stdio", message: 'a stdout line that is not JSON: "server starting"' },
      {
        transport: "stdio",
        message: 'a stdout line that is not JSON: "debug: failing tools/call"',
      },
    ],
  });
  const second = await adapter.run({ operation: "list_tools", input: {} });
  assert.equal(second.kind, "raised");
  assert.deepEqual((second as { protocolViolations?: unknown }).protocolViolations, [
    { transport: "stdio", message: 'a stdout line that is not JSON: "debug: failing tools/list"' },
  ]);
  await adapter.close();
});

Deno.test("a server that writes only MCP messages gives answers without protocolViolations", async () => {
  const adapter = mcpStdioAdapter([PYTHON, PY, "clean"]);
  await adapter.start();
  const reply = await adapter.run(call("alpha"));
  assert.deepEqual(reply, {
    kind: "result",
    value: { content: [{ type: "text", text: "alpha" }] },
  });
  await adapter.close();
});

Deno.test("after an init timeout the server and its children are gone; the message says what stdout held", async () => {
  const marker = `60.${Date.now() % 100000}`;
  const adapter = mcpStdioAdapter(["sh", "-c", `echo hello; sleep ${marker}; echo never`], {
    initTimeoutMs: 300,
  });
  const started = Date.now();
  await assert.rejects(
    adapter.start(),
    (error: Error) => {
      assert.match(error.message, /MCP initialization failed/);
      assert.match(error.message, /its first stdout line: "hello"/);
      return true;
    },
  );
  const failedAfter = Date.now() - started;
  assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
  console.log(
    `init timeout 300 ms: start failed after ${failedAfter} ms, group gone after ${
      Date.now() - started
    } ms`,
  );
  assert.equal(adapter.stderr!(), "", "the kit's diagnostics are not in the server's stderr");
  await adapter.close();
});

Deno.test("close ends the server's process group, children included", async () => {
  const marker = `61.${Date.now() % 100000}`;
  // The server forks a child that keeps running; the server itself answers MCP.
  const adapter = mcpStdioAdapter([
    "sh",
    "-c",
    `sleep ${marker} & exec ${PYTHON} ${PY} clean`,
  ]);
  await adapter.start();
  assert.equal((await adapter.run(call("x"))).kind, "result");
  assert.ok(processesWith(`sleep ${marker}`, true).length > 0, "the child runs meanwhile");
  const closing = Date.now();
  await adapter.close();
  assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
  console.log(`close: group gone after ${Date.now() - closing} ms`);
});

Deno.test("a server that exits at start: the exit code is in the message, not in stderr", async () => {
  const adapter = mcpStdioAdapter(["sh", "-c", "echo 'not mcp'; echo oops >&2; exit 3"], {
    initTimeoutMs: 5_000,
  });
  await assert.rejects(adapter.start(), (error: Error) => {
    assert.match(error.message, /it exited with code 3/);
    assert.match(error.message, /its first stdout line: "not mcp"/);
    return true;
  });
  assert.equal(adapter.stderr!(), "oops\n");
  await adapter.close();
});

Deno.test("a stdout line over the size cap ends the start at once; the transport's error is in the message", async () => {
  const marker = `63.${Date.now() % 100000}`;
  const adapter = mcpStdioAdapter(
    ["sh", "-c", `head -c 300 /dev/zero | tr '\\0' x; sleep ${marker}`],
    { maxMessageBytes: 64, initTimeoutMs: 10_000 },
  );
  const started = Date.now();
  await assert.rejects(adapter.start(), /transport: The server wrote a stdout line over 64 bytes/);
  assert.ok(Date.now() - started < 5_000, "not after the init timeout");
  assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
  await adapter.close();
});

Deno.test("a call timeout ends the stuck server's group (the message shows its unfinished line); the next call gets a fresh server", async () => {
  const marker = `64.${Date.now() % 100000}`;
  const server = fileURLToPath(
    new URL("../../conformance/faults/testdata/fault_mcp_server.py", import.meta.url),
  );
  const adapter = mcpStdioAdapter([PYTHON, server, "ok", marker], { callTimeoutMs: 300 });
  await adapter.start();
  const first = processesWith(marker);
  const stuck = await adapter.run(call("partial"));
  assert.equal(stuck.kind, "errored");
  assert.match(
    (stuck as { message: string }).message,
    /^tools\/call timed out after 300 ms \(its stdout holds an unfinished line: "\{\\"jsonrpc\\": \\"2.0\\", \\"id\\": \d+, \\"res"\)$/,
  );
  const echo = await adapter.run({
    operation: "call_tool",
    input: { name: "echo", arguments: { value: 7 } },
  });
  assert.deepEqual(echo, { kind: "result", value: { content: [{ type: "text", text: "7" }] } });
  // The stuck server is gone, a fresh one answered.
  const now = processesWith(marker);
  assert.equal(now.length, 1);
  assert.ok(!first.includes(now[0]), `the stuck server ${first} still runs`);
  await adapter.close();
  assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
});

Deno.test("a server that closes its stdout and keeps running is gone: the call is errored at once, it is ended, the next call gets a fresh one", async () => {
  const marker = `65.${Date.now() % 100000}`;
  const server = fileURLToPath(
    new URL("../../conformance/faults/testdata/fault_mcp_server.py", import.meta.url),
  );
  const adapter = mcpStdioAdapter([PYTHON, server, "ok", marker], { callTimeoutMs: 10_000 });
  await adapter.start();
  const started = Date.now();
  const dropped = await adapter.run(call("drop"));
  assert.ok(Date.now() - started < 5_000, "not after the call timeout");
  assert.equal(dropped.kind, "errored");
  assert.match(
    (dropped as { message: string }).message,
    /closed the connection during tools\/call .*\(it closed its stdout and kept running\)/,
  );
  const echo = await adapter.run({
    operation: "call_tool",
    input: { name: "echo", arguments: { value: 8 } },
  });
  assert.equal(echo.kind, "result");
  assert.equal(processesWith(marker).length, 1, "only the fresh server runs");
  await adapter.close();
  assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
});

Deno.test("mcp stdio: a command that echoes its input (cat) is said not to be an MCP server", async () => {
  const adapter = mcpStdioAdapter(["cat"], { initTimeoutMs: 10_000 });
  const started = performance.now();
  const error = await adapter.start().then(() => undefined, (e: Error) => e);
  assert.match(String(error?.message), /echoes its input \(as cat does\) and is not an MCP server/);
  // Said once, not again as the transport's error.
  assert.equal(String(error?.message).split("as cat does").length, 2, error?.message);
  await adapter.close();
  // At once, not after the initialization timeout.
  assert.ok(performance.now() - started < 5_000);
});
