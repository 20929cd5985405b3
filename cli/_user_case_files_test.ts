import assert from "node:assert/strict";
import { loadConfig, parseConfig } from "./load_config.ts";
import { adapterKinds } from "./adapter_kinds.ts";
import { suites } from "./registry.ts";
import { main } from "./conform.ts";

const config = (cases: string) =>
  `version: 1
targets:
  - name: r
    profiles:
      - id: gns3.normalizer/v1.0
        cases: [${cases}]
    adapter: { kind: subprocess, argv: [/nonexistent/never-run] }
`;

Deno.test("a user case file that is missing, invalid, broken or for another profile is a config error", async () => {
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(`${dir}/other.yaml`, "profile: gns3.tool-response/v1.0\ntests: []\n");
    await Deno.writeTextFile(`${dir}/broken.yaml`, "profile: [\n");
    await Deno.writeTextFile(`${dir}/invalid.yaml`, "profile: gns3.normalizer/v1.0\ntests: 5\n");
    await Deno.writeTextFile(
      `${dir}/another.yaml`,
      "profile: gns3.tool-response/v1.0\ndescription: d\ntests:\n  - description: t\n    valid: true\n    data: {}\n",
    );
    for (
      const [file, why] of [
        ["missing.yaml", /No such file/],
        ["broken.yaml", /broken\.yaml:2:1: /],
        ["invalid.yaml", /invalid\.yaml:1:1: /],
        ["another.yaml", /is for profile "gns3.tool-response\/v1.0"/],
      ] as const
    ) {
      await Deno.writeTextFile(`${dir}/conform.yaml`, config(file));
      await assert.rejects(
        () => loadConfig(`${dir}/conform.yaml`, { kinds: adapterKinds, suites }),
        (e: Error) => e.name === "ConfigError" && why.test(e.message) && !e.message.includes("\n"),
      );
      // The CLI: exit 2 and one line, before any run (the target's program does not exist).
      const err: string[] = [];
      const code = await main(["--config", `${dir}/conform.yaml`, "--quiet"], {
        out: () => {},
        err: (t) => err.push(t),
      });
      assert.equal(code, 2, err.join("\n"));
      assert.equal(err.join("\n").split("\n").length, 1, err.join("\n"));
      assert.match(err[0], /^Config error: .*its cases cannot be used: /);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a negative --runs is one usage line, and check on a folder is a usage error", async () => {
  const err: string[] = [];
  const io = { out: () => {}, err: (t: string) => err.push(t) };
  assert.equal(await main(["--target", "tool-response-reference", "--runs", "-1"], io), 2);
  assert.equal(err.join("\n").split("\n").length, 1, err.join("\n"));
  assert.match(err[0], /--runs "-1": a value that starts with "-" is read as an option/);
  err.length = 0;
  const dir = await Deno.makeTempDir();
  try {
    const code = await main(["check", "--profile", "gns3.tool-response/v1.0", dir], io);
    assert.equal(code, 2, err.join("\n"));
    assert.match(err[0], /Cannot read ".*": it is a folder, not a file/);
  } finally {
    await Deno.remove(dir);
  }
});

Deno.test("nesting past the YAML reader's depth says how deep it went, not a stack overflow", () => {
  const text = `version: 1\ntargets: ${"[".repeat(20_000)}${"]".repeat(20_000)}\n`;
  assert.throws(
    () => parseConfig(text, "/tmp/conform.yaml", { kinds: adapterKinds, suites }),
    (e: Error) =>
      /^\/tmp\/conform\.yaml:2:\d+: nested too deeply: .* about \d+ levels deep/.test(e.message) &&
      !/call stack size/.test(e.message),
  );
});
