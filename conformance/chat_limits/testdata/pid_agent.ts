// A chat agent for the http-agent adapter's tests: it answers every chat request, after a
// short wait (so that calls overlap), with a stream whose message names its process id.
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`),
}, async () => {
  await new Promise((r) => setTimeout(r, 200));
  const events = [
    { type: "message", content: `pid ${Deno.pid}` },
    { type: "done", llm_calls: 0, tool_calls_count: 0 },
  ];
  return new Response(events.map((e) => `data: ${JSON.stringify(e)}\n\n`).join(""), {
    headers: { "content-type": "text/event-stream" },
  });
});
