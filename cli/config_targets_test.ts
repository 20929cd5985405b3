// A config target's per-tool budgets reach the adapter it makes, and raise its case timeout.
import assert from "node:assert/strict";
import { targetsFromConfig } from "./_config_targets.ts";
import { parseConfig } from "./load_config.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { suites } from "./registry.ts";
import { mcpStdioAdapterKind } from "./kind_mcp_stdio.ts";

const text = `version: 1
targets:
  - name: slow-server
    profiles: [netdryrun.mcp-server/v1]
    adapter: {kind: mcp-stdio, argv: [netdryrun, mcp], version: 0.2.0}
    timeouts: {case_ms: 30000, tools: {dry_run: 600000}}
`;

Deno.test("config targets: timeouts.tools is passed to the adapter kind and widens case_ms", () => {
  const config = parseConfig(text, "/x/conform.yaml", { kinds: adapterKinds, suites });
  const seen: unknown[] = [];
  const create = mcpStdioAdapterKind.create;
  mcpStdioAdapterKind.create = (section, context) => {
    seen.push({ section, context });
    return create(section, context);
  };
  try {
    const [target] = targetsFromConfig(config, (id) => suites.find((s) => s.profile.id === id)!);
    assert.equal(target.caseTimeoutMs, 610_000);
    target.create("netdryrun.mcp-server/v1");
    assert.deepEqual(seen, [{
      section: { kind: "mcp-stdio", argv: ["netdryrun", "mcp"], version: "0.2.0" },
      context: {
        configDir: "/x",
        profile: "netdryrun.mcp-server/v1",
        toolTimeoutsMs: { dry_run: 600000 },
      },
    }]);
  } finally {
    mcpStdioAdapterKind.create = create;
  }
});
