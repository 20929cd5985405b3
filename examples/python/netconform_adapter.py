#!/usr/bin/env python3
"""Serve Python functions to the netconform kit (protocol netconform.subprocess/v1).

Standard library only; Python 3.9 or later.

Command line::

    python3 netconform_adapter.py [--operation NAME] [--name NAME] [--no-python-values] [--raw-stdout] TARGET

TARGET is ``module:function`` (imported from PYTHONPATH or the working directory) or
``path/to/file.py:function``; ``function`` may be dotted (``Class.method``). With the
default operation ``normalize`` the function is called as ``fn(raw, tool_name)``, so the
GNS3 server's own function plugs in as::

    python3 netconform_adapter.py gns3server.agent.gns3_copilot.utils:normalize_tool_response

For any other operation name the function is called as ``fn(input)``.

As a library, to serve several operations::

    from netconform_adapter import serve, normalize_operation
    serve({"normalize": normalize_operation(my_normalizer), "echo": lambda x: x}, name="mine")

What the adapter guarantees (see docs/subprocess-protocol.md):

* One JSON line per response, written as soon as the function returns; or, when the kit's
  handshake allows batching (and the channel is private), held while the next requests
  already read run, and written with them: at most 16 responses or 1 ms, and always before
  the adapter waits for input. This saves a write per response; the kit finds the culprit of
  a crash or a hang by running the requests again without batching.
* What the function raises (any BaseException, SystemExit and KeyboardInterrupt included)
  is answered ``raised`` with its type, message and traceback: the function's own failure.
* A return value that ``json.dumps(..., allow_nan=False)`` refuses (a set, bytes, NaN, an
  object) is answered ``raised`` with type ``UnserializableResult`` and a message that says the
  function returned, and what JSON cannot hold where (``a bytes at /data/0/result``). What json.dumps
  converts (tuples to arrays, int keys to strings) is converted, as a server would.
* The protocol channel is private: ``print()`` and writes to file descriptor 1 by the
  function go to stderr (unless ``--raw-stdout``), so a chatty function cannot corrupt it.
* End of input (the kit closed stdin) ends the process with exit code 0.
* The handshake announces the input encoding ``netconform.pyvalue/v1``: a request carrying
  it has a tagged tree as its input, which the adapter turns into real Python objects
  (tuples, sets, frozensets, bytes, ints of any size, dicts with any hashable keys) with its
  own bounded, iterative decoder (no eval, no recursion, no change to the interpreter's
  settings) before it calls the function, as production would: ``fn((item,), "tool")``.
"""

import argparse
import base64
import binascii
import collections
import importlib
import importlib.util
import json
import os
import platform
import re
import sys
import time
import traceback
from typing import Any, Callable, Dict, Iterable, Optional

PROTOCOL = "netconform.subprocess/v1"
PYVALUE = "netconform.pyvalue/v1"  # the input encoding of real Python values (announced)
__version__ = "1.0.0"

_THIS_FILE = os.path.abspath(__file__)
_CHUNK = 1 << 16
_MAX_MESSAGE = 4000
_MAX_TRACEBACK = 16000
# Batching (when the kit allows it): responses held at most, in number, bytes and seconds.
_BATCH_RESPONSES = 16
_BATCH_BYTES = 256 * 1024
_BATCH_SECONDS = 0.001
_SEQ_AT_START = re.compile(rb'^\s*\{\s*"seq"\s*:\s*(\d{1,16})\s*[,}]')


class _BadInput(Exception):
    """The kit's input does not fit the operation (an adapter-level error, not the function's)."""


class _ChannelClosed(Exception):
    """The kit closed the protocol channel."""


def normalize_operation(fn: Callable[[Any, Any], Any]) -> Callable[[Any], Any]:
    """Adapt ``fn(raw, tool_name)`` to an operation taking the input ``{raw, tool_name}``."""

    def normalize(input: Any) -> Any:
        if not isinstance(input, dict) or "raw" not in input or "tool_name" not in input:
            raise _BadInput('the input of "normalize" must be an object {"raw": ..., "tool_name": ...}')
        return fn(input["raw"], input["tool_name"])

    normalize.__wrapped__ = fn  # type: ignore[attr-defined]
    return normalize


def _bounded(text: str, limit: int, keep_tail: bool = False) -> str:
    if len(text) <= limit:
        return text
    if keep_tail:
        return "[... %d characters dropped]\n%s" % (len(text) - limit, text[-limit:])
    return "%s... (%d characters)" % (text[:limit], len(text))


