// Shared pieces of the subprocess benches: the case, the Python adapter's argv, and the two
// baselines (a raw pipe echo and a JSON echo) driven the same way as the adapter.
import { type SubprocessAdapter, subprocessAdapter } from "../src/adapters/subprocess.ts";
import { pythonPath } from "../src/testing/python_path.ts";

export const PYTHON = pythonPath();
const ROOT = new URL("..", import.meta.url).pathname;
export const ADAPTER_ARGV = [
  PYTHON,
  `${ROOT}examples/python/netconform_adapter.py`,
  "--operation",
  "echo",
  `${ROOT}examples/python/echo_impl.py:echo`,
];
export const ENV = { PYTHONDONTWRITEBYTECODE: "1" };

/** A typical normalizer case: a legacy device-command list (about 300 bytes a request). */
export const INPUT = {
  raw: [
    { device_name: "R1", status: "success", output: "Interface  IP-Address  OK? Method Status" },
    { device_name: "R2", status: "failed", error: "Connection timed out" },
  ],
  tool_name: "execute_multiple_device_commands",
};

/**
 * The raw echo reads as netconform_adapter.py does (chunked os.read) and writes each line back
 * with its own os.write, as an implementation without batching would: the floor of any
 * JSON-lines protocol that answers line by line, with no decoding at all.
 */
export const RAW_ECHO = `
import os
partial = []
while True:
    chunk = os.read(0, 65536)
    if not chunk:
        break
    start = 0
    while True:
        nl = chunk.find(b"\\n", start)
        if nl < 0:
            if start < len(chunk):
                partial.append(chunk[start:])
            break
        line = b"".join(partial + [chunk[start:nl + 1]]) if partial else chunk[start:nl + 1]
        partial = []
        start = nl + 1
        os.write(1, line)
`;

/**
 * The same, but each line is decoded and its input encoded back into a response line with the
 * stdlib codec the Python adapter uses (raw_decode on str, the C encoder built once, ASCII
 * output): Python's JSON cost alone, without validation, checks, function call or batching.
 */
export const JSON_ECHO = RAW_ECHO.replace(
  "import os",
  `import os, json
from json.encoder import c_make_encoder, encode_basestring_ascii
ENC = c_make_encoder(None, None, encode_basestring_ascii, None, ":", ",", False, False, False)
DEC = json.JSONDecoder().raw_decode`,
).replace(
  "os.write(1, line)",
  `m = DEC(line.decode())[0]
        os.write(1, ('{"seq":%d,"type":"response","kind":"result","value":%s}\\n'
                     % (m["seq"], "".join(ENC(m["input"], 0)))).encode("ascii"))`,
);

/** A Python echo script driven in barrier batches: write `batch` lines at once, read them back. */
export class PipeEcho {
  #child: Deno.ChildProcess;
  #writer: WritableStreamDefaultWriter<Uint8Array>;
  #reader: ReadableStreamDefaultReader<Uint8Array>;
  #lines: Uint8Array;
  #batch: number;
  /** One request line, for the steady pipeline. */
  #line: Uint8Array;

  constructor(script: string, batch: number) {
    this.#child = new Deno.Command(PYTHON, {
      args: ["-c", script],
      stdin: "piped",
      stdout: "piped",
      env: ENV,
    }).spawn();
    this.#writer = this.#child.stdin.getWriter();
    this.#reader = this.#child.stdout.getReader();
    this.#batch = batch;
    const line = (seq: number) =>
      JSON.stringify({ seq, type: "request", operation: "echo", input: INPUT }) + "\n";
    const encoder = new TextEncoder();
    this.#lines = encoder.encode(Array.from({ length: batch }, (_, seq) => line(seq)).join(""));
    this.#line = encoder.encode(line(0));
  }

  /** Write the batch's request lines and read as many lines back. */
  async roundTrip(): Promise<void> {
    await this.#writer.write(this.#lines);
    let lines = 0;
    while (lines < this.#batch) {
      const { value, done } = await this.#reader.read();
      if (done) throw new Error("The echo ended");
      for (const byte of value) if (byte === 10) lines++;
    }
  }

  /**
   * Keep `window` lines in flight until `total` came back: each read answered by as many new
   * lines as it brought back (the raw echo's side of a steady pipeline).
   */
  async steady(total: number, window: number): Promise<void> {
    const one = this.#line;
    const lines = (n: number) => {
      const out = new Uint8Array(one.length * n);
      for (let i = 0; i < n; i++) out.set(one, i * one.length);
      return out;
    };
    if (this.#steadyLines?.length !== window + 1) {
      this.#steadyLines = Array.from({ length: window + 1 }, (_, n) => lines(n));
    }
    const steadyLines = this.#steadyLines;
    let sent = Math.min(window, total);
    let got = 0;
    void this.#writer.write(steadyLines[sent]);
    while (got < total) {
      const { value, done } = await this.#reader.read();
      if (done) throw new Error("The echo ended");
      let n = 0;
      for (const byte of value) if (byte === 10) n++;
      got += n;
      const more = Math.min(n, total - sent, window);
      if (more > 0) {
        sent += more;
        void this.#writer.write(steadyLines[more]);
      }
    }
  }
  #steadyLines: Uint8Array[] | undefined;

  /** End the process. */
  async close(): Promise<void> {
    await this.#writer.close();
    await this.#reader.cancel();
    await this.#child.status;
  }
}

/** The Python adapter serving `echo`, started. */
export async function echoAdapter(batching = true): Promise<SubprocessAdapter> {
  const adapter = subprocessAdapter({ argv: ADAPTER_ARGV, env: ENV, batching });
  await adapter.start();
  return adapter;
}

/** `total` echo cases through the adapter, `window` kept in flight (a new one as one returns). */
export async function adapterSteady(
  adapter: SubprocessAdapter,
  total: number,
  window: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next++ < total) {
      const reply = await adapter.run({ operation: "echo", input: INPUT });
      if (reply.kind !== "result") throw new Error("A case did not return");
    }
  };
  await Promise.all(Array.from({ length: window }, worker));
}

/** `batch` echo cases through the adapter, all issued at once, every reply awaited. */
export async function adapterBatch(adapter: SubprocessAdapter, batch: number): Promise<void> {
  const replies = await Promise.all(
    Array.from({ length: batch }, () => adapter.run({ operation: "echo", input: INPUT })),
  );
  if (replies.some((r) => r.kind !== "result")) throw new Error("A case did not return");
}
