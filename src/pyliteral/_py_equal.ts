// Python equality and ordering of hashable literal values, for sets and dict keys.
import type { PyValue } from "./py_value.ts";

/** Whether Python can hash the value (tuples only when every item can). */
export function isHashable(value: PyValue): boolean {
  switch (value.type) {
    case "list":
    case "dict":
      return false;
    case "set":
      return value.frozen === true;
    case "tuple":
      return value.items.every(isHashable);
    default:
      return true;
  }
}

function numericKey(real: number | bigint, imag: number): string {
  if (imag !== 0) return `c:${String(real)},${String(imag)}`;
  if (typeof real === "bigint") return `n:${real}`;
  if (Number.isInteger(real)) return `n:${BigInt(real)}`;
  return `f:${String(real)}`;
}

/**
 * A string key such that two hashable values are equal in Python (`1 == 1.0 == True`,
 * `(1, 2) == (1.0, 2)`, `0 == -0.0 == 0j`) exactly when their keys are equal.
 */
export function pyKey(value: PyValue): string {
  switch (value.type) {
    case "none":
      return "N";
    case "ellipsis":
      return "E";
    case "bool":
      return value.value ? "n:1" : "n:0";
    case "int":
      return numericKey(value.value, 0);
    case "float":
      return numericKey(value.value, 0);
    case "complex":
      return numericKey(value.real, value.imag);
    case "str":
      return `s:${value.value}`;
    case "bytes":
      return `b:${Array.from(value.value, (b) => b.toString(16).padStart(2, "0")).join("")}`;
    case "tuple":
      return `t:${JSON.stringify(value.items.map(pyKey))}`;
    case "set":
      if (value.frozen) return `F:${JSON.stringify(value.items.map(pyKey).sort())}`;
      throw new TypeError('Unhashable type "set"');
    default:
      throw new TypeError(`Unhashable type "${value.type}"`);
  }
}

/** Keep the first of Python-equal set items. */
export function dedupeItems(items: readonly PyValue[]): PyValue[] {
  const seen = new Set<string>();
  const out: PyValue[] = [];
  for (const item of items) {
    const key = pyKey(item);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(item);
  }
  return out;
}

/** Python dict semantics: the first equal key stays, in its place, with the last value. */
export function dedupeEntries(entries: readonly [PyValue, PyValue][]): [PyValue, PyValue][] {
  const index = new Map<string, number>();
  const out: [PyValue, PyValue][] = [];
  for (const [k, v] of entries) {
    const key = pyKey(k);
    const at = index.get(key);
    if (at === undefined) {
      index.set(key, out.length);
      out.push([k, v]);
    } else {
      out[at] = [out[at][0], v];
    }
  }
  return out;
}

/** Exact comparison of a bigint and a double: negative, zero or positive. */
function compareBigDouble(n: bigint, d: number): number {
  if (d === Infinity) return -1;
  if (d === -Infinity) return 1;
  const floor = Math.floor(d);
  const f = BigInt(floor);
  if (n < f) return -1;
  if (n > f) return 1;
  return floor === d ? 0 : -1;
}

function compareReal(a: number | bigint, b: number | bigint): number {
  if (typeof a === "bigint" && typeof b === "bigint") return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === "bigint") return compareBigDouble(a, b as number);
  if (typeof b === "bigint") return -compareBigDouble(b, a);
  return a < b ? -1 : a > b ? 1 : 0;
}

function realImag(value: PyValue): [number | bigint, number] {
  switch (value.type) {
    case "bool":
      return [value.value ? 1n : 0n, 0];
    case "int":
      return [value.value, 0];
    case "float":
      return [value.value, 0];
    case "complex":
      return [value.real, value.imag];
    default:
      return [0, 0];
  }
}

const RANK: Record<string, number> = {
  none: 0,
  bool: 1,
  int: 1,
  float: 1,
  complex: 1,
  str: 2,
  bytes: 3,
  tuple: 4,
  ellipsis: 5,
};

function compareCodePoints(a: string, b: string): number {
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a.codePointAt(i)!;
    const y = b.codePointAt(j)!;
    if (x !== y) return x < y ? -1 : 1;
    i += x > 0xffff ? 2 : 1;
    j += y > 0xffff ? 2 : 1;
  }
  return (a.length - i > 0 ? 1 : 0) - (b.length - j > 0 ? 1 : 0);
}

/**
 * The kit's total order of hashable values, used to list a set's items stably: None, then
 * numbers (by real part, then imaginary part), strings (by code point), bytes, tuples
 * (item by item), Ellipsis.
 */
export function comparePy(a: PyValue, b: PyValue): number {
  const ra = RANK[a.type] ?? 9;
  const rb = RANK[b.type] ?? 9;
  if (ra !== rb) return ra - rb;
  switch (ra) {
    case 1: {
      const [ar, ai] = realImag(a);
      const [br, bi] = realImag(b);
      return compareReal(ar, br) || compareReal(ai, bi);
    }
    case 2:
      return compareCodePoints((a as { value: string }).value, (b as { value: string }).value);
    case 3: {
      const x = (a as { value: Uint8Array }).value;
      const y = (b as { value: Uint8Array }).value;
      for (let i = 0; i < x.length && i < y.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
      return x.length - y.length;
    }
    case 4: {
      const x = (a as { items: PyValue[] }).items;
      const y = (b as { items: PyValue[] }).items;
      for (let i = 0; i < x.length && i < y.length; i++) {
        const c = comparePy(x[i], y[i]);
        if (c !== 0) return c;
      }
      return x.length - y.length;
    }
    default:
      return 0;
  }
}
