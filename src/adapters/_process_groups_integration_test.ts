import assert from "node:assert/strict";
import { fileURLToPath } from "node:url";
import { gone, processesWith } from "./testdata/processes.ts";

const HOLDER = fileURLToPath(new URL("./testdata/hold_process_group.ts", import.meta.url));

// The terminal's Ctrl-C reaches the kit's process group only: each target runs in a group of
// its own, which the kit ends before it exits, whichever adapter started it.
for (const kind of ["subprocess", "mcp-stdio", "agent", "subprocess-setsid"]) {
  for (const [signal, code] of [["SIGINT", 130], ["SIGTERM", 143]] as const) {
    Deno.test(`${signal} of the kit ends the group of a ${kind} target, and the kit exits with ${code}`, async () => {
      const marker = `71.${Date.now() % 100000}`;
      // The kit's temporary folders (an MCP target's workspace) go in a folder of the test's.
      const tmp = await Deno.makeTempDir();
      const workspaces = () =>
        [...Deno.readDirSync(tmp)].filter((e) => e.name.startsWith("netconform-mcp-"));
      const kit = new Deno.Command(Deno.execPath(), {
        args: ["run", "-A", HOLDER, kind, marker],
        env: { TMPDIR: tmp },
        stdout: "null",
        stderr: "piped",
      }).spawn();
      // Until the target runs, however long a loaded machine takes to start the kit (a fixed
      // 20 s was too short under a full parallel run), unless the kit ends first.
      let ended = false;
      const status = kit.status.then((s) => (ended = true, s));
      const until = Date.now() + 120_000;
      while (
        processesWith(`sleep ${marker}`, true).length === 0 && !ended && Date.now() < until
      ) {
        await new Promise((r) => setTimeout(r, 50));
      }
      if (processesWith(`sleep ${marker}`, true).length === 0) {
        kit.kill("SIGKILL");
        await status;
        const err = new TextDecoder().decode((await kit.output()).stderr);
        assert.fail(`the target never started (the kit ${ended ? "ended" : "hung"}): ${err}`);
      }
      if (kind === "mcp-stdio") assert.equal(workspaces().length, 1, "the workspace was made");
      kit.kill(signal);
      const { code: exit, stderr } = await kit.output();
      assert.equal(exit, code, new TextDecoder().decode(stderr));
      assert.ok(await gone(marker, 3_000), `processes left: ${processesWith(marker).join(", ")}`);
      // Its workspace is removed too, however the kit was ended.
      assert.deepEqual(workspaces(), [], "the MCP workspace was left behind");
      await Deno.remove(tmp, { recursive: true });
    });
  }
}
