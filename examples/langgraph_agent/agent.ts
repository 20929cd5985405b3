/**
 * A GNS3-Copilot-style agent on LangGraph.js, with the runtime parameters of
 * `runtime-agent-parameters.md`: `remaining_steps` (max_iterations or 20) counts model calls,
 * and the design's `tool_node` refuses a batch that would pass `max_tool_calls` (999 when
 * absent) whole, answering each call with the limit notice. The model is any OpenAI-compatible
 * endpoint (`OPENAI_BASE_URL`, `OPENAI_API_KEY`); under the kit, its scripted model.
 *
 * `flaws` break it on purpose, for the kit's mutants.
 *
 * @module
 */
import {
  type AIMessage,
  type AIMessageChunk,
  Annotation,
  type BaseMessage,
  ChatOpenAI,
  END,
  HumanMessage,
  MemorySaver,
  MessagesAnnotation,
  START,
  StateGraph,
  tool,
  ToolMessage,
} from "./deps.ts";

/** Deliberate faults, one per mutant. */
export type AgentFlaw =
  | "iteration-off-by-one" // one model call more than max_iterations
  | "check-after-execute" // the tool limit is checked after the batch ran
  | "unanswered-refusal" // refused calls get no tool message
  | "leaks-count" // the tool call count is not reset per request
  | "unchecked-bounds"; // max_iterations / max_tool_calls bounds not validated (server.ts)

/** The project's nodes, for the GNS3-like tools. */
const NODES: Record<string, string> = { R1: "router", R2: "router", SW1: "switch" };

const tools = [
  tool(
    () => JSON.stringify(Object.entries(NODES).map(([name, type]) => ({ name, type }))),
    {
      name: "list_nodes",
      description: "List the nodes of the current GNS3 project.",
      schema: { type: "object", properties: {} },
    },
  ),
  tool(
    ({ node, command }: { node: string; command: string }) => {
      if (!(node in NODES)) throw new Error(`Node "${node}" not found in the project`);
      return `${node}# ${command}\n(ok)`;
    },
    {
      name: "execute_command",
      description: "Run a show command on a node's console and return its output.",
      schema: {
        type: "object",
        properties: { node: { type: "string" }, command: { type: "string" } },
        required: ["node", "command"],
      },
    },
  ),
  tool(
    ({ node }: { node: string }) => {
      if (!(node in NODES)) throw new Error(`Node "${node}" not found in the project`);
      return `Node ${node} started`;
    },
    {
      name: "start_node",
      description: "Start a node of the project.",
      schema: { type: "object", properties: { node: { type: "string" } }, required: ["node"] },
    },
  ),
];
const toolsByName = new Map(tools.map((t) => [t.name, t]));

/**
 * The design's limit notice.
 *
 * @param max max_tool_calls.
 * @param current Tool calls executed so far in the request.
 * @returns The notice, verbatim as the design's `tool_node` words it.
 */
export function limitNotice(max: number, current: number): string {
  return `Tool call limit reached (${max} calls). ` +
    `Please simplify your request or break it into smaller steps. ` +
    `Current tool call count: ${current}/${max}.`;
}

const State = Annotation.Root({
  ...MessagesAnnotation.spec,
  llm_calls: Annotation<number>(),
  remaining_steps: Annotation<number>(),
  max_tool_calls: Annotation<number>(),
  tool_calls_count: Annotation<number>(),
});
type S = typeof State.State;

/** One chat request's parameters, validated by the server. */
export interface ChatParams {
  /** The user's message. */
  message: string;
  /** Conversation id (the graph's thread). */
  sessionId: string;
  /** max_iterations, or undefined for 20. */
  maxIterations?: number;
  /** max_tool_calls, or undefined for unlimited (999). */
  maxToolCalls?: number;
}

/** An event of the chat stream. */
export type ChatEvent =
  | { type: "message"; content: string }
  | { type: "tool_call"; tool_call_id: string; name: string }
  | { type: "tool"; tool_call_id: string; name: string; content: string }
  | { type: "done"; llm_calls: number; tool_calls_count: number };

/**
 * The agent: a compiled graph with a checkpointer (history per session id), its model the
 * OpenAI-compatible endpoint of `OPENAI_BASE_URL`.
 *
 * @param flaw A deliberate fault, for a mutant.
 * @returns `chat(params)`, which runs one request and yields its stream's events.
 */
