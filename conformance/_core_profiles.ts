// The profiles as `mod.ts` shows them: typed as a plain `Profile`, so that the core API does
// not name each profile's value type (those come with the profile's own subpath export, where
// the same objects are typed in full). Private file of the profiles layer.
import type { Profile } from "../src/core/types.ts";
import { normalizerProfile as normalizer } from "./normalizer/profile.ts";
import { netdryrunProfile as netdryrun } from "./netdryrun/profile.ts";
import { netdryrunConsumerProfile as consumer } from "./netdryrun_consumer/profile.ts";
import { chatLimitsProfile as chatLimits } from "./chat_limits/profile.ts";

/** The `gns3.normalizer/v1.0` profile (typed in full in `./profiles/normalizer`). */
export const normalizerProfile: Profile = normalizer as Profile;
/** The `netdryrun.mcp-result/v1` profile (typed in full in `./profiles/netdryrun`). */
export const netdryrunProfile: Profile = netdryrun as Profile;
/** The `netdryrun.consumer/v1` profile (typed in full in `./profiles/netdryrun-consumer`). */
export const netdryrunConsumerProfile: Profile = consumer as Profile;
/** The `gns3.chat-limits/v1` profile (typed in full in `./profiles/chat-limits`). */
export const chatLimitsProfile: Profile = chatLimits as Profile;
