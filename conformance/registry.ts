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
  /** A mutant is broken on purpose: run only when named, and expected not to conform. */
  mutant?: { breaks: string[] };
  /** Makes a fresh adapter for one suite run. */
  create(): Adapter;
}

/** Every profile, in report order. */
export const profiles: readonly Profile[] = [toolResponseProfile];

/** Every suite, one per profile id. */
export const suites: readonly Suite[] = [toolResponseSuite];

/** Every embedded target: references first, then mutants. */
export const embeddedTargets: readonly EmbeddedTarget[] = [...toolResponseTargets];
