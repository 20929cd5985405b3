/**
 * Progress: on a terminal (a pty made by util-linux `script`) one line per suite redrawn in
 * place on standard error; through a pipe (a CI log) no redrawn line; none with `--quiet`.
 */
import assert from "node:assert/strict";
import { Progress } from "./progress.ts";

const CONFORM = decodeURIComponent(new URL("./conform.ts", import.meta.url).pathname);
const ARGS = ["--target", "tool-response-reference", "--seed", "4", "--runs", "300"];
const CLEAR = "\r\x1b[2K";
const LINE =
  /tool-response-reference · gns3\.tool-response\/v1\.0: \d+\/\d+ cases, 0 failed, 0 errored, [\d.]+\/s, ETA /;

function hasScript(): boolean {
  try {
    return Deno.statSync("/usr/bin/script").isFile;
  } catch {
    return false;
  }
}

function shellQuote(word: string): string {
  return `'${word.replaceAll("'", `'"'"'`)}'`;
}

async function conform(extra: string[], viaPty: boolean): Promise<string> {
  const words = [Deno.execPath(), "run", "-A", CONFORM, ...ARGS, ...extra];
  const command = viaPty
    ? new Deno.Command("script", {
      // -q quiet, -e the command's exit code, -c the command; the typescript file is /dev/null.
      args: ["-qec", words.map(shellQuote).join(" "), "/dev/null"],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1", TERM: "xterm" },
    })
    : new Deno.Command(words[0], {
      args: words.slice(1),
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    });
  const out = await command.output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  assert.equal(out.code, 0, text.slice(-3000));
  return text;
}

Deno.test({
  name: "progress: a redrawn line on a terminal, none through a pipe or with --quiet",
  ignore: !hasScript(),
  async fn() {
    const tty = await conform([], true);
    assert.ok(tty.includes(CLEAR), "the line is redrawn in place");
    const drawn = tty.split(CLEAR).filter((part) => LINE.test(part));
    assert.ok(
      drawn.length >= 2,
      `at least the start and the end are drawn:\n${tty.slice(0, 2000)}`,
    );
    assert.ok(
      drawn.some((part) => /\b(\d+)\/\1 cases/.test(part)),
      "the last line counts every case",
    );
    // The suite's summary line replaces the progress line.
    assert.ok(
      tty.includes(`${CLEAR}  tool-response-reference · gns3.tool-response/v1.0: conformant`),
      "the summary line replaces the progress line",
    );

    const quiet = await conform(["--quiet"], true);
    assert.ok(!quiet.includes(CLEAR) && !LINE.test(quiet), "--quiet shows no progress");

    const piped = await conform([], false);
    assert.ok(!piped.includes(CLEAR), "no redrawn line in a log");
    assert.ok(!LINE.test(piped), "a short run prints no periodic line in a log");
    assert.match(piped, /tool-response-reference · gns3.tool-response\/v1.0: conformant/);
  },
});

Deno.test("progress: on a terminal the line is cut to the width and cleared at the end", () => {
  const out: string[] = [];
  let now = 0;
  const p = new Progress({
    write: (t) => out.push(t),
    tty: true,
    columns: 40,
    redrawMs: 100,
    now: () => now,
  });
  p.start("a-rather-long-target-name\u001b[31m", "some.profile/v1", 3);
  assert.equal(out.length, 1);
  assert.ok(out[0].startsWith(CLEAR));
  assert.ok([...out[0].slice(CLEAR.length)].length <= 39, out[0]);
  assert.ok(out[0].includes("\\u{1b}[31m") || out[0].endsWith("…"), "escaped or cut");
  assert.ok(!out[0].slice(CLEAR.length).includes("\u001b"), "no raw escape from the target name");
  now = 10;
  p.case({ id: "x", description: "", outcome: "failed", findings: [] });
  assert.equal(out.length, 1, "no redraw within 100 ms");
  now = 20;
  p.case({ id: "y", description: "", outcome: "errored", message: "m" });
  p.case({ id: "z", description: "", outcome: "passed", findings: [] });
  assert.equal(out.length, 2, "the last case is drawn");
  p.end();
  assert.equal(out.at(-1), CLEAR);
});

Deno.test("progress: without a terminal, a plain line per interval, never a redraw", () => {
  const out: string[] = [];
  let now = 0;
  const p = new Progress({
    write: (t) => out.push(t),
    tty: false,
    intervalMs: 1000,
    now: () => now,
  });
  p.start("t", "p/v1", 100);
  for (let i = 0; i < 100; i++) {
    now += 50;
    p.case({
      id: String(i),
      description: "",
      outcome: i % 10 === 0 ? "failed" : "passed",
      findings: [],
    });
  }
  p.end();
  assert.equal(out.length, 5, out.join(""));
  assert.ok(out.every((l) => l.endsWith("\n") && !l.includes("\r")));
  assert.equal(out[0], "  t · p/v1: 20/100 cases, 2 failed, 0 errored, 20.0/s, ETA 4 s\n");
});
