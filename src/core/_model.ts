/**
 * The kit's data model: rules, findings, profiles, mutations, adapters and suites
 * (re-exported by `types.ts`, with the report model of `_report_model.ts`).
 *
 * Everything here is plain data or a small interface, so that findings and reports can be
 * serialised as JSON and read by any tool. Human text is a view over this data.
 *
 * @module
 */

import type { Arbitrary } from "./arbitrary.ts";

/** How strongly a spec requires a rule: MUST findings break conformance, SHOULD findings warn. */
export type Level = "MUST" | "SHOULD";

/** Where a rule comes from: a file of `../shared/specs/` (or a spec-notes file) and a section. */
export interface Citation {
  /** Spec file name, for example `tool-response-format-standard.en.md`. */
  spec: string;
  /** Section or clause within the file, for example `Single Item Format`. */
  section: string;
  /**
   * The verbatim sentence(s) of the contract that make the rule a requirement (for a rule
   * citing a spec-notes file: the spec sentence the kit's reading starts from). Several
   * fragments of one file are joined with ` […] `; whitespace is not significant.
   */
  quote?: string;
}

/** A named, citable requirement that the kit checks. */
export interface Rule {
  /** Stable identifier, for example `TR-TOTAL`. Never reused for another meaning. */
  id: string;
  /** MUST or SHOULD. */
  level: Level;
  /** One-line statement of the requirement. */
  statement: string;
  /** The clause the rule enforces. */
  cite: Citation;
}

/** One violation of one rule at one place of a checked value. Data, not prose. */
export interface Finding {
  /** The rule that is violated. */
  ruleId: string;
  /** The rule's level. */
  level: Level;
  /** JSON Pointer (RFC 6901) into the checked value; `""` is the whole value. */
  instancePath: string;
  /** Human text describing the violation; a view over the other fields. */
  message: string;
  /** The JSON Schema keyword, when the finding comes from schema validation. */
  keyword?: string;
  /** The schema location, when the finding comes from schema validation. */
  schemaPath?: string;
  /** Keyword parameters (ajv's `params`) or rule-specific data. */
  params?: Record<string, unknown>;
  /** What the rule expected there, when it can say. */
  expected?: unknown;
  /** What was found there, when it can say. */
  actual?: unknown;
}

/** Context handed to a profile's check, for example which tool produced a result. */
export type CheckContext = Readonly<Record<string, unknown>>;

/** A mutated copy of a valid value, with the place the mutation broke. */
export interface Mutated<S> {
  /** The mutated value; the original is left untouched. */
  value: S;
  /** JSON Pointer of the place where the named rule must report a finding. */
  instancePath: string;
  /** Context to check the value with, when the profile needs one. */
  context?: CheckContext;
}

/**
 * A near-miss generator: it breaks exactly one named rule of a valid value.
 *
 * `mutate` returns `undefined` when the mutation does not apply to the value (for example
 * "drop result from a success item" on a response with no success item).
 */
export interface Mutation<S> {
  /** Stable identifier, for example `bump-total`. */
  id: string;
  /** The rule that must catch the mutated value, and the only one that fires. */
  ruleId: string;
  /** What the mutation does, in one line. */
  description: string;
  /** Arbitrary of mutated copies of `value`, or `undefined` when not applicable. */
  mutate(value: S, context?: CheckContext): Arbitrary<Mutated<S>> | undefined;
}

/** A valid value and the context to check it with. */
export interface Sample<S> {
  /** A value that the profile must accept with zero findings. */
  value: S;
  /** Context to check the value with, when the profile needs one. */
  context?: CheckContext;
}

/**
 * A contract: its rules, a checker over values, generators of valid values and mutations,
 * and golden fixtures.
 */