def _type_name(exc: BaseException) -> str:
    cls = type(exc)
    module = getattr(cls, "__module__", None)
    name = getattr(cls, "__qualname__", cls.__name__)
    return name if module in (None, "builtins") else "%s.%s" % (module, name)


def _message_of(exc: BaseException) -> str:
    try:
        return str(exc)
    except BaseException:  # noqa: BLE001 - a broken __str__ is still reported
        try:
            return repr(exc)
        except BaseException:  # noqa: BLE001
            return "<unprintable %s>" % type(exc).__name__


def _traceback_of(exc: BaseException) -> str:
    """The traceback without this adapter's own frames."""
    try:
        te = traceback.TracebackException(type(exc), exc, exc.__traceback__)
        frames = [f for f in te.stack if os.path.abspath(f.filename) != _THIS_FILE]
        te.stack = traceback.StackSummary.from_list(frames)
        return _bounded("".join(te.format()), _MAX_TRACEBACK, keep_tail=True)
    except BaseException:  # noqa: BLE001 - never let reporting fail
        return ""


_ENCODER = json.JSONEncoder(ensure_ascii=True, allow_nan=False, separators=(",", ":"))
try:
    # The C encoder, built once (json.dumps builds one per call). No cycle check: a cycle
    # ends in RecursionError, and the adapter's own encoder below reports it.
    from json.encoder import c_make_encoder as _c_make_encoder, encode_basestring_ascii as _c_ascii

    _C_ENCODE = _c_make_encoder(None, _ENCODER.default, _c_ascii, None, ":", ",", False, False, False)
except Exception:  # noqa: BLE001 - another Python implementation: use the public API
    _C_ENCODE = None
from json.encoder import encode_basestring_ascii as _ascii  # noqa: E402
from json.decoder import scanstring as _scanstring  # noqa: E402

# The adapter never changes the interpreter settings the function runs under (recursion
# limit, int string limit, thread stack, stream encodings): a value too deep for the fast C
# codec, or an int past sys.get_int_max_str_digits(), is decoded and encoded by the bounded,
# iterative code below, on the kit's side of the line.
_MAX_INT_DIGITS = 1_000_000  # digits of one JSON integer the adapter decodes or encodes
_INT_CHUNK = 4000  # digits converted at once: under CPython's default limit of 4300
_WS = re.compile(r"[ \t\n\r]*")
_NUMBER = re.compile(r"(-?(?:0|[1-9][0-9]*))(\.[0-9]+)?([eE][-+]?[0-9]+)?")


def _int_of(text: str) -> int:
    """An int from its decimal digits (with an optional minus), whatever its length."""
    negative = text.startswith("-")
    digits = text[1:] if negative else text
    if len(digits) > _MAX_INT_DIGITS:
        raise ValueError("an integer of %d digits is past this adapter's bound" % len(digits))
    value = 0
    for i in range(0, len(digits), _INT_CHUNK):
        chunk = digits[i:i + _INT_CHUNK]
        value = value * 10 ** len(chunk) + int(chunk)
    return -value if negative else value


def _int_text(value: int) -> str:
    """The decimal text of an int, whatever its length (bounded)."""
    if value.bit_length() < 13000:  # about 3900 digits: int.__repr__ is within the limit
        return int.__repr__(value)
    negative = value < 0
    value = -value if negative else value
    base = 10 ** _INT_CHUNK
    chunks = []
    while value:
        value, rest = divmod(value, base)
        chunks.append(rest)
        if len(chunks) * _INT_CHUNK > _MAX_INT_DIGITS:
            raise ValueError("an integer past %d digits is past this adapter's bound" % _MAX_INT_DIGITS)
    head = int.__repr__(chunks.pop())
    return ("-" if negative else "") + head + "".join(int.__repr__(c).zfill(_INT_CHUNK) for c in reversed(chunks))


class PyValueError(ValueError):
    """A netconform.pyvalue/v1 tree that is not valid, or over the decoder's bounds."""


PYVALUE_MAX_DEPTH = 10_000  # deepest nesting of a decoded Python value
PYVALUE_MAX_NODES = 1_000_000  # values (containers and scalars) in one decoded input
_DIGITS = re.compile(r"-?(?:0|[1-9][0-9]*)")
_FLOAT_WORDS = {"inf": float("inf"), "-inf": float("-inf"), "-0": -0.0}
_SEQUENCES = {"tuple": tuple, "set": set, "frozenset": frozenset}


