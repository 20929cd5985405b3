import { childEnv } from "../../src/adapters/_child_env.ts";
import {
  type ChatOperationResult,
  httpChatAdapter,
  type HttpChatAdapterOptions,
} from "../../src/adapters/http_chat.ts";
import { messageOf } from "../../src/core/_message_of.ts";
import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../../src/core/types.ts";
import { AgentProcess } from "./_agent_process.ts";
import {
  type RecordedModelCall,
  type ScriptedModelServer,
  scriptMarker,
  startScriptedModelServer,
  type ToolMap,
} from "./model_server.ts";
import type { ChatRequest, Script } from "./types.ts";
import { stableId } from "./_stable_id.ts";

/** How the kit starts a chat agent's server. */
export interface AgentCommand {
  /** Program and arguments. */
  argv: string[];
  /** Working folder. */
  cwd?: string;
  /** Extra environment variables. */
  env?: Record<string, string>;
  /**
   * Pass the kit's whole environment (otherwise only PATH, HOME, locale, DENO_DIR,
   * certificates and the like).
   *
   * @default false
   */
  inheritEnv?: boolean;
  /**
   * A line (stdout or stderr) that says the agent listens; a JavaScript regular expression.
   * Its first capture group, when there is one, is the agent's base URL.
   *
   * @default undefined (poll `readyUrl`, else the base URL, until it answers)
   */
  readyLine?: string;
  /**
   * A URL polled until it answers (any status) before the first case.
   *
   * @default undefined
   */
  readyUrl?: string;
}

/** Options of {@linkcode agentHttpAdapter}. */
export interface AgentHttpAdapterOptions {
  /**
   * The agent's base URL; optional when `command.readyLine` captures it.
   *
   * @default undefined
   */
  baseUrl?: string;
  /**
   * Start the agent; without it, the agent already runs and its model endpoint is
   * configured to `http://127.0.0.1:<modelPort>/v1`.
   *
   * @default undefined
   */
  command?: AgentCommand;
  /**
   * Environment variable that gets the model's base URL (`http://127.0.0.1:<port>/v1`).
   *
   * @default "OPENAI_BASE_URL"
   */
  modelUrlEnv?: string;
  /**
   * Environment variable that gets the model's API key.
   *
   * @default "OPENAI_API_KEY"
   */
  modelKeyEnv?: string;
  /**
   * The API key given to the agent (the scripted model accepts any).
   *
   * @default "netconform-scripted-model"
   */
  modelKey?: string;
  /**
   * Port of the scripted model on 127.0.0.1; 0 picks a free one.
   *
   * @default 0
   */
  modelPort?: number;
  /**
   * How the kit's `echo` and `fail` tools are called on the agent's side.
   *
   * @default echo(text), fail(message)
   */
  tools?: ToolMap;
  /**
   * The chat endpoint: path template, token, headers, bounds (as the `http` adapter's).
   *
   * @default {}
   */
  chat?: Omit<HttpChatAdapterOptions, "baseUrl" | "info">;
  /**
   * Milliseconds the agent may take to be ready.
   *
   * @default 30000
   */
  startMs?: number;
  /**
   * How many copies of the agent to start from `command` (each on its own port, which the
   * ready line's first group must capture); each call goes to the copy with the fewest calls in
   * flight, a session's requests all to one copy. Only for an agent whose every state is kept
   * per session (a copy never sees the other copies' sessions): a JavaScript agent works on one
   * core, and two copies use two while the kit waits.
   *
   * @default 1
   */
  processes?: number;
  /**
   * What the target says about itself.
   *
   * @default { name: "http chat agent" }
   */
  info?: ImplementationInfo;
}

/** Input of the `chat_session` operation: one session of scripted requests. */
export interface ChatSessionInput {
  /** The script; it restarts for every request. */
  script: Script;
  /** The requests, in order (their `message` gets the script marker appended). */
  requests: ChatRequest[];
  /** The project id in the path. */
  project_id?: string;
}

/** What the kit saw of one request of a session. */
export interface ChatExchange {
  /** The body as sent (marker included). */
  body: Record<string, unknown>;
  /** The script token of this request. */
  token: string;
  /** What the chat endpoint answered. */
  response: ChatOperationResult;
  /** What the agent asked the model during this request, in order. */
  model_calls: RecordedModelCall[];
}

/** Result of the `chat_session` operation. */
export interface ChatSessionResult {
  /** One exchange per request. */
  exchanges: ChatExchange[];
}

