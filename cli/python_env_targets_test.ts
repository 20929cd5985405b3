/**
 * `EmbeddedTarget.pythonEnv` in the conform command: on a machine without the kit's Python
 * environment (NETCONFORM_PYTHON_ENVS pointed at an empty folder), the default run leaves the
 * targets that need it out with one line naming them and the command, and naming one with
 * `--target` is a usage error (exit 2) that runs nothing.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { embeddedTargets } from "./registry.ts";

async function withoutEnvs(args: string[]) {
  const empty = await Deno.makeTempDir({ prefix: "netconform-no-venv-" });
  const before = Deno.env.get("NETCONFORM_PYTHON_ENVS");
  Deno.env.set("NETCONFORM_PYTHON_ENVS", empty);
  const out: string[] = [];
  const err: string[] = [];
  try {
    const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
    return { code, out: out.join("\n"), err: err.join("\n") };
  } finally {
    if (before === undefined) Deno.env.delete("NETCONFORM_PYTHON_ENVS");
    else Deno.env.set("NETCONFORM_PYTHON_ENVS", before);
    await Deno.remove(empty, { recursive: true });
  }
}

const references = embeddedTargets.filter((t) => t.pythonEnv !== undefined && !t.mutant);
const needy = references.map((t) => t.name);
const envs = [...new Set(references.map((t) => `.venv/${t.pythonEnv}/`))].join(", ");
const mcp = references.filter((t) => t.pythonEnv === "mcp").map((t) => t.name);

Deno.test("conform CLI: the default run leaves out, in one line, the targets whose Python env is absent", async () => {
  assert.ok(mcp.length >= 2, `${mcp}`);
  const r = await withoutEnvs(["--profile", "gns3.tool-response/v1.0", "--runs", "2"]);
  assert.equal(r.code, 0, r.err);
  const lines = r.err.split("\n").filter((l) => l.startsWith("netconform: not run:"));
  assert.equal(lines.length, 1, r.err);
  assert.equal(
    lines[0],
    `netconform: not run: ${needy.join(", ")} need the kit's Python environment (${envs}): ` +
      "run `deno task python-env` in the kit's folder",
  );
  for (const name of needy) assert.ok(!r.out.includes(name), `${name} ran`);
});

Deno.test("conform CLI: --target naming a target whose Python env is absent is exit 2, nothing run", async () => {
  const r = await withoutEnvs(["--target", mcp[0], "--runs", "2"]);
  assert.equal(r.code, 2, r.err + r.out);
  assert.match(
    r.err,
    new RegExp(`^Usage error: ${mcp[0]} needs the kit's Python environment \\(\\.venv/mcp/\\)`),
  );
  assert.match(r.err, /deno task python-env/);
  assert.equal(r.out, "");
});
