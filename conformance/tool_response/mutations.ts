import fc from "fast-check";
import { editMutation } from "../../src/core/edit_mutation.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Mutated, Mutation } from "../../src/core/types.ts";
import type { ToolResponse, ToolResponseItem } from "./types.ts";
import { labMutations } from "./_lab_mutations.ts";

/** A mutation with no random choice (see `editMutation`). */
const fixed = (
  id: string,
  ruleId: string,
  description: string,
  edit: (copy: ToolResponse) => string | undefined,
): Mutation<ToolResponse> => editMutation({ id, ruleId, description }, edit);

/** A mutation of one item chosen among those `applies` accepts. */
function onItem(
  id: string,
  ruleId: string,
  description: string,
  applies: (item: ToolResponseItem, r: ToolResponse) => boolean,
  edit: (item: ToolResponseItem, r: ToolResponse, index: number) => string,
): Mutation<ToolResponse> {
  return {
    id,
    ruleId,
    description,
    mutate(value) {
      const indexes = value.data.flatMap((item, i) => (applies(item, value) ? [i] : []));
      if (indexes.length === 0) return undefined;
      return fc.constantFrom(...indexes).map((i): Mutated<ToolResponse> => {
        const copy = structuredClone(value);
        return { value: copy, instancePath: edit(copy.data[i], copy, i) };
      });
    },
  };
}

/** The mutation, not applied to a value checked against a lab (context `lab`). */
function withoutLab(m: Mutation<ToolResponse>): Mutation<ToolResponse> {
  return { ...m, mutate: (value, context) => context?.lab ? undefined : m.mutate(value, context) };
}

const allFailed = (r: ToolResponse) => r.total > 0 && r.failed === r.total;

/** Mutations of valid tool responses, each caught by exactly the rule it names. */
export const toolResponseMutations: readonly Mutation<ToolResponse>[] = [
  fixed("drop-successful", "TR-SCHEMA", "remove the required field successful", (r) => {
    delete (r as Partial<ToolResponse>).successful;
    return "";
  }),
  fixed("total-as-string", "TR-SCHEMA", "total as a numeric string", (r) => {
    (r as unknown as Record<string, unknown>).total = String(r.total);
    return "/total";
  }),
  fixed("bump-total", "TR-TOTAL", "total one more than the items", (r) => {
    r.total += 1;
    return "/total";
  }),
  fixed("bump-successful", "TR-SUCCESSFUL", "successful one more than the success items", (r) => {
    r.successful += 1;
    return "/successful";
  }),
  fixed("shift-failed", "TR-FAILED", "failed off by one", (r) => {
    if (r.failed + 1 !== r.total) r.failed += 1;
    else if (r.failed > 0) r.failed -= 1;
    else return undefined;
    return "/failed";
  }),
  fixed("flip-success-false", "TR-SUCCESS-NO-FAILURES", "success false with no failure", (r) => {
    if (r.failed !== 0 || r.error !== undefined) return undefined;
    r.success = false;
    return "/success";
  }),
  fixed("success-despite-error", "TR-SUCCESS-ON-ERROR", "success true beside an error", (r) => {
    if (r.error === undefined || allFailed(r)) return undefined;
    r.success = true;
    return "/success";
  }),
  fixed("all-failed-success", "TR-SUCCESS-ALL-FAILED", "success true when all failed", (r) => {
    if (!allFailed(r)) return undefined;
    delete r.error;
    r.success = true;
    return "/success";
  }),
  fixed("drop-global-error", "TR-FAILURE-HAS-ERROR", "no global error on a failure", (r) => {
    if (r.success || r.failed === 0) return undefined;
    delete r.error;
    return "";
  }),
  fixed("empty-global-error", "TR-ERROR-NONEMPTY", 'global error ""', (r) => {
    if (r.error === undefined) return undefined;
    r.error = "";
    return "/error";
  }),
  fixed("numeric-global-error", "TR-ERROR-STRING", "global error as a number", (r) => {
    if (r.error === undefined) return undefined;
    (r as unknown as Record<string, unknown>).error = 500;
    return "/error";
  }),
  fixed("null-error", "TR-NULL-OPTIONAL", "error: null on a success", (r) => {
    if (r.error !== undefined) return undefined;
    (r as unknown as Record<string, unknown>).error = null;
    return "/error";
  }),
  fixed("null-metadata", "TR-NULL-OPTIONAL", "metadata: null", (r) => {
    (r as unknown as Record<string, unknown>).metadata = null;
    return "/metadata";
  }),
  fixed("metadata-list", "TR-METADATA-OBJECT", "metadata as a list", (r) => {
    (r as unknown as Record<string, unknown>).metadata = [r.metadata ?? {}];
    return "/metadata";
  }),
  fixed("bad-version", "TR-METADATA-VERSION", 'metadata.version "1.0" (no v)', (r) => {
    r.metadata = { ...r.metadata, version: "1.0" };
    return "/metadata/version";
  }),
  fixed("negative-time", "TR-METADATA-EXECUTION-TIME", "execution_time -1", (r) => {
    r.metadata = { ...r.metadata, execution_time: -1 };
    return "/metadata/execution_time";
  }),
  fixed("numeric-tool-name", "TR-METADATA-TOOL-NAME", "tool_name as a number", (r) => {
    r.metadata = { ...r.metadata, tool_name: 42 };
    return "/metadata/tool_name";
  }),
  onItem("numeric-id", "TR-ITEM-ID", "an item id as a number", () => true, (item, _r, i) => {
    (item as Record<string, unknown>).id = i + 1000;
    return jsonPointer("data", i, "id");
  }),
  onItem("drop-name", "TR-ITEM-NAME", "an item without name", () => true, (item, _r, i) => {
    delete (item as Partial<ToolResponseItem>).name;
    return jsonPointer("data", i);
  }),
  onItem("status-ok", "TR-ITEM-STATUS", 'an item status "ok"', () => true, (item, r, i) => {
    if (item.status === "success") r.successful -= 1;
    else r.failed -= 1;
    (item as Record<string, unknown>).status = "ok";
    return jsonPointer("data", i, "status");
  }),
  onItem(
    "drop-result",
    "TR-ITEM-RESULT",
    "a success item without result",
    (item) => item.status === "success",
    (item, _r, i) => {
      delete item.result;
      return jsonPointer("data", i);
    },
  ),
  onItem(
    "drop-item-error",
    "TR-ITEM-ERROR",
    "a failed item without error",
    (item) => item.status === "failed",
    (item, _r, i) => {
      delete item.error;
      return jsonPointer("data", i);
    },
  ),
  onItem(
    "empty-item-error",
    "TR-ITEM-ERROR-NONEMPTY",
    'a failed item with error ""',
    (item) => item.status === "failed",
    (item, _r, i) => {
      item.error = "";
      return jsonPointer("data", i, "error");
    },
  ),
  // On a value made in a lab, a reused node id is also another device's (TR-LAB-DEVICE): the
  // mutation applies to the values without one.
  withoutLab(onItem(
    "duplicate-id",
    "TR-ITEM-ID-UNIQUE",
    "an item reusing the first item's id",
    (_item, r) => r.data.length > 1,
    (item, r, i) => {
      const j = i === 0 ? 1 : i;
      r.data[j].id = r.data[0].id;
      void item;
      return jsonPointer("data", j, "id");
    },
  )),
  ...labMutations,
];
