// The Python adapter's netconform.pyvalue/v1 decoder: real Python objects reach the function,
// built without recursion, eval or a change of the interpreter's settings, within bounds.
import assert from "node:assert/strict";
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import { PythonArgument } from "../../src/pyliteral/python_argument.ts";
import { pythonPath } from "../../src/testing/python_path.ts";

const HERE = new URL(".", import.meta.url).pathname;
const ADAPTER = `${HERE}netconform_adapter.py`;
const BEHAVIOURS = `${HERE}testdata/behaviours.py`;
const PYTHON = pythonPath();
const ENV = { PYTHONDONTWRITEBYTECODE: "1" };

function describer(flags: string[] = []) {
  return subprocessAdapter({
    argv: [PYTHON, ADAPTER, "--operation", "describe", ...flags, `${BEHAVIOURS}:describe_python`],
    env: ENV,
    requestTimeoutMs: 10_000,
    closeTimeoutMs: 1_000,
  });
}

/** Run a Python snippet with the adapter importable; its stdout, trimmed. */
async function pythonSnippet(code: string): Promise<string> {
  const out = await new Deno.Command(PYTHON, {
    args: ["-c", code],
    cwd: HERE,
    env: ENV,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout).trim();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return text;
}

Deno.test("a real int of 5,001 digits reaches the function, the int string limit untouched", async () => {
  const digits = "7" + "1234567890".repeat(500);
  const n = BigInt(digits);
  const adapter = describer();
  try {
    const info = await adapter.start();
    assert.equal(info.language, "python");
    const reply = await adapter.run({
      operation: "describe",
      input: new PythonArgument({ type: "int", value: n }),
    });
    assert.equal(reply.kind, "result", JSON.stringify(reply));
    const got = (reply as { value: Record<string, unknown> }).value;
    // CPython 3.11+ has the limit; the adapter built the int without raising it.
    if (got.limit !== null) assert.equal(got.limit, 4300);
    assert.equal(got.type, "int");
    assert.equal(got.bit_length, n.toString(2).length);
    assert.equal(got.mod_1e9, Number(n % 1_000_000_000n));
  } finally {
    await adapter.close();
  }
});

Deno.test("tuples, sets, frozensets, bytes, floats and non-string keys arrive as themselves", async () => {
  const adapter = describer();
  try {
    const run = async (literal: string | PythonArgument) => {
      const reply = await adapter.run({
        operation: "describe",
        input: typeof literal === "string" ? PythonArgument.parse(literal) : literal,
      });
      assert.equal(reply.kind, "result", JSON.stringify(reply));
      return (reply as { value: Record<string, unknown> }).value;
    };
    assert.deepEqual(await run("(1, 'a', (2,), {3}, b'x')"), {
      limit: (await run("1")).limit,
      type: "tuple",
      items: ["bytes", "int", "set", "str", "tuple"],
    });
    assert.equal((await run("{1, 2}")).type, "set");
    const frozen = await run(new PythonArgument({ type: "set", frozen: true, items: [] }));
    assert.equal(frozen.type, "frozenset");
    assert.deepEqual((await run("b'caf\\xc3\\xa9 \\xff'")).hex, "636166c3a920ff");
    assert.deepEqual((await run("{1: 'a', 2.5: 'b', None: 'c', (1, 2): 'd', 'k': 1}")).keys, [
      "1",
      "2.5",
      "None",
      "(1, 2)",
      "'k'",
    ]);
    assert.equal((await run("-0.0")).repr, "-0.0");
    assert.equal((await run("1e999")).repr, "inf");
    assert.equal((await run("1.0")).repr, "1.0");
  } finally {
    await adapter.close();
  }
});

Deno.test("the decoder is bounded in depth and size, and iterative", async () => {
  const out = await pythonSnippet(`
import sys
import netconform_adapter as a
limit = sys.getrecursionlimit()
deep = 1
for _ in range(50):
    deep = {"t": "tuple", "v": [deep]}
try:
    a.decode_pyvalue(deep, max_depth=10)
    print("no error")
except a.PyValueError as e:
    print("depth:", e)
try:
    a.decode_pyvalue(list(range(100)), max_nodes=50)
except a.PyValueError as e:
    print("size:", e)
very = 1
for _ in range(limit * 3):
    very = {"t": "tuple", "v": [very]}
v = a.decode_pyvalue(very)
n = 0
while isinstance(v, tuple):
    v = v[0]
    n += 1
print("deep:", n == limit * 3, v, sys.getrecursionlimit() == limit)
for bad in ({"t": "set", "v": [[1]]}, {"t": "bytes", "v": "*"}, {"t": "int", "v": "1.5"}, {"t": "x"}, 1.5, {"t": "dict", "v": [[1]]}):
    try:
        a.decode_pyvalue(bad)
        print("accepted", bad)
    except a.PyValueError:
        pass
print("refused all")
`);
  assert.deepEqual(out.split("\n"), [
    "depth: the Python value nests deeper than 10 levels",
    "size: the Python value holds more than 50 values",
    "deep: True 1 True",
    "refused all",
  ]);
});

Deno.test("an input past the adapter's bound is answered errored, with why", async () => {
  const depth = 10_001;
  const tree = '{"t":"tuple","v":['.repeat(depth) + "1" + "]}".repeat(depth);
  const input = `{"t":"dict","v":[["raw",${tree}],["tool_name","t"]]}`;
  const lines = [
    '{"seq":0,"type":"handshake","protocol":"netconform.subprocess/v1"}',
    `{"seq":1,"type":"request","operation":"normalize","encoding":"netconform.pyvalue/v1","input":${input}}`,
    '{"seq":2,"type":"request","operation":"normalize","encoding":"other/v9","input":1}',
  ];
  const child = new Deno.Command(PYTHON, {
    args: [ADAPTER, `${BEHAVIOURS}:normalize`],
    env: ENV,
    stdin: "piped",
    stdout: "piped",
    stderr: "null",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(lines.join("\n") + "\n"));
  await writer.close();
  const out = await child.output();
  const answers = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  assert.deepEqual(answers[0].encodings, ["netconform.pyvalue/v1"]);
  assert.equal(answers[1].kind, "errored");
  assert.match(answers[1].message, /nests deeper than 10000 levels/);
  assert.equal(answers[2].kind, "errored");
  assert.match(answers[2].message, /input encoding "other\/v9" is not supported/);
});

Deno.test("--no-python-values: no encoding announced, and a Python input is skipped by the kit", async () => {
  const adapter = describer(["--no-python-values"]);
  try {
    await adapter.start();
    const reply = await adapter.run({ operation: "describe", input: PythonArgument.parse("(1,)") });
    assert.equal(reply.kind, "skipped");
    assert.match(
      (reply as { reason: string }).reason,
      /did not announce the input encoding "netconform\.pyvalue\/v1"/,
    );
    // JSON inputs still run.
    const plain = await adapter.run({ operation: "describe", input: [1] });
    assert.equal(plain.kind, "result");
  } finally {
    await adapter.close();
  }
});
