/**
 * The adapter of real GNS3 tools run against the simulated lab: a few workers, each a Python
 * process serving the tools unchanged (`examples/python/netconform_tools.py`) beside its own
 * simulated lab, pointed at it through configuration only (a `gns3_server.conf` in a
 * temporary `$HOME`, which is also the process's working directory, and the lab's JWT given
 * to the tools' own JWT setter). A case runs on a free worker: its scenario is loaded into
 * that worker's lab, then the tool is called. A fault of the lab errors the case.
 *
 * @module
 */
import { subprocessAdapter } from "../../src/adapters/subprocess.ts";
import type { Adapter, ImplementationInfo, Reply, Request } from "../../src/core/types.ts";
import { type SimulatedLab, startSimulatedLab } from "./simulated_lab.ts";
import { labCallOf } from "./_lab_call.ts";

const EXAMPLES = new URL("../../examples/", import.meta.url).pathname;

/** Options of {@linkcode labToolsAdapter}. */
export interface LabToolsAdapterOptions {
  /** The Python interpreter (the environment the tools are installed in). */
  python: string;
  /** The tools, `module:attribute` each (a BaseTool instance or subclass, or a function). */
  tools: readonly string[];
  /** Folders put first on the tools' PYTHONPATH. */
  pythonPath?: readonly string[];
  /** A normalizer `module:function` applied to every result before it is judged. */
  normalizer?: string;
  /** The tools' JWT setter, `module:function`, called with the lab's token before each call. */
  jwtSetter?: string;
  /**
   * Workers (Python processes, each with its own lab) running cases at once.
   *
   * @default 4
   */
  workers?: number;
  /**
   * Seconds the tools may wait for one console command (`[Tools] command_timeout`).
   *
   * @default 2
   */
  commandTimeout?: number;
  /**
   * Milliseconds one tool call may take before it is errored.
   *
   * @default 30000
   */
  requestTimeoutMs?: number;
  /**
   * Called with each worker's lab and temporary `$HOME` once it has started (for tests that
   * check that nothing is left behind).
   *
   * @default undefined
   */
  onWorker?: (lab: SimulatedLab, home: string) => void;
}

interface Worker {
  lab: SimulatedLab;
  home: string;
  adapter: Adapter;
}

async function startWorker(options: LabToolsAdapterOptions, signal?: AbortSignal) {
  const lab = await startSimulatedLab();
  const home = await Deno.makeTempDir({ prefix: "netconform-lab-home-" });
  const worker: Worker = { lab, home, adapter: undefined as unknown as Adapter };
  try {
    await Deno.mkdir(`${home}/.config/GNS3/3.0`, { recursive: true });
    await Deno.writeTextFile(
      `${home}/.config/GNS3/3.0/gns3_server.conf`,
      `[Server]\nprotocol = http\nhost = 127.0.0.1\nport = ${lab.port}\n` +
        `skills_repo_url = /nonexistent\nskills_auto_update = false\n` +
        `[Tools]\ncommand_timeout = ${options.commandTimeout ?? 2}\n`,
    );
    const args = options.tools.flatMap((t) => ["--tool", t]);
    if (options.normalizer) args.push("--normalizer", options.normalizer);
    if (options.jwtSetter) args.push("--jwt-setter", options.jwtSetter);
    worker.adapter = subprocessAdapter({
      argv: [options.python, `${EXAMPLES}python/netconform_tools.py`, ...args],
      cwd: home,
      env: {
        HOME: home,
        PYTHONDONTWRITEBYTECODE: "1",
        PYTHONPATH: [...(options.pythonPath ?? []), `${EXAMPLES}python`].join(":"),
        NETCONFORM_LAB_TOKEN: lab.token,
      },
      requestTimeoutMs: options.requestTimeoutMs ?? 30_000,
      startTimeoutMs: 30_000,
    });
    const info = await worker.adapter.start({ signal });
    options.onWorker?.(lab, home);
    return { worker, info };
  } catch (error) {
    await stopWorker(worker);
    throw error;
  }
}

async function stopWorker(worker: Worker): Promise<void> {
  await worker.adapter?.close().catch(() => {});
  await worker.lab.close().catch(() => {});
  await Deno.remove(worker.home, { recursive: true }).catch(() => {});
}

/**
 * The adapter of GNS3 tools run against simulated labs.
 *
 * @example Serve the reference display tool (needs `.venv/gns3-tools/`)
 * ```ts ignore
 * import { labToolsAdapter } from "./lab_tools_adapter.ts";
 *
 * const adapter = labToolsAdapter({
 *   python: ".venv/gns3-tools/bin/python",
 *   tools: ["display_tool:ExecuteMultipleDeviceCommands"],
 *   pythonPath: ["examples/gns3_tools"],
 *   jwtSetter: "lab_config:set_current_jwt_token",
 * });
 * await adapter.start();
 * await adapter.close();
 * ```
 *
 * @param options The tools and how to run them.
 * @returns The adapter.
 */
export function labToolsAdapter(options: LabToolsAdapterOptions): Adapter {
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  const waiting: ((w: Worker) => void)[] = [];
  const max = Math.max(1, options.workers ?? 4);
  let starting = 0;
  let closed = false;
  const release = (w: Worker) => {
    if (closed) return;
    const next = waiting.shift();
    if (next) next(w);
    else idle.push(w);
  };
  // A further worker starts only when every one is busy (a short run starts one or two).
  const acquire = async (signal?: AbortSignal): Promise<Worker> => {
    if (idle.length > 0) return idle.pop()!;
    if (workers.length + starting < max) {
      starting++;
      try {
        const { worker } = await startWorker(options, signal);
        if (closed) {
          await stopWorker(worker);
        } else {
          workers.push(worker);
          return worker;
        }
      } catch {
        /* the workers there are will do */
      } finally {
        starting--;
      }
    }
    return new Promise<Worker>((r) => waiting.push(r));
  };
  return {
    kind: "gns3-lab",
    async start(callOptions): Promise<ImplementationInfo> {
      const { worker, info } = await startWorker(options, callOptions?.signal);
      workers.push(worker);
      idle.push(worker);
      const { runtime: _runtime, ...rest } = info;
      return { ...rest, transport: "simulated GNS3 lab (HTTP controller, telnet consoles)" };
    },
    async run(request: Request, callOptions): Promise<Reply> {
      const worker = await acquire(callOptions?.signal);
      try {
        const call = labCallOf(request);
        try {
          await worker.lab.load(call.projectId, call.scenario);
        } catch (error) {
          return { kind: "errored", message: `simulated GNS3 lab fault: ${error}` };
        }
        const before = worker.lab.fault();
        if (before) return { kind: "errored", message: `simulated GNS3 lab fault: ${before}` };
        const reply = await worker.adapter.run(call.request, callOptions);
        const after = worker.lab.fault();
        if (after) return { kind: "errored", message: `simulated GNS3 lab fault: ${after}` };
        return reply;
      } finally {
        release(worker);
      }
    },
    async close() {
      closed = true;
      const all = workers.splice(0);
      idle.splice(0);
      await Promise.all(all.map(stopWorker));
    },
    stderr: () => workers.map((w) => w.adapter.stderr?.() ?? "").join("").slice(-16_000),
  };
}
