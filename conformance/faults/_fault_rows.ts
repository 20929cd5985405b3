/**
 * The fault-injection table: every fault the kit must survive, on every transport where it
 * applies, with how it is injected and what the run must say. `fault_injection_integration_test.ts` runs
 * the rows; `_reliability_table.ts` renders them as `docs/reliability.md`.
 *
 * @module
 */
import type { FaultRow } from "./_fault_setups.ts";
import { SUBPROCESS_ROWS } from "./_rows_subprocess.ts";
import { NETWORK_ROWS } from "./_rows_network.ts";

export type { Expected, FaultRow, Setup, Transport } from "./_fault_setups.ts";

/** Every row of the table, in the order of the issue. */
export const FAULT_ROWS: readonly FaultRow[] = [...SUBPROCESS_ROWS, ...NETWORK_ROWS];
