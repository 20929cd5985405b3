/**
 * Every profile, suite and embedded target the kit ships. The CLI and the kit's own
 * cross-profile tests read this list; each profile adds its entries here.
 *
 * @module
 */
import type { Adapter, Profile, Suite } from "../src/core/types.ts";
import { toolResponseProfile } from "./tool_response/profile.ts";
import { toolResponseSuite } from "./tool_response/suite.ts";
import { toolResponseTargets } from "./tool_response/targets.ts";
import { netdryrunProfile } from "./netdryrun/profile.ts";
import { netdryrunSuite } from "./netdryrun/suite.ts";
import { netdryrunTargets } from "./netdryrun/targets.ts";
import { netdryrunMcpProfile } from "./netdryrun_mcp/profile.ts";
import { netdryrunMcpSuite } from "./netdryrun_mcp/suite.ts";
import { netdryrunMcpTargets } from "./netdryrun_mcp/targets.ts";
import { chatLimitsProfile } from "./chat_limits/profile.ts";
import { chatLimitsSuite } from "./chat_limits/suite.ts";
import { chatLimitsTargets } from "./chat_limits/targets.ts";
import { normalizerProfile } from "./normalizer/profile.ts";
import { normalizerSuite } from "./normalizer/suite.ts";
import { normalizerTargets } from "./normalizer/targets.ts";

/** A target the kit ships: a reference implementation or a deliberately broken mutant. */
export interface EmbeddedTarget {
  /** Unique name, used with `--target`. */
  name: string;
  /** One line saying what it is. */
  description: string;
  /** Profile ids it is run against. */
  profiles: string[];
  /** Options per profile id, as a config file would give them. */
  options?: Record<string, Record<string, unknown>>;
  /**
   * A mutant is broken on purpose: run only when named. `breaks` lists the rules a run must
   * report; `errored` says its fault shows as errored cases (a crash, a hang), not a finding.
   */
  mutant?: { breaks: string[]; errored?: boolean };
  /**
   * Milliseconds a case may take, when the default (10 s) is too short for the target (an
   * agent process that runs up to 100 model calls a request).
   */
  caseTimeoutMs?: number;
  /** Makes a fresh adapter for one suite run. */
  create(): Adapter;
}

/** Every profile, in report order: tool responses, the normalizer, Netdryrun, chat limits. */
export const profiles: readonly Profile[] = [
  toolResponseProfile,
  normalizerProfile,
  netdryrunProfile,
  netdryrunMcpProfile,
  chatLimitsProfile,
];

/** Every suite, one per profile id, in the profiles' order. */
export const suites: readonly Suite[] = [
  toolResponseSuite,
  normalizerSuite,
  netdryrunSuite,
  netdryrunMcpSuite,
  chatLimitsSuite,
];

const allTargets = [
  ...toolResponseTargets,
  ...normalizerTargets,
  ...netdryrunTargets,
  ...netdryrunMcpTargets,
  ...chatLimitsTargets,
];

/** Every embedded target: references first (in profile order), then mutants. */
export const embeddedTargets: readonly EmbeddedTarget[] = [
  ...allTargets.filter((t) => !t.mutant),
  ...allTargets.filter((t) => t.mutant),
];
