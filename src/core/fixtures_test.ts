import assert from "node:assert/strict";
import { FixtureError, parseFixtureFile } from "./fixtures.ts";

Deno.test("fixtures: a syntax error names the line and column", () => {
  assert.throws(
    () => parseFixtureFile("profile: p\ndescription: d\ntests: [\n", "f.yaml"),
    (e: unknown) =>
      e instanceof FixtureError && e.line !== undefined && /^f\.yaml:\d+:\d+: /.test(e.message),
  );
});

Deno.test("fixtures: a format violation names the path, line and column", () => {
  const text =
    "profile: p\ndescription: d\ntests:\n  - description: t\n    data: 1\n    valid: false\n";
  assert.throws(
    () => parseFixtureFile(text, "f.yaml"),
    (e: unknown) =>
      e instanceof FixtureError && e.line === 4 &&
      /"\/tests\/0" must have required property 'rules'/.test(e.message),
  );
  assert.throws(
    () =>
      parseFixtureFile(
        "profile: p\ndescription: d\ntests:\n  - {description: t, data: 1, valid: yes}\n",
        "g.yaml",
      ),
    /g\.yaml:4:\d+: "\/tests\/0\/valid" must be boolean/,
  );
});

Deno.test("fixtures: unknown keys and duplicate keys are errors", () => {
  assert.throws(
    () =>
      parseFixtureFile(
        "profile: p\ndescription: d\nextra: 1\ntests:\n  - {description: t, data: 1, valid: true}\n",
        "f.yaml",
      ),
    /must NOT have additional properties/,
  );
  assert.throws(
    () => parseFixtureFile("profile: p\nprofile: q\ndescription: d\ntests: []\n", "f.yaml"),
    /f\.yaml:2:\d+: .*[Uu]nique/,
  );
});

Deno.test("fixtures: contexts merge, test over file", () => {
  const file = parseFixtureFile(
    "profile: p\ndescription: d\ncontext: {tool: a, x: 1}\ntests:\n  - {description: t, data: 1, valid: true, context: {tool: b}}\n",
    "f.yaml",
  );
  assert.deepEqual(file.tests[0].context, { tool: "b", x: 1 });
});

Deno.test("fixtures: an alias bomb fails instead of exhausting memory", () => {
  const lines = ["a: &a [x, x, x, x, x, x, x, x, x, x]"];
  for (let i = 0; i < 12; i++) {
    lines.push(
      `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${
        Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(", ")
      }]`,
    );
  }
  assert.throws(() => parseFixtureFile(lines.join("\n"), "bomb.yaml"), FixtureError);
});
