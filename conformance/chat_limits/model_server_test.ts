/**
 * The scripted model server against the official `openai` npm client: tool calls and final
 * answers, non-streaming and streaming, the recording of tool results, and error bodies.
 */
import assert from "node:assert/strict";
import OpenAI from "openai";
import { scriptMarker, startScriptedModelServer } from "./model_server.ts";
import type { Script } from "./types.ts";

const SCRIPT: Script = {
  turns: [
    {
      tool_calls: [
        { id: "a", name: "echo", args: { text: "R1: started" } },
        { id: "b", name: "fail", args: { message: "R2 unreachable" } },
      ],
    },
    { final: "R1 is up, R2 is down." },
  ],
};

const TOOLS = [
  {
    type: "function" as const,
    function: {
      name: "echo",
      parameters: { type: "object", properties: { text: { type: "string" } } },
    },
  },
  {
    type: "function" as const,
    function: {
      name: "fail",
      parameters: { type: "object", properties: { message: { type: "string" } } },
    },
  },
];

function client(baseURL: string) {
  return new OpenAI({ baseURL, apiKey: "netconform", maxRetries: 0, timeout: 5000 });
}

Deno.test("model server: the openai client gets tool calls, then the final text (non-streaming)", async () => {
  const server = startScriptedModelServer();
  try {
    const openai = client(server.baseUrl);
    const token = server.register(SCRIPT);
    const user = { role: "user" as const, content: `status? ${scriptMarker(token)}` };
    const first = await openai.chat.completions.create({
      model: "scripted",
      messages: [user],
      tools: TOOLS,
      tool_choice: "auto",
    });
    const message = first.choices[0].message;
    assert.equal(first.choices[0].finish_reason, "tool_calls");
    assert.ok(first.usage && first.usage.total_tokens > 0);
    const calls = message.tool_calls ?? [];
    assert.deepEqual(
      calls.map((c) =>
        c.type === "function" ? [c.function.name, JSON.parse(c.function.arguments)] : []
      ),
      [["echo", { text: "R1: started" }], ["fail", { message: "R2 unreachable" }]],
    );
    assert.equal(new Set(calls.map((c) => c.id)).size, 2);
    const second = await openai.chat.completions.create({
      model: "scripted",
      messages: [
        user,
        message,
        { role: "tool", tool_call_id: calls[0].id, content: "R1: started" },
        { role: "tool", tool_call_id: calls[1].id, content: "Error: R2 unreachable" },
      ],
      tools: TOOLS,
    });
    assert.equal(second.choices[0].message.content, "R1 is up, R2 is down.");
    assert.equal(second.choices[0].finish_reason, "stop");
    const recorded = server.calls(token);
    assert.equal(recorded.length, 2);
    assert.deepEqual(recorded[0].tools, ["echo", "fail"]);
    assert.equal(recorded[0].tool_choice, "auto");
    assert.deepEqual(recorded[1].tool_results, [
      { tool_call_id: calls[0].id, content: "R1: started" },
      { tool_call_id: calls[1].id, content: "Error: R2 unreachable" },
    ]);
    assert.deepEqual(recorded[1].asked, calls.map((c) => c.id));
    // Past the end of the script: the exhausted answer.
    const third = await openai.chat.completions.create({ model: "scripted", messages: [user] });
    assert.equal(third.choices[0].message.content, "(script exhausted)");
  } finally {
    await server.close();
  }
});

Deno.test("model server: the openai client streams tool-call deltas and text (stream: true)", async () => {
  const server = startScriptedModelServer();
  try {
    const openai = client(server.baseUrl);
    const token = server.register(SCRIPT);
    const user = { role: "user" as const, content: `status? ${scriptMarker(token)}` };
    const stream = await openai.chat.completions.create({
      model: "scripted",
      messages: [user],
      tools: TOOLS,
      stream: true,
      stream_options: { include_usage: true },
    });
    const calls: { id?: string; name?: string; args: string }[] = [];
    let finish: string | null = null;
    let usageSeen = false;
    for await (const chunk of stream) {
      if (chunk.usage) usageSeen = true;
      for (const choice of chunk.choices) {
        for (const d of choice.delta.tool_calls ?? []) {
          calls[d.index] ??= { args: "" };
          if (d.id) calls[d.index].id = d.id;
          if (d.function?.name) calls[d.index].name = d.function.name;
          calls[d.index].args += d.function?.arguments ?? "";
        }
        finish = choice.finish_reason ?? finish;
      }
    }
    assert.equal(finish, "tool_calls");
    assert.ok(usageSeen);
    assert.deepEqual(calls.map((c) => [c.name, JSON.parse(c.args)]), [
      ["echo", { text: "R1: started" }],
      ["fail", { message: "R2 unreachable" }],
    ]);
    // The stream helper joins the deltas into a whole completion.
    const runner = openai.chat.completions.stream({
      model: "scripted",
      messages: [user],
      stream: true,
    });
    const done = await runner.finalChatCompletion();
    assert.equal(done.choices[0].message.content, "R1 is up, R2 is down.");
    assert.equal(server.calls(token).length, 2);
    assert.deepEqual(server.calls(token).map((c) => c.stream), [true, true]);
  } finally {
    await server.close();
  }
});

Deno.test("model server: models list and OpenAI-style errors", async () => {
  const server = startScriptedModelServer();
  try {
    const openai = client(server.baseUrl);
    const models = await openai.models.list();
    assert.deepEqual(models.data.map((m) => m.id), ["netconform-scripted"]);
    await assert.rejects(
      openai.chat.completions.create({ model: "scripted", messages: [] }),
      (error: unknown) => {
        assert.ok(error instanceof OpenAI.BadRequestError);
        assert.match(error.message, /messages/);
        return true;
      },
    );
    await assert.rejects(
      openai.chat.completions.create({
        model: "scripted",
        messages: [{ role: "user", content: scriptMarker("unknown") }],
      }),
      (error: unknown) => error instanceof OpenAI.NotFoundError,
    );
    const garbage = await fetch(`${server.baseUrl}/chat/completions`, {
      method: "POST",
      body: "{not json",
    });
    assert.equal(garbage.status, 400);
    assert.equal((await garbage.json()).error.type, "invalid_request_error");
    const noScript = await openai.chat.completions.create({
      model: "scripted",
      messages: [{ role: "user", content: "hello" }],
    });
    assert.equal(noScript.choices[0].message.content, "(no script)");
  } finally {
    await server.close();
  }
});

Deno.test("model server: concurrent requests are told apart by their tokens", async () => {
  const server = startScriptedModelServer();
  try {
    const openai = client(server.baseUrl);
    const tokens = [0, 1, 2, 3].map((i) => server.register({ turns: [{ final: `answer ${i}` }] }));
    const answers = await Promise.all(tokens.map((t) =>
      openai.chat.completions.create({
        model: "scripted",
        messages: [
          { role: "user", content: `earlier ${scriptMarker(tokens[(tokens.indexOf(t) + 1) % 4])}` },
          { role: "assistant", content: "ok" },
          { role: "user", content: `now ${scriptMarker(t)}` },
        ],
      })
    ));
    assert.deepEqual(answers.map((a) => a.choices[0].message.content), [
      "answer 0",
      "answer 1",
      "answer 2",
      "answer 3",
    ]);
    assert.deepEqual(tokens.map((t) => server.calls(t).length), [1, 1, 1, 1]);
  } finally {
    await server.close();
  }
});
