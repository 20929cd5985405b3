import fc from "fast-check";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Mutated, Mutation } from "../../src/core/types.ts";
import { isObject, type Obj, own } from "./_json.ts";
import {
  type Analysis,
  analyzeRaw,
  expectedStatus,
  isNamedItemForm,
  legacyErrorText,
  legacyName,
  legacyNameStated,
  legacyResultStated,
  legacyResultText,
} from "./_legacy.ts";
import type { NormalizerObservation } from "./types.ts";

type Obs = NormalizerObservation;

/** The normalized responses of an observation copy: the output's and, when there, again's. */
function results(obs: Obs): Obj[] {
  return [obs.output, obs.again].flatMap((r) =>
    r && "result" in r && isObject(r.result) ? [r.result as Obj] : []
  );
}

/** Make counts and the success flag agree with data again (so only the mutated rule fires). */
function recount(r: Obj): void {
  const data = r.data as Obj[];
  const failed = data.filter((i) => i.status === "failed").length;
  r.total = data.length;
  r.failed = failed;
  r.successful = data.length - failed;
  const hasError = own(r, "error") !== undefined && own(r, "error") !== null;
  if (hasError) r.success = false;
  else if (failed === 0) r.success = true;
}

function mutation(
  id: string,
  ruleId: string,
  description: string,
  applies: (obs: Obs, analysis: Analysis) => number[] | boolean,
  edit: (copy: Obs, index: number, analysis: Analysis) => string,
): Mutation<Obs> {
  return {
    id,
    ruleId,
    description,
    mutate(value) {
      if (!isObject(value) || !("output" in value)) return undefined;
      const analysis = analyzeRaw(value.input.raw);
      const applied = applies(value, analysis);
      const indexes = applied === true ? [0] : applied === false ? [] : applied;
      if (indexes.length === 0) return undefined;
      return fc.constantFrom(...indexes).map((i): Mutated<Obs> => {
        const copy = structuredClone(value);
        return { value: copy, instancePath: edit(copy, i, analysis) };
      });
    },
  };
}

const hasResult = (obs: Obs) => "result" in obs.output && isObject(obs.output.result);
const itemsOf = (a: Analysis) => (a.form === "items" ? a.items : []);
const dataOf = (obs: Obs) =>
  hasResult(obs) ? ((obs.output as { result: Obj }).result.data as Obj[] | undefined) ?? [] : [];

/** Indexes of items present in both the legacy input and the output, that `test` accepts. */
function itemIndexes(obs: Obs, a: Analysis, test: (legacy: unknown) => boolean): number[] {
  const n = Math.min(itemsOf(a).length, dataOf(obs).length);
  return Array.from({ length: n }, (_, i) => i).filter((i) => test(itemsOf(a)[i]));
}

function flipStatus(copy: Obs, i: number): string {
  for (const r of results(copy)) {
    const item = (r.data as Obj[])[i];
    item.status = item.status === "success" ? "failed" : "success";
    if (item.status === "success" && typeof item.result !== "string") item.result = "";
    if (item.status === "failed" && (typeof item.error !== "string" || item.error === "")) {
      item.error = "flipped by a mutation";
    }
    recount(r);
  }
  return jsonPointer("output", "result", "data", i, "status");
}

