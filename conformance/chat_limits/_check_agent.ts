import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Finding } from "../../src/core/types.ts";
import transcriptSchema from "./transcript.schema.json" with { type: "json" };
import { finding, quote, ruleLevels } from "./_finding.ts";
import { effectiveLimits, limitMessage, numbersIn } from "./_limits.ts";
import {
  type AgentObservation,
  type ChatRequest,
  EXHAUSTED_FINAL,
  type ScriptToolCall,
  type ScriptTurn,
  type Transcript,
} from "./types.ts";

const checkTranscriptShape = createSchemaChecker(transcriptSchema, {
  defaultRule: "CL-TRANSCRIPT",
  levels: ruleLevels,
});

const calls = (n: number) => `${n} call${n === 1 ? "" : "s"}`;

interface Located {
  turn: number;
  call: ScriptToolCall;
}

/**
 * Check a scripted session (already valid against the observation schema): the transcripts'
 * shape, then every enforcement rule on each transcript.
 *
 * @param obs The observation.
 * @returns The findings of the enforcement rules.
 */
export function checkAgentObservation(obs: AgentObservation): Finding[] {
  const out: Finding[] = [];
  const ids = new Map<string, Located>();
  obs.script.turns.forEach((turn, k) => {
    if ("tool_calls" in turn) {
      for (const call of turn.tool_calls) {
        if (ids.has(call.id)) {
          out.push(
            finding("CL-OBSERVATION", "/script", `tool call id ${quote(call.id)} is not unique`),
          );
        }
        ids.set(call.id, { turn: k, call });
      }
    }
  });
  if (out.length > 0) return out;
  if (obs.raised) {
    out.push(finding(
      "CL-TOOL-ERROR",
      "/raised",
      `the agent raised ${quote(obs.raised.type)}: ${quote(obs.raised.message, 200)}`,
      { params: { ...obs.raised } },
    ));
    return out;
  }
  const transcripts = obs.transcripts ?? [];
  if (transcripts.length !== obs.requests.length) {
    out.push(finding(
      "CL-TRANSCRIPT",
      "/transcripts",
      `${transcripts.length} transcripts for ${obs.requests.length} requests`,
      { expected: obs.requests.length, actual: transcripts.length },
    ));
  }
  let previous = 0;
  transcripts.forEach((t, i) => {
    const base = jsonPointer("transcripts", i);
    const shape = checkTranscriptShape(t).map((f) => ({
      ...f,
      instancePath: base + f.instancePath,
    }));
    if (shape.length > 0) out.push(...shape);
    else if (i < obs.requests.length) {
      checkTranscript(obs, i, t as Transcript, previous, ids, out);
    }
    const calls = (t as Partial<Transcript> | null)?.tool_calls;
    if (Array.isArray(calls)) previous += calls.length;
  });
  return out;
}

