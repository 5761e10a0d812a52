// The peer of bench_read_page.py: Playwright's AI snapshot (what its MCP server's
// browser_snapshot returns) of the bench form as HTML, the same controls in the same
// groups of ten as the demo app's --bench-form window (resources/demo_app.py,
// BENCH_FIELDS), timed in headless Chromium.
//
//   node tests/bench/peer_playwright.cjs 2000,8000 [rounds]
//
// Needs playwright-core (not a dependency of the project: install it in any folder and
// point QTMCP_PLAYWRIGHT_CORE at its node_modules/playwright-core) and Debian's chromium
// (/usr/bin/chromium, or QTMCP_CHROMIUM). Prints one JSON object: per size the median
// milliseconds of page.ariaSnapshot({mode: "ai"}), its characters and the controls.

const playwright = require(process.env.QTMCP_PLAYWRIGHT_CORE || "playwright-core");

const FIELDS = [
  ["lineEdit", "First name"], ["lineEdit", "Last name"], ["lineEdit", "Email"],
  ["comboBox", "Country"], ["spinBox", "Quantity"],
  ["checkBox", "Subscribe to newsletter"], ["lineEdit", "City"], ["spinBox", "Age"],
  ["checkBox", "Gift wrap"], ["pushButton", "Save"],
];
const COUNTRIES = ["Argentina", "Brazil", "Canada", "Denmark"];

function form(n) {
  const out = ["<!doctype html><html><head><title>qtmcp bench: " + n +
               " form controls</title></head><body><main>"];
  for (let i = 0; i < n; i++) {
    const [kind, text] = FIELDS[i % FIELDS.length];
    if (i % FIELDS.length === 0) {
      if (i) out.push("</fieldset>");
      out.push(`<fieldset><legend>Customer ${i / FIELDS.length + 1}</legend>`);
    }
    const id = `${kind}${i}`;
    if (kind === "checkBox") {
      out.push(`<div><label><input type="checkbox" id="${id}"> ${text}</label></div>`);
    } else if (kind === "pushButton") {
      out.push(`<div><button id="${id}">${text}</button></div>`);
    } else {
      let field = `<input type="text" id="${id}">`;
      if (kind === "comboBox") {
        field = `<select id="${id}">` +
                COUNTRIES.map((c) => `<option>${c}</option>`).join("") + "</select>";
      } else if (kind === "spinBox") {
        field = `<input type="number" id="${id}" min="0" max="999" value="0">`;
      }
      out.push(`<div><label for="${id}">${text}:</label> ${field}</div>`);
    }
  }
  out.push("</fieldset></main></body></html>");
  return out.join("\n");
}

async function main() {
  const sizes = (process.argv[2] || "2000").split(",").map(Number);
  const rounds = Number(process.argv[3] || 7);
  const browser = await playwright.chromium.launch({
    executablePath: process.env.QTMCP_CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update",
           "--disable-sync"],
  });
  const result = {};
  try {
    for (const n of sizes) {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      page.setDefaultTimeout(0);  // 8,000 controls take longer than its 30 s default on a loaded machine
      await page.setContent(form(n));
      let text = await page.ariaSnapshot({ mode: "ai" });  // warm-up
      const times = [];
      for (let r = 0; r < rounds; r++) {
        const t0 = process.hrtime.bigint();
        text = await page.ariaSnapshot({ mode: "ai" });
        times.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
      times.sort((a, b) => a - b);
      result[n] = { ms: times[Math.floor(times.length / 2)], chars: text.length,
                    controls: n };
      await page.close();
    }
  } finally {
    await browser.close();
  }
  console.log(JSON.stringify(result));
}

main().catch((err) => { console.error(err); process.exit(1); });
