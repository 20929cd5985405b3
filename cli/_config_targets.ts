// A config file's targets as the runner takes them (private to cli/conform.ts).
import { withUserCases } from "../src/core/with_user_cases.ts";
import type { ConformanceTarget } from "../src/core/run_conformance.ts";
import type { Suite } from "../src/core/types.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import type { ConformConfig } from "./load_config.ts";

/**
 * The targets of a loaded config: each profile's suite (with the user's cases), an adapter
 * made from its section (with the target's per-tool time budgets), its timeouts.
 */
export function targetsFromConfig(
  config: ConformConfig,
  suiteFor: (id: string) => Suite,
): ConformanceTarget[] {
  return config.targets.map((t) => {
    const kind = adapterKinds.find((k) => k.kind === t.adapter.kind)!;
    return {
      name: t.name,
      suites: t.profiles.map((p) => ({
        suite: p.cases ? withUserCases(suiteFor(p.id), p.cases) : suiteFor(p.id),
        options: { ...p.options, volatile: t.volatile },
      })),
      create: (profile) =>
        kind.create(t.adapter, {
          configDir: config.dir,
          profile,
          ...(t.toolTimeoutsMs ? { toolTimeoutsMs: t.toolTimeoutsMs } : {}),
        }),
      baseDir: config.dir,
      caseTimeoutMs: t.caseTimeoutMs,
      startTimeoutMs: t.startTimeoutMs,
    };
  });
}
