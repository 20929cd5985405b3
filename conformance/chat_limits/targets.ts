import { httpChatAdapter } from "../../src/adapters/http_chat.ts";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Adapter, ImplementationInfo, Request } from "../../src/core/types.ts";
import { chatLimitsSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import type { ChatServerFlaws } from "./_http_reference.ts";
import { agentHttpAdapter } from "./agent_http_adapter.ts";
import { agentMutants } from "./mutants.ts";
import { gns3CopilotTargets } from "./_gns3_copilot_targets.ts";
import { referenceChatAgent } from "./reference_agent.ts";
import { type ReferenceChatServer, startReferenceChatServer } from "./reference_server.ts";
import type { RunAgentInput, RunAgentOutput } from "./types.ts";

const TOKEN = "netconform-reference-token";

function agentHandler(run: (input: RunAgentInput) => RunAgentOutput) {
  return (request: Request) => {
    if (request.operation !== "run_agent") {
      throw new Error(`Unknown operation "${request.operation}"`);
    }
    return run(request.input as RunAgentInput);
  };
}

/** An adapter that starts the reference chat server and talks to it over HTTP. */
function referenceServerAdapter(name: string, flaws: ChatServerFlaws): Adapter {
  let server: ReferenceChatServer | undefined;
  let inner: Adapter | undefined;
  return {
    kind: "http",
    async start(): Promise<ImplementationInfo> {
      server = startReferenceChatServer({ token: TOKEN, flaws });
      inner = httpChatAdapter({ baseUrl: server.baseUrl, token: TOKEN, timeoutMs: 5000 });
      await inner.start();
      // No URL: the port is ephemeral, and equal seeds must give equal reports.
      return { name, language: "typescript", transport: "http (127.0.0.1, ephemeral port)" };
    },
    run: (request, options) =>
      inner
        ? inner.run(request, options)
        : Promise.resolve({ kind: "errored", message: "not started" }),
    async close() {
      await inner?.close();
      inner = undefined;
      await server?.close();
      server = undefined;
    },
  };
}

const LANGGRAPH_SERVER = new URL("../../examples/langgraph_agent/server.ts", import.meta.url);
const LANGGRAPH_TOKEN = "netconform-langgraph-token";
/**
 * A case of the LangGraph.js agent may run 3 requests of up to 100 model calls each (about
 * 3 s a request here, more on a loaded machine): the default 10 s would make reports depend
 * on load.
 */
const LANGGRAPH_CASE_MS = 60_000;
/**
 * Generated sessions of the LangGraph.js agent when the run sets no `--runs`: at 100 its 134
 * cases make about 900 model calls at 3-4 ms of the agent's CPU each, which bound the whole
 * default run. Every declared class still gets its guaranteed case; `--runs N` runs more.
 */
const LANGGRAPH_RUNS = 40;

/**
 * The LangGraph.js reference agent (examples/langgraph_agent/server.ts, a Deno process) behind
 * its own HTTP endpoint, its model the kit's scripted model; `flaw` starts a mutant.
 */
function langGraphAdapter(flaw?: string): Adapter {
  return agentHttpAdapter({
    command: {
      argv: [
        Deno.execPath(),
        "run",
        "--quiet",
        "--frozen",
        "--allow-net=127.0.0.1",
        "--allow-env",
        "--allow-read",
        "--allow-sys",
        LANGGRAPH_SERVER.pathname,
        ...(flaw ? ["--flaw", flaw] : []),
      ],
      cwd: new URL("../../", import.meta.url).pathname,
      env: { CHAT_TOKEN: LANGGRAPH_TOKEN, PORT: "0" },
      readyLine: "^listening (http://127\\.0\\.0\\.1:\\d+)$",
    },
    chat: { token: LANGGRAPH_TOKEN, timeoutMs: LANGGRAPH_CASE_MS },
    tools: {
      echo: { name: "execute_command", arg: "command", args: { node: "R1" } },
      fail: { name: "start_node", arg: "node" },
    },
    startMs: 60_000,
    // Two copies where there are two cores: the agent works on one core, and its state is kept
    // per session (its checkpointer's threads), so which copy serves a session does not show.
    processes: Math.min(2, navigator.hardwareConcurrency || 1),
    // No URL: the ports are ephemeral, and equal seeds must give equal reports.
    info: {
      name: flaw ? `LangGraph.js reference agent (flaw: ${flaw})` : "LangGraph.js reference agent",
      language: "typescript",
      transport: "http (127.0.0.1, ephemeral port), scripted OpenAI-compatible model",
    },
  });
}

/** The LangGraph.js agent's mutants: the flaw, and the rules a run must report. */
const langGraphMutants: readonly { flaw: string; description: string; breaks: string[] }[] = [
  {
    flaw: "iteration-off-by-one",
    description: "LangGraph.js agent: remaining_steps starts at max_iterations + 1",
    breaks: ["CL-ITER-MAX", "CL-ITER-LAST"],
  },
  {
    flaw: "check-after-execute",
    description:
      "LangGraph.js agent: the tool limit is checked against the count before the batch, after running it",
    breaks: ["CL-TOOL-MAX"],
  },
  {
    flaw: "unanswered-refusal",
    description: "LangGraph.js agent: over-limit calls get no tool message",
    breaks: ["CL-TOOL-ANSWERED"],
  },
  {
    flaw: "leaks-count",
    description:
      "LangGraph.js agent: tool_calls_count is not reset per request (the checkpointer keeps it)",
    breaks: ["CL-PER-REQUEST"],
  },
  {
    flaw: "unchecked-bounds",
    description: "LangGraph.js agent: max_iterations and max_tool_calls bounds are not validated",
    breaks: ["CL-REQ-REJECT"],
  },
];

/**
 * The chat-limits profile's embedded targets: the reference agent loop (in-process, scripted
 * sessions) and its mutants, then the reference chat endpoint (Deno.serve on 127.0.0.1,
 * request validation and event streams) and its two mutants.
 */
export const chatLimitsTargets: readonly EmbeddedTarget[] = [
  {
    name: "chat-limits-reference-agent",
    description: "the kit's reference agent loop over a scripted model (TypeScript, in-process)",
    suites: [embeddedSuite(chatLimitsSuite, { surface: "agent" })],
    create: () =>
      inProcessAdapter(agentHandler(referenceChatAgent), {
        info: { name: "netconform reference chat agent", version: "1", language: "typescript" },
      }),
  },
  {
    name: "chat-limits-reference-http",
    description:
      "the kit's reference chat endpoint (Deno.serve on 127.0.0.1, FastAPI-style 422, SSE)",
    suites: [embeddedSuite(chatLimitsSuite, { surface: "http" })],
    create: () => referenceServerAdapter("netconform reference chat endpoint", {}),
  },
  {
    name: "chat-limits-langgraph-http",
    description:
      "LangGraph.js reference agent (examples/langgraph_agent) over its own HTTP endpoint, the kit's scripted model behind it",
    suites: [embeddedSuite(chatLimitsSuite, { surface: "http-agent" })],
    caseTimeoutMs: LANGGRAPH_CASE_MS,
    runs: LANGGRAPH_RUNS,
    startEarly: true,
    create: () => langGraphAdapter(),
  },
  gns3CopilotTargets[0],
  ...agentMutants.map((m): EmbeddedTarget => ({
    name: m.name,
    description: m.description,
    suites: [embeddedSuite(chatLimitsSuite, { surface: "agent" })],
    mutant: { breaks: m.breaks },
    create: () =>
      inProcessAdapter(agentHandler(m.run), { info: { name: m.name, language: "typescript" } }),
  })),
  {
    name: "chat-limits-http-mutant-ignores-limits",
    description: "accepts out-of-range and mistyped limits and silently falls back to the defaults",
    suites: [embeddedSuite(chatLimitsSuite, { surface: "http" })],
    mutant: { breaks: ["CL-REQ-REJECT"] },
    create: () =>
      referenceServerAdapter("chat-limits-http-mutant-ignores-limits", { ignoreLimits: true }),
  },
  {
    name: "chat-limits-http-mutant-malformed-event",
    description: "streams its answer as an event whose data is cut JSON",
    suites: [embeddedSuite(chatLimitsSuite, { surface: "http" })],
    mutant: { breaks: ["CL-SSE-EVENTS"] },
    create: () =>
      referenceServerAdapter("chat-limits-http-mutant-malformed-event", { malformedEvent: true }),
  },
  ...langGraphMutants.map((m): EmbeddedTarget => ({
    name: `chat-limits-langgraph-mutant-${m.flaw}`,
    description: m.description,
    suites: [embeddedSuite(chatLimitsSuite, { surface: "http-agent" })],
    mutant: { breaks: m.breaks },
    caseTimeoutMs: LANGGRAPH_CASE_MS,
    runs: LANGGRAPH_RUNS,
    startEarly: true,
    create: () => langGraphAdapter(m.flaw),
  })),
  ...gns3CopilotTargets.slice(1),
];
