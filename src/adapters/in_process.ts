import type {
  Adapter,
  AdapterCallOptions,
  ImplementationInfo,
  Reply,
  Request,
} from "../core/types.ts";

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

/**
 * Wrap a TypeScript function as an {@linkcode Adapter}. What the function returns (or
 * resolves to) is the result; what it throws is the implementation's own failure
 * (`raised`), never a harness fault. A result that is not JSON data (a function, a cycle,
 * a bigint) is reported as `raised` with type `UnserializableResult`, as a subprocess
 * could not have sent it either.
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
        // Copy the input so that an implementation cannot alter the kit's case.
        value = await handler(structuredClone(request), { signal });
      } catch (error) {
        const e = error instanceof Error ? error : new Error(String(error));
        return { kind: "raised", type: e.name, message: e.message, traceback: e.stack };
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
