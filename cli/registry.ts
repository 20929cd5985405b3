/**
 * What the CLI can run without a config file: every profile's suite (from
 * `conformance/profiles.ts`) and every embedded target, references first (in profile order),
 * then mutants. Each profile's `targets.ts` adds its targets here.
 *
 * @module
 */
import type { EmbeddedTarget } from "../conformance/_embedded_target.ts";
import { toolResponseTargets } from "../conformance/tool_response/targets.ts";
import { netdryrunTargets } from "../conformance/netdryrun/targets.ts";
import { netdryrunMcpTargets } from "../conformance/netdryrun_mcp/targets.ts";
import { chatLimitsTargets } from "../conformance/chat_limits/targets.ts";
import { normalizerTargets } from "../conformance/normalizer/targets.ts";
import { netdryrunConsumerTargets } from "../conformance/netdryrun_consumer/targets.ts";

export { profiles, suites } from "../conformance/profiles.ts";
export type { EmbeddedTarget } from "../conformance/_embedded_target.ts";

const allTargets = [
  ...toolResponseTargets,
  ...normalizerTargets,
  ...netdryrunTargets,
  ...netdryrunMcpTargets,
  ...netdryrunConsumerTargets,
  ...chatLimitsTargets,
];

/** Every embedded target: references first (in profile order), then mutants. */
export const embeddedTargets: readonly EmbeddedTarget[] = [
  ...allTargets.filter((t) => !t.mutant),
  ...allTargets.filter((t) => t.mutant),
];

/**
 * The profile ids a target runs, in its order.
 *
 * @param target The target.
 * @returns Its profile ids.
 */
export function targetProfiles(target: EmbeddedTarget): string[] {
  return target.suites.map((s) => s.suite.profile.id);
}
