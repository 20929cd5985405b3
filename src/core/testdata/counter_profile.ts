// A tiny profile for the core's own tests of checkProfile: a value `{items, total, done}`
// whose `total` counts its items and whose `done` counts the items equal to "x". Two
// cross-field rules and a schema rule, two mutations, no real contract.
import fc from "fast-check";
import type { Finding, Profile } from "../types.ts";

/** A counter value. */
export interface Counter {
  items: string[];
  total: number;
  done: number;
}

function check(value: unknown): Finding[] {
  const v = value as Partial<Counter> | null;
  if (
    typeof v !== "object" || v === null || !Array.isArray(v.items) ||
    typeof v.total !== "number" || typeof v.done !== "number"
  ) {
    return [{ ruleId: "C-SHAPE", level: "MUST", instancePath: "", message: "not a counter" }];
  }
  const findings: Finding[] = [];
  if (v.total !== v.items.length) {
    findings.push({ ruleId: "C-TOTAL", level: "MUST", instancePath: "/total", message: "total" });
  }
  const done = v.items.filter((i) => i === "x").length;
  if (v.done !== done) {
    findings.push({ ruleId: "C-DONE", level: "MUST", instancePath: "/done", message: "done" });
  }
  return findings;
}

/** The counter profile. */
export const counterProfile: Profile<Counter> = {
  id: "counter/v1",
  title: "Counter (test profile)",
  rules: ["C-SHAPE", "C-TOTAL", "C-DONE"].map((id) => ({
    id,
    level: "MUST" as const,
    statement: id,
    cite: { spec: "counter.md", section: id },
  })),
  schemas: {},
  check,
  valid: () =>
    fc.array(fc.constantFrom("x", "y"), { maxLength: 6 }).map((items) => ({
      value: { items, total: items.length, done: items.filter((i) => i === "x").length },
    })),
  mutations: [
    {
      id: "bump-total",
      ruleId: "C-TOTAL",
      description: "total one more than the items",
      mutate: (v) => fc.constant({ value: { ...v, total: v.total + 1 }, instancePath: "/total" }),
    },
    {
      id: "bump-done",
      ruleId: "C-DONE",
      description: "done one more than the x items",
      mutate: (v) => fc.constant({ value: { ...v, done: v.done + 1 }, instancePath: "/done" }),
    },
  ],
  fixtures: new URL("./", import.meta.url),
};
