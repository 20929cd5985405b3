import assert from "node:assert/strict";
import { STDERR_IN_REPLY, StderrLog } from "./_subprocess_log.ts";

const encoder = new TextEncoder();

Deno.test("errored replies carry the tail of stderr once anything was written", () => {
  const log = new StderrLog(8);
  assert.deepEqual(log.errored("m"), { kind: "errored", message: "m" });
  log.ring.write(encoder.encode("0123456789"));
  assert.deepEqual(log.errored("m"), {
    kind: "errored",
    message: "m",
    stderr: "[... 2 earlier bytes dropped]\n23456789",
  });
});

Deno.test("an errored reply carries at most the last STDERR_IN_REPLY bytes, escaped", () => {
  const log = new StderrLog(3 * STDERR_IN_REPLY);
  log.ring.write(encoder.encode("a".repeat(2 * STDERR_IN_REPLY) + "\u001b[0m\n"));
  const reply = log.errored("m");
  assert.equal(
    reply.stderr,
    `[... ${STDERR_IN_REPLY + 5} earlier bytes dropped]\n` + "a".repeat(STDERR_IN_REPLY - 5) +
      "\\u001b[0m\n",
  );
  // The whole kept text is longer.
  assert.equal(log.text(), "a".repeat(2 * STDERR_IN_REPLY) + "\\u001b[0m\n");
});

Deno.test("notes are written into the kept stderr, marked as the kit's", () => {
  const log = new StderrLog(1024);
  log.ring.write(encoder.encode("child says\n"));
  log.note("restart 1 failed");
  assert.equal(log.text(), "child says\n[netconform] restart 1 failed\n");
  assert.equal(log.errored("x").stderr, "child says\n[netconform] restart 1 failed\n");
});
