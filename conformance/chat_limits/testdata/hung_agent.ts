// A broken chat agent for the http-agent adapter's tests: it starts a grandchild (which a
// kill of the agent alone would leave behind), then either exits before it is ready
// (`--exit`) or listens and answers every chat request with a stream that never ends.
const child = new Deno.Command("sleep", { args: ["300"] }).spawn();
console.error(`pids ${Deno.pid} ${child.pid}`);
if (Deno.args.includes("--exit")) {
  console.error("boom: the agent cannot start");
  Deno.exit(3);
}
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`listening http://127.0.0.1:${port}`),
}, () =>
  new Response(
    new ReadableStream({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('data: {"type":"thinking"}\n\n'));
      },
    }),
    { headers: { "content-type": "text/event-stream" } },
  ));
