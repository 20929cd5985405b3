/**
 * The kit as another project uses it: a project folder that links the kit (deno.json
 * `links`) runs its own tests on the public API, and the CLI installed with
 * `deno install -g -n netconform` works from any folder.
 */
import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";

const KIT = fileURLToPath(new URL("../", import.meta.url)).replace(/\/$/, "");
const EXAMPLE = `${KIT}/examples/consumer_project`;

async function deno(args: string[], cwd: string) {
  const out = await new Deno.Command(Deno.execPath(), {
    args,
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  return { code: out.code, text };
}

Deno.test("another project links the kit and runs its own tests on the public API", async () => {
  const dir = await Deno.makeTempDir({ prefix: "netconform-consumer-" });
  try {
    for (const name of ["my_tool.ts", "my_tool_test.ts"]) {
      await Deno.copyFile(`${EXAMPLE}/${name}`, `${dir}/${name}`);
    }
    const config = JSON.parse(await Deno.readTextFile(`${EXAMPLE}/deno.json`));
    config.links = [KIT];
    await Deno.writeTextFile(`${dir}/deno.json`, JSON.stringify(config, null, 2));
    const r = await deno(["test", "-A"], dir);
    assert.equal(r.code, 0, r.text);
    assert.match(r.text, /ok \| 3 passed \| 0 failed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

const HEAP_FLAGS = /--v8-flags=(\S+)/.exec(
  JSON.parse(await Deno.readTextFile(`${KIT}/deno.json`)).tasks.conform,
)![1];

Deno.test("the CLI installed with deno install -g -n netconform runs outside the kit's folder", async () => {
  const dir = await Deno.makeTempDir({ prefix: "netconform-install-" });
  try {
    const installed = await deno([
      "install",
      "-g",
      "--root",
      `${dir}/root`,
      "-n",
      "netconform",
      "-A",
      "--config",
      `${KIT}/deno.json`,
      // The kit's heap settings, as the README's install line gives them.
      `--v8-flags=${HEAP_FLAGS}`,
      `${KIT}/cli/conform.ts`,
    ], dir);
    assert.equal(installed.code, 0, installed.text);
    const bin = `${dir}/root/bin/netconform`;
    assert.ok((await Deno.readTextFile(bin)).includes(`--v8-flags=${HEAP_FLAGS}`));
    await Deno.writeTextFile(
      `${dir}/doc.json`,
      JSON.stringify({ success: true, total: 1, successful: 0, failed: 0, data: [] }),
    );
    const run = async (args: string[]) => {
      const out = await new Deno.Command(bin, {
        args,
        cwd: dir,
        stdout: "piped",
        stderr: "piped",
        env: { NO_COLOR: "1" },
      }).output();
      return { code: out.code, text: new TextDecoder().decode(out.stdout) };
    };
    const checked = await run(["check", "doc.json", "--profile", "gns3.tool-response/v1.0"]);
    assert.equal(checked.code, 1, checked.text);
    assert.match(checked.text, /TR-TOTAL \(MUST\) at "\/total"/);
    const ran = await run(["--profile", "gns3.tool-response/v1.0", "--runs", "3"]);
    assert.equal(ran.code, 0, ran.text);
    assert.match(ran.text, /verdict: CONFORMANT/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
