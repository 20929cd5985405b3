/**
 * The kit as another project uses it: a project folder that links the kit (deno.json
 * `links`) runs its own tests on the public API, and the CLI installed with
 * `deno install -g -n netconform` works from any folder: paths in flags resolve against the
 * current folder, paths in the targets file against that file, and a printed replay line runs
 * when pasted in the folder the run was made in.
 */
import { pythonPath } from "../src/testing/python_path.ts";
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

Deno.test("the CLI installed with deno install -g -n netconform runs outside the kit's folder: netconform --config ./conform.yaml and a pasted replay line from a project's folder", async () => {
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
      `${KIT}/cli/netconform.ts`,
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
    const ran = await run(["--target", "tool-response-reference", "--runs", "3"]);
    assert.equal(ran.code, 0, ran.text);
    assert.match(ran.text, /verdict: CONFORMANT/);

    // A project of the user's own, with the same installed command (one install per file).
    const project = `${dir}/project`;
    await Deno.mkdir(project);
    await userProject(project);
    const path = `${dir}/root/bin:${Deno.env.get("PATH")}`;
    const own = await shell(
      `PATH='${path}' netconform --config ./conform.yaml --report out/r.json`,
      project,
    );
    assert.equal(own.code, 1, own.out + own.err);
    assert.match(own.out, /NORM-ITEM-COUNT/);
    assert.match(own.err, /replay any run with --seed=-?\d+/);
    // The report went to the user's folder, as the flag said.
    assert.ok((await Deno.stat(`${project}/out/r.json`)).isFile);
    const replay = firstReplay(own.out);
    assert.match(replay, /^netconform --config \.\/conform\.yaml --target mine /);
    const again = await shell(`PATH='${path}' ${replay}`, project);
    assert.equal(again.code, 1, again.out + again.err);
    assert.match(again.out, /NORM-ITEM-COUNT/);
    assert.match(again.err, /1 failed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

/** A project of the user's own: a broken Python normalizer and its conform.yaml. */
async function userProject(dir: string) {
  await Deno.mkdir(`${dir}/py`);
  const files = [
    ["netconform_adapter.py", "py/adapter.py"],
    ["broken/_reference.py", "py/_reference.py"],
    ["broken/drops_items.py", "py/mine.py"],
    ["reference_normalizer.py", "reference_normalizer.py"],
  ];
  for (const [from, to] of files) {
    await Deno.copyFile(`${KIT}/examples/python/${from}`, `${dir}/${to}`);
  }
  await Deno.writeTextFile(
    `${dir}/conform.yaml`,
    [
      "version: 1",
      "runs: 5",
      "targets:",
      "  - name: mine",
      "    profiles: [gns3.normalizer/v1.0]",
      "    adapter:",
      "      kind: subprocess",
      `      argv: [${
        JSON.stringify(pythonPath())
      }, py/adapter.py, "py/mine.py:normalize_tool_response"]`,
      '      env: { PYTHONDONTWRITEBYTECODE: "1" }',
      "",
    ].join("\n"),
  );
}

async function shell(line: string, cwd: string) {
  const out = await new Deno.Command("sh", {
    args: ["-c", line],
    cwd,
    stdout: "piped",
    stderr: "piped",
    env: { NO_COLOR: "1" },
  }).output();
  const dec = new TextDecoder();
  return { code: out.code, out: dec.decode(out.stdout), err: dec.decode(out.stderr) };
}

/** The first replay line of a text report, and the case it names. */
function firstReplay(text: string) {
  const line = text.split("\n").map((l) => l.trim()).find((l) =>
    /--case /.test(l) && /^(netconform|deno) /.test(l.replace(/^replay: /, ""))
  );
  assert.ok(line, `no replay line in:\n${text}`);
  return line.replace(/^replay: /, "");
}

Deno.test("deno run of cli/conform.ts from another folder prints replay lines that run there", async () => {
  const dir = await Deno.makeTempDir({ prefix: "netconform-run-" });
  try {
    await userProject(dir);
    const run = await shell(
      `deno run -A '${KIT}/cli/conform.ts' --config conform.yaml --no-shrink`,
      dir,
    );
    assert.equal(run.code, 1, run.out + run.err);
    const replay = firstReplay(run.out);
    assert.ok(
      replay.startsWith(`deno run -A ${KIT}/cli/conform.ts --config conform.yaml `),
      replay,
    );
    const again = await shell(replay, dir);
    assert.equal(again.code, 1, again.out + again.err);
    assert.match(again.err, /1 failed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("deno task conform resolves --config against the folder it was run in, and its replay line runs there", async () => {
  const dir = await Deno.makeTempDir({ dir: `${KIT}/testdata`, prefix: "tmp-project-" });
  try {
    await userProject(dir);
    // As from a fresh shell: under "deno task test" the test inherits the outer task's INIT_CWD,
    // which a nested task keeps (as npm does).
    const run = await shell(
      "unset INIT_CWD; deno task conform --config conform.yaml --no-shrink",
      dir,
    );
    assert.equal(run.code, 1, run.out + run.err);
    const replay = firstReplay(run.out);
    assert.match(replay, /^deno task conform --config conform\.yaml --target mine /);
    const again = await shell(`unset INIT_CWD; ${replay}`, dir);
    assert.equal(again.code, 1, again.out + again.err);
    assert.match(again.err, /1 failed/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
