import { SourceError } from "./source_error.ts";
import { createSchemaChecker } from "./schema_checker.ts";
import { parseYamlSource } from "./_yaml_source.ts";
import fixtureSchema from "./fixture.schema.json" with { type: "json" };
import type { CheckContext, Finding, Profile } from "./types.ts";

/** One golden test of a fixture file. */
export interface FixtureTest {
  /** What the test shows. */
  description: string;
  /** The value to check. */
  data: unknown;
  /** Check context (the file's merged with the test's). */
  context?: CheckContext;
  /** Whether the value has no MUST finding. */
  valid: boolean;
  /** Exactly the rule IDs that fire; absent on a valid test means none. */
  rules?: string[];
  /** Free text. */
  comment?: string;
  /**
   * What a suite sends to replay the test as a user case, when `data` (the judged value) is
   * not it: the tool invocation whose response `data` is. Not judged.
   */
  input?: unknown;
}

/** A loaded fixture file. */
export interface FixtureFile {
  /** Where it was read from. */
  path: string;
  /** Profile identifier. */
  profile: string;
  /** What the file covers. */
  description: string;
  /** Its tests, contexts merged. */
  tests: FixtureTest[];
}

/** A fixture file that cannot be read, parsed or that breaks the fixture format. */
export class FixtureError extends SourceError {
  /** Creates the error (see {@linkcode SourceError}). */
  constructor(message: string, path: string, line?: number, col?: number) {
    super(message, path, line, col);
    this.name = "FixtureError";
  }
}

const checkFixtureFormat = createSchemaChecker(fixtureSchema, { defaultRule: "FIXTURE-FORMAT" });

/** Largest fixture file the kit reads, in bytes. */
export const MAX_FIXTURE_BYTES = 8 * 1024 * 1024;

/**
 * Parse a fixture file's text (YAML or JSON) and check it against the fixture format.
 *
 * @example Parse a one-test file
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseFixtureFile } from "./fixtures.ts";
 *
 * const file = parseFixtureFile(
 *   "profile: p/v1\ndescription: d\ntests:\n  - {description: t, data: 1, valid: true}\n",
 *   "inline.yaml",
 * );
 * assert.equal(file.tests[0].data, 1);
 * ```
 *
 * @param text The file's text.
 * @param path The name to use in errors.
 * @returns The fixture file.
 * @throws {FixtureError} With line and column, on a syntax error or a format violation.
 */
export function parseFixtureFile(text: string, path: string): FixtureFile {
  const source = parseYamlSource(
    text,
    (message, { line, col }) => new FixtureError(message, path, line, col),
  );
  const findings = checkFixtureFormat(source.value);
  if (findings.length > 0) {
    const f = findings[0];
    const pos = source.locate(f.instancePath);
    const where = f.instancePath === "" ? "the file" : `"${f.instancePath}"`;
    throw new FixtureError(`${where} ${f.message}`, path, pos.line, pos.col);
  }
  const raw = source.value as Omit<FixtureFile, "path"> & { context?: CheckContext };
  return {
    path,
    profile: raw.profile,
    description: raw.description,
    tests: raw.tests.map((t) => {
      const context = raw.context || t.context ? { ...raw.context, ...t.context } : undefined;
      return context ? { ...t, context } : { ...t };
    }),
  };
}

/**
 * Read every `.yaml`, `.yml` and `.json` fixture file of a folder (not recursive), sorted by name.
 *
 * @example Load a profile's fixtures
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadFixtures } from "./fixtures.ts";
 *
 * const files = await loadFixtures(new URL("../../fixtures/tool-response/", import.meta.url));
 * assert.ok(files.length > 0);
 * ```
 *
 * @param folder The folder.
 * @returns The files.
 * @throws {FixtureError} When a file is too large, unreadable or malformed.
 */
export async function loadFixtures(folder: URL): Promise<FixtureFile[]> {
  const names: string[] = [];
  for await (const entry of Deno.readDir(folder)) {
    if (entry.isFile && /\.(ya?ml|json)$/.test(entry.name)) names.push(entry.name);
  }
  names.sort();
  const files: FixtureFile[] = [];
  for (const name of names) {
    const url = new URL(name, folder);
    const path = decodeURIComponent(url.pathname);
    const stat = await Deno.stat(url);
    if (stat.size > MAX_FIXTURE_BYTES) {
      throw new FixtureError(
        `file is ${stat.size} bytes, over the ${MAX_FIXTURE_BYTES} limit`,
        path,
      );
    }
    files.push(parseFixtureFile(await Deno.readTextFile(url), path));
  }
  return files;
}

/** What checking one fixture test gave. */
export interface FixtureVerdict {
  /** Whether the profile agrees with the fixture. */
  ok: boolean;
  /** Sorted distinct rule IDs that fired. */
  fired: string[];
  /** Every finding. */
  findings: Finding[];
  /** Why it disagrees, when it does. */
  problem?: string;
}

/**
 * Check one fixture test against a profile: `valid` must match the absence of MUST findings,
 * and the rules that fire must be exactly `rules` (none, when a valid test lists none).
 *
 * @example A valid fixture test
 * ```ts
 * import assert from "node:assert/strict";
 * import { evaluateFixtureTest } from "./fixtures.ts";
 * import { toolResponseProfile } from "../../conformance/tool_response/profile.ts";
 *
 * const verdict = evaluateFixtureTest(toolResponseProfile, {
 *   description: "empty",
 *   data: { success: true, total: 0, successful: 0, failed: 0, data: [] },
 *   valid: true,
 * });
 * assert.equal(verdict.ok, true);
 * ```
 *
 * @param profile The profile.
 * @param test The fixture test.
 * @returns Whether the profile agrees, with the findings.
 */
export function evaluateFixtureTest(profile: Profile, test: FixtureTest): FixtureVerdict {
  const findings = profile.check(test.data, test.context);
  const fired = [...new Set(findings.map((f) => f.ruleId))].sort();
  const hasMust = findings.some((f) => f.level === "MUST");
  const expected = [...(test.rules ?? [])].sort();
  let problem: string | undefined;
  if (test.valid === hasMust) {
    problem = test.valid
      ? `expected valid, got MUST findings: ${fired.join(", ")}`
      : "expected invalid, got no MUST finding";
  } else if (expected.join(",") !== fired.join(",")) {
    problem = `expected rules [${expected.join(", ")}], got [${fired.join(", ")}]`;
  }
  return problem ? { ok: false, fired, findings, problem } : { ok: true, fired, findings };
}
