import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parse as parseYaml } from "yaml";
import { checkNetdryrun } from "../../netdryrun/check.ts";
import { netdryrunTools } from "./tools.ts";
import { sha256Hex } from "./_util.ts";

const SCENARIOS = fileURLToPath(
  new URL("../../../fixtures/netdryrun-mcp/scenarios/", import.meta.url),
);

async function copyScenario(name: string, dest: string): Promise<string> {
  await Deno.mkdir(dest, { recursive: true });
  for await (const e of Deno.readDir(join(SCENARIOS, name))) {
    if (e.isFile && e.name !== "scenario.yaml") {
      await Deno.copyFile(join(SCENARIOS, name, e.name), join(dest, e.name));
    }
  }
  return join(dest, "netdryrun.yml");
}

async function withRoot(fn: (root: string) => Promise<void>) {
  const root = await Deno.makeTempDir({ prefix: "netdryrun-ref-test-" });
  try {
    await fn(root);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
}

Deno.test("dry_run gives each status from its lab state, conformant to netdryrun.mcp-result/v1", async () => {
  await withRoot(async (root) => {
    const tools = netdryrunTools({ root });
    const want: Record<string, string> = {
      valid: "passed",
      "lab-failed": "failed",
      "lab-error": "error",
      "lab-inconclusive": "inconclusive",
    };
    for (const [scenario, status] of Object.entries(want)) {
      for (const tool of ["dry_run", "run_checks"]) {
        const config = await copyScenario(scenario, join(root, `${tool}-${scenario}`));
        const result = await tools.call(tool, { config });
        const value = result.structuredContent as Record<string, unknown>;
        assert.equal(value.status, status, `${tool} ${scenario}`);
        assert.equal(result.isError, undefined);
        assert.deepEqual(JSON.parse(result.content[0].text), value);
        const evidence = value.evidence_file as string;
        const report = JSON.parse(await Deno.readTextFile(evidence));
        assert.equal(report.schema, "netdryrun.report/v1");
        assert.deepEqual(
          checkNetdryrun(value, { tool, evidenceFiles: { [evidence]: JSON.stringify(report) } }),
          [],
        );
        const tested = value.tested as {
          files: Record<string, string>;
          lab_deployed_by_this_run: boolean;
        };
        assert.equal(tested.lab_deployed_by_this_run, tool === "dry_run");
        assert.equal(tested.files["netdryrun.yml"], await sha256Hex(await Deno.readFile(config)));
        assert.deepEqual(Object.keys(tested.files).sort(), [
          "lab.clab.yml",
          "netdryrun.yml",
          "r1.conf",
          "r2.conf",
        ]);
      }
    }
  });
});

Deno.test("a failed run lists its failures in check order, one line each, with a diagnostic", async () => {
  await withRoot(async (root) => {
    const config = await copyScenario("lab-failed", join(root, "f"));
    const value = (await netdryrunTools({ root }).call("dry_run", { config })).structuredContent!;
    const failures = value.failures as {
      check: string;
      reason: string;
      next_diagnostic: string | null;
    }[];
    assert.deepEqual(failures.map((f) => f.check), [
      "r1 learns 10.0.2.0/24 over BGP",
      "r1 BGP session to r2 is up",
      "r2 runs FRR 10",
    ]);
    assert.ok(failures.every((f) => !/[\r\n]/.test(f.reason)));
    assert.equal(failures[1].reason, "state Active, expected Established");
    assert.equal(
      failures[0].next_diagnostic,
      "docker exec clab-netconform-demo-r1 vtysh -c 'show ip route'",
    );
    assert.equal(value.passed, 1);
    assert.equal(value.failed, 3);
  });
});

Deno.test("a lab whose nodes give no usable state is inconclusive; its checks are unready", async () => {
  await withRoot(async (root) => {
    const config = await copyScenario("valid", join(root, "u"));
    await Deno.writeTextFile(
      join(root, "u", "lab-state.json"),
      JSON.stringify({ nodes: { r1: { down: true } } }),
    );
    const value = (await netdryrunTools({ root }).call("dry_run", { config })).structuredContent!;
    assert.equal(value.status, "inconclusive");
    assert.match(String(value.inconclusive_reason), /no node gave usable state/);
  });
});

Deno.test("setup errors: missing, invalid and outside-root configs, with isError", async () => {
  await withRoot(async (root) => {
    const inside = join(root, "inside");
    const tools = netdryrunTools({ root: inside });
    await Deno.mkdir(inside);
    const invalid = await copyScenario("invalid", join(inside, "bad"));
    const outside = await copyScenario("valid", join(root, "outside"));
    const cases: [string, RegExp][] = [
      [join(inside, "nothing", "netdryrun.yml"), /does not exist/],
      [invalid, /node "r9" is not in the topology/],
      [outside, /outside NETDRYRUN_MCP_ROOT/],
    ];
    for (const [config, message] of cases) {
      const result = await tools.call("run_checks", { config });
      assert.equal(result.isError, true);
      assert.deepEqual(Object.keys(result.structuredContent!).sort(), [
        "error",
        "schema",
        "status",
        "verdict",
      ]);
      assert.match(String(result.structuredContent!.error), message);
    }
  });
});

Deno.test("validate gives both branches; check_types what the config accepts", async () => {
  await withRoot(async (root) => {
    const tools = netdryrunTools({ root });
    const valid = await copyScenario("valid", join(root, "v"));
    const ok = (await tools.call("validate", { config: valid })).structuredContent!;
    assert.equal(ok.valid, true);
    assert.equal((ok.checks as string[]).length, 3);
    await Deno.writeTextFile(
      valid,
      "lab: lab.clab.yml\nchecks:\n  - {name: x, node: r1, type: route_present}\n",
    );
    const bad = (await tools.call("validate", { config: valid })).structuredContent!;
    assert.deepEqual(bad, { valid: false, error: 'check "x": missing parameter "prefix"' });
    const types = (await tools.call("check_types", {})).structuredContent!.check_types as Record<
      string,
      unknown
    >;
    assert.deepEqual(types.route_present, {
      required: ["prefix"],
      optional: ["protocol", "next_hop"],
    });
  });
});

Deno.test("record_baseline gives YAML of the running lab, or a tool error", async () => {
  await withRoot(async (root) => {
    const tools = netdryrunTools({ root });
    await copyScenario("valid", join(root, "b"));
    const result = await tools.call("record_baseline", {
      topology: join(root, "b", "lab.clab.yml"),
    });
    assert.equal(result.structuredContent, undefined);
    const doc = parseYaml(result.content[0].text) as { lab: string; checks: { type: string }[] };
    assert.equal(doc.lab, "lab.clab.yml");
    assert.ok(doc.checks.some((c) => c.type === "route_present"));
    assert.ok(doc.checks.some((c) => c.type === "bgp_neighbor_state"));
    const missing = await tools.call("record_baseline", { topology: join(root, "nope.clab.yml") });
    assert.equal(missing.isError, true);
    assert.match(String(missing.structuredContent!.error), /cannot read the topology/);
    await assert.rejects(() => tools.call("no_such_tool", {}), /Unknown tool "no_such_tool"/);
  });
});
