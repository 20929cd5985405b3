import { httpChatAdapter } from "../../src/adapters/http_chat.ts";
import { inProcessAdapter } from "../../src/adapters/in_process.ts";
import type { Adapter, ImplementationInfo, Request } from "../../src/core/types.ts";
import { chatLimitsSuite } from "./suite.ts";
import { embeddedSuite, type EmbeddedTarget } from "../_embedded_target.ts";
import type { ChatServerFlaws } from "./_http_reference.ts";
import { agentMutants } from "./mutants.ts";
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
];
