"""A minimal MCP server over Streamable HTTP for the fault-injection suite (stdlib only).

It listens on a free loopback port and prints "listening <url>" (the mcp-http command
adapter's ready line). Stateless: JSON answers, no session, no event stream (GET and DELETE
are 405). Extra arguments are ignored (a marker the test uses to find its processes). Each
tools/call behaves as its tool name says: "echo" answers the arguments' "value" as JSON
text; "crash" exits with code 1 (other calls in flight die with it), "exit0" exits with
code 0, "hang" never answers, "slow" answers "echo" after 1 s (a call in flight when another
crashes the server).
"""
import json
import os
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer


def result(mid, value):
    return {"jsonrpc": "2.0", "id": mid, "result": value}


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, body=None):
        data = b"" if body is None else json.dumps(body).encode()
        self.send_response(status)
        if body is not None:
            self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        self.answer(405)

    do_DELETE = do_GET

    def do_POST(self):
        m = json.loads(self.rfile.read(int(self.headers.get("content-length", "0"))))
        if "id" not in m:
            return self.answer(202)
        mid = m["id"]
        if m["method"] == "initialize":
            return self.answer(200, result(mid, {
                "protocolVersion": m["params"]["protocolVersion"],
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "fault-http", "version": "0"}}))
        if m["method"] != "tools/call":
            return self.answer(200, {"jsonrpc": "2.0", "id": mid,
                                     "error": {"code": -32601, "message": "Method not found"}})
        name = m["params"]["name"]
        value = (m["params"].get("arguments") or {}).get("value")
        if name == "crash":
            time.sleep(0.2)  # the calls sent beside it are in flight when it dies
            os._exit(1)
        if name == "exit0":
            os._exit(0)
        if name == "hang":
            while True:
                time.sleep(3600)
        if name == "slow":
            time.sleep(1)
        text = {"content": [{"type": "text", "text": json.dumps(value)}]}
        self.answer(200, result(mid, text))


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(f"listening http://127.0.0.1:{server.server_address[1]}/mcp", flush=True)
server.serve_forever()
