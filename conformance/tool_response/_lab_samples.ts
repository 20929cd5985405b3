// Valid values with a lab (private): the reference producer's response to a generated call,
// checked with the call as its context, so that the lab rules' mutations have values to break.
import type { Arbitrary } from "../../src/core/arbitrary.ts";
import type { Sample } from "../../src/core/types.ts";
import { deviceCommandCallArbitrary } from "./_device_call_arbitrary.ts";
import { produceToolResponse } from "./producer.ts";
import type { ToolResponse } from "./types.ts";

/** Responses of the reference producer, each with its call as the `lab` context. */
export function labSampleArbitrary(): Arbitrary<Sample<ToolResponse>> {
  return deviceCommandCallArbitrary().map((call) => ({
    value: produceToolResponse(call),
    context: { lab: call },
  }));
}
