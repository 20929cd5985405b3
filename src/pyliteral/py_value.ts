/**
 * The value model of Python literals: what `ast.literal_eval` can return, kept exact.
 *
 * JSON cannot hold most of these (tuples, sets, bytes, big ints, complex numbers, non-string
 * dict keys); {@linkcode pythonToJson} maps them to JSON with a documented, stable mapping.
 *
 * @module
 */

/** A Python `int`, `float` or `complex`, or `bool`, `None`, `str`, `bytes`, `...` or a container. */
export type PyValue =
  | PyNone
  | PyBool
  | PyInt
  | PyFloat
  | PyComplex
  | PyStr
  | PyBytes
  | PyEllipsis
  | PyList
  | PyTuple
  | PySet
  | PyDict;

/** `None`. */
export interface PyNone {
  /** Discriminant. */
  type: "none";
}
/** `True` or `False`. */
export interface PyBool {
  /** Discriminant. */
  type: "bool";
  /** The value. */
  value: boolean;
}
/** An `int` of any size. */
export interface PyInt {
  /** Discriminant. */
  type: "int";
  /** The exact value. */
  value: bigint;
}
/** A `float` (IEEE 754 double; never NaN, which has no literal). */
export interface PyFloat {
  /** Discriminant. */
  type: "float";
  /** The value, `-0`, `Infinity` and `-Infinity` included. */
  value: number;
}
/** A `complex`. */
export interface PyComplex {
  /** Discriminant. */
  type: "complex";
  /** Real part. */
  real: number;
  /** Imaginary part. */
  imag: number;
}
/** A `str` (it may hold lone surrogates, as a Python `str` may). */
export interface PyStr {
  /** Discriminant. */
  type: "str";
  /** The text. */
  value: string;
}
/** A `bytes`. */
export interface PyBytes {
  /** Discriminant. */
  type: "bytes";
  /** The bytes. */
  value: Uint8Array;
}
/** `...` (`Ellipsis`). */
export interface PyEllipsis {
  /** Discriminant. */
  type: "ellipsis";
}
/** A `list`. */
export interface PyList {
  /** Discriminant. */
  type: "list";
  /** The items, in order. */
  items: PyValue[];
}
/** A `tuple`. */
export interface PyTuple {
  /** Discriminant. */
  type: "tuple";
  /** The items, in order. */
  items: PyValue[];
}
/**
 * A `set` (or, with `frozen`, a `frozenset`): hashable items, no two equal in Python's sense,
 * in first-written order. No literal makes a `frozenset`: a parsed value never has `frozen`;
 * the kit builds one to pass a real `frozenset` to a Python function.
 */
export interface PySet {
  /** Discriminant. */
  type: "set";
  /** The items. */
  items: PyValue[];
  /** A `frozenset` (hashable) rather than a `set`. */
  frozen?: boolean;
}
/** A `dict`: hashable keys, no two equal in Python's sense, in first-written order. */
export interface PyDict {
  /** Discriminant. */
  type: "dict";
  /** Key-value pairs. */
  entries: [PyValue, PyValue][];
}
