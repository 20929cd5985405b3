// The console dialogue of one simulated device (private): what the device prints for each
// line a client types, as netmiko's telnet drivers expect it (../shared/gns3-tools-facts.md,
// section 2). Pure: no sockets; the listener feeds it and writes what it returns.
import type { ScenarioDevice } from "./types.ts";

/** Where an answer stops: `hang` means the device never answers again on this connection. */
export interface Answer {
  /** Text to send (CRLF line ends). */
  text: string;
  /** The device hangs after sending `text`. */
  hang?: boolean;
}

const CRLF = (text: string) => text.replace(/\r\n|\r|\n/g, "\r\n");
const INVALID = "% Invalid input detected at '^' marker.";
/** Entering configuration mode, as netmiko's Cisco drivers and people type it. */
const CONFIGURE = /^conf(igure)?( t(erminal)?)?$/;
// What a client types to prepare a session (paging, privilege, configuration mode): a
// `timeout` device answers these, and hangs on the first command a tool sends, so the tool's
// own command timeout is what runs out (netmiko waits 10 s of its own for the config prompt).
const SETUP = /^(terminal (width|length) \d+|enable|disable|end|exit|)$/;
const isSetup = (cmd: string) => SETUP.test(cmd) || CONFIGURE.test(cmd);

/** Device state kept per device, across its connections (as a real console line keeps it). */
export class DeviceState {
  mode: "user" | "enable" | "config" | "config-if" = "enable";
  /** Config lines applied, in order. */
  readonly applied: string[] = [];
  /** Lines typed on the console, in order (bounded). */
  readonly typed: string[] = [];

  /**
   * @param device The scenario's device.
   * @param hostname The console's hostname (the prompt), chosen by the lab.
   */
  constructor(readonly device: ScenarioDevice, public hostname: string) {}

  /** The prompt for the current mode. */
  prompt(): string {
    if (this.device.kind === "vpcs") return `${this.hostname}> `;
    const suffix = { user: ">", enable: "#", config: "(config)#", "config-if": "(config-if)#" };
    return this.hostname + suffix[this.mode];
  }

  /** What the device prints when a client connects. */
  greeting(): string {
    return "\r\n" + this.prompt();
  }

  /**
   * The answer to one typed line (the echo included).
   *
   * @param line The line, without its Enter.
   * @param hung Whether this connection already hung once.
   */
  answer(line: string): Answer {
    if (this.typed.length < 200) this.typed.push(line);
    const echo = line + "\r\n";
    const cmd = line.trim();
    if (this.device.behaviour === "timeout" && !isSetup(cmd)) return { text: line, hang: true };
    if (this.device.kind === "vpcs") return { text: echo + this.#output(cmd) + this.prompt() };
    return { text: echo + this.#cisco(cmd) + this.prompt() };
  }

  #output(cmd: string): string {
    if (cmd === "") return "";
    if (this.device.behaviour === "error") return INVALID + "\r\n";
    const text = this.device.outputs?.[cmd] ?? this.device.output;
    return text === "" ? "" : CRLF(text) + "\r\n";
  }

  #cisco(cmd: string): string {
    if (/^terminal (width|length) \d+$/.test(cmd) || cmd === "") return "";
    if (this.mode === "user") {
      if (cmd === "enable") this.mode = "enable";
      else return this.#output(cmd);
      return "";
    }
    if (this.mode === "enable") {
      if (cmd === "disable") this.mode = "user";
      else if (cmd === "enable") return "";
      else if (CONFIGURE.test(cmd)) {
        this.mode = "config";
        return "Enter configuration commands, one per line.  End with CNTL/Z.\r\n";
      } else return this.#output(cmd);
      return "";
    }
    return this.#config(cmd);
  }

  #config(cmd: string): string {
    if (cmd === "end") this.mode = "enable";
    else if (cmd === "exit") this.mode = this.mode === "config-if" ? "config" : "enable";
    else if (this.device.behaviour === "error") return INVALID + "\r\n";
    else {
      if (this.applied.length < 200) this.applied.push(cmd);
      const host = /^hostname (\S{1,30})$/.exec(cmd);
      if (host) this.hostname = host[1];
      if (/^interface \S/.test(cmd)) this.mode = "config-if";
    }
    return "";
  }
}
