// Every tool a server offers is listed in the report (its implementation info); those outside
// the contract are listed as not judged (the tools-list case's unchecked reason).
import assert from "node:assert/strict";
import { InMemoryTransport, ListToolsRequestSchema, Server } from "../../src/adapters/_mcp_sdk.ts";
import { mcpClientAdapter } from "../../src/adapters/mcp_client.ts";
import { runSuite } from "../../src/core/run_suite.ts";
import { NETDRYRUN_TOOLS } from "./check.ts";
import { netdryrunMcpSuite } from "./suite.ts";

function serverOffering(names: readonly string[]) {
  return mcpClientAdapter(async () => {
    const [client, transport] = InMemoryTransport.createLinkedPair();
    const server = new Server({ name: "offers", version: "1" }, { capabilities: { tools: {} } });
    server.setRequestHandler(ListToolsRequestSchema, () => ({
      tools: names.map((name) => ({ name, inputSchema: { type: "object" as const } })),
    }));
    await server.connect(transport);
    return { transport: client };
  });
}

Deno.test("the report lists every offered tool; those outside the contract are not judged", async () => {
  const offered = [...NETDRYRUN_TOOLS, "start_run", "get_result"];
  const report = await runSuite(netdryrunMcpSuite, serverOffering(offered), {
    target: "offers",
    seed: 1,
    caseIds: ["tools-list"],
  });
  assert.equal(report.counts.passed, 1);
  assert.deepEqual(report.implementation?.tools, offered);
  const rule = report.coverage?.rules.find((r) => r.id === "NDM-TOOLS-OFFERED");
  assert.deepEqual(rule?.unchecked?.reasons, [
    'offered outside the contract, listed and not judged: "start_run", "get_result"',
  ]);
});

Deno.test("a server offering only the contract's tools has no unchecked tools", async () => {
  const report = await runSuite(netdryrunMcpSuite, serverOffering(NETDRYRUN_TOOLS), {
    target: "offers",
    seed: 1,
    caseIds: ["tools-list"],
  });
  assert.deepEqual(report.implementation?.tools, [...NETDRYRUN_TOOLS]);
  const rule = report.coverage?.rules.find((r) => r.id === "NDM-TOOLS-OFFERED");
  assert.equal(rule?.unchecked, undefined);
});