function checkTranscript(
  obs: AgentObservation,
  i: number,
  t: Transcript,
  previous: number,
  ids: Map<string, Located>,
  out: Finding[],
): void {
  const request: ChatRequest = obs.requests[i];
  const { maxIterations: n, maxToolCalls: m } = effectiveLimits(request);
  const at = (...rest: (string | number)[]) => jsonPointer("transcripts", i, ...rest);
  const turns = obs.script.turns;
  const turnAt = (k: number): ScriptTurn => turns[k] ?? { final: EXHAUSTED_FINAL };
  const c = t.model_calls;
  const judged = Math.min(c, n);
  if (t.ended === "error") {
    // A request that ended in error is judged by that alone, as a raised agent is: what it
    // left undone follows from the error.
    out.push(finding(
      "CL-TOOL-ERROR",
      at("ended"),
      `the request ended in error: ${quote(t.error ?? "", 200)}`,
      { expected: "not error", actual: "error" },
    ));
    return;
  }

  if (c > n) {
    out.push(
      finding("CL-ITER-MAX", at("model_calls"), `${c} model calls with max_iterations ${n}`, {
        expected: `<= ${n}`,
        actual: c,
      }),
    );
  }
  if (c === 0) {
    out.push(finding("CL-LOOP", at("model_calls"), "the model was never called", {
      expected: ">= 1",
      actual: 0,
    }));
  }
  for (let k = 0; k < judged - 1; k++) {
    if ("final" in turnAt(k)) {
      out.push(finding(
        "CL-LOOP",
        at("model_calls"),
        `the model was called again after its final answer (call ${k + 1})`,
        { expected: k + 1, actual: c },
      ));
      break;
    }
  }

  // Executed calls: requested by a served turn, under the requested name, once.
  const executedAt = new Map<string, number>();
  t.tool_calls.forEach((call, x) => {
    const where = ids.get(call.id);
    if (!where || where.turn >= c) {
      out.push(finding(
        "CL-TOOL-BATCH",
        at("tool_calls", x),
        `executed call ${quote(call.id)} was not requested by any model call of the request`,
      ));
    } else if (call.name !== where.call.name) {
      out.push(finding(
        "CL-TOOL-BATCH",
        at("tool_calls", x, "name"),
        `call ${quote(call.id)} executed as ${quote(call.name)}, requested as "${where.call.name}"`,
        { expected: where.call.name, actual: call.name },
      ));
    } else if (executedAt.has(call.id)) {
      out.push(
        finding("CL-TOOL-BATCH", at("tool_calls", x), `call ${quote(call.id)} executed twice`),
      );
    } else executedAt.set(call.id, x);
  });

  const messagesFor = new Map<string, number[]>();
  t.tool_messages.forEach((msg, x) => {
    const where = ids.get(msg.tool_call_id);
    if (!where || where.turn >= c) {
      out.push(finding(
        "CL-TOOL-ANSWERED",
        at("tool_messages", x, "tool_call_id"),
        `tool message answers ${quote(msg.tool_call_id)}, not a call the model asked for`,
      ));
      return;
    }
    const list = messagesFor.get(msg.tool_call_id) ?? [];
    list.push(x);
    messagesFor.set(msg.tool_call_id, list);
  });

  let count = 0; // calls executed in this request before the current turn
  let attempted = 0; // calls asked for in this request before the current turn
  let carriedSeen = false; // a refusal of this request was explained by the earlier requests
  for (let k = 0; k < judged; k++) {
    const turn = turnAt(k);
    if (!("tool_calls" in turn)) continue;
    const batch = turn.tool_calls;
    const executed = batch.filter((call) => executedAt.has(call.id));
    const lastAllowed = k === n - 1;
    const status = executed.length === 0
      ? "none"
      : executed.length === batch.length
      ? "executed"
      : "partial";
    const fits = count + batch.length <= m;
    const firstMessage = messagesFor.get(batch[0].id)?.[0];
    if (status === "partial") {
      out.push(finding(
        "CL-TOOL-WHOLE-BATCH",
        at("tool_calls", executedAt.get(executed[0].id)!),
        `${executed.length} of the ${batch.length} calls of model call ${k + 1} were executed`,
        { expected: `0 or ${batch.length}`, actual: executed.length },
      ));
    } else if (status === "executed" && lastAllowed) {
      out.push(finding(
        "CL-ITER-LAST",
        at("tool_calls", executedAt.get(batch[0].id)!),
        `the tools of model call ${k + 1}, the last allowed by max_iterations ${n}, were executed`,
      ));
    } else if (status === "none" && fits && !lastAllowed) {
      // A refusal explained by the earlier requests' count, and whose notice shows that
      // count, is a per-request fault; any other refusal of a fitting batch is CL-TOOL-FITS.
      const shown = firstMessage === undefined
        ? []
        : numbersIn(t.tool_messages[firstMessage].content);
      // A refusal whose notice counts this request's refused calls too is the design's open
      // point (CL-TOOL-COUNTS-EXECUTED); one explained only by the earlier requests' count, and
      // whose notice shows that count, is a per-request fault; any other is CL-TOOL-FITS.
      // (the limit N is in every notice: a count equal to it tells nothing)
      const byAttempts: boolean = !carriedSeen && attempted > count && attempted !== m &&
        attempted + batch.length > m && shown.includes(String(attempted));
      const carried: boolean = !byAttempts && i > 0 && previous > 0 &&
        previous + count + batch.length > m &&
        shown.includes(String(previous + count)) && !shown.includes(String(count));
      carriedSeen ||= carried;
      const rule = byAttempts
        ? "CL-TOOL-COUNTS-EXECUTED"
        : carried
        ? "CL-PER-REQUEST"
        : "CL-TOOL-FITS";
      const what = `the batch of model call ${k + 1} (${calls(batch.length)}, ${count} executed`;
      out.push(finding(
        rule,
        firstMessage === undefined ? at("tool_calls") : at("tool_messages", firstMessage),
        byAttempts
          ? `${what} in this request, limit ${m}) was refused: its notice counts ${attempted} calls, the refused ones included`
          : carried
          ? `${what} in this request, limit ${m}) was refused and its notice counts ${
            previous + count
          }, this request's ${count} plus the ${previous} executed by earlier requests`
          : `${what}, limit ${m}) fits but was not executed`,
        {
          expected: "executed",
          actual: "not executed",
          params: { turn: k, count, size: batch.length, max: m },
        },
      ));
    }

    for (const call of batch) {
      const list = messagesFor.get(call.id) ?? [];
      const needed = !lastAllowed || executedAt.has(call.id);
      if (list.length > 1) {
        out.push(finding(
          "CL-TOOL-ANSWERED",
          at("tool_messages", list[1]),
          `call ${quote(call.id)} has ${list.length} tool messages`,
          { expected: 1, actual: list.length },
        ));
        continue;
      }
      if (list.length === 0) {
        if (needed) {
          out.push(finding(
            "CL-TOOL-ANSWERED",
            at("tool_messages"),
            `call ${quote(call.id)} of model call ${
              k + 1
            } has no tool message (dangling tool call)`,
            { expected: 1, actual: 0, params: { tool_call_id: call.id } },
          ));
        }
        continue;
      }
      const x = list[0];
      const msg = t.tool_messages[x];
      if (executedAt.has(call.id)) {
        if (msg.limited) {
          out.push(finding(
            "CL-LIMIT-MESSAGE",
            at("tool_messages", x, "limited"),
            `executed call ${quote(call.id)} has a message marked limited`,
            { expected: false, actual: true },
          ));
        }
        if (call.name === "fail" && !msg.content.includes(call.args.message ?? "")) {
          out.push(finding(
            "CL-TOOL-ERROR",
            at("tool_messages", x, "content"),
            `the message of failing call ${quote(call.id)} does not carry its error ${
              quote(call.args.message ?? "")
            }: ${quote(msg.content)}`,
            { expected: call.args.message, actual: msg.content.slice(0, 200) },
          ));
        }
      } else if (status === "none" && !fits && !lastAllowed) {
        const before = out.length;
        checkRefusal(
          msg.content,
          msg.limited,
          { m, count, attempted: carriedSeen ? count : attempted, previous: i > 0 ? previous : 0 },
          at("tool_messages", x),
          out,
        );
        carriedSeen ||= out.slice(before).some((f) => f.ruleId === "CL-PER-REQUEST");
      }
    }
    count += executed.length;
    attempted += batch.length;
  }
  checkIterationNotice(t, { n, c, turn: turnAt(n - 1), executedAt }, at, out);

  if (c >= 1 && c < n) {
    const last = turnAt(c - 1);
    if ("tool_calls" in last && last.tool_calls.every((call) => executedAt.has(call.id))) {
      out.push(finding(
        "CL-LOOP",
        at("model_calls"),
        `the request ended after executing the tools of model call ${c} with ${
          n - c
        } iterations left`,
        { expected: `> ${c}`, actual: c },
      ));
    }
  }
  if (t.tool_calls.length > m) {
    out.push(finding(
      "CL-TOOL-MAX",
      at("tool_calls", m),
      `${t.tool_calls.length} tool calls executed with max_tool_calls ${m}`,
      { expected: `<= ${m}`, actual: t.tool_calls.length },
    ));
  }
}

