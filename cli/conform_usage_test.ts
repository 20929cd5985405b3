import assert from "node:assert/strict";
import { main } from "./conform.ts";

async function run(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: (t) => err.push(t) });
  return { code, out: out.join("\n"), err: err.join("\n") };
}

Deno.test("conform CLI: --case that matches no case is a usage error (exit 2), not CONFORMANT", async () => {
  const r = await run(["--target", "tool-response-reference", "--case", "nope", "--runs", "3"]);
  assert.equal(r.code, 2, r.out);
  assert.match(r.err, /no case matched "nope"/);
  const hit = await run([
    "--target",
    "tool-response-reference",
    "--case",
    "generated-1",
    "--runs",
    "3",
  ]);
  assert.equal(hit.code, 0, hit.err);
});

Deno.test("conform CLI: an output path that cannot be written is exit 2 before the run", async () => {
  const file = await Deno.makeTempFile();
  try {
    for (const flag of ["--report", "--junit", "--markdown", "--html", "--badge"]) {
      const started = performance.now();
      const r = await run(["--runs", "1000000", flag, `${file}/inside-a-file.json`]);
      assert.equal(r.code, 2, `${flag}: ${r.err}`);
      assert.match(r.err, new RegExp(`${flag} ".*inside-a-file.json" cannot be written`));
      assert.doesNotMatch(r.err, /seed \d+ \(replay/, "the run started");
      assert.ok(performance.now() - started < 5_000);
    }
  } finally {
    await Deno.remove(file);
  }
});

Deno.test("conform CLI: an output path that is a folder is exit 2 before the run; /dev/null is written to", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const r = await run(["--runs", "1000000", "--report", dir]);
    assert.equal(r.code, 2, r.err);
    assert.match(r.err, /--report ".*" cannot be written: it is a folder/);
    // Writing to /dev takes --allow-all (the test task does not give it): a run of its own.
    const ok = await new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", new URL("./conform.ts", import.meta.url).pathname, "--runs", "3"]
        .concat(["--target", "tool-response-reference", "--report", "/dev/null", "--quiet"]),
      stdout: "null",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).output();
    assert.equal(ok.code, 0, new TextDecoder().decode(ok.stderr));
    // No case log beside a device: the run logs to a temporary file instead.
    // (Asked with test -e: Deno's stat of a /dev path takes --allow-all too.)
    const exists = await new Deno.Command("test", { args: ["-e", "/dev/null.cases.jsonl"] })
      .output();
    assert.equal(exists.code, 1, "/dev/null.cases.jsonl was made");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("conform CLI: an output folder is created before the run", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = `${dir}/a/b/report.json`;
    const r = await run(["--target", "tool-response-reference", "--runs", "2", "--report", path]);
    assert.equal(r.code, 0, r.err);
    assert.equal(JSON.parse(await Deno.readTextFile(path)).verdict, "conformant");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("conform CLI: -h, --help, --version and every subcommand's --help and -h", async () => {
  for (const flag of ["-h", "--help"]) {
    const r = await run([flag]);
    assert.equal(r.code, 0, r.err);
    assert.match(r.out, /^Usage: deno task conform \[options\]$/m);
    assert.match(r.out, /-h, --help/);
  }
  const version = await run(["--version"]);
  assert.equal(version.code, 0);
  const kit = JSON.parse(await Deno.readTextFile(new URL("../deno.json", import.meta.url)));
  assert.equal(version.out, `netconform ${kit.version}`);
  for (const sub of ["check", "rules", "merge", "promote"]) {
    for (const flag of ["--help", "-h"]) {
      const r = await run([sub, flag]);
      assert.equal(r.code, 0, `${sub} ${flag}: ${r.err}`);
      assert.match(r.out, new RegExp(`^Usage: deno task conform ${sub} `, "m"), `${sub} ${flag}`);
    }
  }
});

Deno.test("conform CLI: help and usage errors name the command as the user ran it", async () => {
  const out: string[] = [];
  const io = {
    out: (t: string) => out.push(t),
    err: (t: string) => out.push(t),
    command: ["netconform"],
  };
  assert.equal(await main(["rules", "--nope"], io), 2);
  assert.match(out.join("\n"), /run "netconform rules --help" for the options/);
  out.length = 0;
  assert.equal(await main(["check", "--help"], io), 0);
  assert.match(out.join("\n"), /^Usage: netconform check FILE/m);
  out.length = 0;
  // The header's hint joins a negative seed with "=", as "--seed -5" reads as an option.
  const seeded = ["--seed=-5", "--runs", "1", "--target", "tool-response-reference"];
  assert.equal(await main(seeded, io), 0, out.join("\n"));
  assert.match(out.join("\n"), /netconform: seed -5 \(replay any run with --seed=-5\)/);
});