def _float_of(v: Any) -> float:
    if isinstance(v, str) and v in _FLOAT_WORDS:
        return _FLOAT_WORDS[v]
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        return float(v)
    raise PyValueError("a float holds %s" % _bounded(repr(v), 80))


def _pairs(pairs: list) -> Iterable[Any]:
    """The keys and values of a dict's [key, value] pairs, one after the other."""
    for pair in pairs:
        if not isinstance(pair, list) or len(pair) != 2:
            raise PyValueError("a dict entry is not a [key, value] pair")
        yield pair[0]
        yield pair[1]


def _finish(kind: str, built: list) -> Any:
    """The container a frame built, from its decoded children."""
    if kind == "list":
        return built
    try:
        if kind == "dict":
            return dict(zip(built[0::2], built[1::2]))
        return _SEQUENCES[kind](built)
    except TypeError as error:  # an unhashable set item or dict key
        raise PyValueError("a %s holds an unhashable item: %s" % (kind, error)) from None


def decode_pyvalue(tree: Any, max_depth: int = PYVALUE_MAX_DEPTH, max_nodes: int = PYVALUE_MAX_NODES) -> Any:
    """Real Python objects from a netconform.pyvalue/v1 tree (JSON data, already decoded).

    A str, a bool, None and an int stand for themselves, a list is a list; an object is a
    tagged value: ``{"t": "int", "v": "<digits>"}`` (any length: converted in chunks, never
    through ``int(str)`` past the interpreter's digit limit), ``{"t": "float", "v": x}``
    (x a number, "inf", "-inf" or "-0"), ``{"t": "complex", "v": [re, im]}``, ``{"t": "bytes",
    "v": "<base64>"}``, ``{"t": "ellipsis"}``, ``{"t": "tuple" | "set" | "frozenset", "v":
    [...]}``, ``{"t": "dict", "v": [[key, value], ...]}``. Iterative (an explicit stack),
    bounded in depth and in number of values; never evaluates anything.

    Raises PyValueError when the tree is not valid or over a bound.
    """
    nodes = 0
    root: list = []
    stack: list = [("list", iter((tree,)), root)]  # (kind, children, decoded children)
    while True:
        kind, children, built = stack[-1]
        child = next(children, _END)
        if child is _END:
            stack.pop()
            value = _finish(kind, built)
            if not stack:
                return value[0]
            stack[-1][2].append(value)
            continue
        nodes += 1
        if nodes > max_nodes:
            raise PyValueError("the Python value holds more than %d values" % max_nodes)
        if child is None or isinstance(child, (bool, str)):
            built.append(child)
            continue
        if isinstance(child, int):
            built.append(child)
            continue
        if isinstance(child, list):
            opened, items = "list", child
        elif isinstance(child, dict):
            tag, v = child.get("t"), child.get("v")
            if not set(child) <= {"t", "v"}:
                raise PyValueError("a tagged value has other members than t and v")
            if tag == "int":
                if not isinstance(v, str) or not _DIGITS.fullmatch(v):
                    raise PyValueError("an int holds %s, not decimal digits" % _bounded(repr(v), 80))
                try:
                    built.append(_int_of(v))
                except ValueError as error:
                    raise PyValueError(str(error)) from None
                continue
            if tag == "float":
                built.append(_float_of(v))
                continue
            if tag == "complex":
                if not isinstance(v, list) or len(v) != 2:
                    raise PyValueError("a complex holds no [real, imag] pair")
                built.append(complex(_float_of(v[0]), _float_of(v[1])))
                continue
            if tag == "bytes":
                if not isinstance(v, str):
                    raise PyValueError("a bytes holds no base64 text")
                try:
                    built.append(base64.b64decode(v, validate=True))
                except (binascii.Error, ValueError) as error:
                    raise PyValueError("a bytes holds invalid base64: %s" % error) from None
                continue
            if tag == "ellipsis":
                built.append(Ellipsis)
                continue
            if tag not in _SEQUENCES and tag != "dict":
                raise PyValueError("unknown tag %s" % _bounded(repr(tag), 80))
            if not isinstance(v, list):
                raise PyValueError("a %s holds no array" % tag)
            opened, items = tag, (_pairs(v) if tag == "dict" else v)
        else:  # a float: only tagged floats are floats
            raise PyValueError("an untagged number %s (a float must be tagged)" % _bounded(repr(child), 80))
        if len(stack) > max_depth:
            raise PyValueError("the Python value nests deeper than %d levels" % max_depth)
        stack.append((opened, iter(items), []))


