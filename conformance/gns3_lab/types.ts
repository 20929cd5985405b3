/**
 * The scenario a `call_tool` case carries for the simulated GNS3 lab: the devices of the
 * project the tool is pointed at, and how each one's console behaves. JSON Schema:
 * `scenario.schema.json` beside this file; guide: `docs/gns3-tools.md`.
 *
 * @module
 */

/** How a device's console behaves for the length of a case. */
export type DeviceBehaviour =
  /** Logs in at once and answers every command with its output and a prompt. */
  | "ok"
  /** The console port is closed: the TCP connection is refused. */
  | "refused"
  /**
   * Logs in and answers session setup (paging, enable, configuration mode), then echoes the
   * first other command and never answers again (no prompt).
   */
  | "timeout"
  /** Answers every command with `% Invalid input detected at '^' marker.` and a prompt. */
  | "error"
  /** Accepts the connection and closes it at once (end of file). */
  | "eof"
  /** Accepts the connection and never sends anything (login fails after netmiko's wait). */
  | "silent"
  /** As `ok`, but each answer comes after `delay_ms`. */
  | "slow";

/** The console dialogue a device speaks (netmiko's device type for it). */
export type DeviceKind = "cisco_ios" | "vpcs";

/** One simulated device: a GNS3 node and its telnet console. */
export interface ScenarioDevice {
  /** The node's id (`node_id`). */
  id: string;
  /** The node's name, as the tool is asked for it. */
  name: string;
  /** How the console behaves. */
  behaviour: DeviceBehaviour;
  /** What the device prints for a command without an entry in `outputs`. */
  output: string;
  /** Output per command (exact command text). */
  outputs?: Record<string, string>;
  /** Console dialogue (default `cisco_ios`). */
  kind?: DeviceKind;
  /** Milliseconds before each answer of a `slow` device (default 500). */
  delay_ms?: number;
  /** The device's `tags` (default `["device_type:cisco_ios_telnet"]`, VPCS `device_type:vpcs`). */
  tags?: string[];
}

/** The simulated world of one case. */
export interface LabScenario {
  /** The project's devices. */
  devices: ScenarioDevice[];
  /**
   * `missing`: the project the call names does not exist on the controller (404).
   *
   * @default "present"
   */
  project?: "present" | "missing";
}
