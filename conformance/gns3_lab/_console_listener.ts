// One node's telnet console (private): a TCP listener on 127.0.0.1 that speaks the device's
// dialogue (_console_dialogue.ts) to every client at once, with the device's state shared
// between them. Closing it closes every connection it accepted.
import type { DeviceState } from "./_console_dialogue.ts";

const IAC = 0xff;
const MAX_LINE = 4096;

/** A port nothing listens on (bound once, then released): a console that refuses. */
export function closedPort(): number {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  return port;
}

/** The lines in a stream of console bytes: IAC sequences dropped, CR, LF or CRLF each one Enter. */
class LineSplitter {
  #bytes: number[] = [];
  #afterCr = false;
  #iac = 0;

  push(chunk: Uint8Array): string[] {
    const lines: string[] = [];
    for (const b of chunk) {
      if (this.#iac > 0 || b === IAC) {
        // IAC cmd [option]: the client's negotiation, never part of a line.
        this.#iac = this.#iac === 0 ? 2 : this.#iac - 1;
        continue;
      }
      if (b === 0x0a && this.#afterCr) {
        this.#afterCr = false;
        continue;
      }
      this.#afterCr = b === 0x0d;
      if (b === 0x0d || b === 0x0a) {
        lines.push(new TextDecoder().decode(new Uint8Array(this.#bytes)));
        this.#bytes = [];
      } else if (b !== 0 && this.#bytes.length < MAX_LINE) this.#bytes.push(b);
    }
    return lines;
  }
}

/** A node's console listener and the device state behind it. */
export class ConsoleListener {
  readonly port: number;
  #listener: Deno.Listener | undefined;
  #conns = new Set<Deno.Conn>();
  #timers = new Map<ReturnType<typeof setTimeout>, () => void>();
  #done: Promise<void> = Promise.resolve();
  /** Set when the listener failed (a harness fault). */
  fault: string | undefined;

  /**
   * @param state The device.
   * @param port The port to listen on (0: any free one).
   */
  constructor(readonly state: DeviceState, port = 0) {
    if (state.device.behaviour === "refused") {
      this.port = closedPort();
      return;
    }
    this.#listener = Deno.listen({ hostname: "127.0.0.1", port });
    this.port = (this.#listener.addr as Deno.NetAddr).port;
    this.#done = this.#accept(this.#listener);
  }

  async #accept(listener: Deno.Listener): Promise<void> {
    const sessions: Promise<void>[] = [];
    try {
      for await (const conn of listener) {
        this.#conns.add(conn);
        sessions.push(this.#session(conn).finally(() => this.#drop(conn)));
      }
    } catch (error) {
      if (!(error instanceof Deno.errors.BadResource)) this.fault = String(error);
    }
    await Promise.allSettled(sessions);
  }

  #drop(conn: Deno.Conn): void {
    if (!this.#conns.delete(conn)) return;
    try {
      conn.close();
    } catch { /* already closed */ }
  }

  async #session(conn: Deno.Conn): Promise<void> {
    const behaviour = this.state.device.behaviour;
    if (behaviour === "eof") return;
    if (behaviour === "silent") {
      for await (const _ of conn.readable) { /* never answer */ }
      return;
    }
    const writer = conn.writable.getWriter();
    const encoder = new TextEncoder();
    let hung = false;
    const send = (text: string) =>
      text === "" ? Promise.resolve() : writer.write(encoder.encode(text)).catch(() => {});
    await send(this.state.greeting());
    const splitter = new LineSplitter();
    const reader = conn.readable.getReader();
    try {
      while (true) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const line of splitter.push(value)) {
          if (hung) continue;
          const answer = this.state.answer(line);
          if (behaviour === "slow") await this.#sleep(this.state.device.delay_ms ?? 500);
          await send(answer.text);
          hung = answer.hang === true;
        }
      }
    } catch { /* the client dropped the connection */ }
  }

  #sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = setTimeout(() => {
        this.#timers.delete(id);
        resolve();
      }, ms);
      this.#timers.set(id, resolve);
    });
  }

  /** Stop listening and close every connection; resolves when every session has ended. */
  async close(): Promise<void> {
    try {
      this.#listener?.close();
    } catch { /* closed */ }
    for (const conn of [...this.#conns]) this.#drop(conn);
    for (const [id, resolve] of this.#timers) {
      clearTimeout(id);
      resolve();
    }
    this.#timers.clear();
    await this.#done;
  }
}