def _decode_iterative(text: str) -> Any:
    """Decode one JSON value with an explicit stack: any depth, any int length (bounded)."""
    ws = _WS.match
    pos = ws(text, 0).end()
    stack: list = []  # [container, pending key]
    while True:
        ch = text[pos:pos + 1]
        if ch == "{" or ch == "[":
            pos = ws(text, pos + 1).end()
            close = "}" if ch == "{" else "]"
            if text[pos:pos + 1] == close:
                value: Any = {} if ch == "{" else []
                pos += 1
            else:
                frame = [{} if ch == "{" else [], None]
                if ch == "{":
                    pos = _key(text, pos, frame)
                stack.append(frame)
                continue
        elif ch == '"':
            value, pos = _scanstring(text, pos + 1)
        elif text.startswith("true", pos):
            value, pos = True, pos + 4
        elif text.startswith("false", pos):
            value, pos = False, pos + 5
        elif text.startswith("null", pos):
            value, pos = None, pos + 4
        else:
            match = _NUMBER.match(text, pos)
            if match is None:
                raise ValueError("expecting a value at character %d" % pos)
            integer, fraction, exponent = match.groups()
            value = float(match.group()) if fraction or exponent else _int_of(integer)
            pos = match.end()
        while True:  # attach the value, then close what ends here
            if not stack:
                pos = ws(text, pos).end()
                if pos != len(text):
                    raise ValueError("extra data after the JSON value at character %d" % pos)
                return value
            frame = stack[-1]
            container = frame[0]
            if type(container) is list:
                container.append(value)
            else:
                container[frame[1]] = value
            pos = ws(text, pos).end()
            ch = text[pos:pos + 1]
            if ch == ",":
                pos = ws(text, pos + 1).end()
                if type(container) is dict:
                    pos = _key(text, pos, frame)
                break
            if ch == ("]" if type(container) is list else "}"):
                pos += 1
                stack.pop()
                value = container
                continue
            raise ValueError("expecting ',' or a closing bracket at character %d" % pos)


def _key(text: str, pos: int, frame: list) -> int:
    """Read an object key and its colon into ``frame``; the position of the value."""
    if text[pos:pos + 1] != '"':
        raise ValueError("expecting a property name in double quotes at character %d" % pos)
    frame[1], pos = _scanstring(text, pos + 1)
    pos = _WS.match(text, pos).end()
    if text[pos:pos + 1] != ":":
        raise ValueError("expecting ':' at character %d" % pos)
    return _WS.match(text, pos + 1).end()


