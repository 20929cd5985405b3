// Starts an MCP stdio adapter on a server that never initializes (`sleep <argv[0]>`), for the
// Ctrl-C test: the test interrupts this process and checks that the server's group is gone.
import { mcpStdioAdapter } from "../mcp_stdio.ts";

const adapter = mcpStdioAdapter(["sh", "-c", `echo hello; sleep ${Deno.args[0]}`], {
  initTimeoutMs: 60_000,
});
await adapter.start().catch(() => {});
