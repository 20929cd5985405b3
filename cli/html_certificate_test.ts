/**
 * The HTML certificate (`--html`) and the badge (`--badge`): the page is rendered from a real
 * run with hostile text planted wherever an implementation's text goes (lab text, messages,
 * evidence, stderr, names), then loaded in headless Chromium (Debian's `chromium` or
 * `chromium-headless-shell`, which `.ci/run` installs when missing): the matrix renders, the
 * `<script>` and `onerror` payloads stay inert text, and a screenshot is saved to
 * `reports/certificate.png`. Without a Chromium binary the browser tests are skipped with a
 * message saying so. The badge must parse as XML.
 */
import assert from "node:assert/strict";
import { main } from "./conform.ts";
import { reportOfView } from "./_report_of_view.ts";
import { HTML_CSP, renderHtml } from "../src/report/render_html.ts";
import type { ReplayData, Report } from "../src/core/types.ts";
import { pythonPath } from "../src/testing/python_path.ts";
import { toolResponseProfile } from "../conformance/tool_response/profile.ts";

const ROOT = new URL("../", import.meta.url);
const SCREENSHOT = decodeURIComponent(new URL("reports/certificate.png", ROOT).pathname);

/** Sets the title and adds an element when it runs: the DOM shows whether it ran. */
const RUNS =
  `document.title='PWNED';document.body.insertAdjacentHTML('beforeend','<div id=pwned></div>')`;
const PAYLOADS = [
  `<script>${RUNS}</script>`,
  `<img src=x onerror="${RUNS}">`,
  `</pre></code><svg onload="${RUNS}">`,
  `"><iframe srcdoc="<script>parent.${RUNS}</script>">`,
];
const HOSTILE = PAYLOADS.join(" ");

function findChromium(): string | undefined {
  const names = [
    Deno.env.get("CHROMIUM") ?? "",
    "chromium",
    "chromium-headless-shell",
    "chromium-browser",
    "google-chrome",
  ];
  const dirs = (Deno.env.get("PATH") ?? "").split(":").concat(["/usr/bin", "/usr/lib/chromium"]);
  for (const name of names.filter((n) => n)) {
    if (name.startsWith("/")) return name;
    for (const dir of dirs) {
      try {
        if (Deno.statSync(`${dir}/${name}`).isFile) return `${dir}/${name}`;
      } catch {
        // not here
      }
    }
  }
  return undefined;
}

const CHROMIUM = findChromium();
if (!CHROMIUM) {
  console.warn(
    "html certificate: no Chromium binary found (chromium, chromium-headless-shell; or set CHROMIUM): the browser tests are skipped. Install it with: apt-get install -y --no-install-recommends chromium-headless-shell",
  );
}

async function chromium(args: string[]): Promise<string> {
  const out = await new Deno.Command(CHROMIUM!, {
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", ...args],
    stdout: "piped",
    stderr: "piped",
    env: { HOME: Deno.env.get("HOME") ?? "/tmp" },
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr).slice(-2000));
  return stdout;
}

/** A real run of a broken producer, with hostile text planted in every text field. */
async function hostileReport(): Promise<{ report: Report; replay: (d: ReplayData) => string }> {
  const out: string[] = [];
  await main(
    [
      "--target",
      "tool-response-mutant-total-off-by-one",
      "--seed",
      "5",
      "--runs",
      "12",
      "--format",
      "json",
      "--quiet",
    ],
    { out: (t) => out.push(t), err: () => {} },
  );
  const { report, replay } = reportOfView(JSON.parse(out.join("\n")));
  const suite = report.suites[0];
  suite.implementation = { name: `impl ${HOSTILE}`, version: HOSTILE, language: HOSTILE };
  (suite as unknown as { coverage: unknown }).coverage = { classes: [HOSTILE], rules: 3 };
  const failed = suite.cases.find((c) => c.outcome === "failed")!;
  if (failed.outcome !== "failed") throw new Error("no failed case");
  failed.description = `lab text: ${HOSTILE}`;
  failed.findings[0] = { ...failed.findings[0], message: HOSTILE, actual: HOSTILE };
  Object.assign(failed, {
    input: { lab: HOSTILE },
    output: { text: HOSTILE },
    truncated: ["output"],
    shrunk: { id: HOSTILE, input: HOSTILE, findings: [], steps: 3 },
  });
  suite.cases.push({
    id: `errored ${HOSTILE}`,
    description: HOSTILE,
    outcome: "errored",
    message: HOSTILE,
    stderr: HOSTILE,
  });
  suite.counts.errored++;
  return { report, replay };
}

