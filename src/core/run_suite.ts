import { MemoryWindow } from "./_memory_window.ts";
import { CallGate } from "./_call_gate.ts";
import { CaseSkipped } from "./case_skipped.ts";
import { KeptCases } from "./_kept_cases.ts";
import { CaseCalls, emptyCounts, HarnessFault, withTimeout } from "./_run_timeout.ts";
import { messageOf } from "./_message_of.ts";
import { capCase, capHead, capInfo, capReply, CAPS } from "./_cap.ts";
import { boundEvidence, MAX_EVIDENCE_BYTES } from "./bound_evidence.ts";
import { capCaseDepth, MAX_EVIDENCE_DEPTH } from "./_cap_depth.ts";
import { failingRules, resolveShrunkCase } from "./_shrunk_case.ts";
import { boundSubject, replyData, sizeOf } from "./_case_evidence.ts";
import { CoverageCounter } from "./coverage_counter.ts";
import { shardOf } from "./_shard_of.ts";
export type { ShrinkOptions } from "./shrink_options.ts";
import type { RunSuiteOptions } from "./run_suite_options.ts";
export type { RunSuiteOptions } from "./run_suite_options.ts";
import type {
  Adapter,
  Case,
  CaseOptions,
  CaseReport,
  Evaluation,
  FailedCaseReport,
  ImplementationInfo,
  Invoke,
  Reply,
  Request,
  RuleReport,
  ShrunkCase,
  Suite,
  SuiteReport,
} from "./types.ts";

/** The bound on each side of the evidence of a case passed with SHOULD warnings, in bytes. */
const MAX_WARNED_EVIDENCE_BYTES = 4096;

/** One run of a case: its report, and the suite's evaluation when it made one. */
interface Ran {
  report: CaseReport;
  evaluation?: Evaluation;
}

/**
 * Run one suite against one started-on-demand adapter and report every case.
 *
 * A case passes when it has no MUST finding; it fails on a MUST finding; it is skipped when
 * the implementation declines it; it is errored on a harness fault (crash, timeout, garbage)
 * or a bug of the suite. The adapter is started first and closed at the end; a start
 * failure is reported in `startError` with the verdict `incomplete`.
 *
 * Failed and errored cases carry their evidence: `input` (the request of the case's one call,
 * or the list of its requests) and `output` (the reply or the list of replies), each bounded to
 * `maxEvidenceBytes` of JSON text (see `boundEvidence`). A failed case that can shrink (see
 * `generatedCases`) is shrunk through the adapter: each smaller candidate is run as a case and
 * kept while it still fails the same set of MUST rules as the original and is no larger, within
 * {@linkcode ShrinkOptions}; the result is its `shrunk` case, whose id (`<id>~shrunk-<path>`) is
 * accepted in `caseIds` to replay it.
 *
 * The report is data and records no replay command: the suite's target, profile and seed
 * and a case's id are what it takes to run the case again; a front end renders them.
 *
 * @example Run the tool-response suite on its reference producer
 * ```ts
 * import assert from "node:assert/strict";
 * import { runSuite } from "./run_suite.ts";
 * import { toolResponseSuite } from "../../conformance/tool_response/suite.ts";
 * import { toolResponseTargets } from "../../conformance/tool_response/targets.ts";
 *
 * const report = await runSuite(toolResponseSuite, toolResponseTargets[0].create(toolResponseSuite.profile.id), {
 *   target: "reference",
 *   seed: 1,
 *   runs: 5,
 * });
 * assert.equal(report.verdict, "conformant");
 * ```
 *
 * @param suite The suite.
 * @param adapter The adapter of the target.
 * @param options Target name, seed, runs, timeouts.
 * @returns The suite report.
 */
