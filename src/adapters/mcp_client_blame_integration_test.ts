/**
 * Crash blame of the MCP client adapter: when the server dies with several calls in flight,
 * only the call that crashes it alone is errored; the others get their real answers.
 */
import assert from "node:assert/strict";
import { InMemoryTransport } from "./_mcp_sdk.ts";
import { mcpClientAdapter, type McpTransportFactory } from "./mcp_client.ts";
import { answerInitialize, type FakeRequest } from "./testdata/answer_initialize.ts";
import { CaseCalls, withTimeout } from "../core/_run_timeout.ts";

/**
 * A server that answers each call after `delayMs`; a call named `crash` closes it first.
 * Each server takes `startMs` to start.
 */
function slowServer(delayMs: number, startMs = 0) {
  let connections = 0;
  const received: string[] = [];
  const factory: McpTransportFactory = async () => {
    connections++;
    if (startMs > 0) await new Promise((go) => setTimeout(go, startMs));
    const [client, server] = InMemoryTransport.createLinkedPair();
    server.onmessage = (message) => {
      const m = message as FakeRequest;
      if (m.id === undefined || !m.method) return;
      if (answerInitialize(server, m, "slow")) return;
      const name = String(m.params?.name);
      received.push(name);
      setTimeout(() => {
        if (name.startsWith("crash")) void server.close();
        else {
          server.send({
            jsonrpc: "2.0",
            id: m.id!,
            result: { content: [{ type: "text", text: name }] },
          }).catch(() => {}); // the connection died meanwhile
        }
      }, name.startsWith("crash") ? delayMs / 4 : delayMs);
    };
    await server.start();
    return { transport: client };
  };
  return { factory, connections: () => connections, received };
}

const call = (name: string) => ({ operation: "call_tool", input: { name, arguments: {} } });

Deno.test("a crash with several calls in flight errors only the call that crashes alone", async () => {
  const { factory, connections } = slowServer(40);
  const adapter = mcpClientAdapter(factory, { maxRestarts: 5 });
  await adapter.start();
  const replies = await Promise.all(["a", "crash", "b", "c"].map((n) => adapter.run(call(n))));
  assert.deepEqual(replies.map((r) => r.kind), ["result", "errored", "result", "result"]);
  assert.deepEqual(
    replies.filter((r) => r.kind === "result").map((r) =>
      (r as { value: { content: { text: string }[] } }).value.content[0].text
    ),
    ["a", "b", "c"],
  );
  assert.match((replies[1] as { message: string }).message, /closed the connection/);
  // The first server died in the batch, a second one when "crash" was re-sent alone, and a
  // third one answers what came after: two restarts, not one per call in flight.
  assert.equal(connections(), 3);
  await adapter.close();
});

Deno.test("the blame is the same at any concurrency: two crashers among calls in flight", async () => {
  const names = ["a", "crash-1", "b", "crash-2", "c", "d"];
  const outcome = async (concurrency: number) => {
    const { factory } = slowServer(30);
    const adapter = mcpClientAdapter(factory, { maxRestarts: 10 });
    await adapter.start();
    const kinds: string[] = new Array(names.length);
    for (let i = 0; i < names.length; i += concurrency) {
      const batch = names.slice(i, i + concurrency);
      const replies = await Promise.all(batch.map((n) => adapter.run(call(n))));
      replies.forEach((r, j) => (kinds[i + j] = r.kind));
    }
    await adapter.close();
    return kinds;
  };
  const one = await outcome(1);
  assert.deepEqual(one, ["result", "errored", "result", "errored", "result", "result"]);
  assert.deepEqual(await outcome(6), one);
  assert.deepEqual(await outcome(3), one);
});

Deno.test("the re-run is bounded by maxRestarts: no loop when the budget is spent", async () => {
  const { factory, connections } = slowServer(20);
  const adapter = mcpClientAdapter(factory, { maxRestarts: 1 });
  await adapter.start();
  const replies = await Promise.all(["crash", "a", "b"].map((n) => adapter.run(call(n))));
  // One restart: the first call re-sent alone crashes it again; the rest find no budget.
  assert.equal(connections(), 2);
  assert.ok(replies.every((r) => r.kind === "errored" || r.kind === "result"));
  assert.ok(
    replies.some((r) => /restarts already used/.test((r as { message?: string }).message ?? "")),
  );
  await adapter.close();
});

/**
 * A server over an in-memory pair whose tool `hang*` never answers; others answer after
 * `delayMs`. `sequential`: one call at a time, in order (a hung call holds up the ones
 * after it, as in a single-threaded server); else every call runs at once.
 */
function hangServer(delayMs: number, sequential: boolean) {
  let connections = 0;
  let closed = 0;
  const factory: McpTransportFactory = async () => {
    connections++;
    const [client, server] = InMemoryTransport.createLinkedPair();
    let queue = Promise.resolve();
    let gone = false;
    server.onclose = () => {
      gone = true;
      closed++;
    };
    const answer = async (m: { id: number; params?: Record<string, unknown> }) => {
      const name = String(m.params?.name);
      if (name.startsWith("hang")) return await new Promise<void>(() => {});
      await new Promise((r) => setTimeout(r, delayMs));
      if (gone) return;
      await server.send({
        jsonrpc: "2.0",
        id: m.id,
        result: { content: [{ type: "text", text: name }] },
      }).catch(() => {});
    };
    server.onmessage = (message) => {
      const m = message as FakeRequest;
      if (m.id === undefined || !m.method) return;
      if (answerInitialize(server, m, "hang")) return;
      const call = { id: m.id, params: m.params };
      if (sequential) queue = queue.then(() => answer(call));
      else void answer(call);
    };
    await server.start();
    return { transport: client };
  };
  return { factory, connections: () => connections, closed: () => closed };
}

