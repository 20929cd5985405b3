import { isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import { messageOf } from "./_message_of.ts";
import { pointerSegments } from "./_pointer_segments.ts";

/** A line and column, both 1-based. */
export interface SourcePosition {
  line: number;
  col: number;
}

/** A parsed YAML or JSON text that can say where a JSON Pointer points in the source. */
export interface YamlSource {
  value: unknown;
  /** Position of the node at `pointer`, or of its nearest existing ancestor. */
  locate(pointer: string): SourcePosition;
}

/**
 * Parse YAML (JSON is YAML) keeping node positions. Bounded: aliases are limited so a
 * "billion laughs" document fails instead of exhausting memory.
 *
 * @param text The YAML or JSON text.
 * @param syntaxError Makes the error thrown for the first syntax error, from its message and
 * position (the caller's error type, which names the file).
 * @throws {Error} What `syntaxError` returns, on the first syntax error.
 */
/** The message of a parser that ran out of stack on deep nesting. */
const TOO_DEEP = /Maximum call stack size exceeded/;

/**
 * What the parser's stack overflow means: the nesting went past the reader's limit, which is
 * the depth of its call stack; said with how deep the text was nested where it stopped.
 */
function tooDeep(text: string, at: number): string {
  let depth = 0;
  let deepest = 0;
  for (let i = 0; i < Math.min(at, text.length); i++) {
    const c = text[i];
    if (c === "[" || c === "{") deepest = Math.max(deepest, ++depth);
    else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return `nested too deeply: the YAML reader stops where its call stack ends, here about ${deepest} levels deep (keep data within a few hundred levels)`;
}

export function parseYamlSource(
  text: string,
  syntaxError: (message: string, position: SourcePosition) => Error,
): YamlSource {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const e = doc.errors[0];
    const pos = lineCounter.linePos(e.pos[0]);
    const message = e.message.split("\n")[0];
    throw syntaxError(
      TOO_DEEP.test(message) ? tooDeep(text, e.pos[0]) : message,
      { line: pos.line, col: pos.col },
    );
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    const message = messageOf(error);
    throw syntaxError(TOO_DEEP.test(message) ? tooDeep(text, text.length) : message, {
      line: 1,
      col: 1,
    });
  }
  const locate = (pointer: string): SourcePosition => {
    let node: Node | null | undefined = doc.contents as Node | null;
    let best = node?.range ? node.range[0] : 0;
    for (const key of pointerSegments(pointer) ?? []) {
      if (isMap(node)) {
        const pair = node.items.find((p) =>
          isScalar(p.key) ? String(p.key.value) === key : String(p.key) === key
        );
        if (!pair) break;
        const k = pair.key as Node | null;
        if (k?.range) best = k.range[0];
        node = pair.value as Node | null;
      } else if (isSeq(node)) {
        node = node.items[Number(key)] as Node | null;
      } else break;
      if (node?.range) best = node.range[0];
    }
    const pos = lineCounter.linePos(best);
    return { line: pos.line, col: pos.col };
  };
  return { value, locate };
}
