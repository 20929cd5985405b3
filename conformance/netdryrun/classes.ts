import type { InputClass } from "../../src/core/types.ts";
import type { LabRunModel, NetdryrunModel } from "./types.ts";
import { buildNetdryrunResult } from "./reference.ts";
import { CAP, codePointLength, flattenLabText } from "./_text.ts";
import { schemaPointHitter, schemaPoints } from "../_schema_points.ts";
import schema from "./mcp-result-v1.schema.json" with { type: "json" };

const STATUSES = ["passed", "failed", "error", "inconclusive"] as const;
const TOOLS = ["dry_run", "run_checks"] as const;

/** The most files `tested` lists before it says `complete: false` (the schema's prose). */
const MAX_TESTED_FILES = 200;

/**
 * The schema points no generated model can make a conformant result hit, each with why: a
 * class for them would never be hit. One past a schema cap is a finding of the result, so
 * a conformant builder never returns it; the profile's mutations exercise those findings.
 * Past points whose input side a model can produce are classed in
 * {@linkcode netdryrunInputPastClasses} instead.
 */
export const netdryrunUnclassedPoints: Readonly<Record<string, string>> = {
  "schema:#/$defs/run_result/properties/status/minLength:past":
    "an empty status is a broken result: no lab run reports one (mutations exercise it)",
  "schema:#/$defs/run_result/properties/passed/minimum:past":
    "a negative count is a broken result: a model has no negative number of checks",
  "schema:#/$defs/run_result/properties/failed/minimum:past":
    "a negative count is a broken result: a model has no negative number of checks",
  "schema:#/$defs/run_result/properties/tested/properties/config/minLength:at":
    "config is the absolute path of netdryrun.yml: never one character long",
  "schema:#/$defs/run_result/properties/tested/properties/config/minLength:past":
    "an empty config path is a broken result: a run always reads a netdryrun.yml",
  "schema:#/$defs/run_result/allOf/0/then/properties/failures/maxItems:past":
    "a failure under status passed is a broken result: a passed model has no failed check",
};

/** Whether raw text of a model, flattened to one line, is `n` code points long (uncut). */
function oneLineLengthIs(raw: string, n: number): boolean {
  // Flattening never lengthens a text and a code point is at least one UTF-16 unit.
  if (raw.length < n) return false;
  return codePointLength(flattenLabText(raw, Number.POSITIVE_INFINITY)) === n;
}

/** The raw texts the builder caps at 1,000 code points and must not leave empty. */
function longTexts(model: NetdryrunModel): { field: string; raw: string }[] {
  switch (model.kind) {
    case "run":
      if (model.status === "error") return [{ field: "run error", raw: model.errorText }];
      if (model.status === "inconclusive") {
        return [{ field: "inconclusive_reason", raw: model.inconclusiveText }];
      }
      return [];
    case "setup_error":
      return [{ field: "setup error", raw: model.message }];
    case "validate":
      return model.valid ? [] : [{ field: "validate error", raw: model.error }];
    case "record_baseline":
      return model.ok ? [] : [{ field: "tool error", raw: model.error }];
    default:
      return [];
  }
}

/** The raw evidence texts (cmd, output) of the commands a failed check's evidence quotes. */
function evidenceTexts(model: LabRunModel): string[] {
  return model.checks.filter((c) => !c.passed).flatMap((c) => {
    const cmd = c.commands.find((x) => x.rc !== null && x.rc !== 0) ?? c.commands.at(-1);
    return cmd ? [cmd.cmd, cmd.output] : [];
  });
}

/**
 * The schema points one past a `minLength: 1` whose input side a model produces: raw text
 * that flattens to nothing, which the builder must not return as an empty string.
 */
export const netdryrunInputPastClasses: readonly (InputClass & {
  hits: (model: NetdryrunModel) => boolean;
})[] = [
  {
    id: "schema:#/$defs/run_result/allOf/3/then/properties/error/minLength:past",
    description: "status error with raw error text that is empty (the builder must not be)",
    hits: (m) => m.kind === "run" && m.status === "error" && flattenLabText(m.errorText, 1) === "",
  },
  {
    id: "schema:#/$defs/run_result/allOf/1/then/properties/inconclusive_reason/minLength:past",
    description: "status inconclusive with an empty raw reason (the builder must not be)",
    hits: (m) =>
      m.kind === "run" && m.status === "inconclusive" &&
      flattenLabText(m.inconclusiveText, 1) === "",
  },
  {
    id: "schema:#/$defs/setup_error/properties/error/minLength:past",
    description: "a setup error with an empty raw message (the builder must not be)",
    hits: (m) => m.kind === "setup_error" && flattenLabText(m.message, 1) === "",
  },
  {
    id: "schema:#/$defs/validate_result/anyOf/1/properties/error/minLength:past",
    description: "validate invalid with an empty raw error (the builder must not be)",
    hits: (m) => m.kind === "validate" && !m.valid && flattenLabText(m.error, 1) === "",
  },
  {
    id: "schema:#/$defs/tool_error/properties/error/minLength:past",
    description: "record_baseline failing with an empty raw error (the builder must not be)",
    hits: (m) => m.kind === "record_baseline" && !m.ok && flattenLabText(m.error, 1) === "",
  },
];

