// Opens a page that runs the JavaScript interpreter (tests/test_js_conformance.py) offline in
// headless Chromium and prints what it found, as JSON.
// node interpreter.mjs PAGE.html
import { offline } from "./offline.mjs";

const [page_path] = process.argv.slice(2);
const out = { result: null };
await offline(page_path, out, async (page) => {
  await page.waitForSelector("body[data-done]", { timeout: 120000 });
  out.result = await page.evaluate(() => document.getElementById("out").textContent);
});
process.stdout.write(JSON.stringify(out) + "\n");
