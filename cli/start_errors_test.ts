/**
 * Start failures read as a user needs them (issue 24): a config naming a program that is not
 * there is a config error (exit 2, one line) before anything runs; a target that cannot start
 * says why on one line, its stderr and traceback following as real lines, quotes escaped once.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { pythonPath } from "../src/testing/python_path.ts";

const ADAPTER = decodeURIComponent(
  new URL("../examples/python/netconform_adapter.py", import.meta.url).pathname,
);

async function run(argv: string[]) {
  const dir = await Deno.makeTempDir({ prefix: "netconform-start-" });
  try {
    const config = `${dir}/conform.yaml`;
    await Deno.writeTextFile(
      config,
      [
        "version: 1",
        "targets:",
        "  - name: mine",
        "    profiles: [gns3.normalizer/v1.0]",
        `    adapter: { kind: subprocess, argv: ${JSON.stringify(argv)} }`,
        "",
      ].join("\n"),
    );
    const out: string[] = [];
    const err: string[] = [];
    const code = await main(["--config", config, "--quiet", "--runs", "1"], {
      out: (t) => out.push(t),
      err: (t) => err.push(t),
    });
    return { code, out: out.join("\n"), err: err.join("\n"), dir };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("a config naming a program that is not on the PATH is a config error: exit 2, one line", async () => {
  const r = await run(["netconform-no-such-program", "x"]);
  assert.equal(r.code, 2, r.out + r.err);
  assert.equal(r.out, "");
  assert.equal(r.err.split("\n").length, 1, r.err);
  assert.match(
    r.err,
    /^Config error: .*conform\.yaml: target "mine": the program "netconform-no-such-program" is not on the PATH$/,
  );
});

Deno.test("a config naming a program path that is not a file is a config error: exit 2, one line", async () => {
  const r = await run(["./bin/missing-impl", "x"]);
  assert.equal(r.code, 2, r.out + r.err);
  assert.match(
    r.err,
    /^Config error: .*target "mine": the program "\.\/bin\/missing-impl" is not a file \(.*\/bin\/missing-impl\)$/,
  );
});

Deno.test("a script that does not exist: one clear line, then its stderr as lines, no literal \\n", async () => {
  const r = await run([pythonPath(), "no_such_script.py"]);
  assert.equal(r.code, 1);
  const lines = r.out.split("\n");
  const at = lines.findIndex((l) => l.includes("could not run:"));
  assert.ok(at >= 0, r.out);
  assert.match(
    lines[at],
    /could not run: The implementation ended its output before answering the handshake \(the process exited with code 2\)$/,
  );
  assert.equal(lines[at + 1].trim(), "stderr:");
  assert.match(lines[at + 2], /no_such_script\.py.*No such file or directory/);
  assert.ok(!r.out.includes("\\n"), r.out);
});

Deno.test("a refused handshake with a traceback: quotes escaped once, the traceback as lines", async () => {
  const r = await run([pythonPath(), ADAPTER, "no_such_module_file.py:f"]);
  assert.equal(r.code, 1);
  assert.match(
    r.out,
    /could not run: The implementation refused the handshake: "could not load "no_such_module_file\.py:f": FileNotFoundError: /,
  );
  assert.ok(!r.out.includes('\\"'), r.out);
  assert.ok(!r.out.includes("\\n"), r.out);
  assert.match(r.out, /\n {5}Traceback \(most recent call last\):\n {7}File "/);
});
