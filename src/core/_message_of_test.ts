import assert from "node:assert/strict";
import { messageOf } from "./_message_of.ts";

Deno.test("messageOf: Errors, message-bearing objects, and anything else thrown", () => {
  assert.equal(messageOf(new TypeError("bad")), "bad");
  assert.equal(messageOf({ message: "from an object" }), "from an object");
  assert.equal(messageOf("a string"), "a string");
  assert.equal(messageOf(42), "42");
  assert.equal(messageOf({ message: 7 }), "[object Object]");
  // `(error as Error).message` would throw a TypeError on these.
  assert.equal(messageOf(null), "null");
  assert.equal(messageOf(undefined), "undefined");
});
