// An independent test agent that streams exactly the GNS3 Copilot chat events (`content`,
// `tool_call`, `tool_start` and `tool_end` WITHOUT tool_call_id, `done`, `error`) over
// Deno.serve, its model the kit's scripted model, with one bug per enforcement rule chosen by
// the project id of the chat path (`/v3/projects/<bug>/chat/stream`, `ok` for none).
// For gns3_shape_agent_integration_test.ts only.

/** The bugs, by the rule that must catch each. */
export const SHAPE_AGENT_BUGS: Record<string, string[]> = {
  "extra-model-call": ["CL-ITER-MAX"],
  "tools-on-last-call": ["CL-ITER-LAST"],
  "silent-iteration-stop": ["CL-ITER-NOTICE"],
  "stops-after-tools": ["CL-LOOP"],
  "checks-after-execute": ["CL-TOOL-MAX"],
  "refuses-exact-fit": ["CL-TOOL-FITS"],
  "partial-batch": ["CL-TOOL-WHOLE-BATCH"],
  "counts-refused": ["CL-TOOL-COUNTS-EXECUTED"],
  "unanswered-refusal": ["CL-TOOL-ANSWERED"],
  "skipped-not-limited": ["CL-LIMIT-MESSAGE"],
  "vague-refusal": ["CL-LIMIT-COUNTS"],
  "reworded-refusal": ["CL-LIMIT-WORDING"],
  "carries-count": ["CL-PER-REQUEST"],
  "errors-on-tool-error": ["CL-TOOL-ERROR"],
};

type Msg = Record<string, unknown>;
type Call = { id: string; function: { name: string; arguments: string } };

const TOOLS = ["echo", "fail"].map((name) => ({
  type: "function",
  function: { name, parameters: { type: "object", properties: {} } },
}));

const notice = (m: number, c: number) =>
  `Tool call limit reached (${m} calls). Please simplify your request or break it into smaller steps. Current tool call count: ${c}/${m}.`;

/**
 * Serve the agent on 127.0.0.1 (port 0); `modelUrl` is the scripted model's base URL.
 *
 * @returns Its base URL and a close function.
 */
export function serveShapeAgent(
  modelUrl: () => string,
): { url: string; close: () => Promise<void> } {
  const counts = new Map<string, number>(); // per session, for carries-count
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (req) => {
    const bug = new URL(req.url).pathname.split("/")[3];
    const body = await req.json() as Record<string, unknown>;
    for (const [f, top] of [["max_iterations", 100], ["max_tool_calls", 50]] as const) {
      const v = body[f];
      if (v != null && (!Number.isInteger(v) || (v as number) < 1 || (v as number) > top)) {
        return Response.json({ detail: [{ loc: ["body", f], msg: "bad" }] }, { status: 422 });
      }
    }
    if (bug === "rejects-valid") {
      return Response.json({ detail: [{ loc: ["body"], msg: "rejected" }] }, { status: 422 });
    }
    const events: Msg[] = [];
    await run(bug, body, counts, modelUrl(), events);
    const text = events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join("");
    return new Response(text, { headers: { "content-type": "text/event-stream" } });
  });
  const { port } = server.addr as Deno.NetAddr;
  return { url: `http://127.0.0.1:${port}`, close: () => server.shutdown() };
}

async function callModel(modelUrl: string, messages: Msg[]): Promise<Msg> {
  const r = await fetch(`${modelUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer x" },
    body: JSON.stringify({ model: "m", messages, tools: TOOLS }),
  });
  return (await r.json()).choices[0].message;
}

async function run(
  bug: string,
  body: Record<string, unknown>,
  counts: Map<string, number>,
  modelUrl: string,
  emit: Msg[],
): Promise<void> {
  const n = (body.max_iterations as number | null) ?? 20;
  const m = (body.max_tool_calls as number | null) ?? 999;
  const session = String(body.session_id ?? crypto.randomUUID());
  let count = bug === "carries-count" ? counts.get(session) ?? 0 : 0;
  let refusedCalls = 0;
  const messages: Msg[] = [{ role: "user", content: body.message }];
  const answer = (call: Call, output: string) => {
    messages.push({ role: "tool", tool_call_id: call.id, content: output });
    emit.push({ type: "tool_end", tool_name: call.function.name, tool_output: output });
  };
  const execute = (call: Call) => {
    emit.push({ type: "tool_start", tool_name: call.function.name });
    const args = JSON.parse(call.function.arguments || "{}");
    if (call.function.name === "fail") {
      if (bug === "errors-on-tool-error") throw new Error(String(args.message));
      answer(call, `Error: ${args.message}`);
    } else answer(call, String(args.text));
  };
  try {
    for (let k = 1;; k++) {
      const ai = await callModel(modelUrl, messages);
      messages.push({ role: "assistant", content: ai.content ?? "", tool_calls: ai.tool_calls });
      if (ai.content) emit.push({ type: "content", content: ai.content });
      const calls = (ai.tool_calls ?? []) as Call[];
      for (const c of calls) {
        emit.push({ type: "tool_call", tool_call_id: c.id, tool_name: c.function.name });
      }
      if (calls.length === 0) break;
      if (k >= n) {
        if (bug === "tools-on-last-call" && count + calls.length <= m) {
          calls.forEach(execute);
          break;
        }
        if (bug === "extra-model-call") await callModel(modelUrl, messages);
        // The stop is told by a tool_end for each call left (after the last model call).
        if (bug !== "silent-iteration-stop") {
          for (const c of calls) answer(c, `Iteration limit reached (max_iterations ${n}).`);
        }
        break;
      }
      const counted = count + (bug === "counts-refused" ? refusedCalls : 0);
      const over = bug === "checks-after-execute"
        ? counted >= m
        : bug === "refuses-exact-fit"
        ? counted + calls.length >= m
        : counted + calls.length > m;
      if (!over) {
        calls.forEach(execute);
        count += calls.length;
        if (bug === "stops-after-tools") break;
        continue;
      }
      let refused = calls;
      if (bug === "partial-batch" && count < m) {
        calls.slice(0, m - count).forEach(execute);
        refused = calls.slice(m - count);
        count = m;
      }
      refusedCalls += calls.length;
      for (const c of refused) {
        if (bug === "unanswered-refusal") continue;
        answer(
          c,
          bug === "skipped-not-limited"
            ? "skipped"
            : bug === "vague-refusal"
            ? "Tool call limit reached."
            : bug === "reworded-refusal"
            ? `Limit reached: ${counted}/${m} tool calls used.`
            : notice(m, counted),
        );
      }
    }
    counts.set(session, count);
    emit.push({ type: "done" });
  } catch (error) {
    emit.push({ type: "error", error: (error as Error).message });
  }
}
