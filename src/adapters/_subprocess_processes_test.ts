import assert from "node:assert/strict";
import type { Child } from "./_subprocess_child.ts";
import { Processes } from "./_subprocess_processes.ts";
import { ByteRing, type LineEvent } from "./_subprocess_text.ts";

// Plain POSIX shell processes: the pool does not care what speaks the protocol.
const SH = "/bin/sh";

function pool(argv: string[], cwd?: string) {
  const stats = { spawns: 0 };
  const lines: string[] = [];
  const ended: Child[] = [];
  const processes = new Processes({
    argv,
    cwd,
    env: {},
    maxLineBytes: 1024,
    stderr: new ByteRing(1024),
    onEvent: (_child, event: LineEvent) => {
      if (event.kind === "line") lines.push(new TextDecoder().decode(event.bytes));
    },
    onEnd: (child) => void ended.push(child),
  }, stats);
  return { processes, stats, lines, ended };
}

Deno.test("a program that cannot be spawned is a clear error, and not counted", () => {
  const { processes, stats } = pool(["/nonexistent/netconform-program"], "/");
  assert.throws(
    () => processes.spawn(),
    (e: Error) =>
      e.message.startsWith('Could not start "/nonexistent/netconform-program" in "/": '),
  );
  assert.equal(stats.spawns, 0);
});

Deno.test("close() ends the current process through its stdin and waits for the tracked tasks", async () => {
  const { processes, stats, lines, ended } = pool([SH, "-c", "echo hello; cat >/dev/null"]);
  const child = processes.spawn();
  assert.equal(stats.spawns, 1);
  assert.equal(processes.current, undefined, "spawning does not make a process current");
  processes.current = child;
  for (let i = 0; i < 500 && lines.length === 0; i++) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.deepEqual(lines, ["hello"], "its output is read");
  let tracked = false;
  processes.track(new Promise((resolve) => setTimeout(resolve, 50)).then(() => tracked = true));
  let busy = 0;
  await processes.close(5_000, () => (busy++, Promise.resolve()));
  assert.equal(processes.current, undefined);
  assert.equal((await child.status)?.code, 0);
  assert.deepEqual(ended, [child]);
  assert.equal(busy, 1);
  assert.equal(tracked, true);
});

Deno.test("close() kills a process that ignores the end of its input, and the others at once", async () => {
  // One process that ignores SIGTERM and has no child: a shell waiting on a child could exit by
  // itself (code 137) once the kit's sweep of descendants has killed that child.
  const { processes, stats } = pool([SH, "-c", "trap '' TERM; exec sleep 30"]);
  const current = processes.spawn();
  const other = processes.spawn();
  assert.equal(stats.spawns, 2);
  processes.current = current;
  const started = performance.now();
  await processes.close(200, () => Promise.resolve());
  assert.ok(performance.now() - started < 10_000, "close() is bounded");
  assert.equal((await current.status)?.signal, "SIGKILL");
  assert.equal((await other.status)?.signal, "SIGKILL");
});
