// An embedded target that is a Python function behind the kit's Python adapter
// (`examples/python/netconform_adapter.py`), over the subprocess protocol. The runtime the
// adapter reports (the Python version) is left out, so that equal seeds give equal reports on
// any machine. Private helper of the profiles' targets.ts files.
import { subprocessAdapter } from "../src/adapters/subprocess.ts";
import type { Adapter } from "../src/core/types.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const PY = new URL("../examples/python/", import.meta.url).pathname;

/**
 * The adapter of a Python target.
 *
 * @param args The Python adapter's arguments after its path (options, then `file.py:function`
 * relative to `examples/python/`).
 * @param profile The profile id sent in the handshake.
 * @returns The adapter.
 */
export function pythonTargetAdapter(args: readonly string[], profile: string): Adapter {
  const inner = subprocessAdapter({
    argv: [
      pythonPath(),
      `${PY}netconform_adapter.py`,
      ...args.map((a) => /\.py:/.test(a) ? `${PY}${a}` : a),
    ],
    profile,
    env: { PYTHONDONTWRITEBYTECODE: "1" },
  });
  return {
    kind: inner.kind,
    async start(options) {
      const { runtime: _runtime, ...info } = await inner.start(options);
      return info;
    },
    run: (request, options) => inner.run(request, options),
    close: () => inner.close(),
    stderr: () => inner.stderr?.() ?? "",
  };
}
