import { jsonPointer } from "../../src/core/json_pointer.ts";
import { hasOwn, isCount, isObject } from "../_json_value.ts";
import { createFindingBuilder } from "../../src/core/finding_builder.ts";
import type { Finding } from "../../src/core/types.ts";
import { toolResponseRules } from "./rules.ts";

const finding = createFindingBuilder(toolResponseRules);

/** First index of each string id, reused by every call (cleared first; calls never nest). */
const firstIndex = new Map<string, number>();
/** Up to this many items, an id is looked up among the earlier items instead of in a map. */
const SCAN_ITEMS = 16;

/** The first index below `end` of an object item whose id is `id`; -1 when none. */
function scanFirst(data: readonly unknown[], id: string, end: number): number {
  for (let j = 0; j < end; j++) {
    const item = data[j];
    if (isObject(item) && item.id === id) return j;
  }
  return -1;
}

/**
 * The rules no schema can say: counts, the success flag and the SHOULD rules. Works on
 * whatever part of the value is sound; never throws. One pass over the items counts the
 * statuses and collects the per-item findings, which come last, item by item.
 */
export function checkCrossField(value: unknown): Finding[] {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  const { total, successful, failed, success } = value;
  const data = Array.isArray(value.data) ? value.data : undefined;
  let itemFindings: Finding[] | undefined;

  if (data) {
    let nSuccess = 0;
    let nFailed = 0;
    const scan = data.length <= SCAN_ITEMS;
    if (!scan) firstIndex.clear();
    for (let i = 0; i < data.length; i++) {
      const item = data[i];
      if (!isObject(item)) continue;
      const status = item.status;
      if (status === "success") nSuccess++;
      else if (status === "failed") {
        nFailed++;
        if (item.error === "") {
          (itemFindings ??= []).push(finding(
            "TR-ITEM-ERROR-NONEMPTY",
            jsonPointer("data", i, "error"),
            "a failed item's error is empty",
            { actual: "" },
          ));
        }
      }
      const id = item.id;
      if (typeof id === "string") {
        let first: number | undefined;
        if (scan) {
          const j = scanFirst(data, id, i);
          first = j < 0 ? undefined : j;
        } else {
          first = firstIndex.get(id);
          if (first === undefined) firstIndex.set(id, i);
        }
        if (first !== undefined) {
          (itemFindings ??= []).push(finding(
            "TR-ITEM-ID-UNIQUE",
            jsonPointer("data", i, "id"),
            `id "${id}" already names item ${first}`,
            { params: { firstIndex: first }, actual: id },
          ));
        }
      }
    }
    if (!scan) firstIndex.clear();
    if (isCount(successful) && successful !== nSuccess) {
      out.push(finding(
        "TR-SUCCESSFUL",
        "/successful",
        `successful is ${successful}, but ${nSuccess} items have status "success"`,
        { expected: nSuccess, actual: successful },
      ));
    }
    if (isCount(failed) && failed !== nFailed) {
      out.push(finding(
        "TR-FAILED",
        "/failed",
        `failed is ${failed}, but ${nFailed} items have status "failed"`,
        { expected: nFailed, actual: failed },
      ));
    }
    if (isCount(total) && total !== data.length) {
      const sum = isCount(successful) && isCount(failed) ? successful + failed : undefined;
      out.push(finding(
        "TR-TOTAL",
        "/total",
        `total is ${total}, but data has ${data.length} item${data.length === 1 ? "" : "s"}` +
          (sum === undefined ? "" : ` (successful + failed is ${sum})`),
        { expected: data.length, actual: total },
      ));
    }
  }

  const hasError = hasOwn(value, "error");
  const errorPresent = hasError && value.error !== null;
  if (typeof success === "boolean") {
    if (isCount(failed) && failed === 0 && !errorPresent && success !== true) {
      out.push(finding(
        "TR-SUCCESS-NO-FAILURES",
        "/success",
        "success is false, but failed is 0 and there is no global error",
        { expected: true, actual: success },
      ));
    }
    if (errorPresent && success !== false) {
      out.push(finding(
        "TR-SUCCESS-ON-ERROR",
        "/success",
        "success is true, but a global error is present",
        { expected: false, actual: success },
      ));
    }
    if (isCount(total) && isCount(failed) && total > 0 && failed === total && success === true) {
      out.push(finding(
        "TR-SUCCESS-ALL-FAILED",
        "/success",
        `success is true, but all ${total} items failed`,
        { expected: false, actual: success },
      ));
    }
    if (success === false && isCount(failed) && failed > 0 && !errorPresent) {
      out.push(finding(
        "TR-FAILURE-HAS-ERROR",
        "",
        "success is false and items failed, but there is no global error to show",
        { params: { missingProperty: "error" } },
      ));
    }
  }

  if (hasError && value.error === null) {
    out.push(finding("TR-NULL-OPTIONAL", "/error", "error is null; omit it instead", {
      actual: null,
    }));
  }
  if (hasOwn(value, "metadata") && value.metadata === null) {
    out.push(finding("TR-NULL-OPTIONAL", "/metadata", "metadata is null; omit it instead", {
      actual: null,
    }));
  }

  if (itemFindings) { for (const f of itemFindings) out.push(f); }
  return out;
}
