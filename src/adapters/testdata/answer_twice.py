"""Runs the command in argv[1:] as a netconform.subprocess/v1 implementation and writes each of
its response lines twice (its handshake once): a target that answers every request twice.

Stdlib only; a test fixture, not an adapter.
"""

import subprocess
import sys
import threading

child = subprocess.Popen(sys.argv[1:], stdin=subprocess.PIPE, stdout=subprocess.PIPE)


def pump_in():
    for line in sys.stdin.buffer:
        child.stdin.write(line)
        child.stdin.flush()
    child.stdin.close()


threading.Thread(target=pump_in, daemon=True).start()
out = sys.stdout.buffer
for line in child.stdout:
    twice = b'"type": "response"' in line or b'"type":"response"' in line
    out.write(line + line if twice else line)
    out.flush()
sys.exit(child.wait())
