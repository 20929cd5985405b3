"""A spec-minimal ``normalize_tool_response(raw, tool_name)``: the kit's precision test.

Written from the text of the GNS3 Copilot tool response standard v1.0 alone, not from the
kit's readings. Where the standard is silent it deliberately chooses differently from the
kit's references (conformance/normalizer/reference.ts, examples/python/reference_normalizer.py),
so that a MUST finding against it can only come from a sentence of the standard:

- alias fields: ``device_name`` wins over ``name``; ``output`` wins over ``result``;
- a failed item keeps only its error (no partial output as ``result``);
- a status other than ``"success"`` and ``"failed"`` (``started``, ``error``, ``unknown``, ...)
  makes the item failed; ``status`` wins over ``error`` (``"success"`` with an error is success);
- plain text (neither JSON nor a Python literal) becomes the global error;
- ``{"error": text}`` and ``[{"error": text}]`` are items like any other (one failed item), and
  an ``error`` beside an item list is ignored;
- only ``data`` and ``nodes`` hold item lists (``nodes`` first); any other dict is one item;
- a response that already conforms is returned as it is (its ``metadata.tool_name`` kept);
- values JSON cannot hold (from Python literals) are mapped its own way (sets in iteration
  order, tuples to lists, bytes to text, complex to its repr, ``inf`` to ``"inf"``, ints past
  64 bits to hex text).

It must be certified CONFORMANT (SHOULD warnings allowed): conformance/normalizer/minimal_integration_test.ts.
Stdlib only, Python 3.9+. Serve it with examples/python/netconform_adapter.py:

    python3 netconform_adapter.py examples/python/minimal_normalizer.py:normalize_tool_response
"""

import ast
import json
import math
from typing import Any, Dict, List, Optional

__all__ = ["normalize_tool_response"]

MAX_TEXT = 8 * 1024 * 1024
MAX_NESTING = 100


def _too_deep(text: str) -> bool:
    """A cheap bound before parsing: more than MAX_NESTING + 1 nested brackets (in strings too)."""
    depth = 0
    for ch in text:
        if ch in "[({":
            depth += 1
            if depth > MAX_NESTING + 1:
                return True
        elif ch in "])}":
            depth -= 1
    return False


def _plain(value: Any, depth: int = 0) -> Any:
    """Map a decoded value to plain JSON data."""
    if depth > 2 * MAX_NESTING:
        # Not repr(): it recurses through the rest of the value, and a deep one would exceed
        # the interpreter's recursion limit.
        return "<nested deeper than %d levels>" % (2 * MAX_NESTING)
    if value is None or isinstance(value, (bool, str)):
        return value
    if isinstance(value, int):
        # Past 64 bits, hex text: exact, and never subject to Python's decimal digit limit.
        return value if -(2**63) <= value < 2**63 else hex(value)
    if isinstance(value, float):
        return value if math.isfinite(value) else repr(value)
    if isinstance(value, complex):
        return repr(value)
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    if isinstance(value, dict):
        out = {}
        for k, v in value.items():
            key = k if isinstance(k, str) else json.dumps(_plain(k, depth + 1))
            out[key] = _plain(v, depth + 1)
        return out
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_plain(v, depth + 1) for v in value]
    return repr(value)


class _Text(str):
    """A string that was neither JSON nor a Python literal."""


def _decode(raw: Any) -> Any:
    if not isinstance(raw, str):
        return raw
    if raw.strip() == "":
        return None
    if len(raw) > MAX_TEXT or _too_deep(raw):
        return _Text(raw)
    try:
        return json.loads(raw)
    except Exception:
        pass
    try:
        return _plain(ast.literal_eval(raw))
    except Exception:
        return _Text(raw)


def _is_count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _conforms(value: Any) -> bool:
    """The standard's required fields, types and counts, checked strictly."""
    if not isinstance(value, dict):
        return False
    data = value.get("data")
    if not isinstance(value.get("success"), bool) or not isinstance(data, list):
        return False
    if not all(_is_count(value.get(k)) for k in ("total", "successful", "failed")):
        return False
    error = value.get("error")
    if error is not None and (not isinstance(error, str) or error == ""):
        return False
    if value.get("metadata") is not None and not isinstance(value.get("metadata"), dict):
        return False
    for item in data:
        if not isinstance(item, dict):
            return False
        if not isinstance(item.get("id"), str) or not isinstance(item.get("name"), str):
            return False
        status = item.get("status")
        if status not in ("success", "failed"):
            return False
        for key in ("result", "error"):
            if key in item and not isinstance(item[key], str):
                return False
        if status == "success" and "result" not in item:
            return False
        if status == "failed" and "error" not in item:
            return False
    ok = sum(1 for i in data if i["status"] == "success")
    bad = len(data) - ok
    if (value["total"], value["successful"], value["failed"]) != (len(data), ok, bad):
        return False
    if error is not None and value["success"]:
        return False
    if bad == 0 and error is None and not value["success"]:
        return False
    return True


def _text(value: Any) -> str:
    return value if isinstance(value, str) else json.dumps(_plain(value), ensure_ascii=False)


def _item(legacy: Any, index: int) -> Dict[str, Any]:
    if not isinstance(legacy, dict):
        return {"id": str(index), "name": str(index), "status": "success", "result": _text(legacy)}
    ident = legacy.get("id", legacy.get("node_id"))
    ident = _text(ident) if ident not in (None, "") else str(index)
    name = legacy.get("device_name") or legacy.get("name") or legacy.get("node_name") or ident
    status = legacy.get("status")
    error = legacy.get("error")
    if status is None:
        failed = bool(error)
    else:
        failed = status != "success"
    item: Dict[str, Any] = {"id": ident, "name": _text(name)}
    if failed:
        if isinstance(error, str) and error != "":
            message = error
        elif error:
            message = _text(error)
        else:
            message = "status %s" % _text(status)
        item.update(status="failed", error=message)
    else:
        output = legacy.get("output")
        if not isinstance(output, str):
            output = legacy.get("result")
        item.update(status="success", result=output if isinstance(output, str) else "")
    return item


def _response(items: List[Dict[str, Any]], tool_name: Any, error: Optional[str] = None) -> Dict[str, Any]:
    failed = sum(1 for i in items if i["status"] == "failed")
    out: Dict[str, Any] = {
        "success": failed == 0 and error is None,
        "total": len(items),
        "successful": len(items) - failed,
        "failed": failed,
        "data": items,
    }
    if error is not None:
        out["error"] = error
    out["metadata"] = {"tool_name": tool_name}
    return out


def normalize_tool_response(raw_response: Any, tool_name: str = "") -> Dict[str, Any]:
    """Convert a tool's raw output to the standard response format (v1.0)."""
    value = _decode(raw_response)
    if isinstance(value, _Text):
        return _response([], tool_name, error=str(value))
    value = _plain(value)
    if value is None or value == {} or value == []:
        return _response([], tool_name)
    if _conforms(value):
        return value
    if isinstance(value, list):
        return _response([_item(v, i) for i, v in enumerate(value)], tool_name)
    if isinstance(value, dict):
        for key in ("nodes", "data"):
            if isinstance(value.get(key), list):
                return _response([_item(v, i) for i, v in enumerate(value[key])], tool_name)
    return _response([_item(value, 0)], tool_name)