/**
 * The caps stated in the schema's prose, each at the cap (kept whole) and one past it (the
 * builder must cut it): lab text of checks (300 code points), errors and reasons (1,000),
 * evidence (200), and the 200 files `tested` lists before `complete` turns false.
 */
export const netdryrunProseCapClasses: readonly (InputClass & {
  hits: (model: NetdryrunModel) => boolean;
})[] = [
  ...([["at", 0], ["past", 1]] as const).flatMap(([side, over]) => [
    {
      id: `cap:check-text:${side}`,
      description: `a check name or detail of ${CAP.check + over} code points on one line` +
        (over ? " (cut to the cap)" : " (kept whole)"),
      hits: (m: NetdryrunModel) =>
        m.kind === "run" &&
        m.checks.some((c) =>
          oneLineLengthIs(c.name, CAP.check + over) || oneLineLengthIs(c.detail, CAP.check + over)
        ),
    },
    {
      id: `cap:long-text:${side}`,
      description: `an error or reason of ${CAP.long + over} code points on one line` +
        (over ? " (cut to the cap)" : " (kept whole)"),
      hits: (m: NetdryrunModel) =>
        longTexts(m).some((t) => oneLineLengthIs(t.raw, CAP.long + over)),
    },
    {
      id: `cap:evidence-text:${side}`,
      description: `an evidence cmd or excerpt of ${CAP.evidence + over} code points` +
        (over ? " (cut to the cap)" : " (kept whole)"),
      hits: (m: NetdryrunModel) =>
        m.kind === "run" && evidenceTexts(m).some((t) => oneLineLengthIs(t, CAP.evidence + over)),
    },
    {
      id: `cap:tested-files:${side}`,
      description: `a run that read ${MAX_TESTED_FILES + over} files` +
        (over ? " (complete false)" : " (complete as far as the count goes)"),
      hits: (m: NetdryrunModel) => m.kind === "run" && m.files.length === MAX_TESTED_FILES + over,
    },
  ]),
];

/**
 * The cross-field rules the schema does not spell as `if` arms, each with when its condition
 * holds on a model: a class for it holding and one for it not holding. (The status-verdict
 * rules are the schema's `if` arms, classed above; counts and statuses are the scenario
 * classes.) A broken outcome is a finding of a result, which a conformant builder never
 * returns: the profile's mutations exercise those.
 */
export const netdryrunCrossFieldConditions: readonly {
  rule: string;
  condition: string;
  holds: (model: LabRunModel) => boolean;
}[] = [
  {
    rule: "NDR-UNREADY",
    condition: "a failed check whose samples all got no usable state (unready: true)",
    holds: (m) => m.checks.some((c) => !c.passed && c.unready),
  },
  {
    rule: "NDR-NEXT-DIAGNOSTIC",
    condition: "a failed check whose container and CLI are known (a next_diagnostic command)",
    holds: (m) => m.checks.some((c) => !c.passed && c.container !== null && c.cli !== null),
  },
  {
    rule: "NDR-TESTED-COMPLETE",
    condition: "more than 200 files listed (complete must be false)",
    holds: (m) => m.files.length > MAX_TESTED_FILES,
  },
  {
    rule: "NDR-TESTED-DEPLOYED",
    condition: "a lab deployed by this run (dry_run: lab_deployed_by_this_run true)",
    holds: (m) => m.tool === "dry_run",
  },
];

const crossFieldClasses: InputClass[] = netdryrunCrossFieldConditions.flatMap((c) => [
  { id: `rule:${c.rule}:applies`, description: `a run with ${c.condition}` },
  { id: `rule:${c.rule}:vacuous`, description: `a run without ${c.condition}` },
]);

/**
 * The classes derived from the schema by walking it: every enum value, every `anyOf` arm,
 * both arms of every `if`, and both sides of every length, count and range cap, as the
 * conformant result of a model hits them; one past a cap where only the model's raw text can
 * be ({@linkcode netdryrunInputPastClasses}); the points no model reaches are in
 * {@linkcode netdryrunUnclassedPoints}. A point the schema gains is a class until a reason
 * says otherwise, so the class coverage test fails until the generators reach it.
 */
const schemaClasses: InputClass[] = schemaPoints(schema)
  .filter((p) =>
    !(p.id in netdryrunUnclassedPoints) && !netdryrunInputPastClasses.some((c) => c.id === p.id)
  )
  .map(({ id, description }) => ({ id, description: `the result hits ${description}` }));

