// DNS rebinding protection of the reference server's HTTP mode (private helper of http.ts).
// The MCP transport page: servers MUST validate the Origin header on all incoming connections,
// and answer 403 Forbidden to an Origin that is present and invalid. An Origin is valid when it
// names the host the request was sent to (its Host header); a server bound to a loopback
// address also refuses a Host that is not a loopback name, which is what a page on a rebound
// domain would send.

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]", "::1"]);

function hostname(host: string): string {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
}

/**
 * Why a request must be refused (403), or undefined when its Host and Origin are acceptable.
 *
 * @param request The HTTP request.
 * @param loopbackOnly The server listens on a loopback address.
 * @returns The reason, for the 403 body.
 */
export function rebindingRefusal(request: Request, loopbackOnly: boolean): string | undefined {
  const host = request.headers.get("host") ?? "";
  if (loopbackOnly && !LOOPBACK.has(hostname(host).toLowerCase())) {
    return "Forbidden: the Host header is not a loopback address";
  }
  const origin = request.headers.get("origin");
  if (origin === null) return undefined;
  let seen: URL;
  try {
    seen = new URL(origin);
  } catch {
    return "Forbidden: the Origin header is not a URL";
  }
  const same = (seen.protocol === "http:" || seen.protocol === "https:") &&
    seen.host.toLowerCase() === host.toLowerCase();
  return same ? undefined : "Forbidden: the Origin header is not this server's";
}
