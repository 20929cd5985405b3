/**
 * One run of a netdryrun.yml on a lab: deploy (dry_run) or attach (run_checks), sample every
 * check, destroy what this run deployed, and build the netdryrun.mcp-result/v1 run result.
 *
 * @module
 */
import { dirname, join, relative, resolve } from "node:path";
import type { NetdryrunConfig } from "./config.ts";
import { CHECK_TYPES, type SampleCommand, type SampleOutcome } from "./check_types.ts";
import { isLabFault, type LabDriver, type LabHandle } from "./lab_driver.ts";
import {
  isInside,
  labText,
  messageOf,
  readSmallBytes,
  SCHEMA_ID,
  sha256Hex,
  VERDICTS,
} from "./_util.ts";

/** Options of {@linkcode runNetdryrun}. */
export interface RunOptions {
  /** true for dry_run (deploy, then destroy unless keepLab), false for run_checks (attach). */
  deploy: boolean;
  /**
   * Keep the lab this run deployed.
   *
   * @default false
   */
  keepLab?: boolean;
  /**
   * NETDRYRUN_MCP_ROOT: files outside it are not read.
   *
   * @default undefined (no root)
   */
  root?: string;
  /**
   * Named deliberate faults (server mutants), for the kit's own tests.
   *
   * @default undefined
   */
  mutant?: string;
}

interface CheckOutcome {
  name: string;
  node: string;
  passed: boolean;
  unready: boolean;
  detail: string;
  evidence: SampleCommand | null;
  show: string | null;
  samples: SampleOutcome[];
}

const MAX_TESTED = 200;

/**
 * The `tested` block: sha256 of netdryrun.yml, the topology and the files it refers to.
 *
 * @param config The config.
 * @param root NETDRYRUN_MCP_ROOT, when set.
 * @returns `files` (keys relative to the config's folder) and `complete`.
 */
async function testedFiles(
  config: NetdryrunConfig,
  root: string | undefined,
): Promise<{ files: Record<string, string>; complete: boolean }> {
  const base = dirname(config.path);
  const paths: (string | null)[] = [
    config.path,
    config.topology.path,
    ...config.topology.files.map((f) => f.path),
  ];
  const files: Record<string, string> = {};
  let complete = true;
  const seen = new Set<string>();
  for (const p of paths) {
    if (p === null) {
      complete = false;
      continue;
    }
    const abs = resolve(p);
    if (seen.has(abs)) continue;
    seen.add(abs);
    if (seen.size > MAX_TESTED || (root !== undefined && !isInside(abs, root))) {
      complete = false;
      continue;
    }
    try {
      files[relative(base, abs).replaceAll("\\", "/")] = await sha256Hex(await readSmallBytes(abs));
    } catch {
      complete = false;
    }
  }
  return { files, complete };
}

async function runCheck(lab: LabHandle, check: NetdryrunConfig["checks"][number]) {
  const type = CHECK_TYPES[check.type];
  const samples: SampleOutcome[] = [];
  for (let i = 0; i < check.samples; i++) {
    if (i > 0 && check.intervalS > 0) {
      await new Promise((r) => setTimeout(r, check.intervalS * 1000));
    }
    const s = await type.sample(lab, check.node, check.params);
    samples.push(s);
    if (s.passed) break;
  }
  const last = samples[samples.length - 1];
  const failedCmd = last.commands.find((c) => c.rc !== 0);
  const evidence = failedCmd ?? last.commands[last.commands.length - 1] ?? null;
  return {
    name: check.name,
    node: check.node,
    passed: last.passed,
    unready: samples.every((s) => !s.usable),
    detail: last.detail,
    evidence,
    show: evidence ? evidence.cmd : null,
    samples,
  } satisfies CheckOutcome;
}

/**
 * Run a config on a lab and build the run result (and write the full report beside it).
 *
 * @param config A valid config.
 * @param driver The lab driver.
 * @param options deploy or attach, keep_lab, root, mutant.
 * @returns The run result (netdryrun.mcp-result/v1 run_result).
 */
