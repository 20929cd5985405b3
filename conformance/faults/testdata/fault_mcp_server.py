"""A minimal MCP server over stdio for the fault-injection suite (stdlib only).

The start behaviour comes from argv[1]: "ok", "never" (reads but never answers initialize),
"exit" (exits before the handshake), "wrong-version" (answers an unknown protocol version),
"slow" (answers initialize after 1.5 s). Extra arguments are ignored (a marker the test uses
to find its processes). Each tools/call behaves as its tool name says: "echo" answers the
arguments' "value" as JSON text; "crash", "exit0", "hang", "late" (answers after 3 s),
"garbage", "partial", "huge", "invalid-utf8", "stderr-flood", "wrong-id", "drop" (closes
stdout and keeps running), "grandchild" (spawns a marked child that outlives the call, then answers).
"""
import json
import os
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "ok"
out = sys.stdout.buffer


def send(message):
    out.write((json.dumps(message) + "\n").encode())
    out.flush()


def text(mid, value):
    send({"jsonrpc": "2.0", "id": mid, "result": {
        "content": [{"type": "text", "text": json.dumps(value)}]}})


def hang():
    while True:
        time.sleep(3600)


if mode == "exit":
    sys.stderr.write("fault server: cannot start\n")
    os._exit(3)

for line in sys.stdin.buffer:
    m = json.loads(line)
    if "id" not in m or "method" not in m:
        continue
    mid = m["id"]
    if m["method"] == "initialize":
        if mode == "never":
            continue
        if mode == "slow":
            time.sleep(1.5)
        version = "1999-01-01" if mode == "wrong-version" else m["params"]["protocolVersion"]
        send({"jsonrpc": "2.0", "id": mid, "result": {
            "protocolVersion": version, "capabilities": {"tools": {}},
            "serverInfo": {"name": "fault", "version": "0"}}})
    elif m["method"] == "tools/call":
        name = m["params"]["name"]
        value = (m["params"].get("arguments") or {}).get("value")
        if name == "echo":
            text(mid, value)
        elif name == "crash":
            os._exit(1)
        elif name == "exit0":
            os._exit(0)
        elif name == "hang":
            hang()
        elif name == "late":
            time.sleep(3)
            text(mid, value)
        elif name == "garbage":
            out.write(b"garbage \x1b[2J here\n")
            out.flush()
        elif name == "partial":
            out.write(b'{"jsonrpc": "2.0", "id": ' + str(mid).encode() + b', "res')
            out.flush()
            hang()
        elif name == "huge":
            text(mid, "x" * (16 * 1024 * 1024))
        elif name == "invalid-utf8":
            out.write(b'{"jsonrpc": "2.0", "id": ' + str(mid).encode() + b', "result": "\xff\xfe"}\n')
            out.flush()
        elif name == "stderr-flood":
            chunk = "flood " * 10000 + "\n"
            for _ in range(60):
                sys.stderr.write(chunk)
            sys.stderr.flush()
            text(mid, value)
        elif name == "wrong-id":
            send({"jsonrpc": "2.0", "id": 987654, "result": {"content": []}})
        elif name == "drop":
            os.close(1)
            hang()
        elif name == "grandchild":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:])
            text(mid, value)
        else:
            send({"jsonrpc": "2.0", "id": mid, "error": {"code": -32602, "message": "unknown tool"}})
    else:
        send({"jsonrpc": "2.0", "id": mid, "result": {"tools": []}})
