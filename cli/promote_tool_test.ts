/**
 * `promote` of a tool target (issue 24): the tool-response suite sends an invocation and judges
 * the response, so the promoted test keeps the invocation as its `input` beside the response
 * as `data`; put in the target's `cases:`, it calls the tool again and fails the same way.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const ADAPTER = decodeURIComponent(
  new URL("../examples/python/netconform_adapter.py", import.meta.url).pathname,
);

// A tool whose total counts one item too many when it is asked for more than one device.
const TOOL = `
def call_tool(request):
    names = request["arguments"]["device_names"]
    data = [{"id": n, "name": n, "status": "success", "result": "ok"} for n in names]
    extra = 1 if len(names) > 1 else 0
    return {"success": True, "total": len(data) + extra, "successful": len(data), "failed": 0, "data": data}
`;

function config(cases?: string) {
  return [
    "version: 1",
    "targets:",
    "  - name: my-tool",
    "    profiles:",
    "      - id: gns3.tool-response/v1.0",
    ...(cases ? [`        cases: [${cases}]`] : []),
    "        options:",
    "          invocations:",
    "            - name: execute_multiple_device_commands",
    "              arguments: { project_id: p1, device_names: [R1], commands: [show version] }",
    "            - name: execute_multiple_device_commands",
    "              arguments: { project_id: p1, device_names: [R1, R2], commands: [show version] }",
    "    adapter:",
    "      kind: subprocess",
    `      argv: [${JSON.stringify(pythonPath())}, ${
      JSON.stringify(ADAPTER)
    }, --operation, call_tool, tool.py:call_tool]`,
    "",
  ].join("\n");
}

const quiet = { out: () => {}, err: () => {} };

Deno.test("promote of a tool target writes the invocation as the test's input, and the promoted case replays", async () => {
  const dir = await Deno.makeTempDir({ prefix: "netconform-promote-tool-" });
  try {
    await Deno.writeTextFile(`${dir}/tool.py`, TOOL);
    await Deno.mkdir(`${dir}/cases`);
    await Deno.writeTextFile(`${dir}/conform.yaml`, config());
    const report = `${dir}/r.json`;
    const ran = await main(
      ["--config", `${dir}/conform.yaml`, "--quiet", "--report", report],
      quiet,
    );
    assert.equal(ran, 1);
    const out: string[] = [];
    const promoted = await main(
      ["promote", report, "invocation-1", "--to", `${dir}/cases/tool.yaml`],
      { out: (t) => out.push(t), err: (t) => out.push(t) },
    );
    assert.equal(promoted, 0, out.join("\n"));
    const test = parse(await Deno.readTextFile(`${dir}/cases/tool.yaml`)).tests[0];
    assert.deepEqual(test.input, {
      name: "execute_multiple_device_commands",
      arguments: { project_id: "p1", device_names: ["R1", "R2"], commands: ["show version"] },
    });
    assert.equal(test.data.total, 3); // the response, as judged
    assert.deepEqual(test.rules, ["TR-TOTAL"]);

    // The promoted test as a user case calls the tool again, and fails as the original did.
    await Deno.writeTextFile(`${dir}/conform.yaml`, config("cases"));
    const again = `${dir}/again.json`;
    assert.equal(
      await main(["--config", `${dir}/conform.yaml`, "--quiet", "--report", again], quiet),
      1,
    );
    const cases = JSON.parse(await Deno.readTextFile(again)).suites[0].cases;
    const user = cases.find((c: { id: string }) => c.id === "user:tool.yaml#0");
    assert.ok(user, JSON.stringify(cases.map((c: { id: string }) => c.id)));
    assert.equal(user.outcome, "failed");
    assert.deepEqual(user.findings.map((f: { ruleId: string }) => f.ruleId), ["TR-TOTAL"]);
    assert.deepEqual(user.input.input, test.input);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
