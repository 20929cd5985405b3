"""Functions with every kind of behaviour, for the tests of netconform_adapter.py."""

import os
import sys


def normalize(raw, tool_name):
    return {"raw": raw, "tool_name": tool_name}


def raises(input):
    return _inner(input)


def _inner(input):
    raise ValueError("bad input %r" % (input,))


class _BadStr(Exception):
    def __str__(self):
        raise RuntimeError("no str")


def bad_str(input):
    raise _BadStr()


def system_exit(input):
    sys.exit(3)


def keyboard(input):
    raise KeyboardInterrupt()


def returns_set(input):
    return {"items": {1, 2}}


def returns_bytes(input):
    return b"abc"


def returns_nan(input):
    return float("nan")


def returns_tuple(input):
    return {"t": (1, 2), 3: "int key"}


def prints(input):
    print("printed by the function")
    sys.stdout.flush()
    os.write(1, b"written to fd 1\n")
    return input


def deep(input):
    value = []
    for _ in range(input):
        value = [value]
    return value


def depth(input):
    n = 0
    while isinstance(input, list) and input:
        input = input[0]
        n += 1
    return n


NOT_CALLABLE = 42


def runtime(input):
    """The interpreter settings the function runs under."""
    import sys
    import threading

    limit = getattr(sys, "get_int_max_str_digits", None)
    return {
        "recursion_limit": sys.getrecursionlimit(),
        "int_max_str_digits": limit() if limit else None,
        "main_thread": threading.current_thread() is threading.main_thread(),
        "stdin_encoding": sys.stdin.encoding if sys.stdin else None,
    }


def huge_int(input):
    return {"n": 10 ** input}


def literal_eval_depth(input):
    """json.loads of text nested ``input`` deep, as production code calls it."""
    import json

    return len(json.loads("[" * input + "]" * input))


def describe_python(input):
    """What the function received: types, the int string limit in force, an int's size."""
    import sys

    out = {"limit": sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else None,
           "type": type(input).__name__}
    if isinstance(input, int) and not isinstance(input, bool):
        out["bit_length"] = input.bit_length()
        out["mod_1e9"] = input % 10**9
    elif isinstance(input, (tuple, list, set, frozenset)):
        out["items"] = sorted(type(x).__name__ for x in input)
    elif isinstance(input, dict):
        out["keys"] = [repr(k) if not isinstance(k, int) or k.bit_length() < 64 else "int" for k in input]
    elif isinstance(input, bytes):
        out["hex"] = input.hex()
    elif isinstance(input, float):
        out["repr"] = repr(input)
    return out
