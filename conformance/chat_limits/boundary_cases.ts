import type { RunAgentInput, ScriptToolCall, ScriptTurn } from "./types.ts";

const echo = (id: string): ScriptToolCall => ({
  id,
  name: "echo",
  args: { text: `output of ${id}` },
});
const single = (count: number, prefix = "c"): ScriptTurn[] =>
  Array.from({ length: count }, (_, i) => ({ tool_calls: [echo(`${prefix}${i + 1}`)] }));
const batch = (ids: string[]): ScriptTurn => ({ tool_calls: ids.map(echo) });
const final = (text = "Done."): ScriptTurn => ({ final: text });

/**
 * The design's edge cases and tests as scripted sessions (runtime-agent-parameters.md,
 * Edge Cases and Testing Strategy), run before the generated ones.
 */
export const boundarySessions: readonly {
  id: string;
  description: string;
  input: RunAgentInput;
}[] = [
  {
    id: "iterations-1",
    description: "max_iterations 1: one model call, no tool execution (edge case 1)",
    input: {
      script: { turns: [batch(["a"]), final()] },
      requests: [{ message: "hi", max_iterations: 1 }],
    },
  },
  {
    id: "iterations-2",
    description: "max_iterations 2: the tools of call 1 run, those of call 2 do not",
    input: { script: { turns: single(5) }, requests: [{ message: "hi", max_iterations: 2 }] },
  },
  {
    id: "tool-calls-1",
    description: "max_tool_calls 1: one tool call, then refusals (edge case 2)",
    input: {
      script: { turns: [...single(3), final()] },
      requests: [{ message: "hi", max_tool_calls: 1 }],
    },
  },
  {
    id: "tool-calls-1-batch",
    description: "max_tool_calls 1 and a batch of 3: the batch is refused whole",
    input: {
      script: { turns: [batch(["a", "b", "c"]), final()] },
      requests: [{ message: "hi", max_tool_calls: 1 }],
    },
  },
  {
    id: "design-3-of-5",
    description:
      "max_tool_calls 3, five calls: three run, the rest are refused (test_max_tool_calls_enforced)",
    input: {
      script: { turns: [...single(5), final()] },
      requests: [{ message: "hi", max_tool_calls: 3 }],
    },
  },
  {
    id: "design-2-batch-3",
    description:
      "max_tool_calls 2, a batch of three: informative refusals (test_tool_limit_error_message)",
    input: {
      script: { turns: [batch(["a", "b", "c"]), final()] },
      requests: [{ message: "hi", max_tool_calls: 2 }],
    },
  },
  {
    id: "exact-fit",
    description: "max_tool_calls 4, batches of 2, 2, 1: the second lands exactly on the limit",
    input: {
      script: { turns: [batch(["a", "b"]), batch(["c", "d"]), batch(["e"]), final()] },
      requests: [{ message: "hi", max_tool_calls: 4 }],
    },
  },
  {
    id: "batches-of-10",
    description: "max_tool_calls 25, batches of 10: two run, the third passes the limit",
    input: {
      script: {
        turns: [0, 1, 2, 3].map((b) => batch(Array.from({ length: 10 }, (_, i) => `b${b}c${i}`)))
          .concat([final()]),
      },
      requests: [{ message: "hi", max_tool_calls: 25 }],
    },
  },
  {
    id: "defaults",
    description: "no limits given: 20 model calls, no tool limit (test_default_behavior_unchanged)",
    input: { script: { turns: single(25) }, requests: [{ message: "hi" }] },
  },
  {
    id: "nulls",
    description: "limits null: the defaults apply",
    input: {
      script: { turns: single(25) },
      requests: [{ message: "hi", max_iterations: null, max_tool_calls: null }],
    },
  },
  {
    id: "upper-bounds",
    description:
      "max_iterations 100 and max_tool_calls 50 with a model that always asks for one more",
    input: {
      script: { turns: single(120) },
      requests: [{ message: "hi", max_iterations: 100, max_tool_calls: 50 }],
    },
  },
  {
    id: "per-request",
    description: "three requests of one session with max_tool_calls 2: each counts from zero",
    input: {
      script: { turns: [...single(3), final()] },
      requests: [1, 2, 3].map((i) => ({
        message: `task ${i}`,
        session_id: "s-per-request",
        max_tool_calls: 2,
      })),
    },
  },
  {
    id: "tool-error",
    description: "a tool that raises becomes a tool message; the loop goes on",
    input: {
      script: {
        turns: [
          {
            tool_calls: [
              { id: "x", name: "fail", args: { message: "Connection refused by R1" } },
              echo("y"),
            ],
          },
          final("R1 is unreachable."),
        ],
      },
      requests: [{ message: "ping R1", max_tool_calls: 5 }],
    },
  },
];

/** Chat request bodies at the bounds and just outside them (the list). */
export const boundaryBodies: readonly {
  id: string;
  description: string;
  body: Record<string, unknown>;
}[] = [
  ...([1, 100, null] as const).map((v) => ({
    id: `iterations-${v}`,
    description: `max_iterations ${v} (valid)`,
    body: { message: "hi", max_iterations: v },
  })),
  ...([1, 50, null] as const).map((v) => ({
    id: `tool-calls-${v}`,
    description: `max_tool_calls ${v} (valid)`,
    body: { message: "hi", max_tool_calls: v },
  })),
  { id: "missing", description: "both limits missing (valid)", body: { message: "hi" } },
  {
    id: "all-fields",
    description: "every field given (valid)",
    body: {
      message: "配置所有路由器的 OSPF",
      session_id: "s-1",
      stream: true,
      mode: "text",
      max_iterations: 40,
      max_tool_calls: 30,
    },
  },
  ...([0, 101, -1, 2.5, "10", "ten"] as const).map((v) => ({
    id: `iterations-${JSON.stringify(v).replaceAll('"', "q")}`,
    description: `max_iterations ${JSON.stringify(v)} (invalid)`,
    body: { message: "hi", max_iterations: v },
  })),
  ...([0, 51, -1, 2.5, "10"] as const).map((v) => ({
    id: `tool-calls-${JSON.stringify(v).replaceAll('"', "q")}`,
    description: `max_tool_calls ${JSON.stringify(v)} (invalid)`,
    body: { message: "hi", max_tool_calls: v },
  })),
  { id: "no-message", description: "no message (invalid)", body: { max_iterations: 5 } },
  {
    id: "mode-voice",
    description: 'mode "voice" (invalid)',
    body: { message: "hi", mode: "voice" },
  },
];
