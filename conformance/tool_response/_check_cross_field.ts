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
/**
 * The string id of each item of the array being scanned (undefined for an item without one),
 * so that an id is compared with the earlier ids without reading the earlier items again.
 * Reused by every call (calls never nest): a slot is written before it is read, and the slots
 * are cleared after the scan.
 */
const scanIds: (string | undefined)[] = new Array(SCAN_ITEMS).fill(undefined);

/**
 * The rules no schema can say: counts, the success flag and the SHOULD rules. Works on
 * whatever part of the value is sound; never throws. One pass over the items counts the
 * statuses and collects the per-item findings, which come last, item by item. The findings
 * are appended to `out` (the schema findings, which come first), so that a value without
 * findings costs no array of its own.
 */
export function checkCrossField(value: unknown, out: Finding[] = []): Finding[] {
  if (!isObject(value)) return out;
  const { total, successful, failed, success } = value;
  const data = Array.isArray(value.data) ? value.data : undefined;
  let itemFindings: Finding[] | undefined;

  if (data) {
    let nSuccess = 0;
    let nFailed = 0;
    const n = data.length;
    const scan = n <= SCAN_ITEMS;
    if (!scan) firstIndex.clear();
    for (let i = 0; i < n; i++) {
      const item = data[i];
      if (!isObject(item)) {
        if (scan) scanIds[i] = undefined;
        continue;
      }
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
      if (scan) scanIds[i] = typeof id === "string" ? id : undefined;
      if (typeof id !== "string") continue;
      let first = -1;
      if (scan) {
        for (let j = 0; j < i; j++) {
          if (scanIds[j] === id) {
            first = j;
            break;
          }
        }
      } else {
        const j = firstIndex.get(id);
        if (j === undefined) firstIndex.set(id, i);
        else first = j;
      }
      if (first >= 0) {
        (itemFindings ??= []).push(finding(
          "TR-ITEM-ID-UNIQUE",
          jsonPointer("data", i, "id"),
          `id "${id}" already names item ${first}`,
          { params: { firstIndex: first }, actual: id },
        ));
      }
    }
    if (scan) { for (let i = 0; i < n; i++) scanIds[i] = undefined; }
    else firstIndex.clear();
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

  // Each optional property is read once. An own property is also `in` the value: the cheap
  // `in` settles most values; metadata's presence matters only when it is null.
  const error = value.error;
  const hasError = "error" in value && hasOwn(value, "error");
  const errorPresent = hasError && error !== null;
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

  if (hasError && error === null) {
    out.push(finding("TR-NULL-OPTIONAL", "/error", "error is null; omit it instead", {
      actual: null,
    }));
  }
  if (value.metadata === null && hasOwn(value, "metadata")) {
    out.push(finding("TR-NULL-OPTIONAL", "/metadata", "metadata is null; omit it instead", {
      actual: null,
    }));
  }

  if (itemFindings) { for (const f of itemFindings) out.push(f); }
  return out;
}
