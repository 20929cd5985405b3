/**
 * The shape of a target the kit ships (a reference implementation or a deliberately broken
 * mutant): a {@linkcode ConformanceTarget} with a description and, for a mutant, the rules it
 * breaks. It lives below both the profiles' `targets.ts` files and the CLI's registry that
 * lists them, so that neither imports the other.
 *
 * @module
 */
import type { ConformanceTarget } from "../src/core/run_conformance.ts";
import type { Suite } from "../src/core/types.ts";

/** A target the kit ships: a reference implementation or a deliberately broken mutant. */
export interface EmbeddedTarget extends ConformanceTarget {
  /** One line saying what it is. */
  description: string;
  /**
   * A mutant is broken on purpose: run only when named. `breaks` lists the rules a run must
   * report; `errored` says its fault shows as errored cases (a crash, a hang), not a finding.
   */
  mutant?: { breaks: string[]; errored?: boolean };
  /**
   * The kit's Python environment the target runs in (`.venv/<name>/`, made by
   * `deno task python-env`): without it the default run leaves the target out and says so,
   * and naming it with `--target` is a usage error that gives the command.
   */
  pythonEnv?: string;
}

/**
 * One suite of an embedded target, with the options a config file would give it (and the
 * `volatile` list every suite receives, empty for the kit's own targets).
 *
 * @param suite The suite.
 * @param options The target's options for it.
 * @returns The suite entry of a target.
 */
export function embeddedSuite(
  suite: Suite,
  options: Readonly<Record<string, unknown>> = {},
): ConformanceTarget["suites"][number] {
  return { suite, options: { volatile: [], ...options } };
}
