/**
 * The interface between the reference server and a lab. The reference server ships one
 * implementation, the simulated lab ({@linkcode simulatedLabDriver} in `simulated_lab.ts`); a
 * containerlab driver would implement the same interface with `containerlab deploy`,
 * `docker exec` and `containerlab destroy`.
 *
 * @module
 */
import type { Topology } from "./topology.ts";

/** What one command run on a lab node gave. */
export interface ExecResult {
  /** Exit code; `null` when the command did not finish. */
  rc: number | null;
  /** What the command printed (untrusted lab output). */
  output: string;
}

/** A lab that is up, deployed by this run or already running. */
export interface LabHandle {
  /** The containerlab lab name. */
  readonly name: string;
  /**
   * Run one read-only command on a node.
   *
   * @throws {Error} When the node cannot be reached at all (the run then ends in error).
   */
  exec(node: string, command: string): Promise<ExecResult>;
  /** The read-only command an agent can run to see the same state, or null when unknown. */
  diagnostic(node: string, command: string): string | null;
  /** Destroy the lab (only for a lab this run deployed). */
  destroy(): Promise<void>;
}

/** Why a lab could not be brought to a testable state. */
export interface LabFault {
  /** error: the run could not complete; inconclusive: the lab never became testable. */
  status: "error" | "inconclusive";
  /** What was seen (untrusted lab text). */
  reason: string;
}

/** A lab driver: deploys labs for dry_run and attaches to running ones for run_checks. */
export interface LabDriver {
  /** Driver name, for example `simulated` or `containerlab`. */
  readonly name: string;
  /** Deploy the topology and wait until it is up. */
  deploy(topology: Topology): Promise<LabHandle | LabFault>;
  /** Attach to the lab of the topology, already running. */
  attach(topology: Topology): Promise<LabHandle | LabFault>;
}

/**
 * Whether a driver answer is a fault.
 *
 * @param value What `deploy` or `attach` gave.
 * @returns true for a {@linkcode LabFault}.
 */
export function isLabFault(value: LabHandle | LabFault): value is LabFault {
  return "status" in value && "reason" in value && !("exec" in value);
}
