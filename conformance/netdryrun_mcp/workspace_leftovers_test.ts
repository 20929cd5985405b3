/**
 * A run over Streamable HTTP in a workspace the user gave leaves it as it was: the scenario
 * folders, the outside-root ones and their `outside` folder included (issue 25, item 6).
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { runSuite } from "../../src/core/run_suite.ts";
import { mcpHttpAdapter } from "../../src/adapters/mcp_http.ts";
import { serveNetdryrunHttp } from "./reference_server/http.ts";
import { netdryrunMcpSuite } from "./suite.ts";

Deno.test("an HTTP run leaves the workspace it was given as it found it", async () => {
  const workspace = await Deno.makeTempDir({ prefix: "netconform-ws-test-" });
  const root = join(workspace, "root");
  await Deno.mkdir(root);
  const server = serveNetdryrunHttp({ port: 0, root });
  try {
    const report = await runSuite(
      netdryrunMcpSuite,
      mcpHttpAdapter(server.url, { workspace, root }),
      { target: "reference-http", seed: 1, concurrency: 8 },
    );
    const outsideCases = report.cases.filter((c) => c.id.endsWith("/outside-root"));
    assert.ok(outsideCases.length > 0 && outsideCases.every((c) => c.outcome === "passed"));
    const left = [...Deno.readDirSync(workspace)].map((e) => e.name);
    assert.deepEqual(left, ["root"]);
    assert.deepEqual([...Deno.readDirSync(root)], []);
  } finally {
    await server.shutdown();
    await Deno.remove(workspace, { recursive: true });
  }
});
