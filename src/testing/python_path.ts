/**
 * The Python interpreter the kit's tests and benches start: Debian's `/usr/bin/python3` when it
 * exists (it starts in about 0.04 s, where a pyenv shim takes 0.3 s), else `python3` from PATH.
 *
 * @example Resolve the interpreter
 * ```ts
 * import assert from "node:assert/strict";
 * import { pythonPath } from "./python_path.ts";
 *
 * assert.match(pythonPath(), /python3$/);
 * ```
 *
 * @returns An absolute path or a program name.
 */
export function pythonPath(): string {
  try {
    if (Deno.statSync("/usr/bin/python3").isFile) return "/usr/bin/python3";
  } catch {
    // fall through: use PATH
  }
  return "python3";
}
