import assert from "node:assert/strict";
import { readEvidenceFile } from "./read_evidence_file.ts";

Deno.test("readEvidenceFile: regular files only, bounded, strict UTF-8", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const ok = `${dir}/ok.json`;
    await Deno.writeTextFile(ok, '{"schema":"netdryrun.report/v1"}');
    assert.equal(await readEvidenceFile(ok), '{"schema":"netdryrun.report/v1"}');
    assert.equal(await readEvidenceFile(ok, { maxBytes: 10 }), null);
    await Deno.writeFile(`${dir}/bad.json`, new Uint8Array([0x7b, 0xff, 0x7d]));
    assert.equal(await readEvidenceFile(`${dir}/bad.json`), null);
    assert.equal(await readEvidenceFile(dir), null);
    await Deno.symlink("/dev/zero", `${dir}/zero.json`);
    assert.equal(await readEvidenceFile(`${dir}/zero.json`), null);
    assert.equal(await readEvidenceFile(""), null);
    assert.equal(await readEvidenceFile("a\0b"), null);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
