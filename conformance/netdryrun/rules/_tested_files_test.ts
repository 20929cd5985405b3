import assert from "node:assert/strict";
import type { Finding } from "../../../src/core/types.ts";
import { checkTestedFiles, notRelative } from "./_tested_files.ts";

Deno.test("tested.files keys: what is not a relative path the server reads, and why", () => {
  const cases: [string, string | undefined][] = [
    ["netdryrun.yml", undefined],
    ["../shared/x.cfg", undefined],
    ["a/~b", undefined],
    ["C", undefined],
    ["", "is empty"],
    ["/etc/hosts", "is absolute"],
    ["C:\\labs\\x.cfg", "is absolute"],
    ["c:/labs/x.cfg", "is absolute"],
    ["\\\\server\\share\\x", "is absolute"],
    ["~/x.cfg", "starts with ~ (not read by the server)"],
    ["cfg/${LAB}.yml", "names a ${VAR} (not read by the server)"],
    ["https://example.com/x", "is a URL (not read by the server)"],
    ["git+ssh://host/x", "is a URL (not read by the server)"],
  ];
  for (const [key, why] of cases) assert.equal(notRelative(key), why, JSON.stringify(key));
});

Deno.test("tested.files keys: one finding per bad key, in key order, pointer-escaped", () => {
  const out: Finding[] = [];
  checkTestedFiles({ files: { "ok.cfg": "", "/a": "", "~b": "", "c/d": "" } }, out);
  assert.deepEqual(out.map((f) => [f.ruleId, f.instancePath, f.keyword, f.actual]), [
    ["NDR-TESTED-FILES", "/tested/files/~1a", "relativePath", "/a"],
    ["NDR-TESTED-FILES", "/tested/files/~0b", "relativePath", "~b"],
  ]);
  checkTestedFiles({ files: ["/a"] }, out);
  checkTestedFiles({}, out);
  assert.equal(out.length, 2);
});
