// The notifications an MCP server sent beside its answers (private): counted per method, the
// first few kept (capped), taken with the next answer as evidence. Never judged.

/** What a reply carries of the notifications that came before it. */
export interface NotificationRecord {
  /** The notification's method, for example `notifications/message`. */
  method: string;
  /** How many came. */
  count: number;
  /** The first few `params`, each cut to a bounded JSON text. */
  samples: string[];
}

const MAX_METHODS = 16;
const MAX_SAMPLES = 3;
const MAX_SAMPLE_CHARS = 300;
const MAX_METHOD_CHARS = 100;

function sampleOf(params: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(params) ?? "undefined";
  } catch {
    text = "(not JSON)";
  }
  return text.length > MAX_SAMPLE_CHARS ? `${text.slice(0, MAX_SAMPLE_CHARS)}…` : text;
}

/** Counts notifications until taken. Bounded: memory stays flat whatever the server sends. */
export class NotificationLog {
  #byMethod = new Map<string, NotificationRecord>();
  #other = 0;

  /** Records one notification (a JSON-RPC message with a method and no id). */
  record(method: string, params: unknown): void {
    const key = method.slice(0, MAX_METHOD_CHARS);
    let entry = this.#byMethod.get(key);
    if (!entry) {
      if (this.#byMethod.size >= MAX_METHODS) {
        this.#other++;
        return;
      }
      entry = { method: key, count: 0, samples: [] };
      this.#byMethod.set(key, entry);
    }
    entry.count++;
    if (entry.samples.length < MAX_SAMPLES) entry.samples.push(sampleOf(params));
  }

  /** {@linkcode take}, as a reply's fields: `{notifications}`, or nothing when none came. */
  evidence(): { notifications?: NotificationRecord[] } {
    const seen = this.take();
    return seen ? { notifications: seen } : {};
  }

  /** What was recorded since the last take (and forgets it), or undefined when nothing came. */
  take(): NotificationRecord[] | undefined {
    if (this.#byMethod.size === 0) return undefined;
    const out = [...this.#byMethod.values()];
    if (this.#other > 0) out.push({ method: "(other methods)", count: this.#other, samples: [] });
    this.#byMethod.clear();
    this.#other = 0;
    return out;
  }
}

/** Whether a JSON-RPC message is a notification (a method and no id). */
export function isNotification(m: unknown): m is { method: string; params?: unknown } {
  if (typeof m !== "object" || m === null) return false;
  const o = m as Record<string, unknown>;
  return typeof o.method === "string" && !("id" in o);
}
