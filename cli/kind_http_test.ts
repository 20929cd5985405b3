import assert from "node:assert/strict";
import { suites } from "./registry.ts";
import { startReferenceChatServer } from "../conformance/chat_limits/reference_server.ts";
import { ConfigError, parseConfig } from "./load_config.ts";
import { httpAdapterKind } from "./kind_http.ts";

const options = { kinds: [httpAdapterKind], suites };
const config = (adapter: string) =>
  `version: 1
targets:
  - name: gns3-server
    profiles:
      - id: gns3.chat-limits/v1
        options: {surface: http, project_id: p-1}
    adapter: ${adapter}
`;

Deno.test("kind http: a config target loads with its profile options", () => {
  const c = parseConfig(
    config(
      "{kind: http, base_url: 'http://127.0.0.1:3080', token_env: GNS3_TOKEN, timeout_ms: 5000}",
    ),
    "/x/conform.yaml",
    options,
  );
  assert.deepEqual(c.targets[0].adapter, {
    kind: "http",
    base_url: "http://127.0.0.1:3080",
    token_env: "GNS3_TOKEN",
    timeout_ms: 5000,
  });
  assert.deepEqual(c.targets[0].profiles, [{
    id: "gns3.chat-limits/v1",
    options: { surface: "http", project_id: "p-1" },
  }]);
});

Deno.test("kind http: bad sections are rejected with their place", () => {
  const bad: [string, RegExp][] = [
    ["{kind: http}", /base_url/],
    ["{kind: http, base_url: 'ftp://x'}", /base_url/],
    ["{kind: http, base_url: 'http://x', token: a, token_env: B}", /adapter/],
    ["{kind: http, base_url: 'http://x', path: 'no-slash'}", /path/],
    ["{kind: http, base_url: 'http://x', timeout_ms: 0}", /timeout_ms/],
  ];
  for (const [section, pattern] of bad) {
    assert.throws(() => parseConfig(config(section), "conform.yaml", options), (e: unknown) => {
      assert.ok(e instanceof ConfigError, String(e));
      assert.match(e.message, pattern, section);
      return true;
    });
  }
});

Deno.test("kind http: the created adapter talks to a server with the path, project id and token of the section", async () => {
  const server = startReferenceChatServer({ token: "tok" });
  const adapter = httpAdapterKind.create(
    {
      kind: "http",
      base_url: server.baseUrl,
      token: "tok",
      project_id: "p-9",
      path: "/v3/projects/{project_id}/chat/stream",
    },
    { configDir: "." },
  );
  try {
    await adapter.start();
    const ok = await adapter.run({ operation: "chat", input: { body: { message: "hi" } } });
    assert.equal(ok.kind, "result");
    assert.equal((ok as { value: { status: number } }).value.status, 200);
    const wrongPath = httpAdapterKind.create(
      { kind: "http", base_url: server.baseUrl, token: "tok", path: "/api/chat" },
      { configDir: "." },
    );
    const notFound = await wrongPath.run({ operation: "chat", input: { body: { message: "hi" } } });
    assert.equal((notFound as { value: { status: number } }).value.status, 404);
  } finally {
    await adapter.close();
    await server.close();
  }
});