function checkRefusal(
  content: string,
  limited: boolean,
  state: { m: number; count: number; attempted: number; previous: number },
  path: string,
  out: Finding[],
): void {
  const { m, count, attempted, previous } = state;
  if (!limited) {
    out.push(
      finding(
        "CL-LIMIT-MESSAGE",
        path + "/limited",
        `a call refused by the tool limit is answered without a limit notice (not marked limited): ${
          quote(content, 200)
        }`,
        {
          expected: true,
          actual: false,
        },
      ),
    );
    return;
  }
  if (content === limitMessage(m, count)) return;
  if (attempted > count && content === limitMessage(m, attempted)) {
    out.push(finding(
      "CL-TOOL-COUNTS-EXECUTED",
      path + "/content",
      `the refusal counts ${attempted} calls, the refused ones included; this request executed ${count}`,
      { expected: count, actual: attempted },
    ));
    return;
  }
  const carried = previous > 0 ? previous + count : -1;
  const carriedOver = () =>
    finding(
      "CL-PER-REQUEST",
      path + "/content",
      `the refusal counts ${carried} calls, this request's ${count} plus the ${previous} executed by earlier requests`,
      { expected: count, actual: carried },
    );
  if (carried >= 0 && content === limitMessage(m, carried)) {
    out.push(carriedOver());
    return;
  }
  const numbers = numbersIn(content);
  if (numbers.includes(String(m)) && numbers.includes(String(count))) {
    out.push(
      finding(
        "CL-LIMIT-WORDING",
        path + "/content",
        `the refusal is not worded as the design's: ${quote(content, 200)}`,
        {
          expected: limitMessage(m, count),
          actual: content.slice(0, 400),
        },
      ),
    );
    return;
  }
  if (carried >= 0 && numbers.includes(String(m)) && numbers.includes(String(carried))) {
    out.push(carriedOver());
    return;
  }
  out.push(finding(
    "CL-LIMIT-COUNTS",
    path + "/content",
    `the refusal does not state the limit ${m} and the count ${count}: ${quote(content, 200)}`,
    { expected: { limit: m, count }, actual: content.slice(0, 400) },
  ));
}

