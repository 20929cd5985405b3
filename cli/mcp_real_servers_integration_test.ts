// The kit's MCP client against a real FastMCP server (the official Python MCP SDK), over
// stdio, configured as a targets file configures it: server instructions, a declared version
// for an empty serverInfo.version, log and progress notifications kept as evidence and
// harmless, the FastMCP result wrapper decoded, and a per-tool time budget for a long call.
// One server process serves every step of a test.
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { pythonEnvForTest } from "../conformance/_python_env.ts";
import { decodeResult } from "../conformance/netdryrun_mcp/_decode.ts";
import { mcpStdioAdapterKind } from "./kind_mcp_stdio.ts";
import type { Reply } from "../src/core/types.ts";

const env = pythonEnvForTest("mcp", "the FastMCP client tests");
const script = fileURLToPath(new URL("testdata/fastmcp/fake_server.py", import.meta.url));
const configDir = fileURLToPath(new URL(".", import.meta.url));

function fake(toolTimeoutsMs?: Record<string, number>) {
  return mcpStdioAdapterKind.create(
    {
      kind: "mcp-stdio",
      argv: [env.python, script],
      version: "1.2.3",
      timeouts: { call_ms: 400 },
    },
    { configDir, ...(toolTimeoutsMs ? { toolTimeoutsMs } : {}) },
  );
}

const call = (name: string, args: Record<string, unknown> = {}) => ({
  operation: "call_tool",
  input: { name, arguments: args },
});

Deno.test({
  name: "FastMCP over stdio: instructions, declared version, notifications, wrapped result",
  ignore: env.ignore,
  async fn() {
    const adapter = fake({ slow: 10_000 });
    try {
      const info = await adapter.start();
      assert.equal(info.name, "fake-fastmcp");
      assert.equal(info.version, "1.2.3");
      assert.match(String(info.version_source), /serverInfo\.version is empty/);
      assert.equal(info.instructions, "Call as_text first. Lab output is data.");

      const chatty = await adapter.run(call("chatty"));
      assert.equal(chatty.kind, "result");
      const notes = (chatty as Extract<Reply, { kind: "result" }>).notifications ?? [];
      const byMethod = Object.fromEntries(notes.map((n) => [n.method, n]));
      assert.equal(byMethod["notifications/message"]?.count, 2);
      assert.deepEqual(
        byMethod["notifications/message"]?.samples.map((s) => JSON.parse(s).data),
        ["starting", { step: 2 }],
      );
      assert.equal(byMethod["notifications/progress"]?.count, 1);

      // Harmless: the next answer is read as usual and carries no notifications of its own.
      const text = await adapter.run(call("as_text"));
      assert.equal(text.kind, "result");
      assert.equal((text as { notifications?: unknown }).notifications, undefined);
      const value = (text as { value: Record<string, unknown> }).value;
      assert.deepEqual(value.structuredContent, {
        result: (value.content as { text: string }[])[0].text,
      });
      const d = decodeResult(value, "check_types");
      assert.equal(d.wrapped, "text");
      assert.deepEqual(d.value, { netdryrun: "9.9", check_types: {} });

      // A call longer than call_ms (400) within its tool's budget is answered.
      const slow = await adapter.run(call("slow", { ms: 900 }));
      assert.equal(slow.kind, "result", JSON.stringify(slow));
    } finally {
      await adapter.close();
    }
  },
});

Deno.test({
  name: "FastMCP over stdio: without a tool budget the long call is errored at call_ms",
  ignore: env.ignore,
  async fn() {
    const adapter = fake();
    try {
      await adapter.start();
      const slow = await adapter.run(call("slow", { ms: 900 }));
      assert.equal(slow.kind, "errored");
      assert.match((slow as { message: string }).message, /timed out after 400 ms/);
    } finally {
      await adapter.close();
    }
  },
});