export async function runNetdryrun(
  config: NetdryrunConfig,
  driver: LabDriver,
  options: RunOptions,
): Promise<Record<string, unknown>> {
  const mutant = options.mutant;
  const tested = {
    config: config.path,
    lab_deployed_by_this_run: mutant === "run-checks-deploys" ? true : options.deploy,
    ...(await testedFiles(config, options.root)),
  };
  if (mutant === "wrong-hash") {
    const key = Object.keys(tested.files)[0];
    if (key) tested.files[key] = "0".repeat(64);
  }
  const flat = (text: string, max: number) =>
    mutant === "multiline-detail" ? text : labText(text, max);
  const base = {
    schema: SCHEMA_ID,
    lab: config.topology.name,
    tested,
  };
  const evidenceFile = join(dirname(config.path), ".netdryrun", "last-report.json");
  const write = async (result: Record<string, unknown>, outcomes: CheckOutcome[]) => {
    try {
      await Deno.mkdir(dirname(evidenceFile), { recursive: true });
      const report = { ...result, schema: "netdryrun.report/v1", samples: outcomes };
      await Deno.writeTextFile(evidenceFile, JSON.stringify(report, null, 2));
      return evidenceFile;
    } catch {
      return null;
    }
  };
  const ended = async (status: "error" | "inconclusive", reason: string) => {
    const result: Record<string, unknown> = {
      ...base,
      status,
      passed: 0,
      failed: 0,
      error: status === "error" ? flat(reason, 1000) : null,
      inconclusive_reason: status === "inconclusive" ? flat(reason, 1000) : null,
      checks: [],
      failures: [],
      evidence_file: null,
      verdict: status === "error" ? VERDICTS.reject : VERDICTS.inconclusive,
    };
    result.evidence_file = await write(result, []);
    return result;
  };

  const lab = options.deploy
    ? await driver.deploy(config.topology)
    : await driver.attach(config.topology);
  if (isLabFault(lab)) return await ended(lab.status, lab.reason);
  const outcomes: CheckOutcome[] = [];
  try {
    for (const check of config.checks) outcomes.push(await runCheck(lab, check));
  } catch (error) {
    if (options.deploy && !options.keepLab) await lab.destroy().catch(() => {});
    return await ended("error", `lab "${lab.name}" failed during the checks: ${messageOf(error)}`);
  }
  if (options.deploy && !options.keepLab) await lab.destroy().catch(() => {});

  const failedOnes = outcomes.filter((o) => !o.passed);
  if (
    outcomes.length > 0 && failedOnes.length === outcomes.length && outcomes.every((o) => o.unready)
  ) {
    return await ended(
      "inconclusive",
      `no node gave usable state: ${outcomes.map((o) => `${o.name}: ${o.detail}`).join("; ")}`,
    );
  }
  const status = failedOnes.length === 0 ? "passed" : "failed";
  let failures = failedOnes.map((o) => ({
    check: flat(o.name, 300),
    node: o.node,
    reason: flat(o.detail, 300),
    evidence: o.evidence
      ? { cmd: flat(o.evidence.cmd, 200), rc: o.evidence.rc, excerpt: flat(o.evidence.output, 200) }
      : null,
    next_diagnostic: o.show === null ? null : lab.diagnostic(o.node, o.show.replace(/ json$/, "")),
  }));
  if (mutant === "failures-out-of-order") failures = failures.reverse();
  const result: Record<string, unknown> = {
    ...base,
    status,
    passed: outcomes.length - failedOnes.length,
    failed: failedOnes.length,
    error: null,
    inconclusive_reason: null,
    checks: outcomes.map((o) => ({
      name: flat(o.name, 300),
      passed: o.passed,
      detail: flat(o.detail, 300),
      ...(!o.passed && o.unready ? { unready: true } : {}),
    })),
    failures,
    evidence_file: null,
    verdict: status === "passed" || mutant === "wrong-verdict" ? VERDICTS.passed : VERDICTS.reject,
  };
  result.evidence_file = await write(result, outcomes);
  return result;
}
