import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import { dedupeEntries, dedupeItems, isHashable } from "./_py_equal.ts";

/** Options of {@linkcode parsePythonLiteral}. */
export interface ParsePythonLiteralOptions {
  /**
   * Longest text parsed, in UTF-16 code units; a longer text is refused with `too-long`
   * before it is read.
   *
   * @default 8388608 (8 Mi)
   */
  maxLength?: number;
  /**
   * Deepest nesting of brackets and parentheses; deeper is refused with `too-deep` as soon
   * as it is reached (so 100,000 nested brackets cost nothing and never overflow the stack).
   * CPython itself refuses more than 200.
   *
   * @default 100
   */
  maxDepth?: number;
  /**
   * Most digits of a decimal integer literal; more is refused with `too-many-digits`
   * (CPython 3.11 refuses more than 4300, as do patched 3.9 and 3.10).
   *
   * @default 4300
   */
  maxDigits?: number;
}

type Node =
  | { k: "const"; v: PyValue; at: number }
  | { k: "name"; id: string; at: number }
  | { k: "tuple" | "list" | "set"; items: Node[]; at: number }
  | { k: "dict"; keys: Node[]; values: Node[]; at: number }
  | { k: "unary"; op: "+" | "-"; operand: Node; at: number }
  | { k: "binop"; op: "+" | "-"; left: Node; right: Node; at: number }
  | { k: "call"; func: Node; at: number };

type Token =
  | { t: "num"; v: PyValue; at: number }
  | { t: "str"; v: string | Uint8Array; at: number; f: boolean }
  | { t: "name"; id: string; at: number }
  | { t: "op"; op: string; at: number }
  | { t: "newline"; at: number }
  | { t: "end"; at: number };

const STRING_PREFIXES = new Set(["", "r", "u", "b", "f", "br", "rb", "fr", "rf"]);
const SIMPLE_ESCAPES: Record<string, number> = {
  "\\": 92,
  "'": 39,
  '"': 34,
  a: 7,
  b: 8,
  f: 12,
  n: 10,
  r: 13,
  t: 9,
  v: 11,
};
const HEX = /^[0-9a-fA-F]+$/;
const BASED_NUMBER = /0(?:[xX](?:_?[0-9a-fA-F])+|[oO](?:_?[0-7])+|[bB](?:_?[01])+)/y;
const DIGITS = "[0-9](?:_?[0-9])*";
const DECIMAL_NUMBER = new RegExp(
  `(?:${DIGITS}(?:\\.(?:${DIGITS})?)?|\\.${DIGITS})(?:[eE][+-]?${DIGITS})?[jJ]?`,
  "y",
);
const OCT = /[0-7]/;

/**
 * Parse a Python literal exactly as `ast.literal_eval` does (Python 3.9 to 3.13), with no
 * evaluation at all: a hand-written scanner and recursive-descent parser over the literal
 * subset of Python's expression grammar, bounded in length, depth and digits.
 *
 * Accepted: `None`, `True`, `False`, `...`, ints (decimal, `0x`, `0o`, `0b`, underscores),
 * floats (`1e999` is infinity), imaginary numbers and `real ± imag` sums, one unary `+`/`-`
 * on a number, strings and bytes with every prefix but `f` (escapes, raw, triple quotes,
 * adjacent concatenation), tuples, lists, sets, `set()`, dicts; comments, line
 * continuations, implicit line joining. Sets and dicts follow Python: unhashable items are
 * refused, equal items (`1`, `1.0`, `True`) collapse to the first one.
 *
 * @example Parse what Python's str() of a dict prints
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 *
 * const value = parsePythonLiteral("{'ok': True, 'ids': (1, 2), 'err': None}");
 * assert.deepEqual(value, {
 *   type: "dict",
 *   entries: [
 *     [{ type: "str", value: "ok" }, { type: "bool", value: true }],
 *     [{ type: "str", value: "ids" }, {
 *       type: "tuple",
 *       items: [{ type: "int", value: 1n }, { type: "int", value: 2n }],
 *     }],
 *     [{ type: "str", value: "err" }, { type: "none" }],
 *   ],
 * });
 * ```
 *
 * @example Refuse 100,000 nested brackets quickly
 * ```ts
 * import assert from "node:assert/strict";
 * import { parsePythonLiteral } from "./parse_python_literal.ts";
 *
 * assert.throws(() => parsePythonLiteral("[".repeat(100_000)), { code: "too-deep" });
 * ```
 *
 * @param text The text (leading spaces and tabs are ignored, as `ast.literal_eval` does).
 * @param options Bounds: `maxLength`, `maxDepth`, `maxDigits`.
 * @returns The value.
 * @throws {PythonLiteralError} When the text is not a literal (`invalid`), is over a bound
 *   (`too-long`, `too-deep`, `too-many-digits`) or uses what the kit does not decode
 *   (`unsupported`).
 */
