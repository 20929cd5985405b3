"""A deliberately scriptable netconform.subprocess/v1 implementation for the adapter's tests.

Stdlib only. The handshake behaviour comes from argv[1] (default "ok"); each request's
behaviour from its input {"do": ..., ...}. Requests before a handshake are answered errored,
so a test can tell whether the kit replayed the handshake after a restart. Extra arguments
after the mode are ignored (the fault-injection suite passes a marker to find its processes).
"""

import json
import os
import re
import signal
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
out = sys.stdout.buffer
deferred = []
greeted = False
# Mode "batch": when the kit allows it, responses are held until three are waiting (or a
# request {"do": "flush"}), as a batching implementation would; the last handshake is kept.
batching = False
held = []
last_handshake = None
BIG = "\u202e\x1b[31m" + "x" * (7 * 1000 * 1000)


def send(obj):
    if batching:
        held.append(obj)
        if len(held) >= 3:
            write_held()
        return
    out.write((json.dumps(obj) + "\n").encode())
    out.flush()


def write_held():
    out.write("".join(json.dumps(o) + "\n" for o in held).encode())
    out.flush()
    held.clear()


def raw(data):
    out.write(data)
    out.flush()


def respond(seq, **fields):
    send(dict(seq=seq, type="response", **fields))


def handshake(msg):
    global batching, last_handshake
    seq = msg["seq"]
    last_handshake = msg
    if mode == "garbage":
        return raw(b"hello there\n")
    if mode == "refuse":
        return send({"seq": seq, "type": "handshake", "kind": "refused", "message": "no licence\x1b[31m"})
    if mode == "silent":
        return time.sleep(3600)
    if mode == "exit":
        sys.stderr.write("fake: cannot start\n")
        sys.stderr.flush()
        os._exit(3)
    if mode == "wrong-seq":
        seq += 7
    if mode == "slow":
        time.sleep(1.5)
    protocol = "netconform.subprocess/v0" if mode == "bad-protocol" else "netconform.subprocess/v1"
    # "batch-always" claims batching even when the kit did not allow it (a protocol violation).
    batches = (mode == "batch" and msg.get("batching") is True) or mode == "batch-always"
    hello = {"seq": seq, "type": "handshake", "kind": "ready", "protocol": protocol, "batching": batches,
             "implementation": {"name": "fake", "version": "1", "language": "python", "pid": os.getpid(),
                                "profile": msg.get("profile"), "limits": msg.get("limits"),
                                **({"notes": BIG[:1000000]} if mode.startswith("big-") else {})},
             "operations": ["test"]}
    # In chatty mode a stray line follows the handshake in the same write.
    raw((json.dumps(hello) + "\n" + ("a stray line\n" if mode == "chatty" else "")).encode())
    batching = batches


