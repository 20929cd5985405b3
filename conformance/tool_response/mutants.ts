import type { DeviceCommandCall } from "./producer.ts";
import { produceToolResponse } from "./producer.ts";

/** A deliberately broken producer and the rules it must be caught by. */
export interface ProducerMutant {
  /** Target name. */
  name: string;
  /** What is broken. */
  description: string;
  /** The rules a conformance run must report. */
  breaks: string[];
  /** The broken producer. */
  produce(call: DeviceCommandCall): unknown;
}

/** Broken variants of the reference producer, each breaking one rule over a real run. */
export const producerMutants: readonly ProducerMutant[] = [
  {
    name: "tool-response-mutant-total-off-by-one",
    description: "counts the command, not the devices, into total",
    breaks: ["TR-TOTAL"],
    produce(call) {
      const r = produceToolResponse(call);
      return r.error === undefined || r.total > 0 ? { ...r, total: r.total + 1 } : r;
    },
  },
  {
    name: "tool-response-mutant-legacy-output",
    description: "success items carry the legacy output field instead of result",
    breaks: ["TR-ITEM-RESULT"],
    produce(call) {
      const r = produceToolResponse(call);
      return {
        ...r,
        data: r.data.map(({ result, ...item }) =>
          item.status === "success" ? { ...item, output: result } : item
        ),
      };
    },
  },
  {
    name: "tool-response-mutant-success-despite-error",
    description: "reports success true on a complete failure",
    breaks: ["TR-SUCCESS-ON-ERROR"],
    produce(call) {
      const r = produceToolResponse(call);
      return r.error !== undefined && r.total === 0 ? { ...r, success: true } : r;
    },
  },
  {
    name: "tool-response-mutant-null-error",
    description: "sends error: null on success (a Python None), a SHOULD violation",
    breaks: ["TR-NULL-OPTIONAL"],
    produce(call) {
      const r = produceToolResponse(call);
      return r.error === undefined ? { ...r, error: null } : r;
    },
  },
  {
    name: "tool-response-mutant-raises",
    description: "raises instead of returning a response when no device answers",
    breaks: ["TR-SCHEMA"],
    produce(call) {
      const r = produceToolResponse(call);
      if (r.total > 0 && r.failed === r.total) {
        throw new TypeError("'NoneType' object is not iterable");
      }
      return r;
    },
  },
];