/** Iteration notices: what a request stopped by max_iterations with tools asked for says. */
const ITERATION_WORDS = /iteration|limit/i;

function checkIterationNotice(
  t: Transcript,
  stop: { n: number; c: number; turn: ScriptTurn; executedAt: Map<string, number> },
  at: (...rest: (string | number)[]) => string,
  out: Finding[],
): void {
  const { n, c, turn, executedAt } = stop;
  // Only a request that stopped at call max_iterations was stopped by it: one that called the
  // model more often ran past the limit (CL-ITER-MAX) and its last call is not call n.
  if (c !== n || !("tool_calls" in turn)) return;
  if (turn.tool_calls.some((call) => executedAt.has(call.id))) return;
  const ids = new Set(turn.tool_calls.map((call) => call.id));
  const told = ITERATION_WORDS.test(t.notice ?? "") ||
    t.tool_messages.some((m) => ids.has(m.tool_call_id) && ITERATION_WORDS.test(m.content));
  if (told) return;
  out.push(finding(
    "CL-ITER-NOTICE",
    at("notice"),
    `the request stopped at max_iterations ${n} with the ${
      calls(turn.tool_calls.length)
    } of model call ${n} not run, and said nothing of a limit`,
    { expected: "a notice naming the iteration limit", actual: t.notice ?? "(none)" },
  ));
}