def request(msg):
    seq = msg["seq"]
    spec = msg["input"] if isinstance(msg["input"], dict) else {"do": "echo", "value": msg["input"]}
    do = spec.get("do", "echo")
    if not greeted:
        return respond(seq, kind="errored", message="request before handshake")
    # Modes "big-*" answer every request with a 7 MB string (and control characters) where the
    # protocol takes a string; mode "twice" answers every request twice.
    if mode == "big-skip":
        return respond(seq, kind="skipped", reason=BIG)
    if mode == "big-errored":
        return respond(seq, kind="errored", message=BIG, traceback=BIG[:1000000])
    if mode == "big-raise":
        return respond(seq, kind="raised", exception={"type": BIG[:200000], "message": BIG,
                                                    "traceback": BIG[:1000000]})
    # Modes "big-result" and "huge-result" answer every request with a result that is a 7 MB
    # or a 50 MB string; "many-findings" with a tool response of 100,000 wrong items (a finding
    # each), or FINDINGS items when that variable is set.
    if mode == "big-result":
        return respond(seq, kind="result", value=BIG)
    if mode == "huge-result":
        return respond(seq, kind="result", value="y" * (50 * 1000 * 1000))
    if mode == "many-findings":
        n = int(os.environ.get("FINDINGS", "100000"))
        return respond(seq, kind="result", value={"success": True, "total": n, "successful": n,
                                                  "failed": 0, "data": [1] * n})
    if mode == "twice":
        respond(seq, kind="result", value=spec.get("value"))
        return respond(seq, kind="result", value=spec.get("value"))
    if do == "echo":
        return respond(seq, kind="result", value=spec.get("value"))
    if do == "sleep":
        time.sleep(spec["ms"] / 1000)
        return respond(seq, kind="result", value=spec.get("value"))
    if do == "hang":
        while True:
            time.sleep(3600)
    if do == "exit":
        os._exit(spec.get("code", 1))
    if do == "segv":
        os.kill(os.getpid(), signal.SIGSEGV)
        time.sleep(10)
    if do == "garbage":
        raw(spec.get("text", "garbage \x1b[2J here").encode() + b"\n")
        if spec.get("answer", False):
            respond(seq, kind="result", value=spec.get("value"))
        return None
    if do == "invalid-utf8":
        return raw(b'{"seq": ' + str(seq).encode() + b', "x": "\xff\xfe"}\n')
    if do == "partial":
        raw(b'{"seq": ' + str(seq).encode() + b', "type": "resp')
        if spec.get("then") == "exit":
            os._exit(4)
        while True:
            time.sleep(3600)
    if do == "huge":
        return respond(seq, kind="result", value="x" * spec["bytes"])
    if do == "bad-message":
        return respond(seq, kind="result")  # no value
    if do == "wrong-seq":
        return respond(seq + 1000000, kind="result", value=1)
    if do == "dup":
        respond(seq, kind="result", value=1)
        return respond(seq, kind="result", value=2)
    if do == "raise":
        return respond(seq, kind="raised", exception={"type": "KeyError", "message": "'x'", "traceback": "tb"})
    if do == "skip":
        return respond(seq, kind="skipped", reason="not today")
    if do == "errored":
        return respond(seq, kind="errored", message="adapter bug", traceback="Traceback: boom")
    if do == "stderr":
        sys.stderr.write(spec["text"])
        sys.stderr.flush()
        return respond(seq, kind="result", value=None)
    if do == "defer":
        deferred.append((seq, spec.get("value")))
        return None
    if do == "handshake":
        return respond(seq, kind="result", value=last_handshake)
    if do == "flush":
        for s, v in reversed(deferred):
            respond(s, kind="result", value=v)
        deferred.clear()
        respond(seq, kind="result", value=spec.get("value"))
        return write_held() if held else None
    if do == "env":
        return respond(seq, kind="result", value=sorted(os.environ))
    if do == "cwd":
        return respond(seq, kind="result", value=os.getcwd())
    if do == "flood":
        chunk = "flood " * 10000 + "\n"
        for _ in range(spec.get("chunks", 200)):
            sys.stderr.write(chunk)
        sys.stderr.flush()
        return respond(seq, kind="result", value=spec.get("value"))
    if do == "huge-skip":
        return respond(seq, kind="skipped", reason="r" * spec["bytes"])
    if do == "stale-seq":
        respond(seq - 1, kind="result", value="stale")
        return respond(seq, kind="result", value=spec.get("value"))
    if do == "grandchild-hang":
        # The child carries the extra arguments (the test's marker), so that it can be found.
        subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:])
        while True:
            time.sleep(3600)
    if do == "grandchild-exit":
        # A grandchild that inherits stdout and outlives the process: its exit must still be
        # seen at once (the grandchild carries the marker; setsid: it leaves the group too).
        argv = [sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:]
        if spec.get("setsid"):
            argv = ["setsid"] + argv
        subprocess.Popen(argv)
        os._exit(spec.get("code", 70))
    if do == "setsid-hang":
        # A child that leaves the process group and session (as a daemonising server's does),
        # then hangs: the kit must end the child too. The child carries the marker.
        subprocess.Popen(["setsid", sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:])
        while True:
            time.sleep(3600)
    if do == "grandchild":
        child = subprocess.Popen(["sleep", "60"])
        return respond(seq, kind="result", value=child.pid)
    return respond(seq, kind="errored", message="unknown behaviour " + json.dumps(do))


for line in sys.stdin.buffer:
    try:
        msg = json.loads(line)
    except RecursionError:
        # A generated input nested deeper than Python's decoder goes: answer it by its seq.
        msg = {"seq": int(re.match(rb'{"seq":(\d+)', line).group(1)), "type": "request", "input": None}
    if msg["type"] == "handshake":
        handshake(msg)
        greeted = True
    else:
        request(msg)
