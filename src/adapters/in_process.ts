import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";
import { cloneKeepingPython } from "./_python_input.ts";

/** A TypeScript implementation under test: a function from a request to a value. */
export type InProcessHandler = (request: Request, options: { signal: AbortSignal }) => unknown;

/** Options of {@linkcode inProcessAdapter}. */
export interface InProcessAdapterOptions {
  /**
   * What the implementation says about itself.
   *
   * @default { name: "in-process", language: "typescript" }
   */
  info?: ImplementationInfo;
}

const HERE = import.meta.url;
const KIT_ROOT = new URL("../../", import.meta.url).href;

/**
 * The implementation's part of a stack: the frames above this adapter's call, with the kit's
 * own folder left out of paths. The harness's frames (this adapter, the runner, the event
 * loop's `Promise.all (index N)`) depend on scheduling and on where the kit is checked out,
 * not on the implementation, so a report that kept them would differ between equal runs.
 */
function implementationStack(stack: string | undefined): string | undefined {
  if (!stack) return undefined;
  const lines = stack.split("\n");
  const cut = lines.findIndex((line) => /^\s+at /.test(line) && line.includes(HERE));
  return (cut === -1 ? lines : lines.slice(0, cut)).join("\n").replaceAll(KIT_ROOT, "");
}

/**
 * Wrap a TypeScript function as an {@linkcode Adapter}. What the function returns (or
 * resolves to) is the result; what it throws is the implementation's own failure
 * (`raised`), never a harness fault. A result that is not JSON data (a function, a cycle,
 * a bigint) is reported as `raised` with type `UnserializableResult`, as a subprocess
 * could not have sent it either. A real Python object in the input (a `PythonArgument`)
 * reaches the function as that object.
 *
 * @example Wrap a function
 * ```ts
 * import assert from "node:assert/strict";
 * import { inProcessAdapter } from "./in_process.ts";
 *
 * const adapter = inProcessAdapter((request) => ({ echo: request.input }));
 * await adapter.start();
 * assert.deepEqual(await adapter.run({ operation: "x", input: 1 }), { kind: "result", value: { echo: 1 } });
 * await adapter.close();
 * ```
 *
 * @param handler The implementation.
 * @param options What the implementation says about itself.
 * @returns The adapter.
 */
export function inProcessAdapter(
  handler: InProcessHandler,
  options: InProcessAdapterOptions = {},
): Adapter {
  const info = options.info ?? { name: "in-process", language: "typescript" };
  return {
    kind: "in-process",
    start: () => Promise.resolve(info),
    async run(request: Request, callOptions: AdapterCallOptions = {}): Promise<Reply> {
      const signal = callOptions.signal ?? new AbortController().signal;
      if (signal.aborted) return { kind: "errored", message: "aborted before start" };
      let value: unknown;
      try {
        // Copy the input so that an implementation cannot alter the kit's case (a real Python
        // object, a PythonArgument, stays one: the function gets the object as it is).
        value = await handler(cloneKeepingPython(request), { signal });
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        const traceback = implementationStack(e.stack);
        return {
          kind: "raised",
          type: e.name,
          message: e.message,
          ...(traceback ? { traceback } : {}),
        };
      }
      let text: string | undefined;
      try {
        text = JSON.stringify(value);
      } catch (error) {
        return { kind: "raised", type: "UnserializableResult", message: String(error) };
      }
      if (text === undefined) {
        return {
          kind: "raised",
          type: "UnserializableResult",
          message: `result of type "${typeof value}" is not JSON data`,
        };
      }
      return { kind: "result", value: JSON.parse(text) };
    },
    close: () => Promise.resolve(),
  };
}
