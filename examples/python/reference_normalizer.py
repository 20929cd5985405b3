"""The kit's own Python ``normalize_tool_response(raw, tool_name)``.

A small, stdlib-only (Python 3.9+) normalizer that turns any legacy GNS3 Copilot tool output
into the standard tool response format v1.0, with the same readings as the kit's TypeScript
reference (conformance/normalizer/reference.ts; the decisions are in
spec-notes/normalizer.md):

- a string is decoded as JSON (NaN and Infinity refused), else as a Python literal with
  ``ast.literal_eval`` (a parser, never ``eval``; bounded in length and nesting first);
  a string that is neither is plain text: one success item whose result is the text;
- a conforming response comes back unchanged but for ``metadata.tool_name``;
- a list, a dict holding ``data``/``nodes``/``created_nodes``/``templates``, or a single item
  dict gives one item per legacy item (``name``/``device_name``/``node_name`` -> name,
  ``result``/``output`` -> result, ``error`` -> error); an item is failed when its error is
  truthy or its status says failure (failed, error, fail, failure, partial_success, partial);
- ``{"error": text}`` and ``[{"error": text}]`` are a global error with no items;
- when every item failed, a global error says so.

Values JSON cannot hold are mapped as the kit documents (docs/normalizer.md): tuples ->
lists, sets -> lists in the kit's order, bytes -> UTF-8 text (invalid bytes replaced), ints
past 2**53 - 1 -> decimal strings, inf -> "inf", complex -> {"real", "imag"}, ... -> "Ellipsis".

Serve it to the kit with examples/python/netconform_adapter.py:

    python3 netconform_adapter.py examples/python/reference_normalizer.py:normalize_tool_response
"""

import ast
import copy
import functools
import json
import math
import re
from typing import Any, Dict, List, Optional, Tuple

__all__ = ["normalize_tool_response"]

CONTAINER_KEYS = ("data", "nodes", "created_nodes", "templates")
COUNT_KEYS = frozenset(
    ("success", "total", "successful", "failed", "total_nodes", "successful_nodes", "failed_nodes", "metadata")
)
ID_KEYS = ("id", "node_id", "device_id", "template_id", "link_id")
NAME_KEYS = ("name", "device_name", "node_name")
FAILED_WORDS = frozenset(("failed", "error", "fail", "failure", "partial_success", "partial"))
MAX_DECODE_LENGTH = 8 * 1024 * 1024
MAX_DECODE_DEPTH = 100
MAX_SAFE_INTEGER = 2**53 - 1
ASCII_SPACE = " \t\n\r\f\v"
_BLANK = re.compile(r"[ \t\n\r\f\v]*")
_OPAQUE = object()  # a string over the decode bounds: kept as text, never parsed


# ----------------------------------------------------------------------------- decoding


def _refuse_constant(name: str) -> Any:
    raise ValueError("%s is not JSON" % name)


def _depth(value: Any, limit: int) -> int:
    """How deep a JSON value nests, without recursion; stops past ``limit``."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        v, d = stack.pop()
        deepest = max(deepest, d)
        if deepest > limit:
            return deepest
        if isinstance(v, list):
            stack.extend((x, d + 1) for x in v)
        elif isinstance(v, dict):
            stack.extend((x, d + 1) for x in v.values())
    return deepest


_SCAN = re.compile(r"""\\[\s\S]|'''|\"\"\"|'|\"|[\[\](){}#\n]""")


def _max_nesting(text: str) -> int:
    """Deepest bracket nesting of Python source, strings and comments skipped."""
    if text.count("[") + text.count("(") + text.count("{") <= MAX_DECODE_DEPTH:
        return 0
    depth = deepest = 0
    quote = None  # the open string's quote, or None
    comment = False
    for m in _SCAN.finditer(text):
        tok = m.group()
        if comment:
            comment = tok != "\n"
            continue
        if quote is not None:
            if tok[0] == "\\":  # an escape: never the end of the string
                continue
            if tok == quote or (len(quote) == 1 and tok[0] == quote and len(tok) == 3):
                quote = None  # (a single quote then an empty string '')
            continue
        if tok[0] == "\\":  # a line continuation, or garbage literal_eval refuses
            continue
        if tok in ("'", '"', "'''", '"""'):
            quote = tok
        elif tok == "#":
            comment = True
        elif tok in "([{":
            depth += 1
            deepest = max(deepest, depth)
        elif tok in ")]}":
            depth -= 1
    return deepest


def _decode(raw: str) -> Tuple[str, Any]:
    """('value', v) for JSON or a Python literal, ('text', None) otherwise, or ('opaque', None)."""
    if len(raw) > MAX_DECODE_LENGTH:
        return "opaque", None
    try:
        value = json.loads(raw, parse_constant=_refuse_constant)
    except (ValueError, RecursionError, MemoryError):
        pass
    else:
        if _depth(value, MAX_DECODE_DEPTH) > MAX_DECODE_DEPTH:
            return "opaque", None
        return "value", value
    if _max_nesting(raw) > MAX_DECODE_DEPTH:
        return "opaque", None
    try:
        literal = ast.literal_eval(raw)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError, OverflowError):
        return "text", None
    return "value", _py_to_json(literal)