/**
 * An {@linkcode Adapter} for a chat agent served over HTTP whose LLM is the kit's scripted
 * model: it starts the scripted model server (OpenAI Chat Completions on 127.0.0.1), starts
 * the agent (when a command is given) with the model's base URL and key in the environment
 * variables it names, waits for it to listen, and serves two operations. `chat` posts one body
 * to the chat endpoint (as the `http` adapter does). `chat_session` registers the script once
 * per request, appends its marker to the request's message (and makes a session id unique to
 * the call: one call is one fresh session), posts the requests in order, and
 * returns what the endpoint streamed and what the model server saw. A stream that does not end
 * within the request timeout is a harness fault (`errored`). `close()` kills the agent's
 * process group and stops the model server.
 *
 * @example Certify nothing, but start and stop an agent process
 * ```ts
 * import assert from "node:assert/strict";
 * import { agentHttpAdapter } from "./agent_http_adapter.ts";
 *
 * const adapter = agentHttpAdapter({
 *   command: { argv: [Deno.execPath(), "eval", "console.log('listening http://127.0.0.1:9')"],
 *     readyLine: "listening (http://\\S+)" },
 * });
 * const info = await adapter.start();
 * assert.equal(info.name, "http chat agent");
 * await adapter.close();
 * ```
 *
 * @param options The agent's command, endpoint and model settings.
 * @returns The adapter.
 */
