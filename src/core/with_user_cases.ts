import { isAbsolute, join, resolve } from "node:path";
import { FixtureError, loadFixtures, MAX_FIXTURE_BYTES, parseFixtureFile } from "./fixtures.ts";
import type { FixtureFile } from "./fixtures.ts";
import type { Case, CaseOptions, Evaluation, Finding, Invoke, Suite } from "./types.ts";

/** The rule id of the finding a user case gets when the rules that fired are not the ones it expects. */
export const CASE_EXPECTATION_RULE = "CASE-EXPECTED-RULES";

interface UserCase extends Case {
  /** The exact rules the case's file expects to fire, when it says. */
  expectRules?: readonly string[];
}

async function readCaseFiles(path: string): Promise<FixtureFile[]> {
  const stat = await Deno.stat(path);
  if (stat.isDirectory) {
    const files = await loadFixtures(new URL(`file://${join(path, "/")}`));
    if (files.length === 0) throw new FixtureError("the folder holds no case file", path);
    return files;
  }
  if (stat.size > MAX_FIXTURE_BYTES) {
    throw new FixtureError(`file is ${stat.size} bytes, over the ${MAX_FIXTURE_BYTES} limit`, path);
  }
  return [parseFixtureFile(await Deno.readTextFile(path), path)];
}

function sameRules(a: readonly string[], b: readonly string[]): boolean {
  const x = new Set(a);
  const y = new Set(b);
  return x.size === y.size && [...x].every((id) => y.has(id));
}

/**
 * A suite that also runs a user's own cases: files or folders in the kit's fixture format
 * (`profile`, `description`, `tests: [{description, data, valid, rules?}]`), run beside the
 * suite's own cases under the ids `user:<file>#<index>`. A test's `input` is the case input
 * when it has one (a promoted tool case: the invocation); else its `data` is
 * (`suite.caseInputOf(data)` when the suite has it, else `data.input` when `data` is an object
 * with an `input`, else `data`): a captured production payload, a regression that shrinking
 * found. Each user case belongs to the declared class `user-case`. When the test lists
 * `rules`, or says `valid: true` (no MUST finding expected), and other rules fire, the case
 * also gets a MUST finding `CASE-EXPECTED-RULES` naming both sets.
 *
 * @example Run a normalizer case from a file beside the generated ones
 * ```ts
 * import assert from "node:assert/strict";
 * import { withUserCases } from "./with_user_cases.ts";
 * import { normalizerSuite } from "../../conformance/normalizer/suite.ts";
 *
 * const dir = await Deno.makeTempDir();
 * await Deno.writeTextFile(`${dir}/captured.yaml`, [
 *   "profile: gns3.normalizer/v1.0",
 *   "description: captured payloads",
 *   "tests:",
 *   "  - description: a payload from production",
 *   "    valid: true",
 *   "    data: {input: {raw: '[{\"device_name\": \"R1\", \"output\": \"ok\"}]', tool_name: t}}",
 * ].join("\n"));
 * const suite = withUserCases(normalizerSuite, ["captured.yaml"]);
 * const cases = await suite.cases({ seed: 1, runs: 0, options: { nasty: false }, baseDir: dir });
 * assert.equal(cases.at(-1)?.id, "user:captured.yaml#0");
 * await Deno.remove(dir, { recursive: true });
 * ```
 *
 * @param suite The suite.
 * @param paths Case files or folders, relative to the config file's folder.
 * @returns The suite with the user's cases.
 */
export function withUserCases(suite: Suite, paths: readonly string[]): Suite {
  const declared = suite.classes;
  const userClass = { id: "user-case", description: "the user's own cases (conform.yaml cases:)" };
  return {
    ...suite,
    // The user's cases come after the suite's: the list, not the suite's stream.
    caseStream: undefined,
    classes: (options: CaseOptions) => [
      ...(typeof declared === "function" ? declared(options) : declared ?? []),
      userClass,
    ],
    async cases(options: CaseOptions): Promise<Case[]> {
      const own = await suite.cases(options);
      const user: UserCase[] = [];
      for (const given of paths) {
        const path = isAbsolute(given) ? given : resolve(options.baseDir ?? ".", given);
        for (const file of await readCaseFiles(path)) {
          if (file.profile !== suite.profile.id) {
            throw new FixtureError(
              `the case file is for profile "${file.profile}", not "${suite.profile.id}"`,
              file.path,
            );
          }
          const name = file.path.split("/").pop();
          file.tests.forEach((test, i) => {
            const data = test.data as { input?: unknown } | null;
            const input = test.input !== undefined
              ? test.input
              : suite.caseInputOf
              ? suite.caseInputOf(test.data)
              : data && typeof data === "object" && !Array.isArray(data) && "input" in data
              ? data.input
              : test.data;
            user.push({
              id: `user:${name}#${i}`,
              description: test.description,
              input,
              classes: ["user-case"],
              ...(test.rules || test.valid ? { expectRules: test.rules ?? [] } : {}),
            });
          });
        }
      }
      return [...own, ...user];
    },
    async evaluate(testCase: Case, invoke: Invoke, options: CaseOptions): Promise<Evaluation> {
      const evaluation = await suite.evaluate(testCase, invoke, options);
      const expected = (testCase as UserCase).expectRules;
      if (!expected) return evaluation;
      const fired = [...new Set(evaluation.findings.map((f) => f.ruleId))];
      const strict = expected.length === 0
        ? evaluation.findings.filter((f) => f.level === "MUST").map((f) => f.ruleId)
        : fired;
      if (sameRules(expected, strict)) return evaluation;
      const finding: Finding = {
        ruleId: CASE_EXPECTATION_RULE,
        level: "MUST",
        instancePath: "",
        message: `the case expects ${
          expected.length === 0 ? "no MUST finding" : `exactly the rules ${expected.join(", ")}`
        }, but ${fired.length === 0 ? "none" : fired.join(", ")} fired`,
        expected: [...expected],
        actual: fired,
      };
      return { ...evaluation, findings: [...evaluation.findings, finding] };
    },
  };
}
