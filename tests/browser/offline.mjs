// A page opened from file:// in headless Chromium with every network request refused (a page of
// this project must need none), its requests and script errors noted in `out`.
import { chromium } from "playwright-core";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

// Runs `visit(page)` on the page and always closes the browser; `out` gains `requests` and `errors`.
export async function offline(page_path, out, visit, viewport = { width: 1600, height: 1000 }) {
  out.requests = [];
  out.errors = [];
  const profile = mkdtempSync(join(tmpdir(), "fsm-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
           "--disable-background-networking", "--disable-component-update", "--disable-sync"],
    viewport,
  });
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
    await visit(page);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return out;
}
