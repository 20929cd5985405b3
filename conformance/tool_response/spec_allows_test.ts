// Precision of the tool-response profile: documents the standard allows, where it is silent and
// the kit's reference producer would choose otherwise, get no MUST finding (SHOULD warnings at
// most). A MUST finding here would be a rule the standard does not state.
import assert from "node:assert/strict";
import { checkToolResponse } from "./profile.ts";

const base = {
  success: true,
  total: 1,
  successful: 1,
  failed: 0,
  data: [{ id: "R1", name: "Router1", status: "success", result: "ok" }],
};

const ALLOWED: [string, unknown, string[]][] = [
  ["execution_time as text (only an example value shows it)", {
    ...base,
    metadata: { execution_time: "5.2 s" },
  }, ["TR-METADATA-EXECUTION-TIME"]],
  ["a negative execution_time", { ...base, metadata: { execution_time: -1 } }, [
    "TR-METADATA-EXECUTION-TIME",
  ]],
  ["version without the v", { ...base, metadata: { version: "1.0" } }, ["TR-METADATA-VERSION"]],
  ["tool_name as a number", { ...base, metadata: { tool_name: 7 } }, ["TR-METADATA-TOOL-NAME"]],
  ["a partial failure reported as success false", {
    success: false,
    total: 2,
    successful: 1,
    failed: 1,
    data: [
      { id: "R1", name: "R1", status: "success", result: "ok" },
      { id: "R2", name: "R2", status: "failed", error: "timeout" },
    ],
    error: "R2 failed",
  }, []],
  ["a failed item that keeps partial output, a success item with a warning", {
    success: true,
    total: 2,
    successful: 1,
    failed: 1,
    data: [
      { id: "R1", name: "R1", status: "success", result: "ok", error: "deprecated command" },
      { id: "R2", name: "R2", status: "failed", result: "partial", error: "timeout" },
    ],
  }, []],
  ["one device listed twice", {
    success: true,
    total: 2,
    successful: 2,
    failed: 0,
    data: [
      { id: "R1", name: "R1", status: "success", result: "show version" },
      { id: "R1", name: "R1", status: "success", result: "show ip route" },
    ],
  }, ["TR-ITEM-ID-UNIQUE"]],
  ["a failed item with an empty error", {
    success: false,
    total: 1,
    successful: 0,
    failed: 1,
    data: [{ id: "R1", name: "R1", status: "failed", error: "" }],
    error: "R1 failed",
  }, ["TR-ITEM-ERROR-NONEMPTY"]],
  ["an empty global error (a str, no message)", {
    success: false,
    total: 0,
    successful: 0,
    failed: 0,
    data: [],
    error: "",
  }, ["TR-ERROR-NONEMPTY"]],
  ["null optional fields", { ...base, error: null, metadata: null }, ["TR-NULL-OPTIONAL"]],
  ["extra fields everywhere", {
    ...base,
    project_id: "p",
    data: [{ ...base.data[0], node_type: "qemu" }],
    metadata: { timestamp: "2025-03-06T10:00:00Z" },
  }, []],
];

for (const [what, doc, should] of ALLOWED) {
  Deno.test(`the standard allows ${what}: no MUST finding`, () => {
    const findings = checkToolResponse(doc);
    assert.deepEqual(findings.filter((f) => f.level === "MUST"), []);
    assert.deepEqual([...new Set(findings.map((f) => f.ruleId))].sort(), [...should].sort());
  });
}
