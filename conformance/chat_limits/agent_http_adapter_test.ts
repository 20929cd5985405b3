import assert from "node:assert/strict";
import { agentHttpAdapter } from "./agent_http_adapter.ts";

const HUNG = new URL("./testdata/hung_agent.ts", import.meta.url).pathname;

const adapterFor = (...args: string[]) =>
  agentHttpAdapter({
    command: {
      argv: [
        Deno.execPath(),
        "run",
        "--quiet",
        "--allow-net=127.0.0.1",
        "--allow-run=sleep",
        HUNG,
        ...args,
      ],
      readyLine: "^listening (http://\\S+)$",
    },
    chat: { timeoutMs: 500 },
    startMs: 20_000,
  });

/** Whether a process is alive (a zombie is not); `ps`, since /proc needs --allow-all. */
async function alive(pid: number): Promise<boolean> {
  const { stdout } = await new Deno.Command("ps", { args: ["-o", "stat=", "-p", String(pid)] })
    .output();
  const state = new TextDecoder().decode(stdout).trim();
  return state !== "" && !state.startsWith("Z");
}

async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return await check();
}

function pids(stderr: string): number[] {
  const m = /pids (\d+) (\d+)\n/.exec(stderr);
  assert.ok(m, stderr);
  return [Number(m[1]), Number(m[2])];
}

Deno.test({
  name:
    "a hung agent errors the session within the request timeout; close() ends its process group",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const adapter = adapterFor();
    const seen: number[] = [];
    try {
      await adapter.start();
      const started = Date.now();
      const reply = await adapter.run({
        operation: "chat_session",
        input: { script: { turns: [{ final: "hi" }] }, requests: [{ message: "hello" }] },
      });
      const took = Date.now() - started;
      assert.equal(reply.kind, "errored");
      assert.match((reply as { message: string }).message, /did not end within 500 ms/);
      assert.ok(took < 5000, `${took} ms`);
      // The whole line: under load it can arrive in pieces.
      assert.ok(await until(() => /pids \d+ \d+\n/.test(adapter.stderr?.() ?? ""), 5000));
      const [agent, grandchild] = pids(adapter.stderr!());
      seen.push(agent, grandchild);
      assert.ok(await alive(agent) && await alive(grandchild), `${agent} ${grandchild}`);
      await adapter.close();
      assert.ok(
        await until(async () => !(await alive(agent)) && !(await alive(grandchild)), 5000),
        "processes left",
      );
    } finally {
      await adapter.close(); // twice is fine
      for (const pid of seen) if (await alive(pid)) Deno.kill(pid, "SIGKILL"); // a failed run's
    }
  },
});

Deno.test({
  name: "an agent that exits before it is ready fails the start with its output, nothing left",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const adapter = adapterFor("--exit");
    let message = "";
    try {
      await assert.rejects(adapter.start(), (error: Error) => {
        message = error.message;
        return /did not print a line matching .* \(it exited\)/.test(message) &&
          /boom: the agent cannot start/.test(message);
      });
    } finally {
      await adapter.close();
    }
    const [, grandchild] = pids(message);
    const gone = await until(async () => !(await alive(grandchild)), 5000);
    if (!gone) Deno.kill(grandchild, "SIGKILL");
    assert.ok(gone, "the grandchild was left");
  },
});

Deno.test("other operations are skipped; chat before start is a harness fault", async () => {
  const adapter = agentHttpAdapter({ baseUrl: "http://127.0.0.1:9" });
  assert.equal((await adapter.run({ operation: "run_agent", input: {} })).kind, "skipped");
  assert.equal((await adapter.run({ operation: "chat", input: {} })).kind, "errored");
  await adapter.close();
});

Deno.test("a program that does not exist fails the start, and the model server is stopped", async () => {
  const adapter = agentHttpAdapter({
    command: { argv: ["/nonexistent/netconform-agent"], readyLine: "listening" },
  });
  await assert.rejects(adapter.start(), /Cannot start "\/nonexistent\/netconform-agent"/);
  // Nothing is left to close: a second close is a no-op, and no operation runs.
  await adapter.close();
  assert.equal((await adapter.run({ operation: "chat_session", input: {} })).kind, "errored");
});

const PID_AGENT = new URL("./testdata/pid_agent.ts", import.meta.url).pathname;

Deno.test({
  name:
    "two copies of the agent: calls go to the least busy, a session's requests to one copy, close() ends both",
  ignore: Deno.build.os !== "linux",
  async fn() {
    const adapter = agentHttpAdapter({
      command: {
        argv: [Deno.execPath(), "run", "--quiet", "--allow-net=127.0.0.1", PID_AGENT],
        readyLine: "^listening (http://\\S+)$",
      },
      chat: { timeoutMs: 10_000 },
      startMs: 20_000,
      processes: 2,
    });
    const pidsOf = (reply: unknown) =>
      (reply as { value: { exchanges: { response: { events: { data: string }[] } }[] } }).value
        .exchanges.map((e) => Number(/pid (\d+)/.exec(e.response.events[0].data)?.[1]));
    const seen = new Set<number>();
    try {
      await adapter.start();
      const session = (requests: number) =>
        adapter.run({
          operation: "chat_session",
          input: {
            script: { turns: [{ final: "hi" }] },
            requests: Array.from({ length: requests }, () => ({ message: "hello" })),
          },
        });
      // Two sessions at once: one on each copy; the three requests of a session on one.
      const [a, b] = await Promise.all([session(3), session(1)]);
      const [pa, pb] = [pidsOf(a), pidsOf(b)];
      assert.equal(new Set(pa).size, 1, `${pa}`);
      assert.notEqual(pa[0], pb[0]);
      for (const pid of [...pa, ...pb]) seen.add(pid);
      // A plain chat call is served too, by a copy.
      const chat = await adapter.run({ operation: "chat", input: { body: { message: "x" } } });
      assert.equal(chat.kind, "result");
      await adapter.close();
      for (const pid of seen) {
        assert.ok(await until(async () => !(await alive(pid)), 5000), `${pid} left`);
      }
    } finally {
      await adapter.close();
      for (const pid of seen) if (await alive(pid)) Deno.kill(pid, "SIGKILL");
    }
  },
});

Deno.test("two copies need a ready line that captures each one's URL", async () => {
  const adapter = agentHttpAdapter({
    command: {
      argv: [Deno.execPath(), "eval", "console.log('listening')"],
      readyLine: "listening",
    },
    processes: 2,
  });
  await assert.rejects(adapter.start(), /2 processes need a ready line whose first group/);
  await adapter.close();
});
