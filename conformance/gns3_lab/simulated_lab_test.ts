import assert from "node:assert/strict";
import { pythonPath } from "../../src/testing/python_path.ts";
import { labToolsAdapter } from "./lab_tools_adapter.ts";
import { type SimulatedLab, startSimulatedLab } from "./simulated_lab.ts";
import type { ScenarioDevice } from "./types.ts";

const PROJECT = "2d5d4c1e-8a6b-4f3a-9c1d-0e2f3a4b5c6d";
const dev = (over: Partial<ScenarioDevice>): ScenarioDevice => ({
  id: "11111111-0000-4000-8000-000000000001",
  name: "R1",
  behaviour: "ok",
  output: "Cisco IOS 15\nup",
  ...over,
});

/** A telnet client that reads until a pattern (or a short deadline). */
async function client(port: number) {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const reader = conn.readable.getReader();
  const writer = conn.writable.getWriter();
  let buffer = "";
  // A read that outlived its deadline is kept for the next call (its data is not lost).
  let pending: Promise<ReadableStreamReadResult<Uint8Array>> | undefined;
  const until = async (pattern: RegExp, ms = 1000): Promise<string> => {
    const deadline = Date.now() + ms;
    while (!pattern.test(buffer)) {
      const left = deadline - Date.now();
      if (left <= 0) break;
      pending ??= reader.read();
      const next = await Promise.race([
        pending,
        new Promise<null>((r) => setTimeout(() => r(null), left)),
      ]);
      if (next === null) break;
      pending = undefined;
      if (next.done) break;
      buffer += new TextDecoder().decode(next.value);
    }
    const got = buffer;
    buffer = "";
    return got;
  };
  return {
    until,
    send: (text: string) => writer.write(new TextEncoder().encode(text)),
    close: () => {
      try {
        conn.close();
      } catch { /* the lab closed it first */ }
    },
  };
}

async function withLab(devices: ScenarioDevice[], fn: (lab: SimulatedLab) => Promise<void>) {
  const lab = await startSimulatedLab();
  try {
    await lab.load(PROJECT, { devices });
    await fn(lab);
  } finally {
    await lab.close();
  }
}

