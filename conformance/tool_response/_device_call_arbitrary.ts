// Arbitrary calls of the simulated device-command tool with their simulated world (private;
// re-exported by suite.ts): the suite's generated cases and the profile's lab samples.
import fc from "fast-check";
import type { Arbitrary } from "../../src/core/arbitrary.ts";
import { deviceOutputArbitrary, humanTextArbitrary } from "./arbitraries.ts";
import type { DeviceCommandCall } from "./producer.ts";

/**
 * Arbitrary calls of the simulated device-command tool, with their simulated world:
 * reachable, refusing and timing-out devices, unknown device names, bad project ids and
 * empty command lists.
 *
 * @returns The arbitrary.
 */
export function deviceCommandCallArbitrary(): Arbitrary<DeviceCommandCall> {
  const device = fc.record({
    id: fc.uuid(),
    name: humanTextArbitrary(20).filter((s) => s.length > 0),
    behaviour: fc.constantFrom(
      "ok" as const,
      "ok" as const,
      "refused" as const,
      "timeout" as const,
    ),
    output: fc.oneof(
      { weight: 9, arbitrary: deviceOutputArbitrary(40) },
      { weight: 1, arbitrary: fc.constant("") },
    ),
  });
  return fc.record({
    devices: fc.uniqueArray(device, { maxLength: 6, selector: (d) => d.name }),
    unknown: fc.option(fc.constant("ghost-router"), { nil: undefined }),
    projectOk: fc.constantFrom(true, true, true, true, false),
    commands: fc.array(fc.constantFrom("show version", "show ip route", "show run"), {
      maxLength: 3,
    }),
    order: fc.nat(),
  }).map(({ devices, unknown, projectOk, commands, order }): DeviceCommandCall => {
    const names = devices.map((d) => d.name);
    if (names.length > 0) names.push(...names.splice(0, order % names.length));
    if (unknown && !names.includes(unknown)) names.push(unknown);
    return {
      name: "execute_multiple_device_commands",
      arguments: {
        project_id: projectOk ? "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d" : "not-a-project",
        commands,
        device_names: names,
      },
      scenario: { devices },
    };
  });
}
