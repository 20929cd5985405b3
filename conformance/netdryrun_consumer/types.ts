/**
 * What `decide` is given: the tool's result as returned and, only when the target's option
 * `attempts` is on (a consumer that counts its own retries), which run of the change it is.
 */
export interface DecideInput {
  /** The result of dry_run or run_checks (untrusted: any JSON value). */
  result: unknown;
  /** 1 for the first run of a change, 2 for the run after one retry; absent by default. */
  attempt?: number;
}

/** What one `decide` call gave: a value, or the exception the consumer raised. */
export type DecideReply =
  | { decision: unknown }
  | { raised: { type: string; message: string; traceback?: string } };

/** One call of the consumer. */
export interface DecideCall {
  /** The arguments. */
  input: DecideInput;
  /** What came back. */
  output: DecideReply;
}

/** How a variant differs from the base call's input. */
export type VariantChange = "lab-text" | "verdict" | "extra-fields";

/**
 * The subject of the `netdryrun.consumer/v1` profile: one decision on a result and, for the
 * metamorphic rules, the decision on a variant of that result that differs in one way only.
 */
export interface ConsumerObservation extends DecideCall {
  /** The same call on a changed result, and what was changed. */
  variant?: DecideCall & { change: VariantChange };
}

export type { Decision } from "./_result.ts";
