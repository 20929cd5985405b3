/**
 * The check types of the reference server: what each requires and accepts (reported by
 * `check_types`), and how one sample of a check is taken through a {@linkcode LabHandle}.
 * Every check type reads state with read-only show commands whose output is JSON, so that a
 * real lab driver can serve them unchanged.
 *
 * @module
 */
import type { ExecResult, LabHandle } from "./lab_driver.ts";

/** One command a sample ran, with its outcome. */
export interface SampleCommand extends ExecResult {
  /** The command. */
  cmd: string;
}

/** One sample of a check. */
export interface SampleOutcome {
  /** false when the node gave no usable state (command failed, output unreadable, nothing there). */
  usable: boolean;
  /** Whether the check passed on this sample (false when not usable). */
  passed: boolean;
  /** One-line result (may quote lab output; the caller flattens it). */
  detail: string;
  /** Commands run, in order. */
  commands: SampleCommand[];
}

/** A check type: its parameters and how to take a sample. */
export interface CheckType {
  /** Parameters a check must give. */
  required: readonly string[];
  /** Parameters a check may give. */
  optional: readonly string[];
  /** Take one sample. */
  sample(lab: LabHandle, node: string, params: Record<string, unknown>): Promise<SampleOutcome>;
}

interface Route {
  prefix: string;
  protocol?: string;
  next_hop?: string;
  selected?: boolean;
}
interface Neighbor {
  neighbor: string;
  state?: string;
}

async function run(lab: LabHandle, node: string, cmd: string): Promise<SampleCommand> {
  const r = await lab.exec(node, cmd);
  return { cmd, rc: r.rc, output: r.output };
}

function parseList<T>(output: string): T[] | undefined {
  try {
    const value = JSON.parse(output);
    return Array.isArray(value) ? value as T[] : undefined;
  } catch {
    return undefined;
  }
}

function unusable(commands: SampleCommand[], detail: string): SampleOutcome {
  return { usable: false, passed: false, detail, commands };
}

const ROUTES = "show ip route json";
const NEIGHBORS = "show bgp neighbors json";

async function routes(lab: LabHandle, node: string) {
  const c = await run(lab, node, ROUTES);
  if (c.rc !== 0) return { c, error: `"${ROUTES}" failed with rc ${c.rc}: ${c.output}` };
  const list = parseList<Route>(c.output);
  if (!list) return { c, error: `output of "${ROUTES}" is not a JSON list: ${c.output}` };
  return { c, list };
}

/** Every check type, by name. */
export const CHECK_TYPES: Readonly<Record<string, CheckType>> = {
  route_present: {
    required: ["prefix"],
    optional: ["protocol", "next_hop"],
    async sample(lab, node, p) {
      const r = await routes(lab, node);
      if (!r.list) return unusable([r.c], r.error);
      const same = r.list.filter((x) => x.prefix === p.prefix);
      const ok = same.find((x) =>
        x.selected !== false && (p.protocol === undefined || x.protocol === p.protocol) &&
        (p.next_hop === undefined || x.next_hop === p.next_hop)
      );
      if (ok) {
        return {
          usable: true,
          passed: true,
          detail: `present via ${ok.protocol ?? "unknown"}`,
          commands: [r.c],
        };
      }
      const seen = same[0];
      const detail = !seen
        ? "absent"
        : seen.selected === false
        ? `present via ${seen.protocol ?? "unknown"} but not selected`
        : `present via ${seen.protocol ?? "unknown"} next-hop ${seen.next_hop ?? "none"}`;
      return { usable: true, passed: false, detail, commands: [r.c] };
    },
  },
  route_absent: {
    required: ["prefix"],
    optional: ["protocol"],
    async sample(lab, node, p) {
      const r = await routes(lab, node);
      if (!r.list) return unusable([r.c], r.error);
      const bad = r.list.find((x) =>
        x.prefix === p.prefix && x.selected !== false &&
        (p.protocol === undefined || x.protocol === p.protocol)
      );
      return bad
        ? {
          usable: true,
          passed: false,
          detail: `unexpectedly present via ${bad.protocol ?? "unknown"}`,
          commands: [r.c],
        }
        : { usable: true, passed: true, detail: "absent", commands: [r.c] };
    },
  },
  bgp_neighbor_state: {
    required: ["neighbor"],
    optional: ["state"],
    async sample(lab, node, p) {
      const c = await run(lab, node, NEIGHBORS);
      if (c.rc !== 0) return unusable([c], `"${NEIGHBORS}" failed with rc ${c.rc}: ${c.output}`);
      const list = parseList<Neighbor>(c.output);
      if (!list) return unusable([c], `output of "${NEIGHBORS}" is not a JSON list: ${c.output}`);
      if (list.length === 0) return unusable([c], "no BGP neighbors at all");
      const want = typeof p.state === "string" ? p.state : "Established";
      const n = list.find((x) => x.neighbor === p.neighbor);
      if (!n) {
        return { usable: true, passed: false, detail: "neighbor not configured", commands: [c] };
      }
      return n.state === want
        ? { usable: true, passed: true, detail: `state ${want}`, commands: [c] }
        : {
          usable: true,
          passed: false,
          detail: `state ${n.state ?? "unknown"}, expected ${want}`,
          commands: [c],
        };
    },
  },
  command_output: {
    required: ["command", "contains"],
    optional: [],
    async sample(lab, node, p) {
      const c = await run(lab, node, String(p.command));
      if (c.rc !== 0) return unusable([c], `command failed with rc ${c.rc}: ${c.output}`);
      return c.output.includes(String(p.contains))
        ? { usable: true, passed: true, detail: `output contains "${p.contains}"`, commands: [c] }
        : {
          usable: true,
          passed: false,
          detail: `output lacks "${p.contains}": ${c.output}`,
          commands: [c],
        };
    },
  },
};