Deno.test("simulated lab: a Cisco console speaks netmiko's dialogue (prompt on connect, echo, modes)", async () => {
  await withLab([dev({})], async (lab) => {
    const c = await client(lab.consolePorts()[0]);
    try {
      assert.equal(await c.until(/lab-r1#$/), "\r\nlab-r1#");
      await c.send("terminal width 511\r\n");
      assert.equal(await c.until(/#$/), "terminal width 511\r\nlab-r1#");
      await c.send("show version\r");
      assert.equal(await c.until(/#$/), "show version\r\nCisco IOS 15\r\nup\r\nlab-r1#");
      await c.send("\nconfigure terminal\n");
      assert.match(await c.until(/\(config\)#$/), /End with CNTL\/Z\.\r\nlab-r1\(config\)#$/);
      await c.send("hostname core\r\nend\r\n");
      assert.match(await c.until(/core#$/), /core\(config\)#end\r\ncore#$/);
    } finally {
      c.close();
    }
  });
});

Deno.test("simulated lab: a VPCS console answers one Enter with one prompt", async () => {
  await withLab([dev({ kind: "vpcs", output: "PC1 : 10.0.0.1/24" })], async (lab) => {
    const c = await client(lab.consolePorts()[0]);
    try {
      assert.equal(await c.until(/PC1> $/), "\r\nPC1> ");
      await c.send("show ip\n");
      const got = await c.until(/PC1> $/);
      assert.equal(got, "show ip\r\nPC1 : 10.0.0.1/24\r\nPC1> ");
      assert.equal(got.match(/PC1> /g)!.length, 1);
    } finally {
      c.close();
    }
  });
});

Deno.test("simulated lab: refused, eof and timeout consoles fail as scripted", async () => {
  const devices = [
    dev({ id: "a", name: "A", behaviour: "refused" }),
    dev({ id: "b", name: "B", behaviour: "eof" }),
    dev({ id: "c", name: "C", behaviour: "timeout" }),
  ];
  await withLab(devices, async (lab) => {
    const [refused, eof, timeout] = lab.consolePorts();
    await assert.rejects(Deno.connect({ hostname: "127.0.0.1", port: refused }));
    const e = await client(eof);
    assert.equal(await e.until(/never/, 300), "");
    e.close();
    const t = await client(timeout);
    try {
      assert.equal(await t.until(/#$/), "\r\nlab-r3#");
      await t.send("show version\r\n");
      assert.equal(await t.until(/#$/, 300), "show version");
    } finally {
      t.close();
    }
    // Configuration mode is set up; the first configuration command hangs.
    const c = await client(timeout);
    try {
      assert.equal(await c.until(/#$/), "\r\nlab-r3#");
      await c.send("configure terminal\r\n");
      assert.match(await c.until(/\(config\)#$/), /lab-r3\(config\)#$/);
      await c.send("interface Loopback0\r\n");
      assert.equal(await c.until(/#$/, 300), "interface Loopback0");
    } finally {
      c.close();
    }
  });
});

Deno.test("simulated lab: the controller serves the v3 endpoints the tools use", async () => {
  await withLab([dev({}), dev({ id: "n2", name: "R2" })], async (lab) => {
    const call = async (method: string, path: string, body?: unknown, token = lab.token) => {
      const r = await fetch(`${lab.url}/v3${path}`, {
        method,
        headers: { authorization: `Bearer ${token}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await r.text();
      return { status: r.status, json: text ? JSON.parse(text) : undefined };
    };
    assert.equal((await call("GET", `/projects/${PROJECT}`, undefined, "wrong")).status, 401);
    assert.deepEqual(await call("GET", "/projects/nope"), {
      status: 404,
      json: { message: "Project ID nope doesn't exist" },
    });
    const p = `/projects/${PROJECT}`;
    assert.equal((await call("GET", p)).json.status, "opened");
    assert.deepEqual((await call("GET", `${p}/stats`)).json, {
      nodes: 2,
      links: 0,
      drawings: 0,
      snapshots: 0,
    });
    const [n1] = (await call("GET", `${p}/nodes`)).json;
    assert.deepEqual(n1.tags, ["device_type:cisco_ios_telnet"]);
    assert.equal(n1.console_type, "telnet");
    assert.equal((await call("POST", `${p}/nodes/${n1.node_id}/stop`)).status, 204);
    assert.equal((await call("GET", `${p}/nodes/${n1.node_id}`)).json.status, "stopped");
    assert.equal((await call("POST", `${p}/nodes/${n1.node_id}/suspend`)).json.status, "suspended");
    assert.equal(
      (await call("PUT", `${p}/nodes/${n1.node_id}`, { name: "edge" })).json.name,
      "edge",
    );
    const [t] = (await call("GET", "/templates")).json;
    const made = await call("POST", `${p}/templates/${t.template_id}`, { x: 0, y: 0 });
    assert.equal(made.status, 201);
    assert.equal(typeof made.json.console, "number");
    const ends = [
      { node_id: n1.node_id, adapter_number: 0, port_number: 0 },
      { node_id: "n2", adapter_number: 0, port_number: 0 },
    ];
    const link = await call("POST", `${p}/links`, { project_id: PROJECT, nodes: ends });
    assert.equal(link.status, 201);
    assert.equal((await call("POST", `${p}/links`, { nodes: ends })).status, 409);
    assert.equal((await call("GET", `${p}/nodes/n2/links`)).json.length, 1);
    assert.ok(lab.seen.some((s) => s.path === `/v3${p}/stats` && s.authorization !== null));
  });
});

Deno.test("simulated lab: a port in use is a lab fault that says so", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    await assert.rejects(
      startSimulatedLab({ port: (taken.addr as Deno.NetAddr).port }),
      /the simulated GNS3 lab could not start its controller/,
    );
  } finally {
    taken.close();
  }
});

Deno.test("lab tools adapter: a fault of the lab errors the case, never a finding", async () => {
  let lab: SimulatedLab | undefined;
  const adapter = labToolsAdapter({
    python: pythonPath(),
    tools: ["gns3_tools_example:execute_multiple_device_commands"],
    pythonPath: [new URL("../../examples/python/", import.meta.url).pathname],
    workers: 1,
    onWorker: (l) => lab = l,
  });
  try {
    const info = await adapter.start();
    assert.equal(info.language, "python");
    const request = {
      operation: "call_tool",
      input: {
        name: "execute_multiple_device_commands",
        arguments: { project_id: "p1", device_names: ["R1"], commands: ["show version"] },
      },
    };
    const ok = await adapter.run(request);
    assert.equal(ok.kind, "result");
    (lab as { fault: () => string | undefined }).fault = () => "a console listener died";
    const reply = await adapter.run(request);
    assert.deepEqual(reply, {
      kind: "errored",
      message: "simulated GNS3 lab fault: a console listener died",
    });
  } finally {
    await adapter.close();
  }
});

Deno.test("simulated lab: error and slow consoles, and a missing project", async () => {
  const devices = [
    dev({ id: "e", name: "E", behaviour: "error" }),
    dev({ id: "s", name: "S", behaviour: "slow", delay_ms: 150 }),
  ];
  await withLab(devices, async (lab) => {
    const [error, slow] = lab.consolePorts();
    const e = await client(error);
    const s = await client(slow);
    try {
      await e.until(/#$/);
      await e.send("show version\r\n");
      assert.equal(
        await e.until(/#$/),
        "show version\r\n% Invalid input detected at '^' marker.\r\nlab-r1#",
      );
      await s.until(/#$/);
      await s.send("show version\r\n");
      assert.equal(await s.until(/#$/, 50), "", "answered before its delay");
      assert.match(await s.until(/#$/, 1000), /Cisco IOS 15\r\nup\r\nlab-r2#$/);
    } finally {
      e.close();
      s.close();
    }
    await lab.load(PROJECT, { devices, project: "missing" });
    assert.deepEqual(lab.consolePorts(), []);
    const r = await fetch(`${lab.url}/v3/projects/${PROJECT}/nodes`, {
      headers: { authorization: `Bearer ${lab.token}` },
    });
    assert.equal(r.status, 404);
    assert.match((await r.json()).message, /doesn't exist/);
  });
});
