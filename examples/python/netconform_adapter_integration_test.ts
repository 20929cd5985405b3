import assert from "node:assert/strict";
import type { Reply } from "../../src/core/types.ts";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { pythonPath } from "../../src/testing/python_path.ts";

const HERE = new URL(".", import.meta.url).pathname;
const ADAPTER = `${HERE}netconform_adapter.py`;
const BEHAVIOURS = `${HERE}testdata/behaviours.py`;
const PYTHON = pythonPath();
const ENV = { PYTHONDONTWRITEBYTECODE: "1" };

function python(args: string[], options: { python?: string; env?: Record<string, string> } = {}) {
  return subprocessAdapter({
    argv: [options.python ?? PYTHON, ADAPTER, ...args],
    env: { ...ENV, ...options.env },
    requestTimeoutMs: 5_000,
    closeTimeoutMs: 1_000,
  });
}

async function withAdapter(
  args: string[],
  fn: (adapter: ReturnType<typeof python>) => Promise<void>,
  options: { python?: string; env?: Record<string, string> } = {},
) {
  const adapter = python(args, options);
  try {
    await fn(adapter);
  } finally {
    await adapter.close();
  }
}

function raised(reply: Reply): Extract<Reply, { kind: "raised" }> {
  assert.equal(reply.kind, "raised", `expected raised, got ${JSON.stringify(reply)}`);
  return reply as Extract<Reply, { kind: "raised" }>;
}

Deno.test("normalize calls fn(raw, tool_name) from a file target", async () => {
  await withAdapter([`${BEHAVIOURS}:normalize`], async (adapter) => {
    const info = await adapter.start();
    assert.equal(info.language, "python");
    assert.deepEqual(info.operations, ["normalize"]);
    assert.match(String(info.runtime), /^CPython 3\./);
    const input = { raw: "[{'a': None}]\u0000\ud800", tool_name: "t" };
    assert.deepEqual(await adapter.run({ operation: "normalize", input }), {
      kind: "result",
      value: input,
    });
    const bad = await adapter.run({ operation: "normalize", input: [1] });
    assert.equal(bad.kind, "errored");
    assert.match((bad as { message: string }).message, /must be an object \{\\"raw\\"/);
    const other = await adapter.run({ operation: "call_tool", input: 1 });
    assert.deepEqual(other, {
      kind: "skipped",
      reason: 'operation "call_tool" is not served (served: normalize)',
    });
  });
});

Deno.test("module:function targets import from PYTHONPATH", async () => {
  await withAdapter(
    ["--operation", "echo", "--name", "echo-by-module", "echo_impl:echo"],
    async (adapter) => {
      const info = await adapter.start();
      assert.equal(info.name, "echo-by-module");
      assert.deepEqual(await adapter.run({ operation: "echo", input: { a: [1.5, "é"] } }), {
        kind: "result",
        value: { a: [1.5, "é"] },
      });
    },
    { env: { PYTHONPATH: HERE } },
  );
});

Deno.test("what the function raises is its own failure: type, message, traceback", async () => {
  const cases: [string, RegExp, RegExp][] = [
    ["raises", /^ValueError$/, /^bad input 7$/],
    ["system_exit", /^SystemExit$/, /^3$/],
    ["keyboard", /^KeyboardInterrupt$/, /^$/],
    ["bad_str", /^behaviours\._BadStr$/, /_BadStr/],
  ];
  for (const [fn, type, message] of cases) {
    await withAdapter(["--operation", "op", `${BEHAVIOURS}:${fn}`], async (adapter) => {
      await adapter.start();
      const r = raised(await adapter.run({ operation: "op", input: 7 }));
      assert.match(r.type, type, fn);
      assert.match(r.message, message, fn);
      if (fn === "raises") {
        assert.match(r.traceback ?? "", /behaviours\.py", line \d+, in _inner/);
        assert.doesNotMatch(r.traceback ?? "", /netconform_adapter\.py/);
      }
      // The process survives its function's exceptions, SystemExit included.
      assert.equal(adapter.stats().spawns, 1);
    });
  }
});

Deno.test("output JSON cannot hold is raised UnserializableResult; json.dumps conversions stand", async () => {
  for (
    const [fn, pattern] of [
      [
        "returns_set",
        /^the function returned a value JSON cannot hold: a set at \/.*Object of type set is not JSON serializable/,
      ],
      [
        "returns_bytes",
        /^the function returned a value JSON cannot hold: a bytes at \/.*Object of type bytes is not JSON serializable/,
      ],
      [
        "returns_nan",
        /^the function returned a value JSON cannot hold: the float nan at \/.*Out of range float values are not JSON compliant/,
      ],
    ] as const
  ) {
    await withAdapter(["--operation", "op", `${BEHAVIOURS}:${fn}`], async (adapter) => {
      await adapter.start();
      const r = raised(await adapter.run({ operation: "op", input: null }));
      assert.equal(r.type, "UnserializableResult");
      assert.match(r.message, pattern);
    });
  }
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:returns_tuple`], async (adapter) => {
    assert.deepEqual(await adapter.run({ operation: "op", input: null }), {
      kind: "result",
      value: { t: [1, 2], "3": "int key" },
    });
  });
});

Deno.test("prints of the function go to stderr, not to the protocol channel", async () => {
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:prints`], async (adapter) => {
    await adapter.start();
    assert.deepEqual(await adapter.run({ operation: "op", input: 1 }), {
      kind: "result",
      value: 1,
    });
    // stderr arrives on its own pipe: give it a moment.
    for (let i = 0; i < 50 && !/written to fd 1/.test(adapter.stderr()); i++) {
      await new Promise((r) => setTimeout(r, 10));
    }
    assert.match(adapter.stderr(), /printed by the function\n/);
    assert.match(adapter.stderr(), /written to fd 1\n/);
  });
  // Unprotected, the same prints are garbage on the channel: errored, with an excerpt.
  await withAdapter(
    ["--raw-stdout", "--operation", "op", `${BEHAVIOURS}:prints`],
    async (adapter) => {
      await adapter.start();
      const reply = await adapter.run({ operation: "op", input: 1 });
      assert.equal(reply.kind, "errored");
      assert.match((reply as { message: string }).message, /not JSON: "printed by the function"/);
    },
  );
});