export function agentHttpAdapter(options: AgentHttpAdapterOptions): Adapter {
  let model: ScriptedModelServer | undefined;
  /** The agent's copies (none when it runs already), each with its chat endpoint. */
  let agents: AgentProcess[] = [];
  let chats: Adapter[] = [];
  /** Calls in flight on each copy. */
  let busy: number[] = [];
  const timeoutMs = options.chat?.timeoutMs ?? 10_000;
  // How many calls each input had so far: a session id stays unique to its call (an agent's
  // memory is keyed by it) and is still the same in equal runs at any concurrency.
  const calls = new Map<string, number>();

  async function shutdown() {
    const [closing, stopping] = [chats, agents];
    chats = [];
    agents = [];
    busy = [];
    await Promise.all(closing.map((c) => c.close()));
    await Promise.all(stopping.map((a) => a.stop(2000)));
    await model?.close();
    model = undefined;
  }

  /** The stderr tails of the copies (of the one copy, as is, when there is one). */
  function stderrOf(): string {
    if (agents.length <= 1) return agents[0]?.stderr() ?? "";
    return agents.map((a, i) => [i, a.stderr()] as const).filter(([, e]) => e !== "")
      .map(([i, e]) => `[copy ${i + 1}]\n${e}`).join("\n");
  }

  /** Runs `work` on the copy with the fewest calls in flight (the first of equals). */
  async function onCopy<T>(work: (chat: Adapter, agent?: AgentProcess) => Promise<T>) {
    const i = busy.indexOf(Math.min(...busy));
    const chat = chats[i];
    busy[i]++;
    try {
      return await work(chat, agents[i]);
    } finally {
      if (chats[i] === chat) busy[i]--;
    }
  }

  async function waitForUrl(url: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until && !signal?.aborted && !agents.some((a) => a.exited)) {
      try {
        const r = await fetch(url, { signal: AbortSignal.timeout(1000) });
        await r.body?.cancel();
        return true;
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    return false;
  }

  async function session(
    input: ChatSessionInput,
    call: AdapterCallOptions,
    chat: Adapter,
    agent: AgentProcess | undefined,
  ): Promise<Reply> {
    if (!model) return { kind: "errored", message: "the adapter is not started" };
    const exchanges: ChatExchange[] = [];
    const tokens: string[] = [];
    // One call is one fresh session: a session id is made unique to this call, so that two
    // cases naming the same id never share the agent's state. It is derived from the call's
    // input and how many calls had that input before, not from a counter of all calls, so
    // that equal runs make equal requests at any concurrency.
    const key = JSON.stringify(input);
    const nth = (calls.get(key) ?? 0) + 1;
    calls.set(key, nth);
    const fresh = `nc${stableId(key)}.${nth}`;
    try {
      for (const [i, request] of input.requests.entries()) {
        const token = model.register(input.script, `${key}#${nth}#${i}`);
        tokens.push(token);
        const body: Record<string, unknown> = {
          ...request,
          message: `${request.message} ${scriptMarker(token)}`,
        };
        if (typeof request.session_id === "string") {
          body.session_id = `${request.session_id}.${fresh}`;
        }
        const reply = await chat.run({
          operation: "chat",
          input: input.project_id === undefined ? { body } : { body, project_id: input.project_id },
        }, call);
        if (reply.kind !== "result") {
          return reply.kind === "errored" && agent ? { ...reply, stderr: agent.stderr() } : reply;
        }
        const response = reply.value as ChatOperationResult;
        if (response.truncated) {
          return {
            kind: "errored",
            message: `the agent's answer to request ${
              exchanges.length + 1
            } did not end within ${timeoutMs} ms or its bounds`,
            ...(agent ? { stderr: agent.stderr() } : {}),
          };
        }
        exchanges.push({ body, token, response, model_calls: model.calls(token) });
      }
    } finally {
      for (const t of tokens) model.release(t);
    }
    const value: ChatSessionResult = { exchanges };
    return { kind: "result", value };
  }

  return {
    kind: "http-agent",
    async start(call: AdapterCallOptions = {}): Promise<ImplementationInfo> {
      const startMs = options.startMs ?? 30_000;
      try {
        model = startScriptedModelServer({
          port: options.modelPort ?? 0,
          ...(options.tools ? { tools: options.tools } : {}),
        });
        const command = options.command;
        const copies = command ? Math.max(1, options.processes ?? 1) : 1;
        // How many groups the ready line has: an empty alternative matches "" with them all.
        const groups = command?.readyLine === undefined
          ? 0
          : new RegExp(`${command.readyLine}|`).exec("")!.length - 1;
        if (copies > 1 && (options.baseUrl !== undefined || groups === 0)) {
          throw new Error(
            `${copies} processes need a ready line whose first group captures each one's URL, and no base URL`,
          );
        }
        let baseUrls: (string | undefined)[] = [options.baseUrl];
        if (command) {
          const env = childEnv({
            ...command.env,
            [options.modelUrlEnv ?? "OPENAI_BASE_URL"]: model.baseUrl,
            [options.modelKeyEnv ?? "OPENAI_API_KEY"]: options.modelKey ??
              "netconform-scripted-model",
          }, command.inheritEnv ?? false);
          for (let i = 0; i < copies; i++) {
            try {
              agents.push(
                new AgentProcess({
                  argv: command.argv,
                  ...(command.cwd ? { cwd: command.cwd } : {}),
                  env,
                  tailBytes: 65536,
                }),
              );
            } catch (error) {
              throw new Error(`Cannot start "${command.argv[0]}": ${messageOf(error)}`);
            }
          }
          if (command.readyLine !== undefined) {
            const pattern = new RegExp(command.readyLine);
            baseUrls = await Promise.all(agents.map(async (agent) => {
              const match = await agent.waitForLine(pattern, startMs, call.signal);
              if (!match) {
                throw new Error(
                  `The agent did not print a line matching "${command.readyLine}" within ${startMs} ms${
                    agent.exited ? " (it exited)" : ""
                  }\n${agent.output()}`,
                );
              }
              return options.baseUrl ?? match[1];
            }));
          }
        }
        const [baseUrl] = baseUrls;
        if (baseUrl === undefined || baseUrls.includes(undefined)) {
          throw new Error("No base URL: give one, or a ready line whose first group captures it");
        }
        const readyUrl = command?.readyUrl ??
          (command && command.readyLine === undefined ? baseUrl : undefined);
        if (readyUrl !== undefined && !(await waitForUrl(readyUrl, startMs, call.signal))) {
          throw new Error(
            `The agent did not answer "${readyUrl}" within ${startMs} ms\n${
              agents[0]?.output() ?? ""
            }`,
          );
        }
        chats = baseUrls.map((url) => httpChatAdapter({ ...options.chat, baseUrl: url! }));
        busy = chats.map(() => 0);
        await Promise.all(chats.map((c) => c.start()));
        return options.info ?? { name: "http chat agent" };
      } catch (error) {
        await shutdown();
        throw error;
      }
    },
    run(request: Request, call: AdapterCallOptions = {}): Promise<Reply> {
      if (request.operation !== "chat" && request.operation !== "chat_session") {
        return Promise.resolve({
          kind: "skipped",
          reason: `operation "${request.operation}" is not served (only "chat" and "chat_session")`,
        });
      }
      if (chats.length === 0) {
        return Promise.resolve({ kind: "errored", message: "the adapter is not started" });
      }
      if (request.operation === "chat") return onCopy((chat) => chat.run(request, call));
      return onCopy((chat, agent) => session(request.input as ChatSessionInput, call, chat, agent));
    },
    close: shutdown,
    stderr: () => stderrOf(),
  };
}
