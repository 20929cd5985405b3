// Config schema members of a chat endpoint that the http and http-agent adapter kinds share.
// Private helper of kind_http.ts and kind_http_agent.ts.
import { DEFAULT_CHAT_PATH } from "../src/adapters/http_chat.ts";

/** `path`: the chat endpoint's path template. */
export const CHAT_PATH = {
  description:
    `Path template of the chat endpoint; {project_id} is replaced. Default ${DEFAULT_CHAT_PATH}.`,
  type: "string",
  pattern: "^/",
} as const;

/** `project_id`: substituted in the path. */
export const CHAT_PROJECT_ID = {
  description: "Project id substituted in the path. Default 00000000-0000-4000-8000-000000000000.",
  type: "string",
  minLength: 1,
} as const;

/** `token`: a bearer token given in the config. */
export const CHAT_TOKEN = {
  description: "Bearer token sent as Authorization: Bearer <token>. Prefer token_env.",
  type: "string",
  minLength: 1,
} as const;
