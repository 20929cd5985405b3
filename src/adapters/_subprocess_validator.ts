// Validation of the subprocess protocol's messages in both directions (private helper).
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import { subprocessProtocolSchemas } from "../protocol/subprocess_protocol.ts";

interface Validators {
  handshakeRequest: ValidateFunction;
  handshakeResponse: ValidateFunction;
  request: ValidateFunction;
  response: ValidateFunction;
}

let compiled: Validators | undefined;

function validators(): Validators {
  if (compiled) return compiled;
  const ajv = new Ajv2020({ allErrors: false, strict: true });
  const s = subprocessProtocolSchemas;
  ajv.addSchema(s.pyvalue);
  compiled = {
    handshakeRequest: ajv.compile(s.handshakeRequest),
    handshakeResponse: ajv.compile(s.handshakeResponse),
    request: ajv.compile(s.request),
    response: ajv.compile(s.response),
  };
  return compiled;
}

function describe(errors: readonly ErrorObject[] | null | undefined): string {
  const e = errors?.find((x) => x.keyword !== "if") ?? errors?.[0];
  if (!e) return "it does not match the protocol schema";
  const where = e.instancePath === "" ? "the message" : `"${e.instancePath}"`;
  return `${where} ${e.message ?? e.keyword} (${e.keyword} ${JSON.stringify(e.params)})`;
}

/** The schema a message is checked against. */
export type MessageKind = keyof Validators;

/**
 * Validate one protocol message.
 *
 * @returns undefined when valid, else one line saying what is wrong.
 */
export function validateMessage(kind: MessageKind, message: unknown): string | undefined {
  const validate = validators()[kind];
  return validate(message) ? undefined : describe(validate.errors);
}