Deno.test("deeply nested input and output cross the protocol (20,000 levels)", async () => {
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:depth`], async (adapter) => {
    let deep: unknown = [];
    for (let i = 0; i < 20_000; i++) deep = [deep];
    assert.deepEqual(await adapter.run({ operation: "op", input: deep }), {
      kind: "result",
      value: 20_000,
    });
  });
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:deep`], async (adapter) => {
    const reply = await adapter.run({ operation: "op", input: 20_000 });
    assert.equal(reply.kind, "result");
  });
});

Deno.test("a target that cannot load refuses the handshake with the reason", async () => {
  for (
    const [target, pattern] of [
      [`${HERE}testdata/broken_import.py:f`, /ImportError: this module cannot be imported/],
      [`${BEHAVIOURS}:missing`, /AttributeError/],
      [`${BEHAVIOURS}:NOT_CALLABLE`, /is not callable/],
      ["no_such_module_xyz:f", /ModuleNotFoundError/],
      ["not-a-target", /is not "module:function"/],
    ] as const
  ) {
    const adapter = python([target]);
    try {
      await assert.rejects(adapter.start(), pattern, target);
    } finally {
      await adapter.close();
    }
  }
});

Deno.test("the adapter exits with code 0 at end of input", async () => {
  const child = new Deno.Command(PYTHON, {
    args: [ADAPTER, "--operation", "op", `${BEHAVIOURS}:normalize`],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
    env: ENV,
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(
    new TextEncoder().encode(
      '{"seq":1,"type":"handshake","protocol":"netconform.subprocess/v1"}\n{"seq":2,"type":"req',
    ),
  );
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0);
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n");
  assert.equal(lines.length, 1);
  assert.equal(JSON.parse(lines[0]).kind, "ready");
});

Deno.test("the adapter runs on every Python from 3.9 found on this machine", async () => {
  const found: string[] = [];
  const home = Deno.env.get("HOME") ?? "";
  for (const minor of [9, 10, 11, 12, 13]) {
    for (const candidate of [`/usr/bin/python3.${minor}`]) {
      try {
        await Deno.stat(candidate);
        found.push(candidate);
      } catch { /* absent */ }
    }
    try {
      for await (const e of Deno.readDir(`${home}/.pyenv/versions`)) {
        if (e.name.startsWith(`3.${minor}.`)) {
          found.push(`${home}/.pyenv/versions/${e.name}/bin/python3`);
        }
      }
    } catch { /* no pyenv */ }
  }
  console.log(`Pythons tried: ${found.join(", ")}`);
  assert.ok(found.length >= 1);
  for (const interpreter of found) {
    await withAdapter([`${BEHAVIOURS}:normalize`], async (adapter) => {
      const info = await adapter.start();
      assert.deepEqual(
        await adapter.run({ operation: "normalize", input: { raw: [1], tool_name: "x" } }),
        { kind: "result", value: { raw: [1], tool_name: "x" } },
        `${interpreter} (${info.runtime})`,
      );
      const r = await adapter.run({
        operation: "normalize",
        input: { raw: new Array(3000).fill(0).reduce((v) => [v], []), tool_name: "x" },
      });
      assert.equal(
        r.kind,
        "result",
        `${interpreter}: 3,000 nested levels (pure-Python fallback on 3.12+): ${
          JSON.stringify(r).slice(0, 300)
        }`,
      );
    }, { python: interpreter });
  }
});

/** Run the adapter on raw input bytes (each element one write) and return its output lines. */
async function rawSession(
  args: string[],
  writes: Uint8Array[],
): Promise<Record<string, unknown>[]> {
  const child = new Deno.Command(PYTHON, {
    args: [ADAPTER, ...args],
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
    env: ENV,
    // A looping adapter is killed, and fails the exit code check below.
    signal: AbortSignal.timeout(10_000),
  }).spawn();
  const writer = child.stdin.getWriter();
  for (const bytes of writes) await writer.write(bytes);
  await writer.close();
  const out = await child.output();
  assert.equal(
    out.code,
    0,
    `the adapter ended with code ${out.code} (${out.signal ?? "no signal"})`,
  );
  return new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const hello = (batching?: boolean) =>
  JSON.stringify({
    seq: 1,
    type: "handshake",
    protocol: "netconform.subprocess/v1",
    ...(batching === undefined ? {} : { batching }),
  }) + "\n";

Deno.test("batching is answered true only when the kit allows it and the channel is private", async () => {
  const echo = ["--operation", "echo", `${HERE}echo_impl.py:echo`];
  for (
    const [args, allowed, expected] of [
      [echo, true, true],
      [echo, false, false],
      [echo, undefined, false],
      [["--raw-stdout", ...echo], true, false],
    ] as const
  ) {
    const [ready] = await rawSession([...args], [utf8(hello(allowed))]);
    assert.equal(ready.kind, "ready");
    assert.equal(ready.batching, expected, `${args.join(" ")} allowed=${allowed}`);
  }
});

Deno.test("lines read together are answered as each alone would be: non-ASCII, blank, padded, broken, split", async () => {
  const request = (seq: number, input: string) =>
    `{"seq":${seq},"type":"request","operation":"echo","input":${input}}`;
  const lines = [
    request(2, '"\u00e9\u20ac\ud83d\ude00 \\u2028"'), // multi-byte text: characters, not bytes
    "",
    "   ",
    `  ${request(3, "[1]")}  `, // padded
    `{"seq":4,"type":"request","operation":"echo","input":`, // a value split across two lines
    "5}",
    `${request(6, '{"k":"\u00e9"}')} trailing`, // extra data after the value
    "[1,2]", // not an object: ignored
    request(7, "null"),
  ];
  const expected = [
    { seq: 2, kind: "result", value: "\u00e9\u20ac\ud83d\ude00 \u2028" },
    { seq: 3, kind: "result", value: [1] },
    { seq: 4, kind: "errored", message: /not JSON/ },
    { seq: 6, kind: "errored", message: /not JSON: extra data/ },
    { seq: 7, kind: "result", value: null },
  ];
  const check = (got: Record<string, unknown>[], more: typeof expected = []) => {
    const want = [...expected, ...more];
    assert.equal(got.length, want.length, JSON.stringify(got));
    got.forEach((answer, i) => {
      const { message, ...rest } = want[i];
      assert.deepEqual({ ...answer, message: undefined, type: undefined }, {
        ...rest,
        message: undefined,
        type: undefined,
      });
      if (message) assert.match(String(answer.message), message);
    });
  };
  for (const batching of [true, false]) {
    const echo = ["--operation", "echo", `${HERE}echo_impl.py:echo`];
    // All in one write: the whole-chunk path.
    const [, ...together] = await rawSession(echo, [
      utf8(hello(batching) + lines.join("\n") + "\n"),
    ]);
    check(together);
    // One write per byte: every line is split across reads (the line-by-line path).
    const bytes = utf8(lines.join("\n") + "\n");
    const [, ...bytewise] = await rawSession(echo, [
      utf8(hello(batching)),
      ...Array.from(bytes, (b) => Uint8Array.of(b)),
    ]);
    check(bytewise);
    // Invalid UTF-8 in one line of the chunk: that line is errored, the others as before.
    const invalid = Uint8Array.from([...utf8(request(8, '"')), 0xff, ...utf8('"}\n')]);
    const [, ...mixed] = await rawSession(echo, [
      Uint8Array.from([...utf8(hello(batching) + lines.join("\n") + "\n"), ...invalid]),
    ]);
    check(mixed, [{ seq: 8, kind: "errored", message: /not JSON: 'utf-8' codec/ }]);
  }
});

Deno.test("the function runs under the interpreter's own settings, as in production", async () => {
  const fresh = new Deno.Command(PYTHON, {
    args: [
      "-c",
      "import sys, json, threading; l = getattr(sys, 'get_int_max_str_digits', None); " +
      "print(json.dumps({'recursion_limit': sys.getrecursionlimit(), " +
      "'int_max_str_digits': l() if l else None, 'main_thread': True, " +
      "'stdin_encoding': sys.stdin.encoding}))",
    ],
    env: ENV,
    stdin: "piped",
    stdout: "piped",
  });
  const child = fresh.spawn();
  await child.stdin.close();
  const expected = JSON.parse(new TextDecoder().decode((await child.output()).stdout));
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:runtime`], async (adapter) => {
    assert.deepEqual(await adapter.run({ operation: "op", input: null }), {
      kind: "result",
      value: expected,
    });
  });
  // So a function that crashes past the default recursion limit crashes under the kit too.
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:literal_eval_depth`], async (adapter) => {
    assert.deepEqual(await adapter.run({ operation: "op", input: 10 }), {
      kind: "result",
      value: 1,
    });
    const deep = await adapter.run({ operation: "op", input: 3000 });
    assert.equal(raised(deep).type, "RecursionError");
  });
});

Deno.test("ints past the interpreter's int string limit cross the protocol both ways", async () => {
  await withAdapter(["--operation", "op", `${BEHAVIOURS}:huge_int`], async (adapter) => {
    const reply = await adapter.run({ operation: "op", input: 5000 });
    assert.equal(reply.kind, "result", JSON.stringify(reply).slice(0, 300));
  });
});
