import assert from "node:assert/strict";
import { Ajv2020 } from "ajv/dist/2020.js";
import { adapterKinds } from "./adapter_kinds.ts";
import { subprocessAdapterKind } from "./kind_subprocess.ts";

const PY_DIR = new URL("../examples/python/", import.meta.url).pathname;

Deno.test("kind subprocess is registered and its schema compiles in strict mode", () => {
  assert.ok(adapterKinds.includes(subprocessAdapterKind));
  // strictTuples off: argv's prefixItems checks the program alone and leaves the rest open.
  const validate = new Ajv2020({ strict: true, strictTuples: false, allErrors: true }).compile(
    subprocessAdapterKind.schema,
  );
  assert.ok(validate({ kind: "subprocess", argv: ["python3", "a.py", ""] }));
  assert.ok(validate({
    kind: "subprocess",
    argv: ["x"],
    cwd: "sub",
    env: { PYTHONPATH: "/x" },
    inherit_env: false,
    timeouts: { start_ms: 1, request_ms: 2, close_ms: 3 },
    max_restarts: 0,
    max_line_bytes: 1024,
    stderr_bytes: 1024,
    batching: false,
  }));
  for (
    const bad of [
      { kind: "subprocess" },
      { kind: "subprocess", argv: [] },
      { kind: "subprocess", argv: ["", "a.py"] },
      { kind: "subprocess", argv: ["x"], env: { A: 1 } },
      { kind: "subprocess", argv: ["x"], env: { "A=B": "1" } },
      { kind: "subprocess", argv: ["x"], timeouts: { request_ms: 0 } },
      { kind: "subprocess", argv: ["x"], timeout: {} },
      { kind: "subprocess", argv: ["x"], max_restarts: -1 },
      { kind: "subprocess", argv: ["x"], batching: "no" },
    ]
  ) assert.equal(validate(bad), false, JSON.stringify(bad));
});

Deno.test("create resolves cwd and a relative program against the config folder", async () => {
  // cwd "." (the config folder) makes the relative script arguments resolve there.
  const adapter = subprocessAdapterKind.create({
    kind: "subprocess",
    argv: ["/usr/bin/python3", "netconform_adapter.py", "--operation", "echo", "echo_impl.py:echo"],
    env: { PYTHONDONTWRITEBYTECODE: "1" },
    timeouts: { request_ms: 2000 },
  }, { configDir: PY_DIR });
  try {
    const info = await adapter.start();
    assert.equal(info.name, "echo_impl.py:echo");
    assert.deepEqual(await adapter.run({ operation: "echo", input: [1] }), {
      kind: "result",
      value: [1],
    });
  } finally {
    await adapter.close();
  }
  const relative = subprocessAdapterKind.create(
    { kind: "subprocess", argv: ["./no-such-program"] },
    { configDir: "/tmp/netconform-config" },
  );
  await assert.rejects(
    relative.start(),
    /Could not start "\/tmp\/netconform-config\/no-such-program"/,
  );
  await relative.close();
});

Deno.test("batching in the section reaches the handshake (default true)", async () => {
  const fake = new URL("../src/adapters/testdata/fake_impl.py", import.meta.url).pathname;
  for (const [batching, expected] of [[undefined, true], [false, false], [true, true]]) {
    const adapter = subprocessAdapterKind.create({
      kind: "subprocess",
      argv: ["/usr/bin/python3", fake, "ok"],
      ...(batching === undefined ? {} : { batching }),
    }, { configDir: PY_DIR });
    try {
      const reply = await adapter.run({ operation: "test", input: { do: "handshake" } });
      assert.equal(reply.kind, "result");
      assert.equal((reply as { value: { batching: boolean } }).value.batching, expected);
    } finally {
      await adapter.close();
    }
  }
});
