import type { Mutation } from "../../src/core/types.ts";
import { OTHER_MUTATIONS } from "./_mutations_other.ts";
import { RUN_MUTATIONS } from "./_mutations_run.ts";
import type { NetdryrunValue } from "./types.ts";

/** Mutations of valid results, each caught by exactly the rule it names. */
export const netdryrunMutations: readonly Mutation<NetdryrunValue>[] = [
  ...RUN_MUTATIONS,
  ...OTHER_MUTATIONS,
];
