import assert from "node:assert/strict";
import { inProcessAdapter } from "./in_process.ts";

const request = { operation: "x", input: { a: [1] } };

Deno.test("in-process adapter: a throw is the implementation's failure (raised)", async () => {
  const adapter = inProcessAdapter(() => {
    throw new RangeError("bad range");
  });
  const reply = await adapter.run(request);
  assert.equal(reply.kind, "raised");
  assert.ok(
    reply.kind === "raised" && reply.type === "RangeError" && reply.message === "bad range",
  );
});

Deno.test("in-process adapter: output JSON cannot hold is raised as UnserializableResult", async () => {
  const cyclic: Record<string, unknown> = {};
  cyclic.self = cyclic;
  for (const value of [10n, () => 1, cyclic, undefined, Symbol("s")]) {
    const reply = await inProcessAdapter(() => value).run(request);
    assert.equal(reply.kind, "raised", String(typeof value));
    assert.ok(reply.kind === "raised" && reply.type === "UnserializableResult");
  }
});

Deno.test("in-process adapter: the implementation cannot alter the case, and gets JSON back", async () => {
  const adapter = inProcessAdapter((r) => {
    (r.input as { a: number[] }).a.push(2);
    return { when: new Date(0), n: NaN };
  });
  const reply = await adapter.run(request);
  assert.deepEqual(request.input, { a: [1] });
  assert.deepEqual(reply, { kind: "result", value: { when: "1970-01-01T00:00:00.000Z", n: null } });
});

Deno.test("in-process adapter: an aborted call is errored, not run", async () => {
  let ran = false;
  const adapter = inProcessAdapter(() => (ran = true));
  const reply = await adapter.run(request, { signal: AbortSignal.abort() });
  assert.equal(reply.kind, "errored");
  assert.equal(ran, false);
});

Deno.test("in-process adapter: a raised error's traceback holds the implementation's frames only, without the kit's path", async () => {
  function implementation(): never {
    throw new TypeError("boom");
  }
  const adapter = inProcessAdapter(() => implementation());
  const replies = await Promise.all([0, 1].map(() => adapter.run({ operation: "x", input: null })));
  for (const reply of replies) {
    assert.equal(reply.kind, "raised");
    if (reply.kind !== "raised") continue;
    assert.match(
      reply.traceback ?? "",
      /^TypeError: boom\n\s+at implementation \(src\/adapters\/in_process_test\.ts:\d+:\d+\)/,
    );
    assert.doesNotMatch(reply.traceback ?? "", /in_process\.ts|run_suite|Promise\.all|file:\/\//);
  }
  assert.equal(
    replies[0].kind === "raised" && replies[0].traceback,
    replies[1].kind === "raised" && replies[1].traceback,
  );
});

Deno.test("inProcessAdapter() hands a real Python object (PythonArgument) over as one, copied", async () => {
  const { PythonArgument } = await import("../pyliteral/python_argument.ts");
  const arg = PythonArgument.parse("({'a': b'x'}, 2)");
  let got: unknown;
  const adapter = inProcessAdapter((request) => {
    got = (request.input as { raw: unknown }).raw;
    return null;
  });
  assert.equal((await adapter.run({ operation: "x", input: { raw: arg, n: [1] } })).kind, "result");
  assert.ok(got instanceof PythonArgument);
  assert.notEqual(got, arg);
  assert.deepEqual((got as InstanceType<typeof PythonArgument>).value, arg.value);
});
