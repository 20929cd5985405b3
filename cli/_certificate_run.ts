// What the HTML certificate says of its run (private helper of conform.ts): the command line,
// the config file's SHA-256, the kit's commit, and a link to the JSON report when one was
// written, relative to the page so that the two files can move together.
import { dirname, relative, resolve } from "node:path";
import type { HtmlRunInfo } from "../src/report/render_html.ts";
import { kitCommit } from "./_kit_commit.ts";
import { sha256Hex } from "./_sha256.ts";
import { shellQuote } from "./_shell_quote.ts";

/** A relative link from the page to the report: each segment URL-encoded, starting "./" or "../". */
function linkTo(html: string, report: string): string {
  const path = relative(dirname(resolve(html)), resolve(report));
  const encoded = path.split("/").map(encodeURIComponent).join("/");
  return encoded.startsWith("../") ? encoded : `./${encoded}`;
}

/** The run info of the certificate written to `html`. */
export async function certificateRun(
  args: readonly string[],
  files: { html: string; config?: string; report?: string; command?: readonly string[] },
): Promise<HtmlRunInfo> {
  let config: HtmlRunInfo["config"];
  if (files.config !== undefined) {
    const text = await Deno.readTextFile(files.config).catch(() => undefined);
    if (text !== undefined) config = { path: files.config, sha256: await sha256Hex(text) };
  }
  return {
    command: [...(files.command ?? ["deno", "task", "conform"]), ...args].map(shellQuote).join(" "),
    ...(config ? { config } : {}),
    kitCommit: kitCommit(),
    ...(files.report !== undefined ? { reportHref: linkTo(files.html, files.report) } : {}),
  };
}