export interface Profile<S = unknown> {
  /** Identifier with version, for example `gns3.tool-response/v1.0`. */
  id: string;
  /** Human title. */
  title: string;
  /** Every rule the profile can report, schema rules included. */
  rules: readonly Rule[];
  /** JSON Schemas the profile ships, keyed by a short name. */
  schemas: Readonly<Record<string, unknown>>;
  /**
   * Check one value. Never throws, whatever the value: garbage yields findings.
   *
   * @param value The value to check (untrusted data).
   * @param context Profile-specific context, for example the tool that produced the value.
   */
  check(value: unknown, context?: CheckContext): Finding[];
  /** Arbitrary of valid values: every generated sample has zero findings. */
  valid(): Arbitrary<Sample<S>>;
  /** Near-miss mutations, each caught by exactly the rule it names. */
  mutations: readonly Mutation<S>[];
  /** Folder of golden fixture files (YAML or JSON) for this profile. */
  fixtures: URL;
  /**
   * The check context a caller must or may give (for example the tool that produced a
   * Netdryrun result), so that tools such as `conform check` can ask for it and refuse an
   * unknown value instead of silently applying other rules. None when absent.
   */
  contextOptions?: readonly ContextOption[];
}

/** One entry of a profile's check context that a caller gives by name. */
export interface ContextOption {
  /** The context key, for example `tool`. */
  name: string;
  /** One line saying what it is. */
  description: string;
  /** The values it may take; any string when absent. */
  values?: readonly string[];
  /** Whether a check without it is refused. */
  required: boolean;
}

/** What an implementation says about itself when an adapter starts it. */
export interface ImplementationInfo {
  /** Implementation name. */
  name: string;
  /** Implementation version, when known. */
  version?: string;
  /** Implementation language, when known. */
  language?: string;
  /** Optional features the implementation declares. */
  capabilities?: string[];
  /** Anything else the implementation reports. */
  [key: string]: unknown;
}

/** One thing to ask an implementation: an operation and its input. */
export interface Request {
  /** The operation, for example `call_tool` or `normalize`. */
  operation: string;
  /** The operation's input, JSON-compatible. */
  input: unknown;
}

/**
 * What an adapter got back for one request.
 *
 * - `result`: the implementation returned a value.
 * - `raised`: the implementation under test raised (its own failure, not the harness's).
 * - `skipped`: the implementation declined the request, with a reason.
 * - `errored`: the adapter or its process failed (crash, timeout, garbage): no verdict on the
 *   call. When the implementation itself failed on it, `fault` says how (see
 *   {@linkcode ImplementationFault}); `notRun` marks a call the adapter no longer sends (its
 *   restart budget is used up), which is nobody's fault on this call.
 *
 * A `result` or a `raised` reply may carry `protocolViolations`: what the transport saw around
 * this answer that its protocol forbids (for MCP over stdio, stdout lines that are not MCP
 * messages, escaped), for the suite to report against the implementation. It may also carry
 * `notifications`: what the implementation sent beside this answer that needs no answer (for
 * MCP: log and progress notifications), counted per method with the first few capped samples,
 * kept as evidence and never judged.
 */
export type Reply =
  | {
    kind: "result";
    value: unknown;
    protocolViolations?: { transport: string; message: string }[];
    notifications?: { method: string; count: number; samples: string[] }[];
  }
  | {
    kind: "raised";
    type: string;
    message: string;
    traceback?: string;
    protocolViolations?: { transport: string; message: string }[];
    notifications?: { method: string; count: number; samples: string[] }[];
  }
  | { kind: "skipped"; reason: string }
  | {
    kind: "errored";
    message: string;
    stderr?: string;
    /**
     * The implementation's own fault: it `crashed` (killed by a signal or a nonzero exit),
     * `exited` (code 0, unasked), `hung` (no answer in time) or wrote `garbage` (not its
     * protocol's answer); `detail` is short (`exit 70`, `signal SIGSEGV`, `5000 ms`).
     */
    fault?: { kind: "crashed" | "exited" | "hung" | "garbage"; detail?: string };
    notRun?: true;
  };