def _scalar(value: Any) -> Optional[str]:
    """JSON text of a scalar as json.dumps(allow_nan=False) makes it; None for a container."""
    if isinstance(value, str):
        return _ascii(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return _int_text(value)
    if isinstance(value, float):
        if value != value or value in (float("inf"), float("-inf")):
            raise ValueError("Out of range float values are not JSON compliant")
        return float.__repr__(value)
    return None


def _key_text(key: Any) -> str:
    if isinstance(key, str):
        return _ascii(key)
    if isinstance(key, (bool, int, float)) or key is None:
        return '"%s"' % (_scalar(key) or "").strip('"')
    raise TypeError("keys must be str, int, float, bool or None, not %s" % type(key).__name__)


def _encode_iterative(value: Any) -> str:
    """JSON text of a value as json.dumps(value, allow_nan=False) makes it, with an explicit stack."""
    out: list = []
    on_path: set = set()
    stack: list = [(iter((value,)), None, None)]  # (iterator, closing text, container id)
    while stack:
        items, close, ident = stack[-1]
        item = next(items, _END)
        if item is _END:
            stack.pop()
            if close is not None:
                out.append(close)
                on_path.discard(ident)
            continue
        if close == "}":
            key, item = item
            if out[-1] != "{":
                out.append(",")
            out.append(_key_text(key))
            out.append(":")
        elif close == "]" and out[-1] != "[":
            out.append(",")
        text = _scalar(item)
        if text is not None:
            out.append(text)
            continue
        if isinstance(item, (list, tuple, dict)):
            if id(item) in on_path:
                raise ValueError("Circular reference detected")
            on_path.add(id(item))
            if isinstance(item, dict):
                out.append("{")
                stack.append((iter(list(item.items())), "}", id(item)))
            else:
                out.append("[")
                stack.append((iter(list(item)), "]", id(item)))
            continue
        raise TypeError("Object of type %s is not JSON serializable" % type(item).__name__)
    return "".join(out)


_END = object()


def _json_pointer_token(key: Any) -> str:
    text = key if isinstance(key, str) else str(key)
    return text.replace("~", "~0").replace("/", "~1")


def _unserializable_at(value: Any, limit: int = 100000) -> Optional[str]:
    """Where a returned value holds what JSON cannot: "<type> at <JSON Pointer>", or None.

    Walks containers breadth-first with an explicit queue, at most ``limit`` values, so that
    a deep or huge value is never recursed into.
    """
    queue: Any = collections.deque([(value, "")])
    seen = 0
    while queue and seen < limit:
        item, path = queue.popleft()
        seen += 1
        if item is None or isinstance(item, (str, bool)):
            continue
        if isinstance(item, int):
            continue
        if isinstance(item, float):
            if item != item or item in (float("inf"), float("-inf")):
                return "the float %r at %s" % (item, path or "/")
            continue
        if isinstance(item, dict):
            for key, child in item.items():
                if not (key is None or isinstance(key, (str, int, float, bool))):
                    return "a %s key at %s" % (type(key).__name__, path or "/")
                queue.append((child, "%s/%s" % (path, _json_pointer_token(key))))
            continue
        if isinstance(item, (list, tuple)):
            queue.extend((child, "%s/%d" % (path, i)) for i, child in enumerate(item))
            continue
        return "a %s at %s" % (type(item).__name__, path or "/")
    return None


def _encode(value: Any) -> str:
    """JSON text of a value, as json.dumps(value, allow_nan=False) would make it."""
    if _C_ENCODE is not None:
        try:
            return "".join(_C_ENCODE(value, 0))
        except (RecursionError, ValueError):
            pass  # too deep, or an int past the interpreter's limit: the bounded encoder
    else:
        try:
            return _ENCODER.encode(value)
        except (RecursionError, ValueError):
            pass
    return _encode_iterative(value)


def _dumps(message: Dict[str, Any]) -> bytes:
    return (_encode(message) + "\n").encode("ascii")


_DECODER = json.JSONDecoder()


def _loads(line: bytes) -> Any:
    """Decode one JSON line (strict UTF-8, nothing after the value)."""
    text = line.decode("utf-8").strip()
    try:
        # raw_decode on text is about twice as fast as json.loads on bytes.
        value, end = _DECODER.raw_decode(text)
    except RecursionError:
        return _decode_iterative(text)  # deeper than the C scanner goes under the default limit
    except ValueError as error:
        try:
            return _decode_iterative(text)  # an int past the interpreter's limit, say
        except ValueError:
            raise error from None
    if end != len(text):
        raise ValueError("extra data after the JSON value at character %d" % end)
    return value


def _log(text: str) -> None:
    try:
        sys.stderr.write("netconform_adapter: %s\n" % text)
        sys.stderr.flush()
    except BaseException:  # noqa: BLE001
        pass


def _write_all(fd: int, data: bytes) -> None:
    try:
        written = os.write(fd, data)
    except OSError as error:  # BrokenPipeError included
        raise _ChannelClosed() from error
    if written == len(data):
        return  # the usual case: one write, no view
    view = memoryview(data)[written:]
    while view:
        try:
            written = os.write(fd, view)
        except OSError as error:
            raise _ChannelClosed() from error
        view = view[written:]


class _Server:
    def __init__(
        self,
        operations: Dict[str, Callable[[Any], Any]],
        implementation: Dict[str, Any],
        refuse: Optional[str],
        may_batch: bool = True,
        python_values: bool = True,
    ) -> None:
        self.operations = dict(operations)
        self.implementation = implementation
        self.refuse = refuse
        # Holding responses is safe only when nothing else writes to the channel.
        self.may_batch = may_batch
        self.batching = False
        # Whether the handshake announces the netconform.pyvalue/v1 input encoding.
        self.python_values = python_values

    def handle(self, line: bytes) -> Optional[bytes]:
        """The response line to one request line (bytes), or None when nothing is answered."""
        try:
            message = _loads(line)
        except RecursionError:
            return self._undecodable(line, "the request is nested too deeply for this adapter's JSON decoder")
        except ValueError as error:  # JSONDecodeError and UnicodeDecodeError
            return self._undecodable(line, "the request is not JSON: %s" % error)
        return self.handle_message(message)

    def handle_message(self, message: Any) -> Optional[bytes]:
        """The response line to one decoded message, or None when nothing is answered."""
        if not isinstance(message, dict):
            _log("ignored a line that is not a JSON object")
            return None
        seq = message.get("seq")
        if not isinstance(seq, int) or isinstance(seq, bool) or seq < 0:
            _log("ignored a message without a valid seq")
            return None
        kind = message.get("type")
        if kind == "handshake":
            return self._handshake(seq, message)
        if kind == "request":
            return self._request(seq, message)
        return _dumps({"seq": seq, "type": "response", "kind": "errored",
                       "message": "unknown message type %s" % json.dumps(kind)})

    def _undecodable(self, line: bytes, why: str) -> Optional[bytes]:
        match = _SEQ_AT_START.match(line)
        if not match:
            _log(why + " (and it has no seq to answer)")
            return None
        return _dumps({"seq": int(match.group(1)), "type": "response", "kind": "errored", "message": why})

    def _handshake(self, seq: int, message: Dict[str, Any]) -> bytes:
        if self.refuse is not None:
            return _dumps({"seq": seq, "type": "handshake", "kind": "refused", "message": self.refuse})
        if message.get("protocol") != PROTOCOL:
            return _dumps({"seq": seq, "type": "handshake", "kind": "refused",
                           "message": "protocol %s is not supported; this adapter speaks %s"
                           % (json.dumps(message.get("protocol")), PROTOCOL)})
        self.batching = self.may_batch and message.get("batching") is True
        return _dumps({"seq": seq, "type": "handshake", "kind": "ready", "protocol": PROTOCOL,
                       "implementation": self.implementation, "batching": self.batching,
                       "operations": sorted(self.operations),
                       "encodings": [PYVALUE] if self.python_values else []})

    def _request(self, seq: int, message: Dict[str, Any]) -> bytes:
        operation = message.get("operation")
        fn = self.operations.get(operation) if isinstance(operation, str) else None
        if fn is None:
            return _dumps({"seq": seq, "type": "response", "kind": "skipped",
                           "reason": "operation %s is not served (served: %s)"
                           % (json.dumps(operation), ", ".join(sorted(self.operations)) or "none")})
        if "input" not in message:
            return _dumps({"seq": seq, "type": "response", "kind": "errored", "message": "the request has no input"})
        argument = message["input"]
        encoding = message.get("encoding")
        if encoding is not None:
            if encoding != PYVALUE or not self.python_values:
                return _dumps({"seq": seq, "type": "response", "kind": "errored",
                               "message": "input encoding %s is not supported (supported: %s)"
                               % (_bounded(json.dumps(encoding), 200), PYVALUE)})
            try:
                argument = decode_pyvalue(argument)
            except PyValueError as error:
                return _dumps({"seq": seq, "type": "response", "kind": "errored",
                               "message": "the input is not a %s value this adapter decodes: %s" % (PYVALUE, error)})
        try:
            value = fn(argument)
        except _BadInput as error:
            return _dumps({"seq": seq, "type": "response", "kind": "errored", "message": str(error)})
        except BaseException as error:  # noqa: BLE001 - the function's failure, whatever it is
            return self._raised(seq, _type_name(error), _message_of(error), _traceback_of(error))
        try:
            return ('{"seq":%d,"type":"response","kind":"result","value":%s}\n' % (seq, _encode(value))).encode("ascii")
        except BaseException as error:  # noqa: BLE001 - set, bytes, NaN, cycles, a broken __iter__...
            # The function returned: what it returned holds a value JSON cannot (say where).
            try:
                where = _unserializable_at(value)
            except BaseException:  # noqa: BLE001 - a broken __eq__ or __iter__ in the value
                where = None
            return self._raised(seq, "UnserializableResult",
                                "the function returned a value JSON cannot hold%s (%s: %s)"
                                % (": " + where if where else "", type(error).__name__,
                                   _message_of(error)), None)

    def _raised(self, seq: int, type_name: str, message: str, tb: Optional[str]) -> bytes:
        exception = {"type": _bounded(type_name, 400), "message": _bounded(message, _MAX_MESSAGE)}
        if tb:
            exception["traceback"] = tb
        return _dumps({"seq": seq, "type": "response", "kind": "raised", "exception": exception})


def _protect_stdout(fd: int = 1) -> int:
    """Move the protocol channel to a private descriptor; fd 1 and sys.stdout go to stderr."""
    try:
        sys.stdout.flush()
    except BaseException:  # noqa: BLE001
        pass
    private = os.dup(fd)
    os.dup2(2, fd)
    sys.stdout = sys.stderr
    return private


_IDLE = object()  # what _messages yields before it waits for input


def _lines_of(data: bytes) -> Iterable[bytes]:
    """The non-blank lines of whole-line bytes (each without its newline)."""
    for line in data.split(b"\n")[:-1]:
        if line.strip():
            yield line


def _messages(stdin_fd: int) -> Iterable[Any]:
    """What the kit sends, line by line: a decoded message (a dict), or the bytes of a line
    to decode the slow way (an unusual line, or one split across reads), and ``_IDLE`` before
    each wait for input.

    The whole lines of a read are decoded as one text and scanned in place: no copy, decode
    or strip per line. Whatever the scan does not take cleanly (not a dict, blank, nested
    too deeply, not JSON, running past its line, not UTF-8) goes the slow way, which answers
    exactly as for a line on its own.
    """
    scan = _DECODER.scan_once
    partial = []  # pieces of an unfinished line
    while True:
        yield _IDLE
        chunk = os.read(stdin_fd, _CHUNK)
        if not chunk:
            return  # end of input: the kit is done
        last = chunk.rfind(b"\n")
        if last < 0:
            partial.append(chunk)
            continue
        start = 0
        if partial:
            nl = chunk.find(b"\n")
            partial.append(chunk[:nl])
            line = b"".join(partial)
            partial = []
            start = nl + 1
            if line.strip():
                yield line
        if last + 1 < len(chunk):
            partial.append(chunk[last + 1:])
        if start > last:
            continue
        whole = chunk[start:last + 1] if start or last + 1 < len(chunk) else chunk
        try:
            text = whole.decode("utf-8")
        except UnicodeDecodeError:
            yield from _lines_of(whole)
            continue
        pos = 0
        size = len(text)  # characters, not bytes: the text ends with a newline
        while pos < size:
            nl = text.find("\n", pos)
            try:
                message, end = scan(text, pos)
            except (StopIteration, ValueError, RecursionError):
                message, end = None, -1
            if type(message) is dict and (end == nl or (end < nl and text[end:nl].isspace())):
                yield message
            else:
                line = text[pos:nl]
                if line.strip():
                    yield line.encode("utf-8")
            pos = nl + 1


def _loop(server: _Server, stdin_fd: int, stdout_fd: int) -> None:
    held = []  # responses not yet written (batching only)
    held_bytes = 0
    held_since = 0.0
    monotonic = time.monotonic
    for item in _messages(stdin_fd):
        idle = item is _IDLE
        # Write what is held before waiting for input, or once it reaches a bound.
        if held and (idle or len(held) >= _BATCH_RESPONSES or held_bytes >= _BATCH_BYTES
                     or monotonic() - held_since > _BATCH_SECONDS):
            _write_all(stdout_fd, b"".join(held))
            held = []
            held_bytes = 0
        if idle:
            continue
        out = server.handle(item) if type(item) is bytes else server.handle_message(item)
        if out is None:
            continue
        if not server.batching:
            _write_all(stdout_fd, out)
            continue
        if not held:
            held_since = monotonic()
        held.append(out)
        held_bytes += len(out)


def serve(
    operations: Dict[str, Callable[[Any], Any]],
    name: str = "python",
    version: Optional[str] = None,
    capabilities: Iterable[str] = (),
    protect_stdout: bool = True,
    refuse: Optional[str] = None,
    stdin_fd: int = 0,
    stdout_fd: int = 1,
    private_channel: Optional[bool] = None,
    python_values: bool = True,
) -> None:
    """Speak the protocol on stdin/stdout until end of input.

    ``operations`` maps an operation name to a function of the request's input. ``refuse``
    (a message) makes the handshake answer ``refused``, for a target that could not load.
    ``private_channel`` says whether only this adapter writes to ``stdout_fd`` (default: as
    ``protect_stdout``); responses are batched only then. ``python_values`` (default True)
    announces the ``netconform.pyvalue/v1`` input encoding (real Python objects as inputs).
    """
    if private_channel is None:
        private_channel = protect_stdout
    if protect_stdout:
        stdout_fd = _protect_stdout(stdout_fd)
    implementation: Dict[str, Any] = {
        "name": name,
        "language": "python",
        "runtime": "%s %s" % (platform.python_implementation(), platform.python_version()),
        "adapter": "netconform_adapter.py %s" % __version__,
    }
    if version is not None:
        implementation["version"] = str(version)
    caps = list(capabilities)
    if caps:
        implementation["capabilities"] = caps
    server = _Server(operations, implementation, refuse, may_batch=private_channel, python_values=python_values)
    failure = []

    def run() -> None:
        try:
            _loop(server, stdin_fd, stdout_fd)
        except _ChannelClosed:
            pass
        except BaseException as error:  # noqa: BLE001 - report, then exit non-zero
            failure.append(error)
            _log("internal error:\n" + "".join(traceback.format_exception(type(error), error, error.__traceback__)))

    # The function runs in this thread, under the interpreter's own settings, as in production.
    run()
    if failure:
        sys.exit(70)


def _version_of(module: Any) -> Optional[str]:
    for candidate in (module, sys.modules.get(getattr(module, "__name__", "").split(".")[0])):
        version = getattr(candidate, "__version__", None)
        if isinstance(version, str):
            return version
    try:
        from importlib import metadata

        return metadata.version(getattr(module, "__name__", "").split(".")[0])
    except Exception:  # noqa: BLE001 - no distribution metadata
        return None


def load_target(target: str) -> Any:
    """Import ``module:function`` or ``path/to/file.py:function`` and return (module, function)."""
    module_part, sep, attribute = target.rpartition(":")
    if not sep or not module_part or not attribute:
        raise ValueError('target %s is not "module:function" or "path/to/file.py:function"' % json.dumps(target))
    if module_part.endswith(".py") or "/" in module_part or os.sep in module_part:
        path = os.path.abspath(module_part)
        if not os.path.isfile(path):
            raise FileNotFoundError("no file %s" % json.dumps(path))
        folder = os.path.dirname(path)
        if folder not in sys.path:
            sys.path.insert(0, folder)  # so that the file's sibling imports work
        module_name = os.path.splitext(os.path.basename(path))[0]
        spec = importlib.util.spec_from_file_location(module_name, path)
        if spec is None or spec.loader is None:
            raise ImportError("cannot import %s" % json.dumps(path))
        module = importlib.util.module_from_spec(spec)
        sys.modules[module_name] = module
        spec.loader.exec_module(module)
    else:
        cwd = os.getcwd()
        if cwd not in sys.path and "" not in sys.path:
            sys.path.insert(0, cwd)
        module = importlib.import_module(module_part)
    value = module
    for part in attribute.split("."):
        value = getattr(value, part)
    if not callable(value):
        raise TypeError("%s is not callable" % json.dumps(target))
    return module, value


def main(argv: Optional[list] = None) -> None:
    parser = argparse.ArgumentParser(description="Serve a Python function to the netconform kit.")
    parser.add_argument("target", help="module:function or path/to/file.py:function")
    parser.add_argument("--operation", default="normalize",
                        help="operation served (default normalize: fn(raw, tool_name); other names: fn(input))")
    parser.add_argument("--name", help="implementation name for the handshake (default: the target)")
    parser.add_argument("--no-python-values", action="store_true",
                        help="do not announce the netconform.pyvalue/v1 input encoding (plain JSON inputs only)")
    parser.add_argument("--raw-stdout", action="store_true",
                        help="let the function write to the protocol channel (to test the kit's defences)")
    args = parser.parse_args(argv)
    stdout_fd = 1 if args.raw_stdout else _protect_stdout(1)
    refuse = None
    version = None
    operations: Dict[str, Callable[[Any], Any]] = {}
    try:
        module, fn = load_target(args.target)
        version = _version_of(module)
        operations[args.operation] = normalize_operation(fn) if args.operation == "normalize" else fn
    except BaseException as error:  # noqa: BLE001 - report it in the handshake
        traceback.print_exc()
        refuse = "could not load %s: %s: %s" % (json.dumps(args.target), _type_name(error), _message_of(error))
    serve(operations, name=args.name or args.target, version=version, protect_stdout=False,
          refuse=refuse, stdout_fd=stdout_fd, private_channel=not args.raw_stdout,
          python_values=not args.no_python_values)


if __name__ == "__main__":
    main()
