// Python's tokenizer, reduced to what a literal needs: one token of lookahead at a time.
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { scanNumber } from "./_scan_number.ts";
import { scanString } from "./_scan_string.ts";

/** A token; `at` is where it starts. A string token's `f` tells an f-string. */
export type Token =
  | { t: "num"; v: PyValue; at: number }
  | { t: "str"; v: string | Uint8Array; at: number; f: boolean }
  | { t: "name"; id: string; at: number }
  | { t: "op"; op: string; at: number }
  | { t: "newline"; at: number }
  | { t: "end"; at: number };

const STRING_PREFIXES = new Set(["", "r", "u", "b", "f", "br", "rb", "fr", "rf"]);
const TWO_CHARACTER_OPS = ["**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":="];

/**
 * The tokens of a text, read one at a time: numbers, strings, names, operators, newlines
 * (outside brackets only) and the end. Skips spaces, comments, line continuations, blank
 * lines; refuses indentation, an unmatched closing bracket, a character over ASCII outside
 * a string.
 */
export class Lexer {
  /** The text, with every line break as `\n` (see `prepareSource`). */
  readonly src: string;
  private pos = 0;
  private level = 0;
  private tok: Token;

  /**
   * Reads the first token.
   *
   * @param src The text, with every line break as `\n`; leading spaces and tabs are skipped.
   * @param maxDigits Most digits of a decimal integer.
   * @throws {PythonLiteralError} When the first token is not one.
   */
  constructor(src: string, private readonly maxDigits: number) {
    this.src = src;
    // ast.literal_eval strips leading spaces and tabs.
    while (this.pos < src.length && (src[this.pos] === " " || src[this.pos] === "\t")) {
      this.pos++;
    }
    this.skipLineStarts();
    this.tok = this.lex();
  }

  /**
   * The current token (a method, so that type narrowing does not outlive `advance`).
   *
   * @returns The token.
   */
  current(): Token {
    return this.tok;
  }

  /**
   * Moves to the next token.
   *
   * @throws {PythonLiteralError} When the next token is not one.
   */
  advance(): void {
    this.tok = this.lex();
  }

  private fail(message: string, at: number = this.tok?.at ?? this.pos): never {
    throw new PythonLiteralError("invalid", message, { text: this.src, index: at });
  }

  /** At the start of a logical line: skip blank and comment lines, refuse indentation. */
  private skipLineStarts(): void {
    const s = this.src;
    for (;;) {
      let indent = 0;
      let p = this.pos;
      while (p < s.length) {
        const c = s[p];
        if (c === " " || c === "\t") indent++;
        else if (c === "\f") indent = 0;
        else break;
        p++;
      }
      if (p >= s.length) {
        if (indent > 0) this.fail("Unexpected indent", p);
        this.pos = p;
        return;
      }
      if (s[p] === "\n") {
        this.pos = p + 1;
        continue;
      }
      if (s[p] === "#") {
        while (p < s.length && s[p] !== "\n") p++;
        this.pos = p;
        continue;
      }
      if (indent > 0) this.fail("Unexpected indent", p);
      this.pos = p;
      return;
    }
  }

  private lex(): Token {
    const s = this.src;
    for (;;) {
      const c = s[this.pos];
      if (c === " " || c === "\t" || c === "\f") {
        this.pos++;
      } else if (c === "#") {
        while (this.pos < s.length && s[this.pos] !== "\n") this.pos++;
      } else if (c === "\\") {
        if (s[this.pos + 1] !== "\n") this.fail("Unexpected character after line continuation");
        this.pos += 2;
        if (this.pos >= s.length) this.fail("Unexpected end of text after line continuation");
      } else if (c === "\n") {
        const at = this.pos++;
        if (this.level > 0) continue;
        this.skipLineStarts();
        return { t: "newline", at };
      } else break;
    }
    const at = this.pos;
    if (at >= s.length) return { t: "end", at };
    const c = s[at];
    if ((c >= "0" && c <= "9") || (c === "." && /[0-9]/.test(s[at + 1] ?? ""))) {
      const { value, end } = scanNumber(s, at, this.maxDigits);
      this.pos = end;
      return { t: "num", v: value, at };
    }
    if (/[A-Za-z_]/.test(c)) {
      let p = at + 1;
      while (p < s.length && /[A-Za-z0-9_]/.test(s[p])) p++;
      const id = s.slice(at, p);
      if ((s[p] === "'" || s[p] === '"') && STRING_PREFIXES.has(id.toLowerCase())) {
        return this.string(p, id.toLowerCase(), at);
      }
      this.pos = p;
      return { t: "name", id, at };
    }
    if (c === "'" || c === '"') return this.string(at, "", at);
    if (c.charCodeAt(0) > 127) this.fail(`Unexpected character "${c}" outside a string`, at);
    if (s.startsWith("...", at)) {
      this.pos += 3;
      return { t: "op", op: "...", at };
    }
    for (const op of TWO_CHARACTER_OPS) {
      if (s.startsWith(op, at)) {
        this.pos += 2;
        return { t: "op", op, at };
      }
    }
    this.pos++;
    if (c === "(" || c === "[" || c === "{") this.level++;
    if (c === ")" || c === "]" || c === "}") {
      if (this.level === 0) this.fail(`Unmatched "${c}"`, at);
      this.level--;
    }
    return { t: "op", op: c, at };
  }

  private string(quoteAt: number, prefix: string, at: number): Token {
    const { value, end } = scanString(this.src, quoteAt, prefix, at);
    this.pos = end;
    return { t: "str", v: value, at, f: prefix.includes("f") };
  }
}
