"""A chat agent for the fault-injection suite's http-agent rows (stdlib only).

It serves POST on any path at 127.0.0.1 (a free port) and prints "listening <url>" when ready.
The start behaviour comes from argv[1]: "ok", "never" (never says it is ready), "exit"
(exits before), "slow" (ready after 1.5 s). Extra arguments are ignored (the test's marker).
Each request's JSON body {"fault", "value"} answers {"value"} as JSON, or injects the fault:
"crash" (the process exits mid-request), "500", "hang", "garbage", "grandchild" (spawns a
marked child that outlives the request, then answers).
"""
import http.server
import json
import os
import subprocess
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "ok"


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self, status, body, kind="application/json"):
        data = body.encode()
        self.send_response(status)
        self.send_header("content-type", kind)
        self.send_header("content-length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        length = int(self.headers.get("content-length", "0"))
        try:
            body = json.loads(self.rfile.read(length))
        except ValueError:
            body = {}
        fault = body.get("fault")
        value = body.get("value")
        if fault == "crash":
            os._exit(1)
        if fault == "500":
            return self.answer(500, json.dumps({"error": "internal"}))
        if fault == "hang":
            while True:
                time.sleep(3600)
        if fault == "garbage":
            return self.answer(200, "garbage \x1b[2J here", "text/plain")
        if fault == "grandchild":
            subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"] + sys.argv[2:])
        return self.answer(200, json.dumps({"value": value}))


if mode == "exit":
    sys.stderr.write("fault agent: cannot start\n")
    os._exit(3)
server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
if mode == "slow":
    time.sleep(1.5)
if mode == "never":
    while True:
        time.sleep(3600)
print("listening http://127.0.0.1:%d" % server.server_address[1], flush=True)
server.serve_forever()
