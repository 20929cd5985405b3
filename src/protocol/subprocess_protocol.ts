/**
 * The netconform subprocess protocol, version 1: its identifier, its JSON Schemas (draft
 * 2020-12, both directions) and the TypeScript shapes of its messages. The guide is
 * `docs/subprocess-protocol.md`.
 *
 * @module
 */
import handshakeRequestSchema from "./handshake-request.schema.json" with { type: "json" };
import handshakeResponseSchema from "./handshake-response.schema.json" with { type: "json" };
import requestSchema from "./request.schema.json" with { type: "json" };
import responseSchema from "./response.schema.json" with { type: "json" };
import pyvalueSchema from "./pyvalue.schema.json" with { type: "json" };

/** The protocol identifier both sides send in the handshake. */
export const SUBPROCESS_PROTOCOL = "netconform.subprocess/v1";

/**
 * The optional input encoding of real Python values (a tagged JSON tree, schema
 * `pyvalue.schema.json`): an implementation that lists it in its handshake's `encodings` may
 * get requests with `"encoding": "netconform.pyvalue/v1"`.
 */
export const PYVALUE_ENCODING = "netconform.pyvalue/v1";

/** Kit to implementation: the first line after a (re)start. */
export interface HandshakeRequest {
  /** Sequence number, echoed in the response. */
  seq: number;
  /** Always `handshake`. */
  type: "handshake";
  /** Always {@linkcode SUBPROCESS_PROTOCOL}. */
  protocol: typeof SUBPROCESS_PROTOCOL;
  /** The profile about to run, when known. */
  profile?: string;
  /** Whether the implementation may hold responses and write several together. */
  batching?: boolean;
  /** Limits the kit enforces, for information. */
  limits?: { max_line_bytes?: number; request_ms?: number };
}

/** Implementation to kit: the answer to the handshake. */
export type HandshakeResponse =
  | {
    seq: number;
    type: "handshake";
    kind: "ready";
    protocol: typeof SUBPROCESS_PROTOCOL;
    implementation: {
      name: string;
      version?: string;
      language?: string;
      capabilities?: string[];
      [key: string]: unknown;
    };
    /** The implementation holds responses (only when the kit allowed it). */
    batching?: boolean;
    operations?: string[];
    /** Input encodings read beside plain JSON, for example {@linkcode PYVALUE_ENCODING}. */
    encodings?: string[];
  }
  | { seq: number; type: "handshake"; kind: "refused"; message: string };

/** Kit to implementation: one call of an operation. */
export interface RequestMessage {
  /** Sequence number, echoed in the response. */
  seq: number;
  /** Always `request`. */
  type: "request";
  /** The operation, for example `normalize`. */
  operation: string;
  /** Any JSON value; with `encoding`, a value in that encoding. */
  input: unknown;
  /** The encoding of `input` when it is not plain JSON (only one the handshake announced). */
  encoding?: typeof PYVALUE_ENCODING;
}

/** Implementation to kit: the outcome of one request. */
export type ResponseMessage =
  | { seq: number; type: "response"; kind: "result"; value: unknown }
  | {
    seq: number;
    type: "response";
    kind: "raised";
    exception: { type: string; message: string; traceback?: string };
  }
  | { seq: number; type: "response"; kind: "skipped"; reason: string }
  | { seq: number; type: "response"; kind: "errored"; message: string; traceback?: string };

/**
 * The protocol's JSON Schemas, keyed by message: `handshakeRequest` and `request` (kit to
 * implementation), `handshakeResponse` and `response` (implementation to kit), and `pyvalue`,
 * the input of a request in the {@linkcode PYVALUE_ENCODING} encoding (the request schema
 * refers to it by its `$id`).
 *
 * @example Read a schema's identifier
 * ```ts
 * import assert from "node:assert/strict";
 * import { subprocessProtocolSchemas } from "./subprocess_protocol.ts";
 *
 * assert.equal(subprocessProtocolSchemas.request.$id, "urn:netconform:subprocess:v1:request");
 * ```
 */
export const subprocessProtocolSchemas = {
  handshakeRequest: handshakeRequestSchema,
  handshakeResponse: handshakeResponseSchema,
  request: requestSchema,
  response: responseSchema,
  pyvalue: pyvalueSchema,
} as const;