# ----------------------------------------------------------------------------- Python -> JSON

_RANK = {type(None): 0, bool: 1, int: 1, float: 1, complex: 1, str: 2, bytes: 3, tuple: 4, type(Ellipsis): 5}


def _real_imag(v: Any) -> Tuple[Any, float]:
    if isinstance(v, complex):
        return v.real, v.imag
    return (int(v) if isinstance(v, bool) else v), 0.0


def _cmp(a: Any, b: Any) -> int:
    """The kit's total order of hashable values (None, numbers, str, bytes, tuples, Ellipsis)."""
    ra, rb = _RANK.get(type(a), 9), _RANK.get(type(b), 9)
    if ra != rb:
        return -1 if ra < rb else 1
    if ra == 1:
        a, b = _real_imag(a), _real_imag(b)
    elif ra == 4:
        for x, y in zip(a, b):
            c = _cmp(x, y)
            if c:
                return c
        a, b = len(a), len(b)
    elif ra in (0, 5):
        return 0
    return -1 if a < b else (1 if a > b else 0)


def _float(x: float) -> Any:
    if math.isinf(x):
        return "inf" if x > 0 else "-inf"
    return x


def _int_text(n: int) -> str:
    try:
        return str(n)
    except ValueError:  # over sys.get_int_max_str_digits()
        return hex(n)


def _key(k: Any) -> str:
    if isinstance(k, str):
        return k
    if isinstance(k, bool):
        return "true" if k else "false"
    if k is None:
        return "null"
    if isinstance(k, int):
        return _int_text(k)
    if isinstance(k, float):
        return "Infinity" if k == math.inf else "-Infinity" if k == -math.inf else repr(k)
    return _json_text(_py_to_json(k))  # tuples, bytes, complex, ...: JSON text of the mapped key