export function parsePythonLiteral(text: string, options: ParsePythonLiteralOptions = {}): PyValue {
  const maxLength = options.maxLength ?? 8 * 1024 * 1024;
  if (typeof text !== "string") {
    throw new PythonLiteralError("invalid", `Expected a string, got "${typeof text}"`);
  }
  if (text.length > maxLength) {
    throw new PythonLiteralError(
      "too-long",
      `Text of ${text.length} code units is longer than the limit of ${maxLength}`,
    );
  }
  return new Parser(text, options.maxDepth ?? 100, options.maxDigits ?? 4300).parse();
}

class Parser {
  private readonly src: string;
  private pos = 0;
  private level = 0;
  private depth = 0;
  private tok: Token;

  constructor(text: string, private readonly maxDepth: number, private readonly maxDigits: number) {
    // CPython refuses NUL and (encoding the text to UTF-8) lone surrogates anywhere, and
    // translates \r\n and \r to \n before tokenizing.
    const nul = text.indexOf("\0");
    if (nul >= 0) this.fail("Text contains a NUL character", nul, text);
    if (!text.isWellFormed()) {
      this.fail("Text contains a lone surrogate", firstLoneSurrogate(text), text);
    }
    this.src = text.replace(/\r\n?/g, "\n");
    // ast.literal_eval strips leading spaces and tabs.
    while (
      this.pos < this.src.length && (this.src[this.pos] === " " || this.src[this.pos] === "\t")
    ) {
      this.pos++;
    }
    this.skipLineStarts();
    this.tok = this.lex();
  }

  parse(): PyValue {
    if (this.tok.t === "end" || this.tok.t === "newline") this.fail("Text holds no expression");
    const node = this.exprList(null);
    if (this.current().t === "newline") this.advance();
    if (this.current().t !== "end") this.fail("Unexpected text after the literal");
    return this.convert(node);
  }

  // ---------------------------------------------------------------- errors

  private fail(message: string, at: number = this.tok?.at ?? this.pos, text?: string): never {
    throw new PythonLiteralError("invalid", message, { text: text ?? this.src, index: at });
  }

  private limit(
    code: "too-deep" | "too-many-digits" | "unsupported",
    message: string,
    at: number,
  ): never {
    throw new PythonLiteralError(code, message, { text: this.src, index: at });
  }

  // ---------------------------------------------------------------- scanner

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

  /** The current token (a method, so that type narrowing does not outlive `advance`). */
  private current(): Token {
    return this.tok;
  }