/** Options for one adapter call. */
export interface AdapterCallOptions {
  /** Aborts the call; the adapter answers `errored` promptly once aborted. */
  signal?: AbortSignal;
  /**
   * Called when the adapter sends the call again from the start, to a fresh process, because
   * the one it was sent to failed on another call (hung or crashed) and was restarted: the
   * time it waited behind that call is not its own, and the runner gives its case a fresh
   * timeout (one hang is then one errored case, however short the case timeout).
   */
  onRequeue?: () => void;
  /**
   * Called when the call starts to wait behind other calls (for a lock the adapter holds
   * while it sends a call alone, or for a restart of the implementation that another call
   * brought about); the function it returns is called when the wait is over. The wait is not
   * the call's own time: the runner stops its case's clock meanwhile.
   */
  onWait?: () => () => void;
}

/**
 * The one interface every transport implements: in-process, subprocess, MCP, HTTP.
 *
 * An adapter never throws for a fault of the implementation: it answers with a {@linkcode Reply}.
 */
export interface Adapter {
  /** Transport kind, for example `in-process` or `subprocess`. */
  readonly kind: string;
  /**
   * Start the implementation (spawn, connect, handshake).
   *
   * @throws {Error} When the implementation cannot be started at all.
   */
  start(options?: AdapterCallOptions): Promise<ImplementationInfo>;
  /** Run one request. */
  run(request: Request, options?: AdapterCallOptions): Promise<Reply>;
  /** Release every resource; safe to call twice. */
  close(): Promise<void>;
  /** What the implementation wrote to its error stream so far, when there is one (bounded). */
  stderr?(): string;
  /**
   * What the implementation revealed of itself while the cases ran (for MCP: the names of the
   * tools it offers), merged into its implementation info at the end of the run.
   */
  learned?(): Record<string, unknown> | undefined;
}

/** One conformance case: a deterministic input to run against a target. */
export interface Case {
  /** Stable within a seed, for example `generated-17` or `fixture:lists.yaml#2`. */
  id: string;
  /** One line saying what the case is. */
  description: string;
  /** Suite-specific input, JSON-compatible. */
  input: unknown;
  /**
   * The profile cannot be judged without this case (for example listing a server's tools): a
   * skip of it makes the suite's verdict `incomplete`.
   */
  required?: boolean;
  /**
   * Smaller versions of this case, best first (fast-check's shrinker over the arbitrary that
   * generated it; see `generatedCases`): each candidate is a whole case that may shrink
   * further. The runner walks them after a failure, and rebuilds a shrunk case from its id
   * (`<id>~shrunk-<i>:<j>:…`, the indices taken at each step) to replay it. None for fixed
   * cases.
   */
  shrink?: () => Iterable<Case>;
  /**
   * The declared input classes (see {@linkcode InputClass}) this case belongs to; counted in
   * the report's coverage map. None when absent.
   */
  classes?: readonly string[];
}

/**
 * One class of a profile's input space, as its contract implies it (for example "a dict in
 * the standard shape with success false and no failed item"). A suite declares its classes
 * as data next to its generators, and its cases say which classes they belong to.
 */
export interface InputClass {
  /** Stable identifier within the suite, for example `standard-inconsistent-success`. */
  id: string;
  /** One line saying what inputs the class holds. */
  description: string;
}

/** Calls the target through its adapter; harness faults and skips never reach the suite. */
export type Invoke = (request: Request) => Promise<Exclude<Reply, { kind: "skipped" | "errored" }>>;

/** What a suite concluded about one case. */
export interface Evaluation {
  /** Every finding, at any level. */
  findings: Finding[];
  /** The rules this case exercised; all rules of the profile when absent. */
  checked?: readonly string[];
  /**
   * The value the profile judged (`profile.check(data, context)`), when the suite judged one
   * value: what `conform promote` writes as a fixture's `data` and `context`.
   */
  subject?: CaseSubject;
  /**
   * Rules that applied to this case but could not be checked, each with why (for example
   * an evidence file outside the workspace). Reported in the coverage map.
   */
  unchecked?: readonly { ruleId: string; reason: string }[];
}

/** The value a profile judged for one case, and the check context it was judged with. */
export interface CaseSubject {
  /** The value given to `profile.check`. */
  data: unknown;
  /** The check context, when there was one. */
  context?: CheckContext;
}