/**
 * The declared input classes of the `netdryrun.mcp-result/v1` suite: every branch of the
 * result schema (each tool's run result with each status enum value and a status a later v1
 * adds, a setup error with and without the schema id, validate valid and invalid,
 * check_types, record_baseline recorded and failed), the boundaries the cross-field rules
 * read (no check, a failed check, no file, an unread file, no lab, an evidence file, extra
 * fields), every point of the schema a model can reach (derived by walking the schema),
 * every cap its prose states, at the cap and one past it, and the conditions of the other
 * cross-field rules holding and not.
 */
export const netdryrunClasses: readonly InputClass[] = [
  ...TOOLS.flatMap((tool) => [
    ...STATUSES.map((status) => ({
      id: `${tool}-${status}`,
      description: `${tool} result with status "${status}"`,
    })),
    { id: `${tool}-status-later`, description: `${tool} result with a status a later v1 adds` },
    { id: `${tool}-setup-error`, description: `${tool} refused to start (setup error)` },
  ]),
  { id: "setup-error-with-schema", description: "a setup error carrying the schema id" },
  { id: "setup-error-without-schema", description: "a setup error without the schema id" },
  { id: "run-no-checks", description: "a run result with no check (checks empty)" },
  { id: "run-failed-check", description: "a run result with a failed check" },
  { id: "run-no-files", description: "a run result that read no file" },
  { id: "run-unread-file", description: "a run result with a file it could not read" },
  { id: "run-no-lab", description: "a run result with lab null" },
  { id: "run-evidence-file", description: "a run result with an evidence file" },
  { id: "run-extra-fields", description: "a run result with fields a later v1 adds" },
  { id: "validate-valid", description: "validate: valid true" },
  { id: "validate-invalid", description: "validate: valid false with an error" },
  { id: "check-types", description: "check_types: the check types with their parameters" },
  { id: "baseline-recorded", description: "record_baseline: YAML text" },
  { id: "baseline-failed", description: "record_baseline: a tool error" },
  ...schemaClasses,
  ...netdryrunInputPastClasses.map(({ id, description }) => ({ id, description })),
  ...netdryrunProseCapClasses.map(({ id, description }) => ({ id, description })),
  ...crossFieldClasses,
];

const hitPoints = schemaPointHitter(schema);
const declared = new Set(netdryrunClasses.map((c) => c.id));

/** Where in the schema the result of a model is described, or null for YAML text. */
function schemaRootOf(model: NetdryrunModel): string | null {
  switch (model.kind) {
    case "run":
    case "setup_error":
      return "";
    case "validate":
      return "/$defs/validate_result";
    case "check_types":
      return "/$defs/check_types_result";
    case "record_baseline":
      return model.ok ? null : "/$defs/tool_error";
  }
}

function scenarioClassesOf(model: NetdryrunModel): string[] {
  switch (model.kind) {
    case "run": {
      const known = (STATUSES as readonly string[]).includes(model.status);
      const out = [`${model.tool}-${known ? model.status : "status-later"}`];
      if (model.checks.length === 0) out.push("run-no-checks");
      if (model.checks.some((c) => !c.passed)) out.push("run-failed-check");
      if (model.files.length === 0) out.push("run-no-files");
      if (model.unreadFile) out.push("run-unread-file");
      if (model.lab === null) out.push("run-no-lab");
      if (model.evidenceFile !== null) out.push("run-evidence-file");
      if (Object.keys(model.extra).length > 0) out.push("run-extra-fields");
      return out;
    }
    case "setup_error":
      return [
        `${model.tool}-setup-error`,
        model.withSchema ? "setup-error-with-schema" : "setup-error-without-schema",
      ];
    case "validate":
      return [model.valid ? "validate-valid" : "validate-invalid"];
    case "check_types":
      return ["check-types"];
    case "record_baseline":
      return [model.ok ? "baseline-recorded" : "baseline-failed"];
  }
}

/**
 * The declared classes a generated model hits: its scenario, the schema points the
 * conformant result of the model (the reference builder's) hits, and the caps its raw text
 * meets.
 *
 * @param model A model of a tool call.
 * @returns The class ids.
 */
export function netdryrunClassesOf(model: NetdryrunModel): string[] {
  const out = scenarioClassesOf(model);
  const root = schemaRootOf(model);
  if (root !== null) {
    for (const id of hitPoints(buildNetdryrunResult(model), root)) {
      if (declared.has(id)) out.push(id);
    }
  }
  for (const c of [...netdryrunInputPastClasses, ...netdryrunProseCapClasses]) {
    if (c.hits(model)) out.push(c.id);
  }
  if (model.kind === "run") {
    for (const c of netdryrunCrossFieldConditions) {
      out.push(`rule:${c.rule}:${c.holds(model) ? "applies" : "vacuous"}`);
    }
  }
  return out;
}
