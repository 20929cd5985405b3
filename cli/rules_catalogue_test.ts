// The committed traceability tables (docs/traceability/) are what the rule catalogue generates,
// and every normative unit of every spec has a rule or a recorded reason. Regenerate the tables
// on purpose with CONFORM_UPDATE_TRACEABILITY=1 deno test -A cli/rules_catalogue_test.ts.
import assert from "node:assert/strict";
import { renderTraceabilityMarkdown, traceabilityTables, TRACED_SPECS } from "./rules_catalogue.ts";
import { main } from "./conform.ts";
import { SPECS_DIR } from "./_spec_text.ts";

const DOCS = new URL("../docs/traceability/", import.meta.url);
const update = Deno.env.get("CONFORM_UPDATE_TRACEABILITY") === "1";
const tables = traceabilityTables();

const sharedSpecs = (() => {
  try {
    return Deno.statSync(SPECS_DIR).isDirectory;
  } catch {
    return false;
  }
})();

Deno.test({
  name: "traceability: every traced spec is read when ../shared/specs/ is there",
  ignore: !sharedSpecs,
  fn() {
    assert.deepEqual(tables.map((t) => t.spec), TRACED_SPECS.map((s) => s.spec));
  },
});

for (const table of tables) {
  Deno.test(`traceability of ${table.spec}: every normative unit has a rule or a reason`, () => {
    const missing = table.rows.filter((r) => r.rules.length === 0 && r.notChecked === undefined)
      .map((r) => `#${r.index} ${r.section}: ${r.text}`);
    assert.deepEqual(missing, []);
    assert.ok(table.counts.checked > 0);
  });

  Deno.test(`traceability of ${table.spec}: docs/traceability/${table.doc} is up to date`, async () => {
    const text = renderTraceabilityMarkdown(table);
    const url = new URL(table.doc, DOCS);
    if (update) {
      await Deno.mkdir(DOCS, { recursive: true });
      await Deno.writeTextFile(url, text);
    }
    assert.equal(
      await Deno.readTextFile(url),
      text,
      "regenerate with CONFORM_UPDATE_TRACEABILITY=1",
    );
  });
}

Deno.test("traceability: every partial entry names a checked unit, and the units known to be enforced in part are not marked full", async () => {
  const { PARTIAL } = await import("./_trace_partial.ts");
  for (const table of tables) {
    for (const entry of PARTIAL[table.spec] ?? []) {
      const rows = table.rows.filter((r) => r.enforced === "partial" && r.left === entry.left);
      assert.ok(rows.length > 0, `${table.spec}: "${entry.match}" names no checked unit`);
    }
    for (const r of table.rows) {
      assert.equal(r.enforced !== undefined, r.rules.length > 0, `#${r.index}`);
      if (r.enforced === "partial") assert.ok(r.left && r.left.length > 0, `#${r.index}`);
    }
  }
  // The duties issue 23 found enforced only in part: each is marked partial, and says what is
  // left. (Only these are proved; the rest of "full" rests on the recorded entries.)
  const known: [string, string][] = [
    ["netdryrun-mcp-result-v1.schema.json", "a sha256 of netdryrun.yml, the topology"],
    ["netdryrun-mcp-result-v1.schema.json", "false when a file could not be read"],
    ["netdryrun-mcp-result-v1.schema.json", "One read-only command"],
    ["netdryrun-mcp-result-v1.schema.json", "stop, retry at most once"],
  ];
  for (const [spec, text] of known) {
    const table = tables.find((t) => t.spec === spec);
    if (!table) continue; // The specs cannot be read here.
    const row = table.rows.find((r) => r.text.includes(text));
    assert.ok(row, text);
    assert.equal(row.enforced, "partial", `${text}: marked ${row.enforced}`);
  }
});

Deno.test("traceability: a unit with neither a rule nor a reason is reported", () => {
  const [table] = traceabilityTables({
    specs: [TRACED_SPECS[0].spec],
    rules: [],
    reasons: {},
  });
  if (!table) return; // The specs cannot be read here.
  assert.equal(table.counts.checked, 0);
  assert.equal(table.counts.missing, table.counts.units);
  assert.match(renderTraceabilityMarkdown(table), /\*\*MISSING\*\*/);
});

Deno.test("conform rules: JSON tables, and usage errors exit 2", async () => {
  const out: string[] = [];
  const err: string[] = [];
  const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t) };
  const code = await main(["rules", "--format", "json"], io);
  if (tables.length === 0) {
    assert.equal(code, 2);
    return;
  }
  assert.equal(code, 0, err.join("\n"));
  const json = JSON.parse(out.join("\n"));
  assert.equal(json.length, tables.length);
  assert.ok(json[0].rows[0].index === 1);
  assert.equal(await main(["rules", "--format", "xml"], io), 2);
  assert.equal(await main(["rules", "--spec", "nope.md"], io), 2);
});
