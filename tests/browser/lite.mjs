// One notebook of the classroom site's JupyterLite part run in headless Chromium, as a teacher would:
// the site served over HTTP by a small local server (Chromium refuses the app's module scripts from
// file://), the notebook opened, "run all", then every cell's outputs read back. Every request that
// leaves the local server is refused and noted.
// Usage: node lite.mjs SITE_FOLDER NOTEBOOK_NAME  ->  JSON on stdout.
import { chromium } from "playwright-core";
import { createServer } from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, resolve, sep } from "node:path";

const [root, notebook] = [resolve(process.argv[2]), process.argv[3]];
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css",
  ".json": "application/json", ".wasm": "application/wasm", ".svg": "image/svg+xml", ".png": "image/png",
  ".ico": "image/x-icon", ".ipynb": "application/json", ".webmanifest": "application/manifest+json" };
const out = { served: 0, missing: [], outside: [], errors: [], cells: [] };

const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname);
  let file = join(root, path);
  if (!file.startsWith(root + sep) && file !== root) { res.writeHead(403).end(); return; }
  try {
    if (statSync(file).isDirectory()) file = join(file, "index.html");
    const body = readFileSync(file);
    res.writeHead(200, { "Content-Type": TYPES[extname(file)] || "application/octet-stream" }).end(body);
    out.served += 1;
  } catch {
    out.missing.push(path);
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const profile = mkdtempSync(join(tmpdir(), "fsm-lite-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  serviceWorkers: "block", // the app's service worker would hide the worker's requests from the route below
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  viewport: { width: 1366, height: 900 },
});
try {
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    out.outside.push(url);
    return route.abort();
  });
  const page = context.pages()[0] || (await context.newPage());
  out.console = [];
  page.on("pageerror", (err) => out.errors.push(String(err?.stack ?? err)));
  page.on("console", (msg) => { if (msg.type() === "error") out.console.push(msg.text()); });
  page.on("worker", (worker) => worker.on("console", (msg) => out.console.push(`worker: ${msg.text()}`)));
  const began = Date.now();
  await page.goto(`${origin}/lite/notebooks/index.html?path=${encodeURIComponent(notebook)}.ipynb`);
  await page.waitForFunction(() => {
    const panel = window.jupyterapp?.shell?.currentWidget;
    return panel?.sessionContext?.session?.kernel?.status === "idle" && panel.content?.widgets?.length > 0;
  }, null, { timeout: Number(process.env.LITE_START_MS || 240000), polling: 250 });
  out.kernel_ready_s = (Date.now() - began) / 1000;
  const ran = Date.now();
  // the command's promise settles when the last cell has run, or at the first that fails
  await page.evaluate(() => window.jupyterapp.commands.execute("notebook:run-all-cells"));
  await page.waitForFunction(() => window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === "idle",
    null, { timeout: 600000, polling: 250 });
  out.run_s = (Date.now() - ran) / 1000;
  // the first Stepper's « Suivant ▶ »: the kernel answers the click, the counter and the path follow
  const stepper = page.locator(".jp-CodeCell").nth(1);
  const counter = stepper.locator("div.widget-label").first()  // the Label widget; a label element heads others;
  out.stepper_before = await counter.textContent();
  await stepper.locator("button", { hasText: "Suivant" }).click();
  await page.waitForFunction((before) => {
    const cell = document.querySelectorAll(".jp-CodeCell")[1];
    return cell.querySelector("div.widget-label")?.textContent !== before;
  }, out.stepper_before, { timeout: 60000, polling: 250 });
  out.stepper_after = await counter.textContent();
  out.cells = await page.evaluate(() =>
    window.jupyterapp.shell.currentWidget.content.widgets
      .filter((c) => c.model.type === "code")
      .map((c) => ({
        count: c.model.executionCount,
        outputs: c.model.outputs.toJSON().map((o) => ({
          type: o.output_type,
          ename: o.ename ?? null,
          evalue: o.evalue ?? null,
          mime: Object.keys(o.data ?? {}),
          text: typeof o.text === "string" ? o.text : Array.isArray(o.text) ? o.text.join("") : null,
        })),
        // an SVG output shows as an <img>; its text is read from the output itself
        svg_text: c.model.outputs.toJSON().map((o) => o.data?.["image/svg+xml"]).filter(Boolean).map(String).join("").slice(0, 400),
        widgets: c.node.querySelectorAll(".jp-OutputArea-output .widget-button, .jp-OutputArea-output .jupyter-button").length,
        svg: c.node.querySelectorAll(".jp-OutputArea-output svg").length,
        svg_nodes: c.node.querySelectorAll(".jp-OutputArea-output svg g.node").length,
      })),
  );
} catch (err) {
  out.failure = String(err).split("\n")[0];
} finally {
  await context.close();
  server.close();
  rmSync(profile, { recursive: true, force: true });
}
console.log(JSON.stringify(out));