Deno.test("html certificate: hostile text is escaped, the CSP forbids scripts, no network", async () => {
  const { report, replay } = await hostileReport();
  const page = renderHtml(report, { replay, reportSha256: "ab".repeat(32) });
  assert.ok(page.includes(`<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">`));
  assert.match(HTML_CSP, /default-src 'none'/);
  // No tag from the payloads, and no event handler inside any tag of the page.
  assert.doesNotMatch(page, /<script|<img|<svg|<iframe/i);
  assert.doesNotMatch(page, /<[^>]*\son(error|load)=/i);
  assert.doesNotMatch(page, /(src|href)=["']?(https?:)?\/\//i, "the page loads nothing");
  assert.ok(page.includes("&lt;script&gt;document.title=&#39;PWNED&#39;"));
  assert.ok(page.includes("ab".repeat(32)));
});

Deno.test({
  name: "html certificate: Chromium renders the matrix, the payloads stay inert, a screenshot",
  ignore: !CHROMIUM,
  async fn() {
    const { report, replay } = await hostileReport();
    const dir = await Deno.makeTempDir();
    try {
      const file = `${dir}/certificate.html`;
      await Deno.writeTextFile(file, renderHtml(report, { replay, reportSha256: "cd".repeat(32) }));
      const dom = await chromium(["--dump-dom", `file://${file}`]);
      // It rendered: the title, the matrix with the failing rule, the evidence and replay.
      assert.match(dom, /<title>netconform certificate: not-conformant<\/title>/);
      assert.match(dom, /<table class="matrix" data-profile="gns3.tool-response\/v1.0">/);
      assert.match(dom, /<th scope="row"><code>TR-TOTAL<\/code><\/th><td>MUST<\/td>/);
      assert.match(dom, /<td class="n fail">\d+ failed \/ \d+<\/td>/);
      assert.match(dom, /<pre class="replay"><code>deno task conform --target/);
      assert.match(dom, /<pre class="output">/);
      // No payload ran: the title is unchanged and no element was added or parsed from text.
      assert.doesNotMatch(dom, /PWNED<\/title>|id="pwned"|<img|<svg|<iframe|<script/i);
      assert.ok(dom.includes("&lt;script&gt;"), "the payload shows as text");

      // The CSP itself blocks an inline script and a handler that got through escaping (the
      // same check without the CSP shows that the detection works).
      const planted = (csp: boolean) =>
        `<!doctype html><html><head>${
          csp ? `<meta http-equiv="Content-Security-Policy" content="${HTML_CSP}">` : ""
        }<title>safe</title></head><body><script>${RUNS}</script><img src=x onerror="${RUNS}"></body></html>`;
      await Deno.writeTextFile(`${dir}/csp.html`, planted(true));
      await Deno.writeTextFile(`${dir}/nocsp.html`, planted(false));
      const blocked = await chromium(["--dump-dom", `file://${dir}/csp.html`]);
      assert.match(blocked, /<title>safe<\/title>/);
      assert.doesNotMatch(blocked, /<div id="pwned">/);
      assert.match(await chromium(["--dump-dom", `file://${dir}/nocsp.html`]), /id="pwned"/);

      await Deno.mkdir(new URL("reports/", ROOT), { recursive: true });
      await chromium([`--screenshot=${SCREENSHOT}`, "--window-size=1280,1800", `file://${file}`]);
      const png = await Deno.readFile(SCREENSHOT);
      assert.deepEqual([...png.slice(0, 4)], [0x89, 0x50, 0x4e, 0x47], "a PNG");
      assert.ok(png.length > 20_000, `the screenshot has content (${png.length} bytes)`);
      console.log(`html certificate: screenshot saved to ${SCREENSHOT}`);
    } finally {
      await Deno.remove(dir, { recursive: true });
    }
  },
});

Deno.test("html certificate and badge: the CLI writes both; the badge parses as XML", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const code = await main([
      "--target",
      "tool-response-mutant-total-off-by-one",
      "--seed",
      "5",
      "--runs",
      "10",
      "--quiet",
      "--report",
      `${dir}/r.json`,
      "--html",
      `${dir}/r.html`,
      "--badge",
      `${dir}/badge.svg`,
    ], { out: () => {}, err: () => {} });
    assert.equal(code, 1);
    const json = await Deno.readTextFile(`${dir}/r.json`);
    const digest = new Uint8Array(
      await crypto.subtle.digest("SHA-256", new TextEncoder().encode(json)),
    );
    const hex = [...digest].map((b) => b.toString(16).padStart(2, "0")).join("");
    assert.ok(
      (await Deno.readTextFile(`${dir}/r.html`)).includes(hex),
      "the page names the report's hash",
    );
    const svg = await Deno.readTextFile(`${dir}/badge.svg`);
    // Every MUST rule of the profile but TR-TOTAL holds.
    const must = toolResponseProfile.rules.filter((r) => r.level === "MUST").length;
    assert.match(svg, new RegExp(`gns3.tool-response/v1.0: ${must - 1}/${must} MUST rules`));
    assert.match(svg, /#cf222e/);
    // Parse as XML: Python's expat is strict about well-formedness.
    const parsed = await new Deno.Command(pythonPath(), {
      args: [
        "-c",
        "import sys, xml.dom.minidom as m; d = m.parse(sys.argv[1]); print(d.documentElement.tagName)",
        `${dir}/badge.svg`,
      ],
      stdout: "piped",
      stderr: "piped",
    }).output();
    assert.equal(parsed.code, 0, new TextDecoder().decode(parsed.stderr));
    assert.equal(new TextDecoder().decode(parsed.stdout).trim(), "svg");
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
