/**
 * The fault-injection suite's own tiny profile and suite: three cases, `before`, `fault` and
 * `after`, each asking the target to give back a number. The `fault` case carries the fault
 * to inject (a fake's behaviour); the other two are plain echoes, so that a per-case fault
 * can be seen not to spill over to its neighbours. How a case becomes a request and a reply
 * becomes the echoed value depends on the transport (a {@linkcode Wire}).
 *
 * @module
 */
import fc from "fast-check";
import type { Case, Finding, Profile, Suite } from "../../src/core/types.ts";

/** The one rule: the target answers the value it was asked to echo. */
export const ECHO_RULE = "FAULT-ECHO";

/** What one case asks: inject `fault` (none for a plain echo) and give back `value`. */
export interface FaultCaseInput {
  /** The fault's name in the fake's vocabulary, or null for a plain echo. */
  fault: string | null;
  /** Extra parameters of the fault (fake-specific). */
  params?: Record<string, unknown>;
  /** The value to give back. */
  value: number;
}

/** How the suite talks to one transport's fake. */
export interface Wire {
  /** The operation of every request. */
  operation: string;
  /** The request input for a case. */
  input(c: FaultCaseInput): unknown;
  /** The echoed value found in a result, or `undefined` when there is none. */
  value(result: unknown): unknown;
}

const profile: Profile = {
  id: "netconform.faults/v1",
  title: "Fault-injection echo profile",
  rules: [{
    id: ECHO_RULE,
    level: "MUST",
    statement: "the target gives back the value it was asked to echo",
    cite: { spec: "conformance/faults/README", section: "echo" },
  }],
  schemas: {},
  check: () => [],
  valid: () => fc.constant({ value: null }),
  mutations: [],
  fixtures: new URL("./", import.meta.url),
};

/**
 * The fault suite over one wire.
 *
 * @param wire How cases become requests and results become values.
 * @param fault The fault of the middle case.
 * @returns The suite.
 */
export function faultSuite(wire: Wire, fault: Omit<FaultCaseInput, "value">): Suite {
  const cases: Case[] = [
    {
      id: "before",
      description: "a plain echo before the fault",
      input: { fault: null, value: 1 },
    },
    { id: "fault", description: `the fault "${fault.fault}"`, input: { ...fault, value: 2 } },
    { id: "after", description: "a plain echo after the fault", input: { fault: null, value: 3 } },
  ];
  return {
    profile,
    cases: () => cases,
    async evaluate(testCase, invoke) {
      const c = testCase.input as FaultCaseInput;
      const reply = await invoke({ operation: wire.operation, input: wire.input(c) });
      const got = reply.kind === "result" ? wire.value(reply.value) : undefined;
      const findings: Finding[] = got === c.value ? [] : [{
        ruleId: ECHO_RULE,
        level: "MUST",
        instancePath: "",
        message: `expected ${c.value}, got ${JSON.stringify(got) ?? reply.kind}`.slice(0, 200),
      }];
      return { findings };
    },
  };
}
