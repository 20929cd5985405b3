/**
 * The kit's report model: case outcomes and evidence, per-rule statistics, coverage, suite and
 * run reports (re-exported by `types.ts`).
 *
 * @module
 */
import type {
  CaseEvidence,
  CaseSubject,
  Finding,
  ImplementationInfo,
  InputClass,
  Rule,
  ShrunkCase,
} from "./_model.ts";

/** The outcome of one case. */
export type Outcome = "passed" | "failed" | "skipped" | "errored";

/** What every case of a report says, whatever its outcome. */
export interface CaseReportBase {
  /** The case identifier. */
  id: string;
  /** The case description. */
  description: string;
}

/** A case with no MUST finding. */
export interface PassedCaseReport extends CaseReportBase, CaseEvidence {
  /** Always `passed`. */
  outcome: "passed";
  /** The case's SHOULD findings (warnings); empty when the case is clean. */
  findings: Finding[];
  /** The value the profile judged, when the case has warnings and the suite says. */
  subject?: CaseSubject;
  /**
   * Findings left out past the kit's bounds (100 of a rule, 1,000 of a case; the first of
   * each rule and level is always kept), counted by rule id; absent when none was.
   */
  findingsDropped?: Record<string, number>;
}

/** A case with at least one MUST finding. */
export interface FailedCaseReport extends CaseReportBase, CaseEvidence {
  /** Always `failed`. */
  outcome: "failed";
  /** The findings of the case, MUST and SHOULD (bounded: see `findingsDropped`). */
  findings: Finding[];
  /**
   * Findings left out past the kit's bounds (100 of a rule, 1,000 of a case; the first of
   * each rule and level is always kept), counted by rule id; absent when none was.
   */
  findingsDropped?: Record<string, number>;
  /** The value the profile judged, when the suite says. */
  subject?: CaseSubject;
  /** The smallest failing version of a generated case (absent with shrinking off). */
  shrunk?: ShrunkCase;
}

/** A case the implementation declined, or that cannot run against this target. */
export interface SkippedCaseReport extends CaseReportBase {
  /** Always `skipped`. */
  outcome: "skipped";
  /** Why the case was skipped. */
  reason: string;
  /** The case was one the profile cannot be judged without (see {@linkcode Case}). */
  required?: true;
}

/** A case the harness could not judge: a crash, a timeout, garbage, or a bug of the suite. */
export interface ErroredCaseReport extends CaseReportBase, CaseEvidence {
  /** Always `errored`. */
  outcome: "errored";
  /** What went wrong in the harness. */
  message: string;
  /** The implementation's error stream around the fault, when there is one (bounded). */
  stderr?: string;
  /**
   * The implementation's own fault that errored the case (it crashed, exited, hung or wrote
   * garbage on it); absent when the kit could not judge the case for another reason.
   */
  fault?: { kind: "crashed" | "exited" | "hung" | "garbage"; detail?: string };
  /** The case was never run: the adapter's restart budget was used up by earlier faults. */
  notRun?: true;
}

/**
 * One case in a report, discriminated by `outcome`: only passed and failed cases have
 * findings, only skipped ones a reason, only errored ones a message.
 *
 * A case carries no replay command: what it takes to run it again is data of the report
 * (the suite's target, profile and seed, and the case's id; see {@linkcode ReplayData}), and
 * a front end (the CLI) renders it as a command.
 */
export type CaseReport =
  | PassedCaseReport
  | FailedCaseReport
  | SkippedCaseReport
  | ErroredCaseReport;

/** What it takes to run one case of a report again. */
export interface ReplayData {
  /** The suite's target name. */
  target: string;
  /** The suite's profile identifier. */
  profile: string;
  /** The seed of the run. */
  seed: number;
  /** The case identifier. */
  caseId: string;
}

/** Per-rule statistics of one suite run. */
export interface RuleReport extends Rule {
  /** How many completed cases exercised the rule. */
  cases: number;
  /** How many of them had at least one finding of the rule. */
  failures: number;
}

/**
 * The contract coverage map of a suite: which declared input classes its cases hit, which
 * rules applied, and a warning for each class never hit and each rule never applied.
 */
export interface Coverage {
  /**
   * Every declared class, in the suite's order, with `cases`: the judged cases that hit it;
   * `skipped`, the cases of the class the implementation could not take (skipped), with up to
   * five distinct reasons.
   */
  classes: (InputClass & { cases: number; skipped?: { cases: number; reasons: string[] } })[];
  /**
   * Every rule of the profile, in its order: `applied`, the judged cases it applied to
   * (checked, or with a finding of it); `passed` and `failed`, those without and with a
   * finding of it; `unchecked`, the cases it applied to but could not be checked on, with up
   * to five distinct reasons.
   */
  rules: {
    id: string;
    applied: number;
    passed: number;
    failed: number;
    unchecked?: { cases: number; reasons: string[] };
  }[];
  /** A class never hit, a rule never applied (with the reason when it could not be checked). */
  warnings: string[];
}

/** The overall judgement of a run. */
export type Verdict = "conformant" | "conformant-with-warnings" | "not-conformant" | "incomplete";

/** One profile run against one target. */
export interface SuiteReport {
  /** Target name. */
  target: string;
  /** Adapter kind. */
  adapter: string;
  /** Profile identifier. */
  profile: string;
  /** What the implementation said about itself, when it started. */
  implementation?: ImplementationInfo;
  /** The seed of the run. */
  seed: number;
  /** How many generated cases were asked for. */
  runs: number;
  /** Per-rule statistics, in the profile's order. */
  rules: RuleReport[];
  /** Every case, in order. */
  cases: CaseReport[];
  /** Counts of outcomes. */
  counts: Record<Outcome, number>;
  /** The suite's verdict. */
  verdict: Verdict;
  /** Why the target could not be run at all, when it could not. */
  startError?: string;
  /** The contract coverage map (see {@linkcode Coverage}); every suite run has one. */
  coverage?: Coverage;
  /**
   * The errored cases the implementation's own faults account for, grouped by what it did
   * (and its detail, up to ten groups), and how many cases were never run because the
   * restart budget was used up; absent when there were none. A suite with an implementation
   * fault is `not-conformant` (errored cases still count in no rule).
   */
  faults?: {
    /** Cases errored by the implementation's faults, by kind and detail, most first. */
    implementation: {
      kind: "crashed" | "exited" | "hung" | "garbage";
      detail?: string;
      cases: number;
    }[];
    /** Cases never run: the adapter's restart budget was used up. */
    notRun: number;
  };
}

/** A whole run: every suite of every target. */
export interface Report {
  /** The kit that made the report. */
  kit: { name: string; version: string };
  /** The seed of the run. */
  seed: number;
  /** When the run started (ISO 8601); the only field that differs between equal runs. */
  timestamp: string;
  /** Every suite run. */
  suites: SuiteReport[];
  /** The overall verdict: the worst of the suites'. */
  verdict: Verdict;
  /**
   * The part of every suite's cases this run ran (`index` from 0 of `count`), when it ran
   * only one; shard reports merge into the report of the whole run.
   */
  shard?: { index: number; count: number };
}
