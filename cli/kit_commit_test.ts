// The kit's commit for the certificate, found without running git.
import assert from "node:assert/strict";
import { kitCommit } from "./_kit_commit.ts";

const A = "a".repeat(40);
const B = "b".repeat(40);

Deno.test("kit commit: read from .git (a ref, packed-refs, a worktree's .git file), else said unknown", async () => {
  const dir = await Deno.makeTempDir();
  const saved = Deno.env.get("NETCONFORM_COMMIT");
  Deno.env.delete("NETCONFORM_COMMIT");
  try {
    assert.match(kitCommit(dir), /^unknown \(not a git checkout/);
    await Deno.mkdir(`${dir}/main/.git/refs/heads`, { recursive: true });
    await Deno.writeTextFile(`${dir}/main/.git/HEAD`, "ref: refs/heads/main\n");
    await Deno.writeTextFile(`${dir}/main/.git/refs/heads/main`, `${A}\n`);
    assert.equal(kitCommit(`${dir}/main`), A);
    // A worktree: .git is a file naming its git folder, whose refs live in the common folder.
    await Deno.mkdir(`${dir}/main/.git/worktrees/wt`, { recursive: true });
    await Deno.writeTextFile(`${dir}/main/.git/worktrees/wt/HEAD`, "ref: refs/heads/wt\n");
    await Deno.writeTextFile(`${dir}/main/.git/worktrees/wt/commondir`, "../..\n");
    await Deno.writeTextFile(`${dir}/main/.git/packed-refs`, `# pack-refs\n${B} refs/heads/wt\n`);
    await Deno.mkdir(`${dir}/wt`);
    await Deno.writeTextFile(`${dir}/wt/.git`, `gitdir: ${dir}/main/.git/worktrees/wt\n`);
    assert.equal(kitCommit(`${dir}/wt`), B);
    Deno.env.set("NETCONFORM_COMMIT", "C".repeat(40));
    assert.equal(kitCommit(`${dir}/wt`), "c".repeat(40), "the variable wins");
    // The kit's own checkout: the commit git names.
    Deno.env.delete("NETCONFORM_COMMIT");
    assert.match(kitCommit(), /^(?:[0-9a-f]{40}|unknown)/);
  } finally {
    if (saved !== undefined) Deno.env.set("NETCONFORM_COMMIT", saved);
    await Deno.remove(dir, { recursive: true });
  }
});
