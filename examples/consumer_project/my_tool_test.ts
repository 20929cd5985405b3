// A project that uses netconform in its own tests: the kit is linked (deno.json "links"), so
// its public API imports by name, subpath exports included.
import fc from "fast-check";
import {
  assertToolResponse,
  inProcessAdapter,
  runSuite,
  toolResponseProfile,
  toolResponseSuite,
} from "@netconform/netconform";
import { produceToolResponse } from "@netconform/netconform/profiles/tool-response";
import { listNodes } from "./my_tool.ts";

Deno.test("my tool returns the standard format", () => {
  assertToolResponse(listNodes([{ id: "1", name: "R1", up: true }, { id: "2", name: "R2", up: false }]));
});

Deno.test("my tool conforms for any node list", () => {
  const node = fc.record({ id: fc.uuid(), name: fc.string({ minLength: 1 }), up: fc.boolean() });
  fc.assert(fc.property(fc.array(node, { maxLength: 5 }), (nodes) => {
    const findings = toolResponseProfile.check(listNodes(nodes)).filter((f) => f.level === "MUST");
    if (findings.length > 0) throw new Error(JSON.stringify(findings));
  }), { seed: 1, numRuns: 50 });
});

Deno.test("a suite runs against an in-process target", async () => {
  const adapter = inProcessAdapter((request) => produceToolResponse(request.input as never));
  const report = await runSuite(toolResponseSuite, adapter, { target: "mine", seed: 1, runs: 10 });
  if (report.verdict !== "conformant") throw new Error(report.verdict);
});
