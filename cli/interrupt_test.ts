/**
 * Ctrl-C during a run (issue 24): one line on standard error, exit 130, as a shell reports a
 * process ended by SIGINT.
 */
import assert from "node:assert/strict";

const CONFORM = decodeURIComponent(new URL("./conform.ts", import.meta.url).pathname);

Deno.test({
  name: "Ctrl-C during a run prints one line and exits 130",
  ignore: Deno.build.os === "windows",
  async fn() {
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", CONFORM, "--target", "tool-response-reference", "--runs", "1000000"],
      stdout: "piped",
      stderr: "piped",
      env: { NO_COLOR: "1" },
    }).spawn();
    const reader = child.stderr.pipeThrough(new TextDecoderStream()).getReader();
    let err = "";
    // The run has started when its header is out: interrupt it then.
    while (!err.includes("netconform: seed")) {
      const { value, done } = await reader.read();
      if (done) break;
      err += value;
    }
    child.kill("SIGINT");
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      err += value;
    }
    const status = await child.status;
    await child.stdout.cancel();
    assert.equal(status.code, 130, err);
    const after = err.slice(err.indexOf("netconform: seed")).split("\n").slice(1)
      .filter((l) => l.trim() !== "" && !l.startsWith("  "));
    assert.deepEqual(after, ["netconform: interrupted (Ctrl-C): no report written; exit 130"]);
  },
});
