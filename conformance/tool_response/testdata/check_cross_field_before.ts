// The cross-field check as it was before the single-pass rewrite (issue 14), kept only to
// prove that the rewrite reports the same findings: ../_check_cross_field_test.ts.
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import { hasOwn, isCount, isObject, type Obj } from "../../_json_value.ts";
import { createFindingBuilder } from "../../../src/core/finding_builder.ts";
import type { Finding } from "../../../src/core/types.ts";
import { toolResponseRules } from "../rules.ts";

const finding = createFindingBuilder(toolResponseRules);

/**
 * The rules no schema can say: counts, the success flag and the SHOULD rules. Works on
 * whatever part of the value is sound; never throws.
 */
export function checkCrossFieldBefore(value: unknown): Finding[] {
  if (!isObject(value)) return [];
  const out: Finding[] = [];
  const { total, successful, failed, success } = value;
  const data = Array.isArray(value.data) ? value.data : undefined;
  const items = data?.map((item) => (isObject(item) ? item : undefined));
  const statusOf = (item: Obj | undefined) => (item ? item.status : undefined);

  if (items) {
    const nSuccess = items.filter((i) => statusOf(i) === "success").length;
    const nFailed = items.filter((i) => statusOf(i) === "failed").length;
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
    if (isCount(total) && total !== items.length) {
      const sum = isCount(successful) && isCount(failed) ? successful + failed : undefined;
      out.push(finding(
        "TR-TOTAL",
        "/total",
        `total is ${total}, but data has ${items.length} item${items.length === 1 ? "" : "s"}` +
          (sum === undefined ? "" : ` (successful + failed is ${sum})`),
        { expected: items.length, actual: total },
      ));
    }
  }

  const errorPresent = hasOwn(value, "error") && value.error !== null;
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

  for (const key of ["error", "metadata"]) {
    if (hasOwn(value, key) && value[key] === null) {
      out.push(finding(
        "TR-NULL-OPTIONAL",
        jsonPointer(key),
        `${key} is null; omit it instead`,
        { actual: null },
      ));
    }
  }

  if (items) {
    const firstIndex = new Map<string, number>();
    items.forEach((item, i) => {
      if (!item) return;
      if (item.status === "failed" && item.error === "") {
        out.push(finding(
          "TR-ITEM-ERROR-NONEMPTY",
          jsonPointer("data", i, "error"),
          "a failed item's error is empty",
          { actual: "" },
        ));
      }
      if (typeof item.id === "string") {
        const first = firstIndex.get(item.id);
        if (first === undefined) firstIndex.set(item.id, i);
        else {
          out.push(finding(
            "TR-ITEM-ID-UNIQUE",
            jsonPointer("data", i, "id"),
            `id "${item.id}" already names item ${first}`,
            { params: { firstIndex: first }, actual: item.id },
          ));
        }
      }
    });
  }
  return out;
}
