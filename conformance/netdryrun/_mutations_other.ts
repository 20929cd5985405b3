// Mutations of the other values (setup errors, validate, check_types, record_baseline), each
// caught by exactly the rule it names.
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Mutation } from "../../src/core/types.ts";
import { on } from "./_mutations_kit.ts";
import type { NetdryrunCheckTypesResult, NetdryrunValue } from "./types.ts";

/** Mutations of setup errors and of the other tools' values, in report order. */
export const OTHER_MUTATIONS: readonly Mutation<NetdryrunValue>[] = [
  on(["setup_error"], "drop-setup-error", "NDR-SCHEMA", "a setup error without error", (r) => {
    delete r.error;
    return "";
  }),
  on(
    ["setup_error", "validate", "tool_error"],
    "multiline-error",
    "NDR-PLAIN-ERROR-TEXT",
    "a traceback in error",
    (r) => {
      if (typeof r.error !== "string") return undefined;
      r.error = `${Array.from(r.error).slice(0, 100).join("")}\nTraceback (most recent call last):`;
      return "/error";
    },
  ),
  on(
    ["validate"],
    "validate-no-checks",
    "NDR-SCHEMA",
    "a valid validate result without checks",
    (r) => {
      if (r.valid !== true) return undefined;
      delete r.checks;
      return "";
    },
  ),
  on(
    ["validate"],
    "validate-empty-error",
    "NDR-SCHEMA",
    "an invalid validate result with an empty error",
    (r) => {
      if (r.valid !== false) return undefined;
      r.error = "";
      return "/error";
    },
  ),
  on(
    ["check_types"],
    "param-twice",
    "NDR-CHECK-TYPES-PARAMS",
    "a parameter both required and optional",
    (r) => {
      const ct = (r as unknown as NetdryrunCheckTypesResult).check_types;
      const type = Object.keys(ct).find((t) => ct[t].required.length > 0);
      if (type === undefined) {
        ct["x_new_type"] = { required: ["node"], optional: ["node"] };
        return jsonPointer("check_types", "x_new_type", "optional", 0);
      }
      ct[type].optional.push(ct[type].required[0]);
      return jsonPointer("check_types", type, "optional", ct[type].optional.length - 1);
    },
  ),
  on(["check_types"], "params-not-list", "NDR-SCHEMA", "optional as a string", (r) => {
    const ct = (r as unknown as NetdryrunCheckTypesResult).check_types;
    const type = Object.keys(ct)[0] ?? "route_present";
    ct[type] = { required: ct[type]?.required ?? [], optional: "vrf" as unknown as string[] };
    return jsonPointer("check_types", type, "optional");
  }),
  on(
    ["baseline_text"],
    "baseline-duplicate-key",
    "NDR-BASELINE-YAML",
    "the YAML repeats a key",
    (text) => ({
      path: "",
      value: `${text}lab: again\n`,
    }),
  ),
  on(["baseline_text"], "baseline-sequence", "NDR-BASELINE-YAML", "the YAML is a sequence", () => ({
    path: "",
    value: "- r1\n- r2\n",
  })),
  on(
    ["baseline_text"],
    "baseline-two-documents",
    "NDR-BASELINE-YAML",
    "two YAML documents",
    (text) => ({
      path: "",
      value: `${text}---\nlab: second\n`,
    }),
  ),
  on(["tool_error"], "tool-error-empty", "NDR-SCHEMA", "a tool error with an empty error", (r) => {
    r.error = "";
    return "/error";
  }),
];
