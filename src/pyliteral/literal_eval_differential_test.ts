// The kit's parser against CPython's ast.literal_eval, on printed values, on near-miss edits
// of them and on a list of tricky texts. Needs /usr/bin/python3 (skipped without it).
import assert from "node:assert/strict";
import fc from "fast-check";
import { resolveSeed } from "../core/seed.ts";
import { parsePythonLiteral } from "./parse_python_literal.ts";
import { printPythonLiteral } from "./print_python_literal.ts";
import { pyValueArbitrary } from "./py_value_arbitrary.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { canonical, encodePy, PYTHON_ENCODER } from "./_py_codec_test_helpers.ts";

const PYTHON = "/usr/bin/python3";
const seed = resolveSeed();
const hasPython = (() => {
  try {
    return Deno.statSync(PYTHON).isFile;
  } catch {
    return false;
  }
})();

const TRICKY = [
  "\n1",
  "\n 1",
  "# c\n1",
  "1\n",
  "1\n2",
  "1\r\n",
  "\r\n1",
  "1\r",
  "1\f",
  "\f1",
  "1\v",
  " \t1",
  "1 \\\n + 2j",
  "(1,\n 2)",
  "'\\777'",
  "'\\q'",
  "b'\\u1234'",
  "'\\x4'",
  "0_0",
  "00",
  "012",
  "012.5",
  "012j",
  "0x_1f",
  "1__0",
  "1_",
  "1e5",
  "1E+5_0",
  "1.e5",
  ".5j",
  "-True",
  "(set)()",
  "set( )",
  "1+2",
  "1+2j",
  "-1-2j",
  "1j+2j",
  "(-1)+(2j)",
  "-(1)",
  "--1",
  "1,",
  "1,2",
  "()",
  "(1)",
  "[1,]",
  "{1:2,}",
  "{1,}",
  "{}",
  "{[1]:2}",
  "...",
  "f'a'",
  "u'a' 'b'",
  "b'a' 'b'",
  "rb'\\'",
  "Rb'\\x'",
  "ur'a'",
  "'a\\\nb'",
  "'''a\nb'''",
  "'''a\r\nb'''",
  "'a\nb'",
  "'é'",
  "b'é'",
  "'\\U00110000'",
  "'\\ud800'",
  "'\\0'",
  "0x",
  "0b2",
  "1e",
  "0o777",
  "1.__class__",
  "1 .real",
  "{1: 2, 1.0: 3, True: 4}",
  "{0, False, 0.0, -0.0, 0j}",
  "1e999",
  "-1e999j",
  "'\\\r\nx'",
  "1\u00a0",
  "None",
  "none",
  "1\n  ",
  "1\n  # x",
  "'a'\n'b'",
  "[\\\n1]",
  "1\\\n",
  "\\\n1",
  "r'\\\n'",
  "'''a''''",
  "'''a\\''''",
  "set(())",
  "{*()}",
  "2+-1j",
  "+1+1j",
  "+(1j)",
  "-(1j)",
  "1;",
  "1 1",
  "True()",
  "0 +0j",
  "1 if 1 else 2",
  "[1][0]",
  "1.5.3",
  "1..real",
  "0b1_0",
  "0_b1",
  "1_e5",
  "1e_5",
  "1.0_1",
  "1._1",
  "'\\N'",
  "b'\\N{x}'",
  "r'\\N{BULLET}'",
  "Br'\\\\'",
  "'\"'",
  '"\\""',
  "''''''",
  '""""""',
  "'''\\\n'''",
  "(\n)",
  "[\n]",
  "{\n}",
  "# only a comment",
  "",
  "   ",
  "\n",
  "(1,)\n\n\n",
  "1#c\n#d\n",
  "[1,\n#c\n2]",
  "10**2",
  "[1, 2][::]",
  "{'a': 1}['a']",
  "(1).real",
  "'%s' % 1",
  "b''",
  "rb''",
  "BR''",
  "fr''",
  "0e0",
  "0E-0j",
  "00.0",
  "0_0.0",
  "1_0_0",
  "99999999999999999999999999999999.0j",
  "123456789012345678901234567890+1j",
  "1" + "0".repeat(400) + "+1j",
];

function kitOutcome(text: string): { ok: unknown } | { error: string } | { limit: string } {
  try {
    return { ok: canonical(encodePy(parsePythonLiteral(text))) };
  } catch (error) {
    if (!(error instanceof PythonLiteralError)) throw error;
    return error.code === "invalid" ? { error: "invalid" } : { limit: error.code };
  }
}

async function literalEval(texts: string[]): Promise<({ ok: unknown } | { error: string })[]> {
  const child = new Deno.Command(PYTHON, {
    args: ["-c", PYTHON_ENCODER],
    stdin: "piped",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const writer = child.stdin.getWriter();
  await writer.write(new TextEncoder().encode(JSON.stringify(texts)));
  await writer.close();
  const out = await child.output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

/** Near-miss edits of a printed literal: one character inserted, deleted or replaced. */
function nearMisses(texts: string[]): string[] {
  const alphabet = [..."()[]{},:'\"\\ \n#+-.jJeExXbB_0192rRuUfN\t"];
  return fc.sample(
    fc.tuple(fc.constantFrom(...texts), fc.nat(), fc.constantFrom(...alphabet), fc.nat(2)).map(
      ([text, at, ch, op]) => {
        const i = text.length === 0 ? 0 : at % text.length;
        if (op === 0) return text.slice(0, i) + ch + text.slice(i);
        if (op === 1) return text.slice(0, i) + text.slice(i + 1);
        return text.slice(0, i) + ch + text.slice(i + 1);
      },
    ),
    { seed, numRuns: 1500 },
  );
}

Deno.test({
  name: `parsePythonLiteral() agrees with CPython's ast.literal_eval (seed ${seed})`,
  ignore: !hasPython,
  async fn() {
    const printed = fc.sample(pyValueArbitrary({ maxDepth: 3 }), { seed, numRuns: 400 }).map((v) =>
      printPythonLiteral(v)
    );
    const texts = [...TRICKY, ...printed, ...nearMisses(printed)];
    const python = await literalEval(texts);
    let compared = 0;
    const disagreements: string[] = [];
    for (let i = 0; i < texts.length; i++) {
      const kit = kitOutcome(texts[i]);
      if ("limit" in kit) continue; // over a bound of the kit: not a claim about Python
      compared++;
      const py = python[i];
      const same = "ok" in kit && "ok" in py
        ? JSON.stringify(kit.ok) === JSON.stringify(canonical(py.ok))
        : "error" in kit && "error" in py;
      if (!same) {
        disagreements.push(
          `${JSON.stringify(texts[i]).slice(0, 200)}: kit ${
            JSON.stringify(kit).slice(0, 200)
          }, python ${JSON.stringify(py).slice(0, 200)}`,
        );
      }
    }
    assert.deepEqual(disagreements, []);
    assert.ok(compared > texts.length * 0.9, `only ${compared} of ${texts.length} compared`);
  },
});
