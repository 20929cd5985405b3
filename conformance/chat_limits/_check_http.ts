import { createSchemaChecker } from "../../src/core/schema_checker.ts";
import { jsonPointer } from "../../src/core/json_pointer.ts";
import type { Finding } from "../../src/core/types.ts";
import chatRequestSchema from "./chat-request.schema.json" with { type: "json" };
import { finding, quote } from "./_finding.ts";
import type { HttpObservation } from "./types.ts";

const LIMIT_FIELDS = ["max_iterations", "max_tool_calls"];
/** Largest event data the checker parses, in characters. */
const MAX_DATA = 1 << 20;

// The request is the kit's own input here: its schema errors classify the case, they are not
// findings. Union types ("integer" or null) are how Pydantic's Optional fields arrive.
const validateRequest = createSchemaChecker(chatRequestSchema, {
  defaultRule: "CL-OBSERVATION",
  ajv: { allowUnionTypes: true },
});

/** What the kit expects of a request body: accepted, rejected, or lax-coercible. */
export interface RequestClass {
  /** `valid`: accept; `invalid`: reject; `numeric-string`: SHOULD reject (Pydantic coerces). */
  kind: "valid" | "invalid" | "numeric-string";
  /** The offending fields, for invalid and numeric-string requests. */
  fields: string[];
}

/** Classify a request body against chat-request.schema.json. */
export function classifyRequest(body: unknown): RequestClass {
  const errors = validateRequest(body);
  if (errors.length === 0) return { kind: "valid", fields: [] };
  const fields = new Set<string>();
  for (const e of errors) {
    if (e.keyword === "required") fields.add(String(e.params?.missingProperty));
    else if (e.instancePath !== "") fields.add(e.instancePath.slice(1).split("/")[0]);
  }
  const record = body as Record<string, unknown>;
  const lax = [...fields].every((f) => {
    const v = record?.[f];
    if (!LIMIT_FIELDS.includes(f) || typeof v !== "string" || !/^[0-9]{1,3}$/.test(v)) return false;
    const n = Number(v);
    return n >= 1 && n <= (f === "max_iterations" ? 100 : 50);
  });
  return {
    kind: fields.size > 0 && lax ? "numeric-string" : "invalid",
    fields: [...fields].sort(),
  };
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

/**
 * Check one HTTP exchange (already valid against the observation schema).
 *
 * @param obs The observation.
 * @returns The findings of the request rules.
 */
export function checkHttpObservation(obs: HttpObservation): Finding[] {
  const out: Finding[] = [];
  const { status } = obs.response;
  const rq = classifyRequest(obs.request);
  const ok = status >= 200 && status < 300;
  const statusPath = jsonPointer("response", "status");
  if (rq.kind === "valid" && !ok) {
    out.push(finding("CL-REQ-ACCEPT", statusPath, `a valid request got status ${status}`, {
      expected: "2xx",
      actual: status,
    }));
    return out;
  }
  if (rq.kind === "invalid" && !(status >= 400 && status < 500)) {
    out.push(finding(
      "CL-REQ-REJECT",
      statusPath,
      ok
        ? `an invalid ${
          rq.fields.join(", ")
        } was accepted (status ${status}): the limit was ignored or coerced`
        : `an invalid ${rq.fields.join(", ")} got status ${status}, not a 4xx rejection`,
      { expected: "4xx", actual: status, params: { fields: rq.fields } },
    ));
    return out;
  }
  if (rq.kind === "numeric-string" && ok) {
    out.push(finding(
      "CL-REQ-STRICT-TYPES",
      statusPath,
      `${rq.fields.join(", ")} sent as a numeric string was accepted (coerced)`,
      { expected: "4xx", actual: status, params: { fields: rq.fields } },
    ));
  }
  if (!ok) {
    if (status < 400 || status >= 500) {
      // A numeric-string request answered with neither 2xx nor 4xx: a failed rejection.
      out.push(finding("CL-REQ-REJECT", statusPath, `status ${status} is not a 4xx rejection`, {
        expected: "4xx",
        actual: status,
      }));
      return out;
    }
    const body = obs.response.body ?? "";
    const named = rq.fields.filter((f) => body.includes(f));
    if (named.length === 0) {
      out.push(finding(
        "CL-REQ-NAMES-FIELD",
        jsonPointer("response", "body"),
        `the rejection does not name ${rq.fields.map((f) => `"${f}"`).join(" or ")}: ${
          quote(body)
        }`,
        { expected: rq.fields, actual: body.slice(0, 200) },
      ));
    }
    if (status !== 422) {
      out.push(finding("CL-REQ-422", statusPath, `the rejection has status ${status}, not 422`, {
        expected: 422,
        actual: status,
      }));
    }
    return out;
  }
  if (obs.request.stream === false) return out;
  const type = mediaType(obs.response.content_type);
  if (type !== "text/event-stream") {
    out.push(finding(
      "CL-SSE-CONTENT-TYPE",
      jsonPointer("response", "content_type"),
      `an accepted streaming request got content type ${quote(obs.response.content_type)}`,
      { expected: "text/event-stream", actual: obs.response.content_type },
    ));
    return out;
  }
  const events = obs.response.events ?? [];
  if (events.length === 0) {
    out.push(
      finding("CL-SSE-EVENTS", jsonPointer("response", "events"), "the stream has no event", {
        expected: ">= 1 event",
        actual: 0,
      }),
    );
  }
  events.forEach((e, i) => {
    if (e.data.length > MAX_DATA) {
      out.push(
        finding(
          "CL-SSE-EVENTS",
          jsonPointer("response", "events", i, "data"),
          "event data is over 1 MiB",
        ),
      );
      return;
    }
    try {
      JSON.parse(e.data);
    } catch (error) {
      out.push(finding(
        "CL-SSE-EVENTS",
        jsonPointer("response", "events", i, "data"),
        `event ${i} data is not JSON: ${quote(e.data)} (${(error as Error).message})`,
        { expected: "JSON", actual: e.data.slice(0, 200) },
      ));
    }
  });
  (obs.response.unparsed ?? []).forEach((line, i) => {
    out.push(finding(
      "CL-SSE-EVENTS",
      jsonPointer("response", "unparsed", i),
      `the stream has a line that is not an SSE field: ${quote(line)}`,
      { expected: "data: <json>", actual: line.slice(0, 200) },
    ));
  });
  return out;
}
