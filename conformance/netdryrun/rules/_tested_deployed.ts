// NDR-TESTED-DEPLOYED: lab_deployed_by_this_run is true for dry_run and false for run_checks.
import type { Finding } from "../../../src/core/types.ts";
import type { Obj } from "../../_json_value.ts";
import { finding } from "./_finding.ts";

/**
 * NDR-TESTED-DEPLOYED: a boolean lab_deployed_by_this_run wrong for the tool (skipped unless
 * the tool is dry_run or run_checks).
 */
export function checkTestedDeployed(tested: Obj, tool: unknown, out: Finding[]): void {
  const deployed = tested.lab_deployed_by_this_run;
  if (typeof deployed !== "boolean" || (tool !== "dry_run" && tool !== "run_checks")) return;
  const want = tool === "dry_run";
  if (deployed !== want) {
    out.push(finding(
      "NDR-TESTED-DEPLOYED",
      "/tested/lab_deployed_by_this_run",
      `lab_deployed_by_this_run is ${deployed} on a ${tool} result`,
      { expected: want, actual: deployed, params: { tool } },
    ));
  }
}
