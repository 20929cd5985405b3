import { resolve } from "node:path";
import { agentHttpAdapter } from "../conformance/chat_limits/agent_http_adapter.ts";
import type { ToolMap } from "../conformance/chat_limits/model_server.ts";
import { processProperties, resolveArgv } from "./_process_section.ts";
import type { AdapterKind } from "./_adapter_kind.ts";
import { CHAT_PATH, CHAT_PROJECT_ID, CHAT_TOKEN } from "./_chat_endpoint_schema.ts";

/** The `adapter:` section of a `kind: http-agent` target, as validated. */
export interface HttpAgentSection {
  /** Always `http-agent`. */
  kind: "http-agent";
  /** The agent's base URL (optional when `command.ready_line` captures it). */
  base_url?: string;
  /** How to start the agent; absent when it already runs. */
  command?: {
    argv: string[];
    cwd?: string;
    env?: Record<string, string>;
    inherit_env?: boolean;
    ready_line?: string;
    ready_url?: string;
  };
  /** Variable that gets the model's base URL. */
  model_url_env?: string;
  /** Variable that gets the model's API key. */
  model_key_env?: string;
  /** The API key given to the agent. */
  model_key?: string;
  /** Port of the scripted model (fixed for an agent that already runs). */
  model_port?: number;
  /** How the kit's echo and fail tools map onto the agent's tools. */
  tools?: ToolMap;
  /** Path template of the chat endpoint. */
  path?: string;
  /** Project id in the path. */
  project_id?: string;
  /** Bearer token. */
  token?: string;
  /** Environment variable holding the bearer token. */
  token_env?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** Milliseconds one chat request may take. */
  timeout_ms?: number;
  /** Milliseconds the agent may take to be ready. */
  start_ms?: number;
  /** Response bytes read at most. */
  max_bytes?: number;
  /** Events kept at most. */
  max_events?: number;
}

const ENV_NAME = { type: "string", pattern: "^[A-Za-z_][A-Za-z0-9_]*$" };

const TOOL_ROLE = (role: string, what: string) => ({
  description: `The agent's tool that plays the kit's ${role}: ${what}`,
  type: "object",
  required: ["name", "arg"],
  additionalProperties: false,
  properties: {
    name: { description: "The tool's name as the agent offers it.", type: "string", minLength: 1 },
    arg: {
      description: "The argument that carries the script's text.",
      type: "string",
      minLength: 1,
    },
    args: { description: "Fixed further arguments.", type: "object" },
  },
});

const SCHEMA = {
  type: "object",
  description:
    "A chat agent served over HTTP whose LLM is the kit's scripted model (OpenAI Chat Completions on 127.0.0.1): the kit starts the model, starts the agent (or uses a running one) with the model's URL and key in its environment, posts chat requests and judges enforcement from what the model saw and what the stream said; see docs/chat-limits.md. Use with the gns3.chat-limits/v1 profile and options {surface: http-agent}.",
  required: ["kind"],
  additionalProperties: false,
  not: { required: ["token", "token_env"] },
  anyOf: [{ required: ["base_url"] }, { required: ["command"] }],
  properties: {
    kind: { const: "http-agent" },
    base_url: {
      description:
        "Base URL of the agent, for example http://127.0.0.1:3080. Optional when command.ready_line captures it.",
      type: "string",
      pattern: "^https?://[^\\s/]+",
    },
    command: {
      description:
        "Start the agent (killed, with its process group, at the end). Without it the agent must already run, its model endpoint set to http://127.0.0.1:<model_port>/v1.",
      type: "object",
      required: ["argv"],
      additionalProperties: false,
      properties: {
        ...processProperties("agent"),
        ready_line: {
          description:
            "A regular expression matched against each line the agent prints (stdout or stderr); its first group, if any, is the base URL. Without it, ready_url (or base_url) is polled.",
          type: "string",
          minLength: 1,
        },
        ready_url: {
          description: "A URL polled until it answers (any status) before the first case.",
          type: "string",
          pattern: "^https?://",
        },
      },
    },
    model_url_env: {
      ...ENV_NAME,
      description:
        "Variable that gets the model's base URL (http://127.0.0.1:<port>/v1). Default OPENAI_BASE_URL.",
    },
    model_key_env: {
      ...ENV_NAME,
      description: "Variable that gets the model's API key. Default OPENAI_API_KEY.",
    },
    model_key: {
      description:
        "The API key given to the agent (any is accepted). Default netconform-scripted-model.",
      type: "string",
      minLength: 1,
    },
    model_port: {
      description:
        "Port of the scripted model on 127.0.0.1; 0 picks a free one. Give a fixed port for an agent that already runs.",
      type: "integer",
      minimum: 0,
      maximum: 65535,
    },
    tools: {
      description:
        "How the kit's two scripted tools map onto the agent's tools. Default: tools named echo(text) and fail(message).",
      type: "object",
      required: ["echo", "fail"],
      additionalProperties: false,
      properties: {
        echo: TOOL_ROLE("echo", "its output contains the argument's value."),
        fail: TOOL_ROLE("fail", "it raises an error whose message contains the argument's value."),
      },
    },
    path: CHAT_PATH,
    project_id: CHAT_PROJECT_ID,
    token: CHAT_TOKEN,
    token_env: { ...ENV_NAME, description: "Environment variable holding the bearer token." },
    headers: {
      description: "Extra headers sent with every chat request.",
      type: "object",
      additionalProperties: { type: "string" },
    },
    timeout_ms: {
      description:
        "Milliseconds one chat request may take, stream included; past it the case is errored. Default 10000. Keep the target's timeouts.case_ms above it times the requests of a session (3).",
      type: "integer",
      minimum: 1,
      maximum: 3600000,
    },
    start_ms: {
      description: "Milliseconds the agent may take to be ready. Default 30000.",
      type: "integer",
      minimum: 1,
      maximum: 600000,
    },
    max_bytes: {
      description: "Response bytes read at most. Default 1048576.",
      type: "integer",
      minimum: 1024,
      maximum: 1073741824,
    },
    max_events: {
      description: "Server-sent events kept at most. Default 1000.",
      type: "integer",
      minimum: 1,
      maximum: 1000000,
    },
  },
};

