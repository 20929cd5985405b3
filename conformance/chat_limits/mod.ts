/**
 * The `gns3.chat-limits/v1` profile: the runtime agent parameters `max_iterations` (1..100,
 * default 20) and `max_tool_calls` (1..50, default unlimited) on the chat request, and their
 * enforcement by the agent over a scripted model. Its rules, check, suite, arbitraries,
 * mutations, the kit's reference agent loop and reference chat endpoint.
 *
 * @example The bounds are rules of the profile
 * ```ts
 * import assert from "node:assert/strict";
 * import { chatLimitsProfile } from "./mod.ts";
 *
 * assert.ok(chatLimitsProfile.rules.some((r) => r.id === "CL-REQ-REJECT"));
 * ```
 *
 * @module
 */
export * from "./types.ts";
export * from "./rules.ts";
export * from "./profile.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
export * from "./reference_agent.ts";
export * from "./reference_server.ts";