/** Near-miss observations, each caught by exactly the rule it names. */
export const normalizerMutations: readonly Mutation<NormalizerObservation>[] = [
  mutation("drop-output", "NORM-OBSERVATION", "remove the output", () => true, (copy) => {
    delete (copy as Partial<Obs>).output;
    delete copy.again;
    return "";
  }),
  mutation(
    "raise",
    "NORM-TOTAL",
    "the normalizer raises instead of returning",
    () => true,
    (copy) => {
      copy.output = { raised: { type: "KeyError", message: "'nodes'" } };
      delete copy.again;
      return "/output/raised";
    },
  ),
  mutation(
    "raise-on-python-tuple",
    "NORM-TOTAL-OTHER",
    "the input is a real Python tuple, and the normalizer raises on it",
    () => true,
    (copy) => {
      const input = copy.input as unknown as Record<string, unknown>;
      delete input.raw;
      input.python = "({'device_name': 'R1', 'status': 'success', 'output': 'ok'},)";
      copy.output = {
        raised: { type: "AttributeError", message: "'tuple' object has no attribute 'get'" },
      };
      delete copy.again;
      return "/output/raised";
    },
  ),
  mutation(
    "bump-total",
    "NORM-CONFORMS",
    "total one more than the items in the output (and its re-normalization)",
    (obs, a) => hasResult(obs) && a.form !== "conforming",
    (copy) => {
      for (const r of results(copy)) r.total = (r.total as number) + 1;
      return "/output/result/total";
    },
  ),
  mutation(
    "rename-tool",
    "NORM-TOOL-NAME",
    "metadata.tool_name differs from the argument",
    (obs) => hasResult(obs),
    (copy) => {
      for (const r of results(copy)) (r.metadata as Obj).tool_name = `${copy.input.tool_name}_v2`;
      return "/output/result/metadata/tool_name";
    },
  ),
  mutation(
    "fixpoint-extra-key",
    "NORM-FIXPOINT",
    "a conforming input comes back with a field it did not have",
    (obs, a) => hasResult(obs) && a.form === "conforming",
    (copy) => {
      for (const r of results(copy)) r.normalized_by = "legacy-adapter";
      return "/output/result/normalized_by";
    },
  ),
  mutation(
    "again-differs",
    "NORM-IDEMPOTENT",
    "normalizing the output again adds a field",
    (obs) => obs.again !== undefined && "result" in obs.again && isObject(obs.again.result),
    (copy) => {
      (copy.again as { result: Obj }).result.renormalized = true;
      return "/again/result/renormalized";
    },
  ),
  ...([["drop-last-item", "NORM-ITEM-COUNT", true], [
    "drop-last-item-other",
    "NORM-ITEM-COUNT-OTHER",
    false,
  ]] as const).map(([id, ruleId, named]) =>
    mutation(
      id,
      ruleId,
      `the last legacy item is lost (counts kept consistent), in a form ${
        named ? "the standard names" : "of the kit's reading"
      }`,
      (obs, a) =>
        a.form === "items" && isNamedItemForm(a) === named && a.items.length > 0 &&
        dataOf(obs).length === a.items.length,
      (copy) => {
        for (const r of results(copy)) {
          (r.data as Obj[]).pop();
          recount(r);
        }
        return "/output/result/data";
      },
    )
  ),
  ...(["NORM-RESULT-TEXT", "NORM-RESULT-OTHER"] as const).map((rule) =>
    mutation(
      rule === "NORM-RESULT-TEXT" ? "alter-result" : "alter-result-other",
      rule,
      rule === "NORM-RESULT-TEXT"
        ? "an item's result is not its one legacy output text verbatim"
        : "an item's result is not the text the kit's reading takes (both fields, a bare string)",
      (obs, a) =>
        itemIndexes(obs, a, (l) => legacyResultText(l) !== undefined).filter((i) =>
          (isNamedItemForm(a) && legacyResultStated(itemsOf(a)[i]) &&
            dataOf(obs)[i]?.status === "success") === (rule === "NORM-RESULT-TEXT")
        ),
      (copy, i) => {
        for (const r of results(copy)) {
          const item = (r.data as Obj[])[i];
          item.result = `${item.result ?? ""} `;
        }
        return jsonPointer("output", "result", "data", i, "result");
      },
    )
  ),
  mutation(
    "alter-error",
    "NORM-ERROR-TEXT",
    "an item's error is not the legacy error verbatim",
    (obs, a) => itemIndexes(obs, a, (l) => legacyErrorText(l) !== undefined),
    (copy, i) => {
      for (const r of results(copy)) {
        const item = (r.data as Obj[])[i];
        item.error = `Error: ${item.error ?? ""}`;
      }
      return jsonPointer("output", "result", "data", i, "error");
    },
  ),
  ...(["NORM-NAME", "NORM-NAME-OTHER"] as const).map((rule) =>
    mutation(
      rule === "NORM-NAME" ? "alter-name" : "alter-name-other",
      rule,
      rule === "NORM-NAME"
        ? "an item's name is not its one legacy name"
        : "an item's name is not the one the kit's reading takes (several name fields, node_name)",
      (obs, a) =>
        itemIndexes(obs, a, (l) =>
          legacyName(l) !== undefined &&
          (isNamedItemForm(a) && legacyNameStated(l)) === (rule === "NORM-NAME")),
      (copy, i) => {
        for (const r of results(copy)) {
          const item = (r.data as Obj[])[i];
          item.name = `${item.name}-1`;
        }
        return jsonPointer("output", "result", "data", i, "name");
      },
    )
  ),
  mutation(
    "flip-status",
    "NORM-STATUS",
    "an item the spec's words make failed (or success) gets the other status",
    (obs, a) => itemIndexes(obs, a, (l) => expectedStatus(l)?.level === "MUST"),
    flipStatus,
  ),
  mutation(
    "flip-other-status",
    "NORM-STATUS-OTHER",
    "an item the kit's reading makes failed (or success) gets the other status",
    (obs, a) => itemIndexes(obs, a, (l) => expectedStatus(l)?.level === "SHOULD"),
    flipStatus,
  ),
  mutation(
    "alter-global-error",
    "NORM-GLOBAL-ERROR",
    "the global error is not the legacy error verbatim",
    (obs, a) =>
      hasResult(obs) &&
      (a.form === "global-error" || (a.form === "items" && a.globalError !== undefined)),
    (copy) => {
      for (const r of results(copy)) r.error = `Tool failed: ${r.error}`;
      return "/output/result/error";
    },
  ),
  mutation(
    "drop-plain-text",
    "NORM-PLAIN-TEXT",
    "the plain-text input is changed wherever it was kept",
    (obs, a) => hasResult(obs) && a.form === "text",
    (copy, _i, a) => {
      const text = (a as { text: string }).text;
      const changed = `${text}\u2026`;
      for (const r of results(copy)) {
        if (r.error === text) r.error = changed;
        for (const item of r.data as Obj[]) {
          if (item.result === text) item.result = changed;
          if (item.error === text) item.error = changed;
        }
      }
      return "/output/result";
    },
  ),
];