/** The reply kinds of `names` run `concurrency` at a time, the servers made, the time taken. */
async function runHangs(names: string[], concurrency: number, sequential: boolean) {
  const { factory, connections, closed } = hangServer(20, sequential);
  const adapter = mcpClientAdapter(factory, {
    maxRestarts: 10,
    callTimeoutMs: 300,
    replaceHung: true,
  });
  await adapter.start();
  const started = Date.now();
  const kinds: string[] = new Array(names.length);
  const messages: string[] = new Array(names.length);
  for (let i = 0; i < names.length; i += concurrency) {
    const batch = names.slice(i, i + concurrency);
    const replies = await Promise.all(batch.map((n) => adapter.run(call(n))));
    replies.forEach((r, j) => {
      kinds[i + j] = r.kind;
      messages[i + j] = r.kind === "errored" ? r.message : "";
    });
  }
  const ms = Date.now() - started;
  const closedBefore = closed();
  await adapter.close();
  return { kinds, messages, connections: connections(), closedBefore, ms };
}

Deno.test("a call timeout ends the stuck server; the calls queued behind it get their answers from a fresh one", async () => {
  const names = ["a", "hang", "b", "c"];
  const one = await runHangs(names, 1, true);
  assert.deepEqual(one.kinds, ["result", "errored", "result", "result"]);
  assert.match(one.messages[1], /tools\/call timed out after 300 ms/);
  // The stuck server was ended (not kept until close) and a second one answered b and c.
  assert.equal(one.connections, 2);
  assert.equal(one.closedBefore, 1);
  const four = await runHangs(names, 4, true);
  assert.deepEqual(four.kinds, one.kinds);
  assert.deepEqual(four.messages, one.messages);
  assert.equal(four.connections, 2);
});

Deno.test("two stuck calls on a sequential server: the same blame at any concurrency", async () => {
  const names = ["a", "hang-1", "b", "hang-2", "c", "d"];
  const one = await runHangs(names, 1, true);
  assert.deepEqual(one.kinds, ["result", "errored", "result", "errored", "result", "result"]);
  for (const concurrency of [6, 3]) {
    const many = await runHangs(names, concurrency, true);
    assert.deepEqual(many.kinds, one.kinds, `at concurrency ${concurrency}`);
    assert.deepEqual(many.messages, one.messages, `at concurrency ${concurrency}`);
  }
});

Deno.test("stuck calls on a concurrent server: the same blame at any concurrency, each errored within its own timeout", async () => {
  const names = ["a", "hang-1", "b", "hang-2", "c", "hang-3", "d", "e"];
  const one = await runHangs(names, 1, false);
  assert.deepEqual(one.kinds, [
    "result",
    "errored",
    "result",
    "errored",
    "result",
    "errored",
    "result",
    "result",
  ]);
  assert.equal(one.connections, 4);
  const eight = await runHangs(names, 8, false);
  assert.deepEqual(eight.kinds, one.kinds);
  assert.deepEqual(eight.messages, one.messages);
  // The server answered b while hang-1 was unanswered: it runs calls concurrently, so the
  // stuck calls are not sent again one by one (a call timeout each, not three in a row).
  assert.ok(eight.ms < 3 * 300, `took ${eight.ms} ms`);
  // Every call was in flight on the first server: it is ended once they are over.
  assert.equal(eight.connections, 1);
  assert.equal(eight.closedBefore, 1);
});

Deno.test("a case timeout (TimeoutError abort) ends the stuck server; a plain abort keeps it", async () => {
  for (const [reason, servers] of [["TimeoutError", 2], ["AbortError", 1]] as const) {
    const { factory, connections } = hangServer(10, true);
    const adapter = mcpClientAdapter(factory, {
      maxRestarts: 3,
      callTimeoutMs: 10_000,
      replaceHung: true,
    });
    await adapter.start();
    const abort = new AbortController();
    setTimeout(() => abort.abort(new DOMException("case timed out", reason)), 100);
    const stuck = await adapter.run(call("hang"), { signal: abort.signal });
    assert.equal(stuck.kind, "errored");
    assert.match((stuck as { message: string }).message, /aborted/);
    if (reason === "TimeoutError") {
      assert.equal((await adapter.run(call("after"))).kind, "result");
    }
    assert.equal(connections(), servers, reason);
    await adapter.close();
  }
});

Deno.test("a call's case clock stops while it waits behind calls re-sent alone and the restarts they bring about", async () => {
  // Each call takes 40 ms and each server 150 ms to start; three crashers among six calls in
  // flight are re-sent alone, each on a fresh server, then so is every innocent call: the
  // last waits about a second, with a case timeout of 400 ms. "late" comes once they queue.
  const { factory } = slowServer(40, 150);
  const adapter = mcpClientAdapter(factory, { maxRestarts: 20 });
  await adapter.start();
  const run = (name: string) => {
    const abort = new AbortController();
    const calls = new CaseCalls(abort);
    return withTimeout(() => calls.run(adapter, call(name)), 400, abort, name, calls.clock)
      .then((r) => r.kind, (e: Error) => e.message);
  };
  const names = ["a", "crash-1", "b", "crash-2", "c", "crash-3"];
  const early = names.map(run);
  await new Promise((go) => setTimeout(go, 30));
  const kinds = await Promise.all([...early, run("late")]);
  assert.deepEqual(kinds, [
    "result",
    "errored",
    "result",
    "errored",
    "result",
    "errored",
    "result",
  ]);
  await adapter.close();
});
