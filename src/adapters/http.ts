/**
 * The HTTP chat adapter: sends GNS3 Copilot chat requests to a running server's streaming
 * endpoint (`/v3/projects/{project_id}/chat/stream` by default) and reads the SSE answer with
 * bounds on bytes, events and time.
 *
 * @example Make an adapter for a local server (nothing is sent until `run()`)
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_CHAT_PATH, httpChatAdapter } from "./http.ts";
 *
 * const adapter = httpChatAdapter({ baseUrl: "http://127.0.0.1:3080" });
 * assert.equal(adapter.kind, "http");
 * assert.match(DEFAULT_CHAT_PATH, /chat\/stream$/);
 * await adapter.close();
 * ```
 *
 * @module
 */
export * from "./http_chat.ts";
