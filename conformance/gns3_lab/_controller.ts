// The simulated GNS3 v3 controller's REST API (private): the endpoints and fields the GNS3
// Copilot tools use (../shared/gns3-tools-facts.md, sections 0-1 and 4), over the lab's
// projects. A request without the lab's bearer token is answered 401.
import type { LabNode, LabProject } from "./_lab_project.ts";
import { LAB_TEMPLATES as TEMPLATES } from "./_templates.ts";

/** One request the controller saw (bounded record, for assertions and evidence). */
export interface SeenRequest {
  method: string;
  path: string;
  authorization: string | null;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const error = (status: number, message: string) => json({ message }, status);
const EMPTY_PCAP = new Uint8Array([
  0xd4,
  0xc3,
  0xb2,
  0xa1,
  2,
  0,
  4,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0,
  0xff,
  0xff,
  0,
  0,
  1,
  0,
  0,
  0,
]);

/** The controller: routes a request to the lab's projects. */
export class LabController {
  /** Requests seen, oldest first (at most 500). */
  readonly seen: SeenRequest[] = [];

  /**
   * @param projects The lab's projects, by id.
   * @param token The bearer token the controller accepts.
   * @param addNode Makes a node from a template (its console started).
   */
  constructor(
    readonly projects: Map<string, LabProject>,
    readonly token: string,
    readonly addNode: (project: LabProject, templateType: string) => LabNode,
  ) {}

  /** Answer one request. */
  async handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const authorization = request.headers.get("authorization");
    if (this.seen.length < 500) {
      this.seen.push({ method: request.method, path: url.pathname, authorization });
    }
    const body = request.method === "GET" ? undefined : await request.text().catch(() => "");
    const parts = url.pathname.split("/").filter((p) => p !== "").map(decodeURIComponent);
    if (parts[0] !== "v3") return error(404, `No route ${url.pathname}`);
    if (parts[1] === "access" && request.method === "POST") {
      return json({ access_token: this.token, token_type: "bearer" });
    }
    if (authorization !== `Bearer ${this.token}`) {
      return error(401, "Could not validate credentials");
    }
    if (parts[1] === "templates" && parts.length === 2) return json(TEMPLATES);
    if (parts[1] !== "projects" || parts.length < 3) return error(404, `No route ${url.pathname}`);
    const project = this.projects.get(parts[2]);
    if (!project) return error(404, `Project ID ${parts[2]} doesn't exist`);
    return this.#project(request.method, project, parts.slice(3), parse(body));
  }

  #project(method: string, project: LabProject, rest: string[], body: unknown): Response {
    const [what, id, action] = rest;
    if (what === undefined) return json(project.summary());
    if (what === "stats") return json(project.stats());
    if (what === "templates" && method === "POST" && id) {
      const template = TEMPLATES.find((t) => t.template_id === id);
      if (!template) return error(404, `Template ID ${id} doesn't exist`);
      return json(this.addNode(project, template.template_type).json(), 201);
    }
    if (what === "links") return this.#links(method, project, id, action, body);
    if (what !== "nodes") return error(404, `No route ${what}`);
    if (id === undefined) return json([...project.nodes.values()].map((n) => n.json()));
    const node = project.nodes.get(id);
    if (!node) return error(404, `Node ID ${id} doesn't exist`);
    return this.#node(method, project, node, action, body);
  }

  #node(
    method: string,
    project: LabProject,
    node: LabNode,
    action: string | undefined,
    body: unknown,
  ) {
    if (action === undefined && method === "GET") return json(node.json());
    if (action === undefined && method === "PUT") {
      const b = (body ?? {}) as Record<string, unknown>;
      if (typeof b.name === "string" && b.name !== "") node.name = b.name;
      if (Number.isInteger(b.x)) node.x = b.x as number;
      if (Number.isInteger(b.y)) node.y = b.y as number;
      return json(node.json());
    }
    if (action === "links") return json(project.linksOf(node.node_id));
    if (method !== "POST") return error(405, "Method not allowed");
    if (action === "start" || action === "reload") node.status = "started";
    else if (action === "stop") node.status = "stopped";
    else if (action === "suspend") {
      // Documented choice (docs/gns3-tools.md): 200 with the node, status "suspended".
      node.status = "suspended";
      return json(node.json());
    } else return error(404, `No route ${action}`);
    return new Response(null, { status: 204 });
  }

  #links(method: string, project: LabProject, id?: string, action?: string, body?: unknown) {
    if (id === undefined && method === "POST") {
      const made = project.addLink(body);
      return typeof made === "string" ? error(409, made) : json(made, 201);
    }
    if (id === undefined) return json(project.links);
    const link = project.links.find((l) => l.link_id === id);
    if (!link) return error(404, `Link ID ${id} doesn't exist`);
    if (action === "capture") return new Response(EMPTY_PCAP, { status: 200 });
    return json(link);
  }
}

function parse(body: string | undefined): unknown {
  if (!body) return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}