  private advance(): void {
    this.tok = this.lex();
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
    const code = c.charCodeAt(0);
    if ((c >= "0" && c <= "9") || (c === "." && /[0-9]/.test(s[at + 1] ?? ""))) {
      return this.lexNumber();
    }
    if (/[A-Za-z_]/.test(c)) {
      let p = at + 1;
      while (p < s.length && /[A-Za-z0-9_]/.test(s[p])) p++;
      const id = s.slice(at, p);
      if ((s[p] === "'" || s[p] === '"') && STRING_PREFIXES.has(id.toLowerCase())) {
        this.pos = p;
        return this.lexString(id.toLowerCase(), at);
      }
      this.pos = p;
      return { t: "name", id, at };
    }
    if (c === "'" || c === '"') return this.lexString("", at);
    if (code > 127) this.fail(`Unexpected character "${c}" outside a string`, at);
    if (s.startsWith("...", at)) {
      this.pos += 3;
      return { t: "op", op: "...", at };
    }
    for (const op of ["**", "//", "<<", ">>", "<=", ">=", "==", "!=", "->", ":="]) {
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

  private lexNumber(): Token {
    const s = this.src;
    const at = this.pos;
    const based = BASED_NUMBER;
    based.lastIndex = at;
    let m = based.exec(s);
    let value: PyValue;
    if (m) {
      value = { type: "int", value: BigInt(m[0].replaceAll("_", "")) };
    } else {
      const decimal = DECIMAL_NUMBER;
      decimal.lastIndex = at;
      m = decimal.exec(s)!;
      const raw = m[0].replaceAll("_", "");
      if (/[jJ]$/.test(raw)) {
        value = { type: "complex", real: 0, imag: Number(raw.slice(0, -1)) };
      } else if (/[.eE]/.test(raw)) {
        value = { type: "float", value: Number(raw) };
      } else {
        if (/^0+[1-9]/.test(raw)) this.fail("Leading zeros in a decimal integer", at);
        if (raw.length > this.maxDigits) {
          this.limit(
            "too-many-digits",
            `Decimal integer of ${raw.length} digits is over the limit of ${this.maxDigits}`,
            at,
          );
        }
        value = { type: "int", value: BigInt(raw) };
      }
    }
    const end = at + m[0].length;
    // `1_`, `0x`, `1e`, `1.__class__`, `1if`, `0b2`: an invalid number, or not a literal.
    if (/[A-Za-z0-9_]/.test(s[end] ?? "")) this.fail("Invalid number literal", at);
    this.pos = end;
    return { t: "num", v: value, at };
  }

  private lexString(prefix: string, at: number): Token {
    const s = this.src;
    const raw = prefix.includes("r");
    const bytes = prefix.includes("b");
    const quote = s[this.pos];
    const triple = s.startsWith(quote.repeat(3), this.pos);
    const close = triple ? quote.repeat(3) : quote;
    let p = this.pos + close.length;
    // Text parts; for bytes, each part holds code units 0..255 (one per byte).
    const parts: string[] = [];
    const push = (text: string) => parts.push(text);
    const out = { push: (byte: number) => parts.push(String.fromCharCode(byte)) };
    // A run of characters with no meaning here (not a backslash, newline or quote; ASCII in bytes).
    const plain = bytes ? /[^\\\n'"\u0080-\uffff]+/y : /[^\\\n'"]+/y;
    for (;;) {
      plain.lastIndex = p;
      const run = plain.exec(s);
      if (run) {
        parts.push(run[0]);
        p += run[0].length;
      }
      if (p >= s.length) this.fail("Unterminated string literal", at);
      const c = s[p];
      if (s.startsWith(close, p)) {
        p += close.length;
        break;
      }
      if (c === "\n" && !triple) this.fail("Unterminated string literal", at);
      if (bytes && c.charCodeAt(0) > 127) {
        this.fail("Bytes can only contain ASCII literal characters", p);
      }
      if (c !== "\\") {
        push(c);
        p++;
        continue;
      }
      const n = s[p + 1];
      if (n === undefined) this.fail("Unterminated string literal", at);
      if (raw) {
        // In a raw literal a backslash keeps the next character, quote or newline included.
        if (bytes && n.charCodeAt(0) > 127) {
          this.fail("Bytes can only contain ASCII literal characters", p + 1);
        }
        push(c + n);
        p += 2;
        continue;
      }
      if (n === "\n") {
        p += 2;
        continue;
      }
      if (n in SIMPLE_ESCAPES) {
        out.push(SIMPLE_ESCAPES[n]);
        p += 2;
        continue;
      }
      if (OCT.test(n)) {
        let q = p + 1;
        let digits = "";
        while (q < p + 4 && OCT.test(s[q] ?? "")) digits += s[q++];
        const v = parseInt(digits, 8);
        if (bytes && v > 0o377) {
          this.limit("unsupported", `Octal escape "\\${digits}" over \\377 in bytes`, p);
        }
        if (bytes) out.push(v);
        else push(String.fromCharCode(v));
        p = q;
        continue;
      }
      if (n === "x") {
        const hex = s.slice(p + 2, p + 4);
        if (hex.length < 2 || !HEX.test(hex)) this.fail("Truncated \\xXX escape", p);
        const v = parseInt(hex, 16);
        if (bytes) out.push(v);
        else push(String.fromCharCode(v));
        p += 4;
        continue;
      }
      if (!bytes && (n === "u" || n === "U")) {
        const len = n === "u" ? 4 : 8;
        const hex = s.slice(p + 2, p + 2 + len);
        if (hex.length < len || !HEX.test(hex)) this.fail(`Truncated \\${n} escape`, p);
        const v = parseInt(hex, 16);
        if (v > 0x10ffff) this.fail(`Illegal Unicode character in "\\${n}${hex}"`, p);
        push(String.fromCodePoint(v));
        p += 2 + len;
        continue;
      }
      if (!bytes && n === "N") {
        this.limit("unsupported", 'The kit does not decode "\\N{...}" escapes', p);
      }
      // Unknown escape: Python keeps the backslash and the character.
      push(c);
      p++;
    }
    this.pos = p;
    const f = prefix.includes("f");
    const text = parts.join("");
    if (bytes) {
      const value = new Uint8Array(text.length);
      for (let i = 0; i < text.length; i++) value[i] = text.charCodeAt(i);
      return { t: "str", v: value, at, f };
    }
    return { t: "str", v: text, at, f };
  }

  // ---------------------------------------------------------------- parser

  private isOp(op: string): boolean {
    return this.tok.t === "op" && this.tok.op === op;
  }

  private expectOp(op: string): void {
    if (!this.isOp(op)) this.fail(`Expected "${op}"`);
    this.advance();
  }

  private startsExpr(): boolean {
    const t = this.tok;
    if (t.t === "num" || t.t === "str" || t.t === "name") return true;
    return t.t === "op" && ["(", "[", "{", "+", "-", "~", "..."].includes(t.op);
  }

  private enter(at: number): void {
    if (++this.depth > this.maxDepth) {
      this.limit("too-deep", `Nesting deeper than ${this.maxDepth} levels`, at);
    }
  }

  /** `expr (, expr)* [,]`: a tuple when there is a comma; stops at `closer` (or the end). */
  private exprList(closer: string | null): Node {
    const at = this.tok.at;
    const first = this.expr();
    if (!this.isOp(",")) return first;
    const items = [first];
    while (this.isOp(",")) {
      this.advance();
      if (closer !== null ? this.isOp(closer) : !this.startsExpr()) break;
      items.push(this.expr());
    }
    return { k: "tuple", items, at };
  }

  private expr(): Node {
    let left = this.unary();
    while (this.isOp("+") || this.isOp("-")) {
      const at = this.tok.at;
      const op = (this.tok as { op: "+" | "-" }).op;
      this.advance();
      left = { k: "binop", op, left, right: this.unary(), at };
    }
    return left;
  }

  private unary(): Node {
    const ops: { op: "+" | "-"; at: number }[] = [];
    while (this.isOp("+") || this.isOp("-") || this.isOp("~")) {
      if (this.isOp("~")) this.fail('Operator "~" is not allowed in a literal');
      ops.push({ op: (this.tok as { op: "+" | "-" }).op, at: this.tok.at });
      this.advance();
      // More than one unary operator is never a literal; stop before a long chain costs.
      if (ops.length > 1) this.fail("Only one sign is allowed before a number", ops[1].at);
    }
    let node = this.primary();
    for (let i = ops.length - 1; i >= 0; i--) {
      node = { k: "unary", op: ops[i].op, operand: node, at: ops[i].at };
    }
    return node;
  }

  private primary(): Node {
    let node = this.atom();
    for (;;) {
      if (this.isOp("(")) {
        const at = this.tok.at;
        this.advance();
        if (!this.isOp(")")) this.fail("Only set() can be called in a literal", at);
        this.advance();
        node = { k: "call", func: node, at };
      } else if (this.isOp("[") || this.isOp(".")) {
        this.fail("Subscripts and attributes are not allowed in a literal");
      } else return node;
    }
  }

  private atom(): Node {
    const t = this.tok;
    const at = t.at;
    switch (t.t) {
      case "num":
        this.advance();
        return { k: "const", v: t.v, at };
      case "str": {
        const parts = [t];
        this.advance();
        while (this.tok.t === "str") {
          parts.push(this.tok);
          this.advance();
        }
        const isBytes = parts[0].v instanceof Uint8Array;
        if (parts.some((p) => (p.v instanceof Uint8Array) !== isBytes)) {
          this.fail("Cannot mix bytes and text literals", at);
        }
        if (parts.some((p) => p.f)) this.fail("An f-string is not a literal", at);
        if (isBytes) {
          const total = parts.reduce((n, p) => n + (p.v as Uint8Array).length, 0);
          const value = new Uint8Array(total);
          let o = 0;
          for (const p of parts) {
            value.set(p.v as Uint8Array, o);
            o += (p.v as Uint8Array).length;
          }
          return { k: "const", v: { type: "bytes", value }, at };
        }
        return { k: "const", v: { type: "str", value: parts.map((p) => p.v).join("") }, at };
      }
      case "name":
        this.advance();
        if (t.id === "True" || t.id === "False") {
          return { k: "const", v: { type: "bool", value: t.id === "True" }, at };
        }
        if (t.id === "None") return { k: "const", v: { type: "none" }, at };
        return { k: "name", id: t.id, at };
      case "op":
        break;
      default:
        this.fail("Unexpected end of the literal");
    }
    const op = (t as { op: string }).op;
    if (op === "...") {
      this.advance();
      return { k: "const", v: { type: "ellipsis" }, at };
    }
    if (op === "(") {
      this.enter(at);
      this.advance();
      let node: Node;
      if (this.isOp(")")) node = { k: "tuple", items: [], at };
      else node = this.exprList(")");
      this.expectOp(")");
      this.depth--;
      return node;
    }
    if (op === "[") {
      this.enter(at);
      this.advance();
      const items: Node[] = [];
      while (!this.isOp("]")) {
        items.push(this.expr());
        if (!this.isOp(",")) break;
        this.advance();
      }
      this.expectOp("]");
      this.depth--;
      return { k: "list", items, at };
    }
    if (op === "{") {
      this.enter(at);
      this.advance();
      let node: Node;
      if (this.isOp("}")) {
        node = { k: "dict", keys: [], values: [], at };
      } else {
        const first = this.expr();
        if (this.isOp(":")) {
          this.advance();
          const keys = [first];
          const values = [this.expr()];
          while (this.isOp(",")) {
            this.advance();
            if (this.isOp("}")) break;
            keys.push(this.expr());
            this.expectOp(":");
            values.push(this.expr());
          }
          node = { k: "dict", keys, values, at };
        } else {
          const items = [first];
          while (this.isOp(",")) {
            this.advance();
            if (this.isOp("}")) break;
            items.push(this.expr());
          }
          node = { k: "set", items, at };
        }
      }
      this.expectOp("}");
      this.depth--;
      return node;
    }
    this.fail(`Unexpected "${op}" in a literal`);
  }

  // ---------------------------------------------------------------- ast.literal_eval's _convert

  private malformed(node: Node): never {
    this.fail("Malformed node or string: not a literal", node.at);
  }

  private convertNum(node: Node): PyValue {
    if (node.k !== "const" || !["int", "float", "complex"].includes(node.v.type)) {
      this.malformed(node);
    }
    return node.v;
  }

  private convertSignedNum(node: Node): PyValue {
    if (node.k === "unary") {
      const v = this.convertNum(node.operand);
      if (node.op === "+") return v;
      if (v.type === "int") return { type: "int", value: -v.value };
      if (v.type === "float") return { type: "float", value: -v.value };
      const c = v as { real: number; imag: number };
      return { type: "complex", real: -c.real, imag: -c.imag };
    }
    return this.convertNum(node);
  }

  private convert(node: Node): PyValue {
    switch (node.k) {
      case "const":
        return node.v;
      case "tuple":
        return { type: "tuple", items: node.items.map((n) => this.convert(n)) };
      case "list":
        return { type: "list", items: node.items.map((n) => this.convert(n)) };
      case "set": {
        const items = node.items.map((n) => this.convert(n));
        const bad = items.findIndex((v) => !isHashable(v));
        if (bad >= 0) this.fail("Unhashable set item", node.items[bad].at);
        return { type: "set", items: dedupeItems(items) };
      }
      case "call":
        if (node.func.k === "name" && node.func.id === "set") return { type: "set", items: [] };
        return this.malformed(node);
      case "dict": {
        const keys = node.keys.map((n) => this.convert(n));
        const values = node.values.map((n) => this.convert(n));
        const bad = keys.findIndex((v) => !isHashable(v));
        if (bad >= 0) this.fail("Unhashable dict key", node.keys[bad].at);
        return { type: "dict", entries: dedupeEntries(keys.map((k, i) => [k, values[i]])) };
      }
      case "binop": {
        const left = this.convertSignedNum(node.left);
        const right = this.convertNum(node.right);
        if ((left.type === "int" || left.type === "float") && right.type === "complex") {
          // CPython: the real operand becomes complex(x, 0.0), then parts add or subtract.
          const x = left.type === "int" ? Number(left.value) : left.value;
          if (!Number.isFinite(x) && left.type === "int") {
            this.fail("Integer too large to convert to float", node.at);
          }
          return node.op === "+"
            ? { type: "complex", real: x + right.real, imag: 0 + right.imag }
            : { type: "complex", real: x - right.real, imag: 0 - right.imag };
        }
        return this.malformed(node);
      }
      default:
        return this.convertSignedNum(node);
    }
  }
}

function firstLoneSurrogate(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        i++;
        continue;
      }
      return i;
    }
    if (c >= 0xdc00 && c <= 0xdfff) return i;
  }
  return -1;
}
