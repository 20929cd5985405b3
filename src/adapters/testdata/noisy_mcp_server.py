"""A minimal MCP server over stdio for the kit's tests, with faults chosen by argv[1]:

- "noisy": prints a banner before the handshake and a debug line before each tools/call answer;
- "noisy-error": as "noisy", but every tools/list and tools/call is answered with a JSON-RPC
  error (after its debug line);
- "clean": only MCP messages.
"""
import json
import sys

mode = sys.argv[1] if len(sys.argv) > 1 else "clean"
out = sys.stdout


def send(message):
    out.write(json.dumps(message) + "\n")
    out.flush()


noisy = mode in ("noisy", "noisy-error")

if noisy:
    out.write("server starting\n")
    out.flush()

for line in sys.stdin:
    m = json.loads(line)
    if "id" not in m or "method" not in m:
        continue
    if m["method"] == "initialize":
        send({"jsonrpc": "2.0", "id": m["id"], "result": {
            "protocolVersion": m["params"]["protocolVersion"],
            "capabilities": {"tools": {}},
            "serverInfo": {"name": "py", "version": "0"}}})
    elif mode == "noisy-error":
        out.write("debug: failing " + m["method"] + "\n")
        send({"jsonrpc": "2.0", "id": m["id"], "error": {"code": -32603, "message": "boom"}})
    elif m["method"] == "tools/call":
        name = m["params"]["name"]
        if noisy:
            out.write("debug: calling \x1b[31m" + name + "\n")
        send({"jsonrpc": "2.0", "id": m["id"], "result": {
            "content": [{"type": "text", "text": name}]}})
    else:
        send({"jsonrpc": "2.0", "id": m["id"], "result": {"tools": []}})
