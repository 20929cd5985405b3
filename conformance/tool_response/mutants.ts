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
  {
    name: "tool-response-mutant-refused-as-success",
    description: "reports a device that refused the connection as a success with empty output",
    breaks: ["TR-LAB-STATUS"],
    produce(call) {
      const devices = call.scenario.devices.map((d) =>
        d.behaviour === "refused" ? { ...d, behaviour: "ok" as const, output: "" } : d
      );
      return produceToolResponse({ ...call, scenario: { devices } });
    },
  },
  {
    name: "tool-response-mutant-truncated-output",
    description: "keeps only the first 8 characters of each device's output",
    breaks: ["TR-LAB-OUTPUT"],
    produce(call) {
      const r = produceToolResponse(call);
      return {
        ...r,
        data: r.data.map((item) =>
          typeof item.result === "string" ? { ...item, result: item.result.slice(0, 8) } : item
        ),
      };
    },
  },
  {
    name: "tool-response-mutant-wrong-device",
    description: "matches the requested names to the project's devices by position, not by name",
    breaks: ["TR-LAB-DEVICE"],
    produce(call) {
      const names = call.arguments.device_names;
      const devices = call.scenario.devices.map((d, i) => ({ ...d, name: names[i] ?? d.name }));
      return produceToolResponse({ ...call, scenario: { devices } });
    },
  },
];
