/**
 * Start the reference Netdryrun MCP server.
 *
 * ```sh
 * deno run --allow-read --allow-write --allow-env main.ts --stdio
 * deno run --allow-read --allow-write --allow-env --allow-net=127.0.0.1 main.ts --http 8787
 * ```
 *
 * `--host ADDR` sets the HTTP address (default 127.0.0.1); `--http 0` picks a free port. In
 * HTTP mode the first line on stdout is `listening <url>`. Environment: NETDRYRUN_MCP_ROOT
 * (refuse configs and topologies outside it), NETCONFORM_MUTANT (a deliberate fault, for the
 * kit's tests only).
 *
 * @module
 */
import { StdioServerTransport } from "../../../src/adapters/_mcp_sdk.ts";
import { serveNetdryrunHttp } from "./http.ts";
import { createNetdryrunServer } from "./server.ts";
import { MUTANTS } from "./mutants.ts";

function env(name: string): string | undefined {
  const value = Deno.env.get(name);
  return value === undefined || value === "" ? undefined : value;
}

function writeAll(bytes: Uint8Array): void {
  for (let at = 0; at < bytes.length;) at += Deno.stdout.writeSync(bytes.subarray(at));
}

/** The `pretty-json` mutant: each message pretty-printed, over several lines. */
function prettyLine(message: unknown): Uint8Array {
  return new TextEncoder().encode(JSON.stringify(message, null, 2) + "\n");
}

/** The `latin1-stdout` mutant: messages in Latin-1, the server's title with an "é" in it. */
function latin1Line(message: unknown): Uint8Array {
  const m = message as { result?: { serverInfo?: Record<string, unknown> } };
  if (m.result?.serverInfo) m.result.serverInfo.title = "Netdryrun référence";
  const text = JSON.stringify(message) + "\n";
  return Uint8Array.from(text, (c) => (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 63));
}

if (import.meta.main) {
  const args = Deno.args;
  const root = env("NETDRYRUN_MCP_ROOT");
  const mutant = env("NETCONFORM_MUTANT");
  if (mutant !== undefined && !Object.hasOwn(MUTANTS, mutant)) {
    console.error(`Unknown mutant "${mutant}"; known: ${Object.keys(MUTANTS).join(", ")}`);
    Deno.exit(2);
  }
  const options = { root, mutant };
  const httpAt = args.indexOf("--http");
  if (httpAt >= 0) {
    const port = Number(args[httpAt + 1]);
    if (!Number.isInteger(port) || port < 0 || port > 65535) {
      console.error(`Port "${args[httpAt + 1]}" is not a port number`);
      Deno.exit(2);
    }
    const hostAt = args.indexOf("--host");
    const hostname = hostAt >= 0 ? args[hostAt + 1] : "127.0.0.1";
    const handle = serveNetdryrunHttp({ ...options, hostname, port });
    console.log(`listening ${handle.url}`);
    const stop = async () => {
      await handle.shutdown();
      Deno.exit(0);
    };
    Deno.addSignalListener("SIGINT", stop);
    Deno.addSignalListener("SIGTERM", stop);
  } else if (args.includes("--stdio")) {
    const server = createNetdryrunServer({
      ...options,
      onCrash: () => {
        // Half a JSON-RPC message, then the exit: the client sees a torn line and a closed pipe.
        Deno.stdout.writeSync(new TextEncoder().encode('{"jsonrpc":"2.0","id":'));
      },
    });
    if (mutant === "stdout-noise") console.log("netdryrun-mcp reference server ready");
    const transport = new StdioServerTransport();
    if (mutant === "pretty-json" || mutant === "latin1-stdout") {
      transport.send = (message) => {
        writeAll(mutant === "pretty-json" ? prettyLine(message) : latin1Line(message));
        return Promise.resolve();
      };
    }
    await server.connect(transport);
  } else {
    console.error("Usage: main.ts --stdio | --http PORT [--host ADDR]");
    Deno.exit(2);
  }
}
