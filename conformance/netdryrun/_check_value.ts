// The rules the schema cannot say, and the dispatch per tool. Never throws.
import { parseDocument } from "yaml";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { hasOwn, isCount, isObject, type Obj } from "../_json_value.ts";
import type { Finding } from "../../src/core/types.ts";
import { netdryrunRules } from "./rules.ts";
import {
  checkCheckTypesSchema,
  checkRunResultSchema,
  checkSetupErrorSchema,
  checkToolErrorSchema,
  checkValidateSchema,
} from "./_schema_checks.ts";
import { CAP, codePointLength, LINE_BREAK, uPlus } from "./_text.ts";

const levels = Object.fromEntries(netdryrunRules.map((r) => [r.id, r.level]));

/** The verdicts of v1, frozen. */
export const VERDICT = {
  passed: "CHECKS PASSED (only what the checks cover)",
  doNotApply: "DO NOT APPLY THIS CHANGE",
  inconclusive:
    "INCONCLUSIVE: the lab did not reach a testable state; this says nothing about your change. Do not apply it until a run passes.",
} as const;

/** The schema id of a result. */
export const SCHEMA_ID = "netdryrun.mcp-result/v1";
/** The schema id an evidence file names. */
export const REPORT_SCHEMA_ID = "netdryrun.report/v1";
/** Largest baseline YAML text and evidence file text the kit parses, in UTF-16 units. */
export const MAX_PARSED_TEXT = 8 * 1024 * 1024;
/** Properties only a run result has: their presence makes a document a run result. */
export const RUN_RESULT_KEYS = [
  "passed",
  "failed",
  "inconclusive_reason",
  "lab",
  "checks",
  "failures",
  "evidence_file",
  "tested",
] as const;

const KNOWN_TOOLS = new Set([
  "dry_run",
  "run_checks",
  "validate",
  "check_types",
  "record_baseline",
]);

