/** A project's own tool, in the GNS3 Copilot tool response format. */
export function listNodes(nodes: { id: string; name: string; up: boolean }[]) {
  const data = nodes.map((n) =>
    n.up
      ? { id: n.id, name: n.name, status: "success", result: "running" }
      : { id: n.id, name: n.name, status: "failed", error: "node is stopped" }
  );
  const failed = data.filter((d) => d.status === "failed").length;
  return {
    success: failed === 0,
    total: data.length,
    successful: data.length - failed,
    failed,
    data,
    ...(failed > 0 ? { error: `${failed} node(s) are stopped` } : {}),
  };
}
