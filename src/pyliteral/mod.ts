/**
 * Python literals without Python: a bounded parser of what `ast.literal_eval` accepts (no
 * eval, depth and size limits), a printer that writes what `repr` would, the mapping to JSON
 * the tool-response normalizer uses, and an arbitrary of Python values.
 *
 * @example Parse a Python literal and map it to JSON
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral, pythonToJson } from "./mod.ts";
 *
 * assert.deepEqual(pythonToJson(parsePythonLiteral("{'ok': True, 'n': None}")), { ok: true, n: null });
 * ```
 *
 * @module
 */
export * from "./py_value.ts";
export * from "./python_literal_error.ts";
export * from "./parse_python_literal.ts";
export * from "./print_python_literal.ts";
export * from "./python_to_json.ts";
export * from "./py_value_arbitrary.ts";
export * from "./encode_py_value.ts";
export * from "./decode_py_value.ts";
export * from "./python_argument.ts";
