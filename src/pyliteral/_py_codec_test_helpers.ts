// Test helper: a canonical JSON encoding of Python values, the same as tools/_pyvalue_encode.py
// writes, so that the kit's parser can be compared with CPython's ast.literal_eval.
import type { PyValue } from "./py_value.ts";
import { pyFloatRepr } from "./_py_float.ts";

/** Encoding of a value; compare two encodings through {@linkcode canonical}. */
export function encodePy(v: PyValue): unknown {
  switch (v.type) {
    case "none":
      return ["None"];
    case "ellipsis":
      return ["Ellipsis"];
    case "bool":
      return ["bool", v.value];
    case "int":
      return ["int", v.value < 0n ? `-0x${(-v.value).toString(16)}` : `0x${v.value.toString(16)}`];
    case "float":
      return ["float", pyFloatRepr(v.value)];
    case "complex":
      return ["complex", pyFloatRepr(v.real), pyFloatRepr(v.imag)];
    case "str":
      return ["str", v.value];
    case "bytes":
      return ["bytes", Array.from(v.value)];
    case "list":
      return ["list", v.items.map(encodePy)];
    case "tuple":
      return ["tuple", v.items.map(encodePy)];
    case "set":
      return ["set", v.items.map(encodePy)];
    case "dict":
      return ["dict", v.entries.map(([k, x]) => [encodePy(k), encodePy(x)])];
  }
}

/** Sort the items of every encoded set, so that set order does not matter. */
export function canonical(e: unknown): unknown {
  if (!Array.isArray(e)) return e;
  if (e[0] === "set") {
    return ["set", (e[1] as unknown[]).map(canonical).map((x) => JSON.stringify(x)).sort()];
  }
  return e.map(canonical);
}

/** The same encoding in Python, for a process that reads a JSON array of texts on stdin. */
export const PYTHON_ENCODER = String.raw`
import ast, json, sys
sys.setrecursionlimit(10000)
def enc(v):
    t = type(v)
    if v is None: return ["None"]
    if v is Ellipsis: return ["Ellipsis"]
    if t is bool: return ["bool", v]
    if t is int: return ["int", hex(v)]
    if t is float: return ["float", repr(v)]
    if t is complex: return ["complex", repr(v.real), repr(v.imag)]
    if t is str: return ["str", v]
    if t is bytes: return ["bytes", list(v)]
    if t is list: return ["list", [enc(x) for x in v]]
    if t is tuple: return ["tuple", [enc(x) for x in v]]
    if t is set: return ["set", [enc(x) for x in v]]
    if t is dict: return ["dict", [[enc(k), enc(x)] for k, x in v.items()]]
    raise TypeError(t)
out = []
for text in json.loads(sys.stdin.read()):
    try:
        out.append({"ok": enc(ast.literal_eval(text))})
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, OverflowError) as e:
        out.append({"error": type(e).__name__})
sys.stdout.write(json.dumps(out))
`;