/**
 * The `kind: http-agent` adapter kind for config files: a chat agent over HTTP whose model is
 * the kit's scripted model, wired to `agentHttpAdapter`. Relative paths resolve against the
 * config file's folder.
 *
 * @example Make an adapter from a config section
 * ```ts
 * import assert from "node:assert/strict";
 * import { httpAgentAdapterKind } from "./kind_http_agent.ts";
 *
 * const adapter = httpAgentAdapterKind.create(
 *   { kind: "http-agent", base_url: "http://127.0.0.1:3080", token_env: "NETCONFORM_DOC_TOKEN_UNSET" },
 *   { configDir: "." },
 * );
 * await assert.rejects(adapter.start(), /NETCONFORM_DOC_TOKEN_UNSET/);
 * await adapter.close();
 * ```
 */
export const httpAgentAdapterKind: AdapterKind = {
  kind: "http-agent",
  description: "a chat agent over HTTP whose LLM is the kit's scripted OpenAI-compatible model",
  schema: SCHEMA,
  create(section, context) {
    const s = section as unknown as HttpAgentSection;
    const c = s.command;
    return agentHttpAdapter({
      ...(s.base_url ? { baseUrl: s.base_url } : {}),
      ...(c
        ? {
          command: {
            argv: resolveArgv(c.argv, context.configDir),
            cwd: resolve(context.configDir, c.cwd ?? "."),
            ...(c.env ? { env: c.env } : {}),
            inheritEnv: c.inherit_env ?? false,
            ...(c.ready_line ? { readyLine: c.ready_line } : {}),
            ...(c.ready_url ? { readyUrl: c.ready_url } : {}),
          },
        }
        : {}),
      ...(s.model_url_env ? { modelUrlEnv: s.model_url_env } : {}),
      ...(s.model_key_env ? { modelKeyEnv: s.model_key_env } : {}),
      ...(s.model_key ? { modelKey: s.model_key } : {}),
      ...(s.model_port !== undefined ? { modelPort: s.model_port } : {}),
      ...(s.tools ? { tools: s.tools } : {}),
      ...(s.start_ms ? { startMs: s.start_ms } : {}),
      chat: {
        ...(s.path ? { path: s.path } : {}),
        ...(s.project_id ? { projectId: s.project_id } : {}),
        ...(s.token ? { token: s.token } : {}),
        ...(s.token_env ? { tokenEnv: s.token_env } : {}),
        ...(s.headers ? { headers: s.headers } : {}),
        ...(s.timeout_ms ? { timeoutMs: s.timeout_ms } : {}),
        ...(s.max_bytes ? { maxBytes: s.max_bytes } : {}),
        ...(s.max_events ? { maxEvents: s.max_events } : {}),
      },
      info: { name: "http chat agent", ...(s.base_url ? { url: s.base_url } : {}) },
    });
  },
};
