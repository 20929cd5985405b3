import { httpChatAdapter } from "../src/adapters/http_chat.ts";
import type { AdapterKind } from "./_adapter_kind.ts";
import { CHAT_PATH, CHAT_PROJECT_ID, CHAT_TOKEN } from "./_chat_endpoint_schema.ts";

/** The `adapter:` section of a `kind: http` target, as validated. */
export interface HttpSection {
  /** Always `http`. */
  kind: "http";
  /** Base URL of the server. */
  base_url: string;
  /** Bearer token, given inline. */
  token?: string;
  /** Environment variable holding the bearer token. */
  token_env?: string;
  /** Path template of the chat endpoint. */
  path?: string;
  /** Project id substituted in the path. */
  project_id?: string;
  /** Extra headers. */
  headers?: Record<string, string>;
  /** Milliseconds one request may take. */
  timeout_ms?: number;
  /** Body bytes read at most. */
  max_bytes?: number;
  /** Events kept at most. */
  max_events?: number;
}

const SCHEMA = {
  type: "object",
  description:
    "Posts chat requests to a running HTTP server (GNS3 Copilot's POST /v3/projects/{project_id}/chat/stream) and reads the status, content type and server-sent events; see docs/chat-limits.md.",
  required: ["kind", "base_url"],
  additionalProperties: false,
  not: { required: ["token", "token_env"] },
  properties: {
    kind: { const: "http" },
    base_url: {
      description: "Base URL of the server, for example http://127.0.0.1:3080.",
      type: "string",
      pattern: "^https?://[^\\s/]+",
    },
    token: CHAT_TOKEN,
    token_env: {
      description: "Environment variable holding the bearer token (read when the target starts).",
      type: "string",
      pattern: "^[A-Za-z_][A-Za-z0-9_]*$",
    },
    path: CHAT_PATH,
    project_id: CHAT_PROJECT_ID,
    headers: {
      description: "Extra headers sent with every request.",
      type: "object",
      additionalProperties: { type: "string" },
    },
    timeout_ms: {
      description: "Milliseconds one request may take, headers and stream. Default 10000.",
      type: "integer",
      minimum: 1,
      maximum: 3600000,
    },
    max_bytes: {
      description:
        "Response bytes read at most; the rest is dropped and reported truncated. Default 1048576.",
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
 * The `kind: http` adapter kind for config files: a chat endpoint over HTTP, wired to
 * {@linkcode httpChatAdapter}. Run it with the `gns3.chat-limits/v1` profile and
 * `options: {surface: http}`.
 *
 * @example Make an adapter from a config section
 * ```ts
 * import assert from "node:assert/strict";
 * import { httpAdapterKind } from "./kind_http.ts";
 *
 * const adapter = httpAdapterKind.create(
 *   { kind: "http", base_url: "http://127.0.0.1:3080", token_env: "NETCONFORM_DOC_TOKEN_UNSET" },
 *   { configDir: "." },
 * );
 * await assert.rejects(adapter.start(), /NETCONFORM_DOC_TOKEN_UNSET/);
 * await adapter.close();
 * ```
 */
export const httpAdapterKind: AdapterKind = {
  kind: "http",
  description: "a chat endpoint over HTTP (POST JSON, server-sent events back)",
  schema: SCHEMA,
  create(section) {
    const s = section as unknown as HttpSection;
    return httpChatAdapter({
      baseUrl: s.base_url,
      ...(s.path ? { path: s.path } : {}),
      ...(s.project_id ? { projectId: s.project_id } : {}),
      ...(s.token ? { token: s.token } : {}),
      ...(s.token_env ? { tokenEnv: s.token_env } : {}),
      ...(s.headers ? { headers: s.headers } : {}),
      ...(s.timeout_ms ? { timeoutMs: s.timeout_ms } : {}),
      ...(s.max_bytes ? { maxBytes: s.max_bytes } : {}),
      ...(s.max_events ? { maxEvents: s.max_events } : {}),
      info: { name: "http chat endpoint", url: s.base_url },
    });
  },
};
