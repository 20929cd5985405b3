/**
 * The `netdryrun.consumer/v1` profile: whatever consumes a Netdryrun `dry_run` / `run_checks`
 * result (a CI gate, an agent) decides on `status` only, never on lab text or the verdict's
 * words, refuses every status v1 may add, and survives setup errors and non-results. Its
 * rules, the observation check, suite, arbitraries (decoys, hostile text, respelled and
 * unknown statuses), mutations and the kit's reference decision function.
 *
 * @example The reference decides on status alone
 * ```ts
 * import assert from "node:assert/strict";
 * import { decideNetdryrunResult } from "./mod.ts";
 *
 * assert.equal(decideNetdryrunResult({ status: "PASSED" }, 1), "do-not-apply");
 * ```
 *
 * @module
 */
export * from "./types.ts";
export * from "./rules.ts";
export * from "./check.ts";
export * from "./profile.ts";
export * from "./arbitraries.ts";
export * from "./mutations.ts";
export * from "./suite.ts";
export * from "./reference.ts";
