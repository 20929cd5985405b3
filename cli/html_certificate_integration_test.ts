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
import { certificateRun } from "./_certificate_run.ts";
import { sha256Hex } from "./_sha256.ts";

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
/** A text with a line break and quotes: its JSON text must show one escape deep, as sent. */
const SENT_TEXT = 'line one\nline "two" \\ three';
/** That text's JSON text as it must appear in the page: its own escapes, once. */
const SENT_JSON = JSON.stringify(SENT_TEXT);

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
  suite.coverage = {
    classes: [
      { id: `class ${HOSTILE}`, description: HOSTILE, cases: 2 },
      {
        id: "missed",
        description: "never hit",
        cases: 0,
        skipped: { cases: 1, reasons: [HOSTILE] },
      },
    ],
    rules: [{ id: "TR-TOTAL", applied: 3, passed: 1, failed: 2 }],
    warnings: [`class "missed" was never hit: ${HOSTILE}`],
  };
  const failed = suite.cases.find((c) => c.outcome === "failed")!;
  if (failed.outcome !== "failed") throw new Error("no failed case");
  failed.description = `lab text: ${HOSTILE}`;
  failed.findings[0] = { ...failed.findings[0], message: HOSTILE, actual: HOSTILE };
  Object.assign(failed, {
    input: { lab: HOSTILE },
    output: { text: HOSTILE, lines: SENT_TEXT },
    truncated: ["output"],
    shrunk: {
      id: `${failed.id}~shrunk-0:1`,
      description: `shrunk ${HOSTILE}`,
      input: { lab: "small" },
      output: { result: { lines: SENT_TEXT } },
      findings: [{ ...failed.findings[0], message: `shrunk finding ${HOSTILE}` }],
      steps: 3,
      tried: 7,
    },
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

/** The page's DOM without its evidence blocks (the JSON text sent and got back). */
function withoutEvidence(dom: string): string {
  return dom.replace(/<pre class="(?:input|output)[^"]*">[\s\S]*?<\/pre>/g, "");
}

Deno.test({
  name:
    "html certificate: Chromium shows no raw JSON, coverage as tables, evidence escaped once, the shrunk case first, the run's provenance",
  ignore: !CHROMIUM,
  async fn() {
    const { report, replay } = await hostileReport();
    const dir = await Deno.makeTempDir();
    try {
      const file = `${dir}/certificate.html`;
      await Deno.writeTextFile(`${dir}/conform.yaml`, "targets: []\n");
      const run = await certificateRun(["--config", "conform.yaml", "--seed", "5"], {
        html: file,
        config: `${dir}/conform.yaml`,
        report: `${dir}/r.json`,
      });
      await Deno.writeTextFile(
        file,
        renderHtml(report, { replay, reportSha256: "ef".repeat(32), run }),
      );
      const dom = await chromium(["--dump-dom", `file://${file}`]);
      // No raw JSON anywhere but in the evidence: no object or array text, no JSON member.
      const rest = withoutEvidence(dom);
      assert.doesNotMatch(rest, /[{[]\s*(?:"|&quot;)|(?:"|&quot;)\s*:\s*[[{"0-9]/, "raw JSON");
      // Coverage as tables, the payloads in them as text.
      assert.match(dom, /<table class="coverage">[\s\S]*<td><code>class &lt;script&gt;/);
      assert.match(dom, /<tr class="missed"><td><code>missed<\/code><\/td><td>never hit<\/td>/);
      // Evidence as sent: the JSON text of a string with a line break, quotes and a backslash,
      // escaped once (doubled, it would read \\n and \\").
      assert.ok(dom.includes(SENT_JSON), `the page shows ${SENT_JSON}`);
      assert.doesNotMatch(dom, /one\\\\nline|\\\\"two/, "doubled escapes");
      // The shrunk case first and open; the original below, folded.
      const failedCase = /<div class="case failed"[^>]*>([\s\S]*?)<\/div>/.exec(dom)?.[1] ?? "";
      assert.match(
        failedCase,
        /^[\s\S]*?<section class="shrunk"><h5>shrunk to <code>generated-\d+~shrunk-0:1<\/code> \(3 steps, 7 tried\)[\s\S]*?<pre class="replay"><code>[^<]*--case '?generated-\d+~shrunk-0:1'?<\/code><\/pre><\/section>\s*<details class="original">/,
      );
      // The implementation's name, version and runtime; the kit's commit, the command, the
      // config's hash, the link to the JSON report.
      assert.match(dom, /<dt>version<\/dt><dd class="impl-version">&lt;script&gt;/);
      assert.match(dom, /<dt>runtime<\/dt><dd class="impl-runtime">&lt;script&gt;/);
      assert.match(dom, /, commit <code id="kit-commit">(?:[0-9a-f]{40}|unknown[^<]*)<\/code>/);
      assert.match(
        dom,
        /<code id="command">deno task conform --config conform.yaml --seed 5<\/code>/,
      );
      const configHash = await sha256Hex("targets: []\n");
      assert.ok(dom.includes(`<code id="config-sha256">${configHash}</code>`));
      assert.match(
        dom,
        /<a id="report-link" href="\.\/r\.json">\.\/r\.json<\/a>, SHA-256 <code id="report-sha256">(ef){32}</,
      );
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
    const page = await Deno.readTextFile(`${dir}/r.html`);
    assert.ok(page.includes(hex), "the page names the report's hash");
    assert.match(page, /<a id="report-link" href="\.\/r\.json">/, "and links to it");
    assert.match(
      page,
      /<code id="command">deno task conform --target tool-response-mutant-total-off-by-one --seed 5 /,
    );
    assert.match(page, /<dt>config<\/dt><dd>none: the kit's embedded targets<\/dd>/);
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