export async function runSuite(
  suite: Suite,
  adapter: Adapter,
  options: RunSuiteOptions,
): Promise<SuiteReport> {
  const runs = options.runs ?? 100;
  const caseOptions: CaseOptions = {
    seed: options.seed,
    runs,
    options: options.options ?? {},
    ...(options.baseDir ? { baseDir: options.baseDir } : {}),
  };
  const base = {
    target: options.target,
    adapter: adapter.kind,
    profile: suite.profile.id,
    seed: options.seed,
    runs,
  };
  const ruleStats = new Map(suite.profile.rules.map((r) => [r.id, { cases: 0, failures: 0 }]));
  const declared = typeof suite.classes === "function"
    ? suite.classes(caseOptions)
    : suite.classes ?? [];
  const coverage = new CoverageCounter(declared, suite.profile.rules);
  const rules = (): RuleReport[] =>
    suite.profile.rules.map((r) => ({ ...r, ...ruleStats.get(r.id)! }));

  let implementation: ImplementationInfo;
  const startAbort = new AbortController();
  try {
    implementation = capInfo(
      await withTimeout(
        () => adapter.start({ signal: startAbort.signal }),
        options.startTimeoutMs ?? 30_000,
        startAbort,
        "start",
      ),
    );
  } catch (error) {
    await adapter.close().catch(() => {});
    const stderr = adapter.stderr?.();
    return {
      ...base,
      rules: rules(),
      cases: [],
      counts: emptyCounts(),
      verdict: "incomplete",
      startError: capHead(`${messageOf(error)}${stderr ? `\nstderr:\n${stderr}` : ""}`, CAPS.start),
    };
  }

  let source: { expected: number; cases: Iterable<Case> | AsyncIterable<Case> };
  try {
    const list = suite.caseStream ? undefined : await suite.cases(caseOptions);
    source = list ? { expected: list.length, cases: list } : await suite.caseStream!(caseOptions);
  } catch (error) {
    await adapter.close().catch(() => {});
    return {
      ...base,
      implementation,
      rules: rules(),
      cases: [],
      counts: emptyCounts(),
      verdict: "incomplete",
      startError: `The suite could not make its cases: ${messageOf(error)}`,
    };
  }
  let cases: Iterable<Case> | AsyncIterable<Case> = source.cases;
  let expected = source.expected;
  if (options.caseIds) {
    // A replay: keep only the wanted cases and the bases of wanted shrunk cases.
    const wanted = new Set(options.caseIds);
    const bases = new Set(options.caseIds.map((id) => id.replace(/~shrunk-.*$/, "")));
    const kept: Case[] = [];
    for await (const c of cases) if (wanted.has(c.id) || bases.has(c.id)) kept.push(c);
    const shrunk = options.caseIds.flatMap((id) => {
      if (kept.some((c) => c.id === id)) return [];
      const found = resolveShrunkCase(kept, id);
      return found ? [found] : [];
    });
    cases = [...kept.filter((c) => wanted.has(c.id)), ...shrunk];
    expected = kept.filter((c) => wanted.has(c.id)).length + shrunk.length;
  }
  if (options.shard) {
    const { index, count } = options.shard;
    cases = shardOf(cases, index, count);
    expected = Math.max(0, Math.ceil((expected - index) / count));
  }
  options.onStart?.(expected);

  const timeoutMs = options.caseTimeoutMs ?? 10_000;
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const window = new MemoryWindow(concurrency);
  // Calls in flight: every case's, fewer while the kit's memory is high (see CallGate).
  const gate = new CallGate();
  const maxEvidenceBytes = options.maxEvidenceBytes ?? MAX_EVIDENCE_BYTES;

  /** Runs one case (or shrink candidate) and reports it, with what it sent and got back. */
  const runCaseUncapped = async (
    c: Case,
    caseTimeoutMs: number,
    calls: CaseCalls,
  ): Promise<Ran> => {
    const abort = calls.abort;
    const requests: Request[] = [];
    const replies: unknown[] = [];
    const invoke: Invoke = async (request) => {
      requests.push(request);
      // Capped at once: memory per case is bounded whatever the implementation sends.
      const reply: Reply = capReply(await calls.run(adapter, request));
      // A reply to an aborted call (the case timed out) is not what the target answered.
      if (!abort.signal.aborted) replies.push(replyData(reply));
      if (reply.kind === "errored") throw HarnessFault.of(reply);
      if (reply.kind === "skipped") throw new CaseSkipped(reply.reason);
      return reply;
    };
    // One call: its request and reply; several: the lists of them, in call order.
    const evidence = (maxBytes = maxEvidenceBytes) =>
      boundEvidence(
        requests.length === 1 ? requests[0] : requests.length > 0 ? requests : undefined,
        replies.length === 1 ? replies[0] : replies.length > 0 ? replies : undefined,
        maxBytes,
      );
    const head = { id: c.id, description: c.description };
    try {
      const evaluation: Evaluation = await withTimeout(
        () => suite.evaluate(c, invoke, caseOptions),
        caseTimeoutMs,
        abort,
        `case "${c.id}"`,
        calls.clock,
      );
      const subject = evaluation.subject && evaluation.findings.length > 0
        ? boundSubject(evaluation.subject, maxEvidenceBytes)
        : undefined;
      // Strict: a SHOULD finding fails the case too.
      if (!evaluation.findings.some((f) => f.level === "MUST" || options.strict)) {
        // A case passed with warnings carries what it sent and got, as a failed one does, to a
        // smaller bound: warned cases can be most of a run, and a report holds every one.
        const warned = evaluation.findings.length > 0
          ? {
            ...evidence(Math.min(maxEvidenceBytes, MAX_WARNED_EVIDENCE_BYTES)),
            ...(subject ? { subject } : {}),
          }
          : {};
        return {
          report: { ...head, outcome: "passed", findings: evaluation.findings, ...warned },
          evaluation,
        };
      }
      return {
        report: {
          ...head,
          outcome: "failed",
          findings: evaluation.findings,
          ...evidence(),
          ...(subject ? { subject } : {}),
        },
        evaluation,
      };
    } catch (error) {
      abort.abort();
      // Only passed and failed cases have findings: a skipped case has its reason, an
      // errored one its message (and the implementation's stderr, when there is one).
      if (error instanceof CaseSkipped) {
        return {
          report: {
            ...head,
            outcome: "skipped",
            reason: error.reason,
            ...(c.required ? { required: true as const } : {}),
          },
        };
      }
      if (error instanceof HarnessFault) {
        const stderr = error.stderr ?? adapter.stderr?.();
        return {
          report: {
            ...head,
            outcome: "errored",
            message: error.message,
            ...(stderr ? { stderr } : {}),
            ...error.blamed(calls.unanswered > 0, caseTimeoutMs),
            ...evidence(),
          },
        };
      }
      return {
        report: {
          ...head,
          outcome: "errored",
          message: `The suite failed on this case (a bug of the kit): ${
            error instanceof Error && error.stack ? error.stack : messageOf(error)
          }`,
          ...evidence(),
        },
      };
    }
  };

  /** Runs one case; every string of its report that may come from the target is capped. */
  const runCase = async (c: Case, caseTimeoutMs: number): Promise<Ran & { waitedMs: number }> => {
    // Runs in flight: the concurrency asked for, fewer while the kit's memory is high.
    const waitedMs = await window.enter();
    const calls = new CaseCalls(new AbortController(), gate);
    try {
      const ran = await runCaseUncapped(c, caseTimeoutMs, calls);
      const depth = options.maxEvidenceDepth ?? MAX_EVIDENCE_DEPTH;
      return { ...ran, report: capCaseDepth(capCase(ran.report), depth), waitedMs };
    } finally {
      calls.end();
      window.leave(calls.held);
    }
  };

  /**
   * Walks the case's shrink candidates through the target, keeping each one that fails the
   * same set of MUST rules as the case (strict, with no MUST finding: the same set of rules),
   * so that the shrunk case shows the same bug, until none does or a bound is reached. A
   * candidate whose input has a longer JSON text than the current one is passed over without
   * a call, so that a shrunk input is never larger than the original.
   */
  const shrinkCase = async (c: Case, failed: FailedCaseReport): Promise<ShrunkCase> => {
    const bounds = options.shrink || {};
    const maxShrinks = bounds.maxShrinks ?? 100;
    let deadline = performance.now() + (bounds.timeMs ?? 10_000);
    // The rules that failed the case: its MUST findings' (strict, with none: all its findings').
    const failedRules = failingRules(failed.findings);
    let current = c;
    let best = failed;
    let steps = 0;
    let tried = 0;
    let stopped: ShrunkCase["stopped"];
    let size = sizeOf(c.input);
    outer: while (current.shrink) {
      for (const candidate of current.shrink()) {
        const candidateSize = sizeOf(candidate.input);
        if (candidateSize > size) continue;
        if (tried >= maxShrinks) {
          stopped = "max-shrinks";
          break outer;
        }
        const left = deadline - performance.now();
        if (left <= 0) {
          stopped = "time";
          break outer;
        }
        tried++;
        const { report, waitedMs } = await runCase(
          candidate,
          Math.min(timeoutMs, Math.ceil(left)),
        );
        deadline += waitedMs; // the time waited for memory is not the shrink's
        if (
          report.outcome === "failed" && failingRules(report.findings) === failedRules
        ) {
          current = candidate;
          size = candidateSize;
          best = report;
          steps++;
          continue outer;
        }
      }
      break;
    }
    return {
      id: best.id,
      description: best.description,
      ...(best.input !== undefined ? { input: best.input } : { input: null }),
      ...(best.output !== undefined ? { output: best.output } : {}),
      ...(best.truncated ? { truncated: best.truncated } : {}),
      findings: best.findings,
      ...(best.subject ? { subject: best.subject } : {}),
      steps,
      tried,
      ...(stopped ? { stopped } : {}),
    };
  };

  /**
   * Runs a case and counts what its evaluation checked; only the (capped) report is kept: the
   * evaluation's findings are every finding, which a case that shrinks next must not hold.
   */
  const runCounted = async (c: Case): Promise<CaseReport> => {
    const { report, evaluation } = await runCase(c, timeoutMs);
    if (evaluation) {
      const checked = evaluation.checked ?? suite.profile.rules.map((r) => r.id);
      const failing = new Set(evaluation.findings.map((f) => f.ruleId));
      for (const id of new Set([...checked, ...failing])) {
        const s = ruleStats.get(id);
        if (!s) continue;
        s.cases++;
        if (failing.has(id)) s.failures++;
      }
      coverage.record({
        classes: c.classes,
        checked,
        failing,
        ...(evaluation.unchecked ? { unchecked: evaluation.unchecked } : {}),
      });
    }
    if (report.outcome === "skipped") coverage.skip(c.classes, report.reason);
    return report;
  };

  const runOne = async (c: Case): Promise<CaseReport> => {
    const report = await runCounted(c);
    if (report.outcome === "failed" && c.shrink && options.shrink !== false) {
      return { ...report, shrunk: await shrinkCase(c, report) };
    }
    return report;
  };

  // The workers pull the cases one at a time: a case is dropped once it has run.
  const iterator = Symbol.asyncIterator in cases
    ? cases[Symbol.asyncIterator]()
    : (cases as Iterable<Case>)[Symbol.iterator]();
  let next = 0;
  let pulling: Promise<unknown> = Promise.resolve();
  let turnedAt = performance.now();
  const pull = (): Promise<{ index: number; c: Case } | undefined> => {
    const got = pulling.then(async () => {
      // The event loop turns at least every 50 ms, even when an in-process target settles every
      // case in microtasks: timers fire, and Ctrl-C is heard by the kit's signal listeners.
      if (performance.now() - turnedAt > 50) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        turnedAt = performance.now();
      }
      return iterator.next();
    })
      .then((step) => step.done ? undefined : { index: next++, c: step.value });
    return (pulling = got.catch(() => {})), got;
  };
  // Streaming (keepCases: {notPassed}): a passed case is dropped once counted and streamed.
  const kept = new KeptCases(options.keepCases ?? "all");
  const worker = async () => {
    for (let item = await pull(); item; item = await pull()) {
      const report = await runOne(item.c);
      kept.add(report, item.index);
      options.onCase?.(report, item.index);
    }
  };
  let learned: Record<string, unknown> | undefined;
  try {
    await Promise.all(Array.from({ length: concurrency }, worker));
    learned = adapter.learned?.();
  } finally {
    await adapter.close().catch(() => {});
  }
  return {
    ...base,
    implementation: learned ? capInfo({ ...learned, ...implementation }) : implementation,
    rules: rules(),
    cases: kept.cases(),
    counts: kept.counts,
    verdict: kept.verdict(),
    ...kept.faults(),
    // A run of chosen cases (a replay) is not meant to cover the classes: no warnings.
    coverage: options.caseIds ? { ...coverage.coverage(), warnings: [] } : coverage.coverage(),
  };
}