def _py_to_json(v: Any) -> Any:
    if v is None or isinstance(v, (bool, str)):
        return v
    if isinstance(v, int):
        return v if -MAX_SAFE_INTEGER <= v <= MAX_SAFE_INTEGER else _int_text(v)
    if isinstance(v, float):
        return _float(v)
    if isinstance(v, complex):
        return {"real": _float(v.real), "imag": _float(v.imag)}
    if isinstance(v, bytes):
        return v.decode("utf-8", "replace")
    if v is Ellipsis:
        return "Ellipsis"
    if isinstance(v, (list, tuple)):
        return [_py_to_json(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return [_py_to_json(x) for x in sorted(v, key=functools.cmp_to_key(_cmp))]
    if isinstance(v, dict):
        return {_key(k): _py_to_json(x) for k, x in v.items()}
    return repr(v)


# ----------------------------------------------------------------------------- the standard


def _is_count(v: Any) -> bool:
    if isinstance(v, bool):
        return False
    if isinstance(v, int):
        return v >= 0
    return isinstance(v, float) and v.is_integer() and v >= 0


def _conforms(v: Any) -> bool:
    """No MUST finding of gns3.tool-response/v1.0 (conformance/tool_response)."""
    if not isinstance(v, dict):
        return False
    if not all(k in v for k in ("success", "total", "successful", "failed", "data")):
        return False
    success, data = v["success"], v["data"]
    if not isinstance(success, bool) or not isinstance(data, list):
        return False
    if not all(_is_count(v[k]) for k in ("total", "successful", "failed")):
        return False
    error_present = v.get("error") is not None
    # TR-ERROR-STRING (MUST) asks for a string; its being non-empty is TR-ERROR-NONEMPTY (SHOULD).
    if error_present and not isinstance(v["error"], str):
        return False
    # TR-METADATA-OBJECT is MUST; its fields' formats (version, execution_time, tool_name) are
    # SHOULD rules, so a response with odd metadata fields still conforms and is kept as it is.
    meta = v.get("metadata")
    if meta is not None and not isinstance(meta, dict):
        return False
    n_success = n_failed = 0
    for item in data:
        if not isinstance(item, dict):
            return False
        if not isinstance(item.get("id"), str) or not isinstance(item.get("name"), str):
            return False
        status = item.get("status")
        if status not in ("success", "failed") or not isinstance(status, str):
            return False
        for key in ("result", "error"):
            if key in item and not isinstance(item[key], str):
                return False
        if status == "success":
            n_success += 1
            if "result" not in item:
                return False
        else:
            n_failed += 1
            if "error" not in item:
                return False
    if v["successful"] != n_success or v["failed"] != n_failed or v["total"] != len(data):
        return False
    if v["failed"] == 0 and not error_present and success is not True:
        return False
    return not (error_present and success is not False)


# ----------------------------------------------------------------------------- legacy items


def _error_only(v: Any) -> bool:
    if not isinstance(v, dict):
        return False
    error = v.get("error")
    return isinstance(error, str) and error != "" and all(k == "error" or k in COUNT_KEYS for k in v)


def _json_text(v: Any) -> str:
    if isinstance(v, str):
        return v
    try:
        return json.dumps(v, ensure_ascii=False, separators=(",", ":"))
    except (ValueError, TypeError, RecursionError):
        return "(a value with no JSON text)"


def _name(item: Any) -> Optional[str]:
    if isinstance(item, dict):
        for key in NAME_KEYS:
            v = item.get(key)
            if isinstance(v, str) and v:
                return v
    return None


def _result_text(item: Any) -> Optional[str]:
    if isinstance(item, str):
        return item
    if isinstance(item, dict):
        for key in ("result", "output"):
            v = item.get(key)
            if isinstance(v, str):
                return v
    return None


def _is_failed(item: Any) -> bool:
    if not isinstance(item, dict):
        return False
    if item.get("error"):
        return True
    status = item.get("status")
    return isinstance(status, str) and status.strip(ASCII_SPACE).lower() in FAILED_WORDS


def _id(item: Any, fallback: str) -> str:
    if isinstance(item, dict):
        for key in ID_KEYS:
            v = item.get(key)
            if isinstance(v, str) and v:
                return v
            if isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v):
                return _int_text(v) if isinstance(v, int) else repr(v)
    return _name(item) or fallback


def _item(legacy: Any, index: int) -> Dict[str, Any]:
    fallback = "item-%d" % (index + 1)
    ident = _id(legacy, fallback)
    item = {"id": ident, "name": _name(legacy) or ident, "status": "failed" if _is_failed(legacy) else "success"}
    text = _result_text(legacy)
    if text is not None:
        item["result"] = text
    elif isinstance(legacy, dict):
        given = legacy.get("result")
        if given is None:
            given = legacy.get("output")
        if given is not None:
            item["result"] = _json_text(given)
        elif item["status"] == "success":
            item["result"] = _json_text(legacy)
    elif item["status"] == "success":
        item["result"] = _json_text(legacy)
    if item["status"] == "failed":
        error = legacy.get("error")
        if isinstance(error, str) and error:
            item["error"] = error
        elif error:
            item["error"] = _json_text(error)
        else:
            item["error"] = "Status %s reported without an error message" % _json_text(legacy.get("status"))
    return item


def _response(data: List[Dict[str, Any]], tool_name: str, error: Optional[str] = None) -> Dict[str, Any]:
    failed = sum(1 for i in data if i["status"] == "failed")
    if error is None and data and failed == len(data):
        first = data[0]
        if len(data) == 1:
            error = "The only item failed: %s: %s" % (first["name"], first["error"])
        else:
            error = "All %d items failed; first: %s: %s" % (len(data), first["name"], first["error"])
    out = {
        "success": error is None,
        "total": len(data),
        "successful": len(data) - failed,
        "failed": failed,
        "data": data,
    }
    if error is not None:
        out["error"] = error
    out["metadata"] = {"tool_name": tool_name}
    return out


def _text_item(text: str, tool_name: str) -> Dict[str, Any]:
    return {"id": "output", "name": tool_name or "output", "status": "success", "result": text}


def _normalize_value(value: Any, tool_name: str) -> Dict[str, Any]:
    if value is None:
        return _response([], tool_name)
    if isinstance(value, str):
        if _BLANK.fullmatch(value):
            return _response([], tool_name)
        return _response([_text_item(value, tool_name)], tool_name)
    if isinstance(value, list):
        if len(value) == 1 and _error_only(value[0]):
            return _response([], tool_name, value[0]["error"])
        return _response([_item(x, i) for i, x in enumerate(value)], tool_name)
    if isinstance(value, dict):
        if _conforms(value):
            out = copy.deepcopy(value)
            meta = out.get("metadata")
            out["metadata"] = dict(meta) if isinstance(meta, dict) else {}
            out["metadata"]["tool_name"] = tool_name
            return out
        for key in CONTAINER_KEYS:
            items = value.get(key)
            if isinstance(items, list):
                error = value.get("error")
                error = error if isinstance(error, str) and error else None
                return _response([_item(x, i) for i, x in enumerate(items)], tool_name, error)
        if _error_only(value):
            return _response([], tool_name, value["error"])
        if not value:
            return _response([], tool_name)
        return _response([_item(value, 0)], tool_name)
    return _response([_item(value, 0)], tool_name)


def normalize_tool_response(raw: Any, tool_name: str) -> Dict[str, Any]:
    """Normalize a legacy tool output to the standard tool response format v1.0.

    Never raises: any input (a JSON value, any string, None) gives a conforming response.
    """
    tool_name = tool_name if isinstance(tool_name, str) else _json_text(tool_name)
    try:
        if isinstance(raw, str):
            if _BLANK.fullmatch(raw):
                return _response([], tool_name)
            kind, value = _decode(raw)
            if kind == "value":
                return _normalize_value(value, tool_name)
            return _response([_text_item(raw, tool_name)], tool_name)
        return _normalize_value(raw, tool_name)
    except (RecursionError, MemoryError) as exc:  # a value too deep or large to walk
        out = _response([], tool_name, "The tool output could not be normalized: %s" % type(exc).__name__)
        out["metadata"]["internal_error"] = True
        return out
