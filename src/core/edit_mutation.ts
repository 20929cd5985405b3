import fc from "fast-check";
import type { Mutation } from "./types.ts";

/** What a mutation is: its id, the rule that must catch it, and one line of description. */
export interface MutationInfo {
  /** Stable identifier, for example `bump-total`. */
  id: string;
  /** The rule that must catch the mutated value, alone. */
  ruleId: string;
  /** What the mutation does. */
  description: string;
}

/**
 * A mutation with no random choice of its own: `edit` changes a deep copy of the valid value in
 * place and returns the JSON Pointer it broke, or `undefined` when it does not apply.
 *
 * @example Bump a count
 * ```ts
 * import assert from "node:assert/strict";
 * import fc from "fast-check";
 * import { editMutation } from "./edit_mutation.ts";
 *
 * const bump = editMutation<{ total: number }>(
 *   { id: "bump-total", ruleId: "X-TOTAL", description: "total one more" },
 *   (v) => {
 *     v.total += 1;
 *     return "/total";
 *   },
 * );
 * const [mutated] = fc.sample(bump.mutate({ total: 1 })!, 1);
 * assert.deepEqual(mutated, { value: { total: 2 }, instancePath: "/total" });
 * ```
 *
 * @param info The mutation's id, rule and description.
 * @param edit Changes the copy and returns the broken path, or `undefined`.
 * @returns The mutation.
 */
export function editMutation<S>(
  info: MutationInfo,
  edit: (copy: S) => string | undefined,
): Mutation<S> {
  return {
    ...info,
    mutate(value) {
      const copy = structuredClone(value);
      const instancePath = edit(copy);
      return instancePath === undefined ? undefined : fc.constant({ value: copy, instancePath });
    },
  };
}
