// JSON helpers for untrusted values: own-property reads, iterative comparison (no recursion,
// so 100,000 levels cannot overflow the stack), volatile-path removal, bounded previews.
import { jsonPointer } from "../../src/core/json_pointer.ts";
import { pointerSegments } from "../../src/core/_pointer_segments.ts";

import { hasOwn, isObject, type Obj } from "../_json_value.ts";

export { hasOwn, isObject, type Obj };

/** An own property, never one inherited (so `__proto__` is just a key). */
export function own(object: Obj, key: string): unknown {
  return Object.prototype.hasOwnProperty.call(object, key) ? object[key] : undefined;
}

/** Set an own data property (safe for `__proto__`). */
export function setOwn(object: Obj, key: string, value: unknown): void {
  Object.defineProperty(object, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/**
 * The first place where two JSON values differ, as a JSON Pointer relative to them, or
 * `undefined` when they are equal. Object key order does not matter; numbers compare by value.
 */
export function firstDifference(a: unknown, b: unknown): string | undefined {
  // Paths are parent links, built into a pointer only for the difference: linear in size.
  const segments: (string | number)[] = [];
  const parents: number[] = [];
  const pointer = (node: number): string => {
    const path: (string | number)[] = [];
    for (let n = node; n >= 0; n = parents[n]) path.push(segments[n]);
    return jsonPointer(...path.reverse());
  };
  const child = (parent: number, segment: string | number): number => {
    segments.push(segment);
    parents.push(parent);
    return segments.length - 1;
  };
  const stack: [unknown, unknown, number][] = [[a, b, -1]];
  while (stack.length > 0) {
    const [x, y, node] = stack.pop()!;
    if (x === y) continue;
    if (Array.isArray(x) && Array.isArray(y)) {
      if (x.length !== y.length) return pointer(node);
      for (let i = x.length - 1; i >= 0; i--) stack.push([x[i], y[i], child(node, i)]);
      continue;
    }
    if (isObject(x) && isObject(y)) {
      const kx = Object.keys(x);
      const ky = Object.keys(y);
      for (const k of ky) if (!hasOwn(x, k)) return pointer(child(node, k));
      for (const k of kx) if (!hasOwn(y, k)) return pointer(child(node, k));
      for (let i = kx.length - 1; i >= 0; i--) stack.push([x[kx[i]], y[kx[i]], child(node, kx[i])]);
      continue;
    }
    return pointer(node);
  }
  return undefined;
}

/**
 * A copy of `value` without the members at `pointers` (JSON Pointers; a `*` segment means
 * every member). Only the containers on the paths are copied; the rest is shared.
 */
export function withoutPaths(value: unknown, pointers: readonly string[]): unknown {
  let out = value;
  for (const pointer of pointers) {
    const segments = pointerSegments(pointer);
    if (segments && segments.length > 0) out = remove(out, segments);
  }
  return out;
}

function remove(value: unknown, segments: string[]): unknown {
  const [head, ...rest] = segments;
  if (Array.isArray(value)) {
    const indexes = head === "*"
      ? value.map((_, i) => i)
      : /^(0|[1-9][0-9]*)$/.test(head) && Number(head) < value.length
      ? [Number(head)]
      : [];
    if (indexes.length === 0) return value;
    if (rest.length === 0) return value.filter((_, i) => !indexes.includes(i));
    const copy = [...value];
    for (const i of indexes) copy[i] = remove(copy[i], rest);
    return copy;
  }
  if (isObject(value)) {
    const keys = head === "*" ? Object.keys(value) : hasOwn(value, head) ? [head] : [];
    if (keys.length === 0) return value;
    const copy: Obj = {};
    for (const k of Object.keys(value)) {
      if (!keys.includes(k)) setOwn(copy, k, value[k]);
      else if (rest.length > 0) setOwn(copy, k, remove(value[k], rest));
    }
    return copy;
  }
  return value;
}

/** JSON text of a value, or `undefined` when it has none (too deep, a cycle, a bigint). */
export function jsonText(value: unknown): string | undefined {
  try {
    return JSON.stringify(value);
  } catch {
    return undefined;
  }
}

const PREVIEW = 2000;

/** A value for a finding: as is when small, else a bounded preview of its JSON text. */
export function bounded(value: unknown): unknown {
  if (typeof value === "string") {
    return value.length <= PREVIEW
      ? value
      : { preview: value.slice(0, PREVIEW), length: value.length };
  }
  const text = jsonText(value);
  if (text === undefined) return { preview: "(no JSON text)" };
  return text.length <= PREVIEW ? value : { preview: text.slice(0, PREVIEW), length: text.length };
}

/** How deep a JSON value nests (0 for a scalar), without recursion; stops past `limit`. */
export function depthOf(value: unknown, limit: number): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (max > limit) return max;
    if (Array.isArray(v)) { for (const x of v) stack.push([x, d + 1]); }
    else if (isObject(v)) { for (const k of Object.keys(v)) stack.push([v[k], d + 1]); }
  }
  return max;
}
