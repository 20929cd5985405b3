import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import { mcpHttpCommandAdapter } from "./mcp_http_command.ts";
import { gone, processesWith } from "./testdata/processes.ts";

const CONFIG = fileURLToPath(new URL("../../deno.json", import.meta.url));
const HTTP = new URL("../../conformance/netdryrun_mcp/reference_server/http.ts", import.meta.url);

/**
 * A server script: the reference server over HTTP, its URL announced as `ready at <url>`;
 * with DAEMON set it first starts a child in a session of its own (as a daemon does):
 * `sleep $DAEMON`.
 */
async function serverScript(dir: string): Promise<string[]> {
  const path = join(dir, "server.ts");
  await Deno.writeTextFile(
    path,
    `import { serveNetdryrunHttp } from ${JSON.stringify(HTTP.href)};
const daemon = Deno.env.get("DAEMON");
if (daemon) {
  new Deno.Command("setsid", {
    args: ["sleep", daemon],
    stdin: "null", stdout: "null", stderr: "null",
  }).spawn();
  await new Promise((done) => setTimeout(done, 100));
}
const server = serveNetdryrunHttp({ port: 0 });
console.log("ready at " + server.url);
`,
  );
  return [Deno.execPath(), "run", "-A", "--quiet", "--config", CONFIG, path];
}

Deno.test("ready_line: the server's own first line gives the URL; the default refuses it, saying what came", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const argv = await serverScript(dir);
    const adapter = mcpHttpCommandAdapter(argv, { readyLine: /^ready at (\S+)$/ });
    await adapter.start();
    assert.equal((await adapter.run({ operation: "list_tools", input: {} })).kind, "result");
    await adapter.close();
    const plain = mcpHttpCommandAdapter(argv);
    await assert.rejects(plain.start(), /first line gave no URL \(its first line: "ready at http/);
    await plain.close();
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test({
  name: "a child the server started in a session of its own (setsid) is ended with the server",
  ignore: Deno.build.os === "windows",
  async fn() {
    const dir = await Deno.makeTempDir();
    try {
      const marker = `71.${Date.now() % 100000}`;
      const adapter = mcpHttpCommandAdapter(await serverScript(dir), {
        readyLine: /^ready at (\S+)$/,
        env: { DAEMON: marker },
      });
      await adapter.start();
      assert.equal(processesWith(`sleep ${marker}`, true).length, 1, "the daemon is not running");
      await adapter.close();
      assert.ok(await gone(`sleep ${marker}`, 2_000), "the setsid child survived the close");
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});
