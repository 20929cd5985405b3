/** The golden reports of the Netdryrun result consumers' targets (see `_golden_reports.ts`). */
import { embeddedTargets } from "./registry.ts";
import { registerGoldenTests } from "./_golden_reports.ts";

registerGoldenTests(embeddedTargets, "netdryrun-consumer");
