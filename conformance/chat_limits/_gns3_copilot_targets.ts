// The GNS3 Copilot stack's reference agent (examples/gns3_copilot_agent: FastAPI, the
// design's pydantic ChatRequest, a LangGraph graph with langchain-openai, uvicorn) and its
// mutants, as embedded targets of the http-agent surface; they run in the kit's Python
// environment "agent" (python/requirements-agent.txt).
import type { Adapter } from "../../src/core/types.ts";
import { requirePythonEnv } from "../_python_env.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import { agentHttpAdapter } from "./agent_http_adapter.ts";
import { chatLimitsSuite } from "./suite.ts";

const SERVER = new URL("../../examples/gns3_copilot_agent/server.py", import.meta.url);
const TOKEN = "netconform-gns3-copilot-token";
/** A case may run 3 requests of up to 100 model calls (langchain-openai, about 10 ms a call). */
const CASE_MS = 60_000;
/** Generated sessions when the run sets no `--runs` (as the LangGraph.js target). */
const RUNS = 40;

/**
 * The reference agent's server under uvicorn (one process a suite run): the reference, the
 * mutant `flaw`, or with `allByProject` every one of them in one process, the project id of a
 * request naming which (for the tests and the bench, whose Python start-up is paid once).
 */
export function gns3CopilotAdapter(
  options: { flaw?: string; allByProject?: boolean } = {},
): Adapter {
  const { flaw, allByProject } = options;
  const args = flaw ? ["--flaw", flaw] : allByProject ? ["--all-by-project"] : [];
  const name = flaw
    ? `GNS3 Copilot reference agent (flaw: ${flaw})`
    : allByProject
    ? "GNS3 Copilot reference agent (its mutants by project id)"
    : "GNS3 Copilot reference agent";
  return agentHttpAdapter({
    command: {
      argv: [requirePythonEnv("agent"), SERVER.pathname, ...args],
      cwd: new URL("../../", import.meta.url).pathname,
      env: { CHAT_TOKEN: TOKEN, PORT: "0", PYTHONDONTWRITEBYTECODE: "1" },
      readyLine: "^listening (http://127\\.0\\.0\\.1:\\d+)$",
    },
    chat: { token: TOKEN, timeoutMs: CASE_MS },
    tools: {
      echo: { name: "execute_command", arg: "command", args: { node: "R1" } },
      fail: { name: "start_node", arg: "node" },
    },
    startMs: 60_000,
    // No URL: the port is ephemeral, and equal seeds must give equal reports.
    info: {
      name,
      language: "python",
      transport: "http (127.0.0.1, ephemeral port, uvicorn), scripted OpenAI-compatible model",
    },
  });
}

/** The mutants: the flaw (agent.py FLAWS), what it breaks, the rules a run must report. */
const MUTANTS: readonly { flaw: string; description: string; breaks: string[] }[] = [
  {
    flaw: "unchecked-bounds",
    description:
      "GNS3 Copilot agent: the ChatRequest declares no ge/le bounds (pydantic does not enforce them)",
    breaks: ["CL-REQ-REJECT"],
  },
  {
    flaw: "check-after-execute",
    description:
      "GNS3 Copilot agent: the tool limit is checked against the count before the batch, after running it",
    breaks: ["CL-TOOL-MAX"],
  },
  {
    flaw: "unanswered-refusal",
    description: "GNS3 Copilot agent: calls of an over-limit batch get no ToolMessage",
    breaks: ["CL-TOOL-ANSWERED"],
  },
  {
    flaw: "leaks-count",
    description:
      "GNS3 Copilot agent: tool_calls_count is kept across requests (the checkpointer's)",
    breaks: ["CL-PER-REQUEST"],
  },
  {
    flaw: "ignores-remaining-steps",
    description:
      "GNS3 Copilot agent: remaining_steps is not consulted (the loop runs until a final answer)",
    breaks: ["CL-ITER-MAX", "CL-ITER-LAST"],
  },
  {
    flaw: "tool-on-last-iteration",
    description: "GNS3 Copilot agent: the tools of the last allowed model call are executed",
    breaks: ["CL-ITER-LAST"],
  },
  {
    flaw: "no-limit-message",
    description: "GNS3 Copilot agent: refused calls are answered 'skipped', no limit message",
    breaks: ["CL-LIMIT-MESSAGE"],
  },
  {
    flaw: "silent-iteration-stop",
    description: "GNS3 Copilot agent: the stop at max_iterations says nothing",
    breaks: ["CL-ITER-NOTICE"],
  },
];

const common = {
  suites: [embeddedSuite(chatLimitsSuite, { surface: "http-agent" })],
  caseTimeoutMs: CASE_MS,
  runs: RUNS,
  startEarly: true,
  pythonEnv: "agent",
};

/** The reference target (first) and its mutants. */
export const gns3CopilotTargets: readonly EmbeddedTarget[] = [
  {
    name: "chat-limits-gns3-copilot-http",
    description:
      "GNS3 Copilot stack reference agent (examples/gns3_copilot_agent: FastAPI, pydantic, LangGraph, langchain-openai, uvicorn), the kit's scripted model behind it",
    ...common,
    create: () => gns3CopilotAdapter(),
  },
  ...MUTANTS.map((m): EmbeddedTarget => ({
    name: `chat-limits-gns3-copilot-mutant-${m.flaw}`,
    description: m.description,
    mutant: { breaks: m.breaks },
    ...common,
    create: () => gns3CopilotAdapter({ flaw: m.flaw }),
  })),
];
