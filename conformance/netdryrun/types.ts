/** The known statuses of a run (as in netdryrun.report/v1); v1 may add others. */
export type KnownStatus = "passed" | "failed" | "error" | "inconclusive";

/** The tools of a Netdryrun MCP server whose results the profile checks. */
export type NetdryrunTool =
  | "dry_run"
  | "run_checks"
  | "validate"
  | "check_types"
  | "record_baseline";

/** One check of a run result (`#/$defs/check`). */
export interface NetdryrunCheck {
  /** Check name (lab text, one line, at most 300 code points). */
  name: string | null;
  /** Whether the check passed. */
  passed: boolean;
  /** One-line result (lab text, at most 300 code points). */
  detail: string | null;
  /** Present (true) only on a failed check whose node never gave a usable state. */
  unready?: true;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** Evidence of a failure (`#/$defs/failure/properties/evidence`). */
export interface NetdryrunEvidence {
  /** The command (lab text, at most 200 code points). */
  cmd: string | null;
  /** Its exit code, or null. */
  rc: number | null;
  /** An excerpt of its output (lab text, at most 200 code points). */
  excerpt: string | null;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** A failed check, explained (`#/$defs/failure`). */
export interface NetdryrunFailure {
  /** The check's name. */
  check: string | null;
  /** The node the check reads, or null. */
  node: string | null;
  /** The check's detail. */
  reason: string | null;
  /** The evidence, or null when no command ran. */
  evidence: NetdryrunEvidence | null;
  /** `docker exec <container> <CLI> '<command>'`, or null. */
  next_diagnostic: string | null;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** What a run tested (`#/$defs/run_result/properties/tested`). */
export interface NetdryrunTested {
  /** Absolute path of the netdryrun.yml that ran. */
  config: string;
  /** true for dry_run, false for run_checks. */
  lab_deployed_by_this_run: boolean;
  /** Relative path -> lowercase sha256 hex. */
  files: Record<string, string>;
  /** false when a file was not read or there were more than 200. */
  complete: boolean;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** A finished run of dry_run or run_checks (`#/$defs/run_result`). */
export interface NetdryrunRunResult {
  /** Always `netdryrun.mcp-result/v1`. */
  schema: "netdryrun.mcp-result/v1";
  /** A known status, or one a later v1 adds. */
  status: string;
  /** Number of checks that passed. */
  passed: number;
  /** Number of checks that failed. */
  failed: number;
  /** Why the run could not complete (status error), else null. */
  error: string | null;
  /** What was seen (status inconclusive), else null. */
  inconclusive_reason: string | null;
  /** containerlab lab name. */
  lab: string | null;
  /** Every check, in file order. */
  checks: NetdryrunCheck[];
  /** One entry per failed check, in the order of checks. */
  failures: NetdryrunFailure[];
  /** Path of the full JSON report, or null. */
  evidence_file: string | null;
  /** The verdict the status implies. */
  verdict: string;
  /** What the run tested. */
  tested: NetdryrunTested;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** dry_run or run_checks refused to start (`#/$defs/setup_error`). */
export interface NetdryrunSetupError {
  /** Optional schema id. */
  schema?: "netdryrun.mcp-result/v1";
  /** Always `error`. */
  status: "error";
  /** What is wrong with netdryrun.yml. */
  error: string;
  /** Always `DO NOT APPLY THIS CHANGE`. */
  verdict: "DO NOT APPLY THIS CHANGE";
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** Result of validate (`#/$defs/validate_result`). */
export type NetdryrunValidateResult =
  | { valid: true; lab: string; checks: string[]; [key: string]: unknown }
  | { valid: false; error: string; [key: string]: unknown };

/** Result of check_types (`#/$defs/check_types_result`). */
export interface NetdryrunCheckTypesResult {
  /** Netdryrun version. */
  netdryrun: string;
  /** Check type -> its parameters. */
  check_types: Record<string, { required: string[]; optional: string[]; [key: string]: unknown }>;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** record_baseline could not record (`#/$defs/tool_error`). */
export interface NetdryrunToolError {
  /** Why. */
  error: string;
  /** Fields a later v1 may add. */
  [key: string]: unknown;
}

/** Anything a Netdryrun MCP tool returns: a document, or YAML text from record_baseline. */
export type NetdryrunValue =
  | NetdryrunRunResult
  | NetdryrunSetupError
  | NetdryrunValidateResult
  | NetdryrunCheckTypesResult
  | NetdryrunToolError
  | string;

/**
 * The context of a check. `tool` says which tool produced the value (without it the value is
 * read as a dry_run/run_checks result and the tool-specific rules are skipped).
 * `evidenceFiles` maps an evidence_file path to the text the kit read from it (null:
 * unreadable); the kit itself never reads the server's files during a check.
 */
export interface NetdryrunContext {
  /** The tool that produced the value. */
  tool?: NetdryrunTool;
  /** evidence_file path -> its text as read by the caller, or null when unreadable. */
  evidenceFiles?: Record<string, string | null>;
}

/** A command a check ran on its node, as the lab answered (raw, untrusted). */
export interface LabCommand {
  /** The command line. */
  cmd: string;
  /** Its exit code, or null when unknown (timed out, killed). */
  rc: number | null;
  /** What it printed: raw lab output, hostile on purpose in the generators. */
  output: string;
}

/** One check of a lab run, before any formatting. */
export interface LabCheckModel {
  /** The check's name from netdryrun.yml (raw). */
  name: string;
  /** Whether it passed. */
  passed: boolean;
  /** What the check saw (raw). */
  detail: string;
  /** The node it reads, or null. */
  node: string | null;
  /** The node's docker container, or null when unknown. */
  container: string | null;
  /** The node's CLI (`vtysh -c`, `Cli -p 15 -c`, `sr_cli`), or null when the driver is unknown. */
  cli: string | null;
  /** The read-only show command of the state the check looks at. */
  show: string;
  /** Commands of the final sample, in order. */
  commands: LabCommand[];
  /** Every sample got no usable state from the node. */
  unready: boolean;
  /** Fields a later v1 adds to a check, passed through. */
  extra: Record<string, unknown>;
}

/** A lab run of dry_run or run_checks, before any formatting: what happened in the lab. */
export interface LabRunModel {
  /** Discriminator. */
  kind: "run";
  /** The tool that ran. */
  tool: "dry_run" | "run_checks";
  /** The run's status: a known one or one a later v1 adds. */
  status: string;
  /** containerlab lab name, or null. */
  lab: string | null;
  /** Absolute path of netdryrun.yml. */
  config: string;
  /** Files read before the run: relative path and sha256 hex. */
  files: { path: string; sha256: string }[];
  /** A file could not be read (outside the root, ~, ${VAR}, URL, unreadable). */
  unreadFile: boolean;
  /** Every check, in file order. */
  checks: LabCheckModel[];
  /** Why the run could not complete (raw; used when status is error). */
  errorText: string;
  /** What was seen (raw; used when status is inconclusive). */
  inconclusiveText: string;
  /** Path of the JSON report, or null. */
  evidenceFile: string | null;
  /** Fields a later v1 adds to the result, passed through. */
  extra: Record<string, unknown>;
}

/** dry_run or run_checks refused to start. */
export interface SetupErrorModel {
  /** Discriminator. */
  kind: "setup_error";
  /** The tool that refused. */
  tool: "dry_run" | "run_checks";
  /** What is wrong (raw; may quote the file). */
  message: string;
  /** Whether the result carries the optional schema id. */
  withSchema: boolean;
  /** Fields a later v1 adds, passed through (never run-result properties). */
  extra: Record<string, unknown>;
}

/** A validate call. */
export interface ValidateModel {
  /** Discriminator. */
  kind: "validate";
  /** Whether netdryrun.yml is valid. */
  valid: boolean;
  /** Path of the topology. */
  lab: string;
  /** Check names, in file order. */
  checks: string[];
  /** What is wrong (raw), when invalid. */
  error: string;
  /** Fields a later v1 adds. */
  extra: Record<string, unknown>;
}

/** A check_types call. */
export interface CheckTypesModel {
  /** Discriminator. */
  kind: "check_types";
  /** Netdryrun version. */
  version: string;
  /** Check type -> distinct parameter names and how many of them are required. */
  types: Record<string, { params: string[]; nRequired: number }>;
}

/** A record_baseline call. */
export interface BaselineModel {
  /** Discriminator. */
  kind: "record_baseline";
  /** Whether it recorded (YAML text) or failed (tool error). */
  ok: boolean;
  /** The recorded state, per node. */
  nodes: Record<string, { routes: string[]; neighbors: string[]; note: string }>;
  /** Lab name. */
  lab: string;
  /** Why it failed (raw). */
  error: string;
}

/** Any model the reference builder turns into a tool result. */
export type NetdryrunModel =
  | LabRunModel
  | SetupErrorModel
  | ValidateModel
  | CheckTypesModel
  | BaselineModel;
