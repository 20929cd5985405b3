/**
 * Every profile the kit ships and its suite, in report order: tool responses, the normalizer,
 * Netdryrun results, the Netdryrun MCP server, Netdryrun result consumers, chat limits. A new profile adds its lines here;
 * the CLI's registry (`cli/registry.ts`) adds the embedded targets on top.
 *
 * @module
 */
import type { Profile, Suite } from "../src/core/types.ts";
import { toolResponseProfile } from "./tool_response/profile.ts";
import { toolResponseSuite } from "./tool_response/suite.ts";
import { netdryrunProfile } from "./netdryrun/profile.ts";
import { netdryrunSuite } from "./netdryrun/suite.ts";
import { netdryrunMcpProfile } from "./netdryrun_mcp/profile.ts";
import { netdryrunMcpSuite } from "./netdryrun_mcp/suite.ts";
import { chatLimitsProfile } from "./chat_limits/profile.ts";
import { chatLimitsSuite } from "./chat_limits/suite.ts";
import { normalizerProfile } from "./normalizer/profile.ts";
import { normalizerSuite } from "./normalizer/suite.ts";
import { netdryrunConsumerProfile } from "./netdryrun_consumer/profile.ts";
import { netdryrunConsumerSuite } from "./netdryrun_consumer/suite.ts";

/** Every profile, in report order. */
export const profiles: readonly Profile[] = [
  toolResponseProfile,
  normalizerProfile,
  netdryrunProfile,
  netdryrunMcpProfile,
  netdryrunConsumerProfile,
  chatLimitsProfile,
];

/** Every suite, one per profile id, in the profiles' order. */
export const suites: readonly Suite[] = [
  toolResponseSuite,
  normalizerSuite,
  netdryrunSuite,
  netdryrunMcpSuite,
  netdryrunConsumerSuite,
  chatLimitsSuite,
];
