// NDR-TESTED-COMPLETE: tested.complete is false when tested.files lists more than 200 files, and
// a complete tested.files names the netdryrun.yml that ran (it is the first file hashed).
import { jsonPointer } from "../../../src/core/json_pointer.ts";
import type { Finding } from "../../../src/core/types.ts";
import { isObject, type Obj } from "../../_json_value.ts";
import { excerpt, finding } from "./_finding.ts";

/** The file name of an absolute path (POSIX or Windows), the key it has in tested.files. */
function fileName(path: string): string {
  return path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1);
}

/** NDR-TESTED-COMPLETE: complete true with more than 200 files, or without netdryrun.yml. */
export function checkTestedComplete(tested: Obj, out: Finding[]): void {
  // The files are counted only when complete is true (a long list is rarely claimed complete).
  if (!isObject(tested.files) || tested.complete !== true) return;
  const files = Object.keys(tested.files).length;
  if (files > 200) {
    out.push(finding(
      "NDR-TESTED-COMPLETE",
      "/tested/complete",
      `tested.files lists ${files} files (more than 200), but complete is true`,
      { expected: false, actual: true, params: { files } },
    ));
  }
  // "a sha256 of netdryrun.yml, the topology and every file ...": complete, so it was read.
  const config = typeof tested.config === "string" ? fileName(tested.config) : "";
  if (config !== "" && !Object.hasOwn(tested.files, config)) {
    out.push(finding(
      "NDR-TESTED-COMPLETE",
      jsonPointer("tested", "files"),
      `complete is true, but tested.files does not name ${
        JSON.stringify(excerpt(config))
      }, the netdryrun.yml that ran`,
      { expected: config, params: { config: excerpt(config) } },
    ));
  }
}