/**
 * A failed generated case made smaller: fast-check's shrinker walked through the target,
 * keeping each candidate that still failed the same rule.
 */
export interface ShrunkCase {
  /** The shrunk case's id (`<id>~shrunk-<path>`, or the case's own id when nothing smaller failed). */
  id: string;
  /** The shrunk case's description. */
  description: string;
  /** What the kit sent for it (see {@linkcode CaseEvidence}). */
  input: unknown;
  /** What came back. */
  output?: unknown;
  /** Which of `input` and `output` were cut to the evidence bound. */
  truncated?: ("input" | "output")[];
  /** Its findings. */
  findings: Finding[];
  /** The value the profile judged, when the suite says. */
  subject?: CaseSubject;
  /** How many smaller candidates were kept (0: none smaller still failed). */
  steps: number;
  /** How many candidates were run through the target. */
  tried: number;
  /** Which bound stopped the shrinking, when one did before the candidates ran out. */
  stopped?: "max-shrinks" | "time";
}

/**
 * What a case sent and got back, as JSON data, each bounded to `MAX_EVIDENCE_BYTES` (64 KiB)
 * of JSON text (see `boundEvidence`).
 *
 * `input` is the request of the case's one call (`{operation, input}`), or the list of them
 * when the case made several calls; `output` is the reply likewise: `{result: value}`,
 * `{raised: {type, message, traceback?}}`, `{skipped: reason}` or `{errored: message}`, or the
 * list of them. A value over the bound is replaced by `{truncated: true, bytes, excerpt}` and
 * named in `truncated`.
 */
export interface CaseEvidence {
  /** What the kit sent. */
  input?: unknown;
  /** What came back. */
  output?: unknown;
  /** Which of the two were cut. */
  truncated?: ("input" | "output")[];
}

/** Options a suite gets to make its cases. */
export interface CaseOptions {
  /** The run's seed. */
  seed: number;
  /** How many generated cases to make. */
  runs: number;
  /** Target-specific options from the config file, as given. */
  options: Readonly<Record<string, unknown>>;
  /** Folder that relative paths in `options` resolve against (the config file's). */
  baseDir?: string;
}

/** How a profile is run against a target: which cases, and how each is judged. */
export interface Suite {
  /** The profile whose rules the suite reports. */
  profile: Profile;
  /**
   * JSON Schema of the options a target may give this suite in the config file (under
   * `profiles: [{id, options}]`); no options are accepted when absent. Every suite also
   * receives `volatile` (the target's volatile JSON Pointers) in its options.
   */
  optionsSchema?: unknown;
  /**
   * The partition of the input space the suite's contract implies, as data: its cases
   * declare which classes they hit (`Case.classes`), and the report's coverage map counts
   * them. A function of the case options when they depend on the target's options (for
   * example the surface a profile is run on). None when absent.
   */
  classes?: readonly InputClass[] | ((options: CaseOptions) => readonly InputClass[]);
  /**
   * The case input of a user's case file test (its `data`), when it is not `data.input` (or
   * `data` itself): see `withUserCases`.
   */
  caseInputOf?(data: unknown): unknown;
  /** The cases to run, deterministic for a seed. */
  cases(options: CaseOptions): Case[] | Promise<Case[]>;
  /**
   * The same cases as `cases`, in the same order, one at a time: the runner uses it, when
   * present, so that a long run does not hold every case (and its generator state) at once.
   * `expected` is how many cases the stream is expected to give (for progress output).
   */
  caseStream?(options: CaseOptions):
    | { expected: number; cases: Iterable<Case> | AsyncIterable<Case> }
    | Promise<{ expected: number; cases: Iterable<Case> | AsyncIterable<Case> }>;
  /**
   * Run one case through `invoke` and judge what came back.
   *
   * @throws {CaseSkipped} When the case cannot run against this target (reported skipped).
   * @throws {Error} Otherwise only on a bug of the suite itself; the runner reports it as errored.
   */
  evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation>;
}
