// Opens a page that runs the JavaScript interpreter (tests/test_js_conformance.py) in headless
// Chromium, from file:// with every network request refused, and prints what it found, as JSON.
// node interpreter.mjs PAGE.html
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [page_path] = process.argv.slice(2);
const profile = mkdtempSync(join(tmpdir(), "fsm-chromium-"));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  headless: true,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
const out = { requests: [], errors: [], result: null };
try {
  const page = context.pages()[0] || (await context.newPage());
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) return route.continue();
    out.requests.push(url);
    return route.abort();
  });
  page.on("pageerror", (e) => out.errors.push(String(e)));
  await page.goto(pathToFileURL(resolve(page_path)).href);
  await page.waitForSelector("body[data-done]", { timeout: 120000 }).catch((e) => out.errors.push(String(e)));
  out.result = await page.evaluate(() => document.getElementById("out").textContent);
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
}
process.stdout.write(JSON.stringify(out) + "\n");
