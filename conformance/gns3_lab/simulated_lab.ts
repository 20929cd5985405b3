/**
 * The simulated GNS3 lab: a GNS3 v3 controller on 127.0.0.1 and one telnet console listener
 * per node, each scripted by a case's scenario (see `types.ts`, `scenario.schema.json` and
 * `docs/gns3-tools.md`). Real tools talk to it unchanged, over HTTP and telnet.
 *
 * @module
 */
import { LabController, type SeenRequest } from "./_controller.ts";
import { LabProject } from "./_lab_project.ts";
import type { LabScenario } from "./types.ts";

/** A running simulated lab. */
export interface SimulatedLab {
  /** The controller's URL, `http://127.0.0.1:<port>` (the REST base is `<url>/v3`). */
  readonly url: string;
  /** The controller's port. */
  readonly port: number;
  /** The bearer token the controller accepts. */
  readonly token: string;
  /** The controller's requests so far (bounded). */
  readonly seen: readonly SeenRequest[];
  /**
   * Serve a case's world: its project (unless the scenario says `missing`) with one node and
   * console per device, replacing whatever the lab served before.
   */
  load(projectId: string, scenario: LabScenario): Promise<void>;
  /** What went wrong in the lab itself (a harness fault), if anything. */
  fault(): string | undefined;
  /** The console ports currently served (refused ones included). */
  consolePorts(): number[];
  /** Stop the controller and every console; safe to call twice. */
  close(): Promise<void>;
}

/** Options of {@linkcode startSimulatedLab}. */
export interface SimulatedLabOptions {
  /**
   * The controller's port (0: any free one).
   *
   * @default 0
   */
  port?: number;
  /**
   * The bearer token the controller accepts.
   *
   * @default "netconform-lab-token"
   */
  token?: string;
}

/**
 * Start a simulated GNS3 lab on 127.0.0.1.
 *
 * @example A tool reads the project's nodes
 * ```ts
 * import assert from "node:assert/strict";
 * import { startSimulatedLab } from "./simulated_lab.ts";
 *
 * const lab = await startSimulatedLab();
 * try {
 *   const project = "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d";
 *   await lab.load(project, {
 *     devices: [{ id: "n1", name: "R1", behaviour: "ok", output: "IOS 15" }],
 *   });
 *   const response = await fetch(`${lab.url}/v3/projects/${project}/nodes`, {
 *     headers: { authorization: `Bearer ${lab.token}` },
 *   });
 *   const nodes = await response.json();
 *   assert.deepEqual(nodes.map((n: { name: string }) => n.name), ["R1"]);
 *   assert.equal(typeof nodes[0].console, "number");
 * } finally {
 *   await lab.close();
 * }
 * ```
 *
 * @param options Port and token.
 * @returns The running lab.
 * @throws {Error} When the controller cannot listen (a port in use).
 */
export async function startSimulatedLab(options: SimulatedLabOptions = {}): Promise<SimulatedLab> {
  const token = options.token ?? "netconform-lab-token";
  const projects = new Map<string, LabProject>();
  let fault: string | undefined;
  const controller = new LabController(projects, token, (project, type) => {
    const id = project.nextId();
    return project.add({
      id,
      name: `${type}-${project.nodes.size + 1}`,
      behaviour: "ok",
      output: "",
      kind: type === "vpcs" ? "vpcs" : "cisco_ios",
    });
  });
  let server: Deno.HttpServer<Deno.NetAddr>;
  let listening!: () => void;
  const listened = new Promise<void>((resolve) => listening = resolve);
  try {
    server = Deno.serve({
      hostname: "127.0.0.1",
      port: options.port ?? 0,
      onListen: () => listening(),
      onError: (error) => {
        fault = `the simulated controller failed: ${error}`;
        return new Response(JSON.stringify({ message: "lab fault" }), { status: 500 });
      },
    }, (request) => controller.handle(request));
  } catch (error) {
    throw new Error(`the simulated GNS3 lab could not start its controller: ${error}`);
  }
  await listened;
  const port = server.addr.port;
  const clear = async () => {
    const old = [...projects.values()];
    projects.clear();
    await Promise.all(old.map((p) => p.close()));
  };
  let closed = false;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    token,
    seen: controller.seen,
    async load(projectId, scenario) {
      await clear();
      if (scenario.project === "missing") return;
      const project = new LabProject(projectId, "netconform-lab");
      projects.set(projectId, project);
      try {
        for (const device of scenario.devices) project.add(device);
      } catch (error) {
        fault = `the simulated lab could not open a console: ${error}`;
      }
    },
    fault() {
      const consoles = [...projects.values()].flatMap((p) => [...p.nodes.values()]);
      return fault ?? consoles.map((n) => n.console.fault).find((f) => f !== undefined);
    },
    consolePorts: () =>
      [...projects.values()].flatMap((p) => [...p.nodes.values()].map((n) => n.console.port)),
    async close() {
      if (closed) return;
      closed = true;
      await clear();
      await server.shutdown();
    },
  };
}