export function createAgent(flaw?: AgentFlaw) {
  const model = new ChatOpenAI({
    model: Deno.env.get("OPENAI_MODEL") ?? "gpt-4o-mini",
    apiKey: Deno.env.get("OPENAI_API_KEY") ?? "unset",
    configuration: { baseURL: Deno.env.get("OPENAI_BASE_URL") },
    temperature: 0,
    maxRetries: 0,
    timeout: 30_000,
  }).bindTools(tools);

  async function llmCall(state: S) {
    // Streamed, chunks joined here: ChatOpenAI's `streaming: true` under invoke() estimates
    // token counts with js-tiktoken, which downloads its ranks from the network (it hangs
    // offline and behind --allow-net=127.0.0.1).
    let ai: AIMessageChunk | undefined;
    for await (const chunk of await model.stream(state.messages)) {
      ai = ai === undefined ? chunk : ai.concat(chunk);
    }
    if (ai === undefined) throw new Error("The model streamed nothing");
    return {
      messages: [ai],
      llm_calls: (state.llm_calls ?? 0) + 1,
      remaining_steps: state.remaining_steps - 1,
    };
  }

  function shouldContinue(state: S) {
    const last = state.messages.at(-1) as AIMessage;
    if (!last.tool_calls?.length) return END;
    // The last allowed model call: no call is left to read the tools' results.
    if (state.remaining_steps <= 0) return END;
    return "tool_node";
  }

  async function toolNode(state: S) {
    const toolCalls = (state.messages.at(-1) as AIMessage).tool_calls ?? [];
    const max = state.max_tool_calls ?? 999;
    const current = state.tool_calls_count ?? 0;
    // The flaw checks the count the previous batches left, not this batch's: it runs a batch
    // that passes the limit, and refuses only the batches after it.
    const over = flaw === "check-after-execute" ? current >= max : current + toolCalls.length > max;
    if (over) {
      if (flaw === "unanswered-refusal") return { messages: [] };
      return {
        messages: toolCalls.map((c) =>
          new ToolMessage({ content: limitNotice(max, current), tool_call_id: c.id!, name: c.name })
        ),
      };
    }
    const result: BaseMessage[] = [];
    for (const call of toolCalls) {
      const t = toolsByName.get(call.name);
      let observation: string;
      try {
        if (!t) throw new Error(`Unknown tool "${call.name}"`);
        // deno-lint-ignore no-explicit-any
        observation = String(await (t as any).invoke(call.args));
      } catch (error) {
        observation = `Error: ${error instanceof Error ? error.message : String(error)}`;
      }
      result.push(
        new ToolMessage({ content: observation, tool_call_id: call.id!, name: call.name }),
      );
    }
    return { messages: result, tool_calls_count: current + toolCalls.length };
  }

  const graph = new StateGraph(State)
    .addNode("llm_call", llmCall)
    .addNode("tool_node", toolNode)
    .addEdge(START, "llm_call")
    .addConditionalEdges("llm_call", shouldContinue, ["tool_node", END])
    .addEdge("tool_node", "llm_call")
    .compile({ checkpointer: new MemorySaver() });

  /** Run one request; yields the stream's events. */
  async function* chat(params: ChatParams): AsyncGenerator<ChatEvent> {
    let maxIterations = params.maxIterations ?? 20;
    if (flaw === "iteration-off-by-one") maxIterations += 1;
    const inputs: Record<string, unknown> = {
      messages: [new HumanMessage(params.message)],
      llm_calls: 0,
      remaining_steps: maxIterations,
      max_tool_calls: params.maxToolCalls ?? 999,
    };
    // Per request: the count starts from zero (the flaw keeps the checkpointed one).
    if (flaw !== "leaks-count") inputs.tool_calls_count = 0;
    const config = {
      configurable: { thread_id: params.sessionId },
      recursionLimit: 2 * maxIterations + 5,
      streamMode: "updates" as const,
      durability: "exit" as const,
    };
    let llmCalls = 0;
    let count = 0;
    let pending = new Set<string>(); // calls of the last model call not yet answered
    for await (const update of await graph.stream(inputs, config)) {
      for (const [node, value] of Object.entries(update as Record<string, Partial<S>>)) {
        if (node === "llm_call") llmCalls = value.llm_calls ?? llmCalls;
        if (value?.tool_calls_count !== undefined) count = value.tool_calls_count;
        for (const m of value?.messages ?? []) {
          if (m instanceof ToolMessage) {
            pending.delete(m.tool_call_id);
            yield {
              type: "tool",
              tool_call_id: m.tool_call_id,
              name: m.name ?? "",
              content: typeof m.content === "string" ? m.content : JSON.stringify(m.content),
            };
            continue;
          }
          const ai = m as AIMessage;
          pending = new Set((ai.tool_calls ?? []).map((c) => c.id ?? ""));
          for (const c of ai.tool_calls ?? []) {
            yield { type: "tool_call", tool_call_id: c.id ?? "", name: c.name };
          }
          if (typeof ai.content === "string" && ai.content !== "") {
            yield { type: "message", content: ai.content };
          }
        }
      }
    }
    // Stopped by max_iterations with tools asked for: say so (the design's Graceful degradation).
    if (pending.size > 0) {
      yield {
        type: "message",
        content: `Iteration limit reached (max_iterations ${maxIterations}): ` +
          `the tools of the last model call were not run.`,
      };
    }
    yield { type: "done", llm_calls: llmCalls, tool_calls_count: count };
  }

  return { chat };
}