// docker exec <container> <CLI words...> '<command>'; the command has no quote and no
// control character (C0, DEL, C1, U+2028/9), which is what the character class spells out.
const NEXT_DIAGNOSTIC =
  // deno-lint-ignore no-control-regex
  /^docker exec [A-Za-z0-9][A-Za-z0-9_.-]* (?:[^\s']+ )+'[^'\x00-\x1f\x7f-\x9f\u2028\u2029]+'$/;
const ABSOLUTE = /^(?:\/|[A-Za-z]:[\\/]|\\\\)/;
const URL_LIKE = /^[A-Za-z][A-Za-z0-9+.-]*:\/\//;

function excerpt(value: unknown, max = 80): unknown {
  if (typeof value !== "string") return value;
  return value.length <= max ? value : value.slice(0, max) + "…";
}

class Out {
  readonly findings: Finding[] = [];
  add(ruleId: string, instancePath: string, message: string, extra: Partial<Finding> = {}) {
    this.findings.push({
      ruleId,
      level: levels[ruleId] ?? "MUST",
      instancePath,
      message,
      ...extra,
    });
  }
  /** One-line, well-formed, capped text. */
  text(ruleId: string, value: unknown, path: string, cap: number) {
    if (typeof value !== "string") return;
    const br = LINE_BREAK.exec(value);
    if (br) {
      this.add(
        ruleId,
        path,
        `text has a line break (${uPlus(br[0].codePointAt(0)!)}) at index ${br.index}`,
        {
          keyword: "lineBreak",
          params: { codePoint: uPlus(br[0].codePointAt(0)!), index: br.index },
          actual: excerpt(value),
        },
      );
    }
    if (!value.isWellFormed()) {
      const index = value.search(
        /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/,
      );
      this.add(ruleId, path, `text has a lone surrogate at UTF-16 index ${index}`, {
        keyword: "wellFormed",
        params: { index, codeUnit: uPlus(value.charCodeAt(index)) },
        actual: excerpt(value),
      });
    }
    if (value.length > cap) {
      const n = codePointLength(value);
      if (n > cap) {
        this.add(ruleId, path, `text is ${n} code points long, over the cap of ${cap}`, {
          keyword: "maxCodePoints",
          params: { limit: cap, codePoints: n, utf16Units: value.length },
          expected: cap,
          actual: n,
        });
      }
    }
  }
}

interface SoundCheck {
  name: unknown;
  passed: boolean;
  detail: unknown;
  raw: Obj;
}

/** The checks, when every one is an object with a boolean `passed`; else undefined. */
function soundChecks(value: Obj): SoundCheck[] | undefined {
  if (!Array.isArray(value.checks)) return undefined;
  const out: SoundCheck[] = [];
  for (const c of value.checks) {
    if (!isObject(c) || typeof c.passed !== "boolean") return undefined;
    out.push({ name: c.name, passed: c.passed, detail: c.detail, raw: c });
  }
  return out;
}

function checkRunResult(value: Obj, tool: unknown, evidenceFiles: unknown, out: Out) {
  const status = typeof value.status === "string" ? value.status : undefined;
  const checks = soundChecks(value);
  const failures = Array.isArray(value.failures) ? value.failures : undefined;

  // Counts, whatever the status.
  if (checks) {
    const nPassed = checks.filter((c) => c.passed).length;
    const nFailed = checks.length - nPassed;
    for (const [key, n] of [["passed", nPassed], ["failed", nFailed]] as const) {
      if (isCount(value[key]) && value[key] !== n) {
        out.add(
          "NDR-COUNTS",
          jsonPointer(key),
          `${key} is ${value[key]}, but ${n} checks have passed ${key === "passed"}`,
          {
            expected: n,
            actual: value[key],
          },
        );
      }
    }
  }

  // failures: one per failed check, in order, check = name, reason = detail.
  if (checks && failures && failures.every(isObject)) {
    const failedChecks = checks.map((c, i) => ({ c, i })).filter(({ c }) => !c.passed);
    if (failures.length !== failedChecks.length) {
      out.add(
        "NDR-FAILURES",
        "/failures",
        `failures has ${failures.length} entries, but ${failedChecks.length} checks failed`,
        {
          keyword: "failureCount",
          expected: failedChecks.length,
          actual: failures.length,
          params: { failedChecks: failedChecks.map(({ i }) => i) },
        },
      );
    }
    const n = Math.min(failures.length, failedChecks.length);
    for (let k = 0; k < n; k++) {
      const f = failures[k] as Obj;
      const { c, i } = failedChecks[k];
      if (hasOwn(f, "check") && f.check !== c.name) {
        out.add(
          "NDR-FAILURES",
          jsonPointer("failures", k, "check"),
          `failure ${k} names check ${
            JSON.stringify(excerpt(f.check))
          }, but failed check ${k} (checks/${i}) is ${JSON.stringify(excerpt(c.name))}`,
          {
            keyword: "failureCheck",
            params: { checkIndex: i },
            expected: c.name,
            actual: f.check,
          },
        );
      }
      if (hasOwn(f, "reason") && f.reason !== c.detail) {
        out.add(
          "NDR-FAILURES",
          jsonPointer("failures", k, "reason"),
          `failure ${k} reason is not the detail of checks/${i}`,
          {
            keyword: "failureReason",
            params: { checkIndex: i },
            expected: c.detail,
            actual: f.reason,
          },
        );
      }
    }
  }

  // Status passed: every check passed (the schema owns failed and failures).
  if (status === "passed" && checks) {
    checks.forEach((c, i) => {
      if (!c.passed) {
        out.add(
          "NDR-PASSED-ALL",
          jsonPointer("checks", i, "passed"),
          `status is "passed", but checks/${i} failed`,
          {
            expected: true,
            actual: false,
          },
        );
      }
    });
  }
  if (status === "failed" && value.failed === 0) {
    out.add("NDR-FAILED-HAS-FAILURE", "/failed", 'status is "failed", but failed is 0', {
      expected: ">= 1",
      actual: 0,
    });
  }

  // error and inconclusive_reason belong to their status.
  if (status !== undefined) {
    if (status !== "error" && typeof value.error === "string") {
      out.add(
        "NDR-STATUS-TEXT",
        "/error",
        `error is text, but status is ${JSON.stringify(status)} (not "error")`,
        {
          expected: null,
          actual: excerpt(value.error),
        },
      );
    }
    if (status !== "inconclusive" && typeof value.inconclusive_reason === "string") {
      out.add(
        "NDR-STATUS-TEXT",
        "/inconclusive_reason",
        `inconclusive_reason is text, but status is ${JSON.stringify(status)} (not "inconclusive")`,
        { expected: null, actual: excerpt(value.inconclusive_reason) },
      );
    }
  }

  // Lab text.
  out.text("NDR-LAB-TEXT", value.error, "/error", CAP.long);
  out.text("NDR-LAB-TEXT", value.inconclusive_reason, "/inconclusive_reason", CAP.long);
  if (Array.isArray(value.checks)) {
    value.checks.forEach((c, i) => {
      if (!isObject(c)) return;
      out.text("NDR-LAB-TEXT", c.name, jsonPointer("checks", i, "name"), CAP.check);
      out.text("NDR-LAB-TEXT", c.detail, jsonPointer("checks", i, "detail"), CAP.check);
      if (hasOwn(c, "unready") && c.passed === true) {
        out.add(
          "NDR-UNREADY",
          jsonPointer("checks", i, "unready"),
          `checks/${i} passed but carries unready`,
          {
            actual: c.unready,
          },
        );
      }
    });
  }
  if (failures) {
    failures.forEach((f, k) => {
      if (!isObject(f)) return;
      out.text("NDR-LAB-TEXT", f.check, jsonPointer("failures", k, "check"), CAP.check);
      out.text("NDR-LAB-TEXT", f.reason, jsonPointer("failures", k, "reason"), CAP.check);
      if (isObject(f.evidence)) {
        out.text(
          "NDR-LAB-TEXT",
          f.evidence.cmd,
          jsonPointer("failures", k, "evidence", "cmd"),
          CAP.evidence,
        );
        out.text(
          "NDR-LAB-TEXT",
          f.evidence.excerpt,
          jsonPointer("failures", k, "evidence", "excerpt"),
          CAP.evidence,
        );
      }
      const nd = f.next_diagnostic;
      if (typeof nd === "string" && !NEXT_DIAGNOSTIC.test(nd)) {
        out.add(
          "NDR-NEXT-DIAGNOSTIC",
          jsonPointer("failures", k, "next_diagnostic"),
          "next_diagnostic is not docker exec <container> <CLI> '<command>'",
          {
            keyword: "pattern",
            params: { pattern: NEXT_DIAGNOSTIC.source },
            actual: excerpt(nd, 200),
          },
        );
      }
    });
  }

  // tested.
  const tested = value.tested;
  if (isObject(tested)) {
    if (isObject(tested.files)) {
      const keys = Object.keys(tested.files);
      for (const key of keys) {
        const why = key === ""
          ? "is empty"
          : ABSOLUTE.test(key)
          ? "is absolute"
          : key.startsWith("~")
          ? "starts with ~ (not read by the server)"
          : key.includes("${")
          ? "names a ${VAR} (not read by the server)"
          : URL_LIKE.test(key)
          ? "is a URL (not read by the server)"
          : undefined;
        if (why) {
          out.add(
            "NDR-TESTED-FILES",
            jsonPointer("tested", "files", key),
            `file key ${JSON.stringify(excerpt(key))} ${why}, not a relative path`,
            {
              keyword: "relativePath",
              actual: excerpt(key),
            },
          );
        }
      }
      if (keys.length > 200 && tested.complete === true) {
        out.add(
          "NDR-TESTED-COMPLETE",
          "/tested/complete",
          `tested.files lists ${keys.length} files (more than 200), but complete is true`,
          {
            expected: false,
            actual: true,
            params: { files: keys.length },
          },
        );
      }
    }
    const deployed = tested.lab_deployed_by_this_run;
    if (typeof deployed === "boolean" && (tool === "dry_run" || tool === "run_checks")) {
      const want = tool === "dry_run";
      if (deployed !== want) {
        out.add(
          "NDR-TESTED-DEPLOYED",
          "/tested/lab_deployed_by_this_run",
          `lab_deployed_by_this_run is ${deployed} on a ${tool} result`,
          {
            expected: want,
            actual: deployed,
            params: { tool },
          },
        );
      }
    }
    if (
      typeof tested.config === "string" && tested.config !== "" && !ABSOLUTE.test(tested.config)
    ) {
      out.add(
        "NDR-TESTED-CONFIG",
        "/tested/config",
        `config ${JSON.stringify(excerpt(tested.config))} is not an absolute path`,
        {
          keyword: "absolutePath",
          actual: excerpt(tested.config),
        },
      );
    }
  }

  // evidence_file, when the caller could read it.
  if (
    typeof value.evidence_file === "string" && isObject(evidenceFiles) &&
    hasOwn(evidenceFiles, value.evidence_file)
  ) {
    const text = evidenceFiles[value.evidence_file];
    if (typeof text === "string" && text.length <= MAX_PARSED_TEXT) {
      let report: unknown;
      let problem: string | undefined;
      try {
        report = JSON.parse(text);
      } catch (error) {
        problem = `is not JSON (${excerpt((error as Error).message, 120)})`;
      }
      if (!problem && !(isObject(report) && report.schema === REPORT_SCHEMA_ID)) {
        problem = `is JSON whose schema is ${
          JSON.stringify(excerpt(isObject(report) ? report.schema : undefined))
        }, not "${REPORT_SCHEMA_ID}"`;
      }
      if (problem) {
        out.add(
          "NDR-EVIDENCE-FILE",
          "/evidence_file",
          `evidence file ${JSON.stringify(excerpt(value.evidence_file))} ${problem}`,
          {
            expected: REPORT_SCHEMA_ID,
            actual: isObject(report) ? excerpt(report.schema) : excerpt(text),
          },
        );
      }
    }
  }
}

function checkCheckTypes(value: unknown, out: Out) {
  if (!isObject(value) || !isObject(value.check_types)) return;
  for (const [type, spec] of Object.entries(value.check_types)) {
    if (!isObject(spec) || !Array.isArray(spec.required) || !Array.isArray(spec.optional)) continue;
    const seen = new Map<unknown, string>();
    for (const list of ["required", "optional"] as const) {
      (spec[list] as unknown[]).forEach((p, i) => {
        const first = seen.get(p);
        if (first !== undefined) {
          out.add(
            "NDR-CHECK-TYPES-PARAMS",
            jsonPointer("check_types", type, list, i),
            `parameter ${JSON.stringify(excerpt(p))} of check type ${
              JSON.stringify(excerpt(type))
            } is already in ${first}`,
            {
              params: { firstIn: first },
              actual: p,
            },
          );
        } else seen.set(p, list);
      });
    }
  }
}

function checkBaselineYaml(text: string, out: Out) {
  if (text.length > MAX_PARSED_TEXT) {
    out.add(
      "NDR-BASELINE-YAML",
      "",
      `baseline text is ${text.length} UTF-16 units, over the ${MAX_PARSED_TEXT} the kit parses`,
      {
        keyword: "maxLength",
        params: { limit: MAX_PARSED_TEXT },
        actual: text.length,
      },
    );
    return;
  }
  let parsed: unknown;
  try {
    const doc = parseDocument(text, { uniqueKeys: true, prettyErrors: false });
    if (doc.errors.length > 0) {
      const e = doc.errors[0];
      out.add("NDR-BASELINE-YAML", "", `baseline text is not YAML: ${excerpt(e.message, 200)}`, {
        keyword: "yaml",
        params: { code: e.code, offset: e.pos[0] },
      });
      return;
    }
    parsed = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    out.add(
      "NDR-BASELINE-YAML",
      "",
      `baseline text could not be parsed: ${excerpt(String(error), 200)}`,
      {
        keyword: "yaml",
      },
    );
    return;
  }
  if (!isObject(parsed)) {
    const kind = parsed === null
      ? "null"
      : Array.isArray(parsed)
      ? "a sequence"
      : `a ${typeof parsed}`;
    out.add("NDR-BASELINE-YAML", "", `baseline YAML is ${kind}, not a mapping`, {
      keyword: "type",
      expected: "mapping",
      actual: kind,
    });
  }
}

/** Whether a dry_run/run_checks document means a run result (else a setup error). */
export function isRunResult(value: unknown): boolean {
  if (!isObject(value)) return true;
  if (value.status !== "error") return true;
  return RUN_RESULT_KEYS.some((k) => hasOwn(value, k));
}

/** Check a value for a tool (context already read). */
export function checkValue(value: unknown, tool: unknown, evidenceFiles: unknown): Finding[] {
  const out = new Out();
  try {
    switch (KNOWN_TOOLS.has(tool as string) ? tool : undefined) {
      case "validate":
        out.findings.push(...checkValidateSchema(value));
        if (isObject(value) && value.valid === false) {
          out.text("NDR-PLAIN-ERROR-TEXT", value.error, "/error", CAP.long);
        }
        break;
      case "check_types":
        out.findings.push(...checkCheckTypesSchema(value));
        checkCheckTypes(value, out);
        break;
      case "record_baseline":
        if (typeof value === "string") checkBaselineYaml(value, out);
        else {
          out.findings.push(...checkToolErrorSchema(value));
          if (isObject(value)) out.text("NDR-PLAIN-ERROR-TEXT", value.error, "/error", CAP.long);
        }
        break;
      default:
        if (isRunResult(value)) {
          out.findings.push(...checkRunResultSchema(value));
          if (isObject(value)) checkRunResult(value, tool, evidenceFiles, out);
        } else {
          out.findings.push(...checkSetupErrorSchema(value));
          out.text("NDR-PLAIN-ERROR-TEXT", (value as Obj).error, "/error", CAP.long);
        }
    }
  } catch (error) {
    // A bug of the kit or a pathological value: report it instead of throwing.
    out.add("NDR-SCHEMA", "", `value could not be checked: ${excerpt(String(error), 200)}`, {
      keyword: "internal",
    });
  }
  return out.findings;
}
