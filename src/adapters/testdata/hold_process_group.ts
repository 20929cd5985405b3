// Starts a target process of one kind that never becomes ready (`sleep <argv[1]>`), for the
// signal tests of the process groups: the test interrupts this process (the kit) and checks
// that the target's group is gone. argv: <kind: subprocess | mcp-stdio | agent> <marker>.
import { subprocessAdapter } from "../subprocess.ts";
import { mcpStdioAdapter } from "../mcp_stdio.ts";
import { AgentProcess } from "../../../conformance/chat_limits/_agent_process.ts";

const [kind, marker] = Deno.args;
// With "-setsid" after the kind, the target also starts a child that leaves its group and
// session (`setsid sleep <marker>1`), as a daemonising server does.
const setsid = kind.endsWith("-setsid");
// A subprocess target writes nothing (a line would fail its handshake at once, and the kit
// would end the group itself before the test's signal); the others write a line of noise.
const noise = kind.startsWith("subprocess") ? "" : "echo hello; ";
const argv = [
  "sh",
  "-c",
  `${setsid ? `setsid sleep ${marker}1 & ` : ""}${noise}sleep ${marker}`,
];
if (kind === "subprocess" || kind === "subprocess-setsid") {
  await subprocessAdapter({ argv, startTimeoutMs: 60_000 }).start().catch(() => {});
} else if (kind === "mcp-stdio") {
  await mcpStdioAdapter(argv, { initTimeoutMs: 60_000 }).start().catch(() => {});
} else if (kind === "agent") {
  new AgentProcess({ argv, env: { PATH: Deno.env.get("PATH") ?? "" }, tailBytes: 1024 });
  await new Promise((r) => setTimeout(r, 60_000));
} else {
  throw new Error(`Unknown kind "${kind}"`);
}
