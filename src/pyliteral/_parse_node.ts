// The recursive-descent parser over the literal subset of Python's expression grammar.
import type { PyValue } from "./py_value.ts";
import { PythonLiteralError } from "./python_literal_error.ts";
import type { Lexer, Token } from "./_lexer.ts";

/** A node of the syntax tree; `at` is where it starts in the text. */
export type Node =
  | { k: "const"; v: PyValue; at: number }
  | { k: "name"; id: string; at: number }
  | { k: "tuple" | "list" | "set"; items: Node[]; at: number }
  | { k: "dict"; keys: Node[]; values: Node[]; at: number }
  | { k: "unary"; op: "+" | "-"; operand: Node; at: number }
  | { k: "binop"; op: "+" | "-"; left: Node; right: Node; at: number }
  | { k: "call"; func: Node; at: number };

/**
 * Parse the whole token stream as one expression (a bare tuple included), as Python's `eval`
 * mode does, into a tree for `ast.literal_eval`'s conversion: constants, names, tuples, lists,
 * sets, dicts, unary and binary `+`/`-`, calls with no argument. Nesting is counted as it is
 * entered, so a deep text costs no stack.
 *
 * @param lexer The tokens, at the first one.
 * @param maxDepth Deepest nesting of brackets and parentheses.
 * @returns The tree.
 * @throws {PythonLiteralError} `invalid` on what is not a literal's syntax (and the errors of
 *   the lexer), `too-deep` past `maxDepth`.
 */
export function parseNode(lexer: Lexer, maxDepth: number): Node {
  return new Parser(lexer, maxDepth).parse();
}

class Parser {
  private depth = 0;
  /** The lexer's current token, kept in step by `advance`. */
  private tok: Token;

  constructor(private readonly lexer: Lexer, private readonly maxDepth: number) {
    this.tok = lexer.current();
  }

  parse(): Node {
    if (this.tok.t === "end" || this.tok.t === "newline") this.fail("Text holds no expression");
    const node = this.exprList(null);
    if (this.current().t === "newline") this.advance();
    if (this.current().t !== "end") this.fail("Unexpected text after the literal");
    return node;
  }

  /** The current token (a method, so that type narrowing does not outlive `advance`). */
  private current(): Token {
    return this.tok;
  }

  private fail(message: string, at: number = this.tok.at): never {
    throw new PythonLiteralError("invalid", message, { text: this.lexer.src, index: at });
  }

  private advance(): void {
    this.lexer.advance();
    this.tok = this.lexer.current();
  }

  private isOp(op: string): boolean {
    const t = this.tok;
    return t.t === "op" && t.op === op;
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
      throw new PythonLiteralError("too-deep", `Nesting deeper than ${this.maxDepth} levels`, {
        text: this.lexer.src,
        index: at,
      });
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
      case "str":
        return this.strings(t);
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
    if (op === "(" || op === "[" || op === "{") {
      this.enter(at);
      this.advance();
      const node = op === "("
        ? this.parenthesized(at)
        : op === "["
        ? this.list(at)
        : this.braced(at);
      this.depth--;
      return node;
    }
    this.fail(`Unexpected "${op}" in a literal`);
  }

  /** Adjacent string tokens, concatenated: all text or all bytes, no f-string. */
  private strings(first: Extract<Token, { t: "str" }>): Node {
    const at = first.at;
    const parts = [first];
    this.advance();
    for (let t = this.tok; t.t === "str"; t = this.tok) {
      parts.push(t);
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

  /** After `(`: the empty tuple, a parenthesized expression or a tuple. */
  private parenthesized(at: number): Node {
    const node: Node = this.isOp(")") ? { k: "tuple", items: [], at } : this.exprList(")");
    this.expectOp(")");
    return node;
  }

  /** After `[`: a list. */
  private list(at: number): Node {
    const items: Node[] = [];
    while (!this.isOp("]")) {
      items.push(this.expr());
      if (!this.isOp(",")) break;
      this.advance();
    }
    this.expectOp("]");
    return { k: "list", items, at };
  }

  /** After `{`: a dict (the empty one included) or a set. */
  private braced(at: number): Node {
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
    return node;
  }
}
