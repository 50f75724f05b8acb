// Steps through every teaching page of a folder in one headless Chromium and prints, as JSON, what
// each page showed: its stage counter at every press of "next", its script errors, its requests.
// node pages.mjs FOLDER PAGE.html...
// Each page is opened from file:// with every network request refused: it must need none.
import { join } from "node:path";
import { offline } from "./offline.mjs";

const [folder, ...names] = process.argv.slice(2);
const out = { pages: {} };
await offline(join(folder, names[0]), out, async (page) => {
  for (const name of names) {
    const [errors, requests] = [out.errors.length, out.requests.length];
    await page.goto(new URL(name, page.url()).href);
    const counters = await page.evaluate(() => {
      const seen = [];
      const next = document.getElementById("next");
      for (let i = 0; i < 500; i++) {
        const current = document.querySelectorAll(".stage.current");
        seen.push(current.length === 1 && current[0].offsetParent !== null ? document.getElementById("counter").textContent : "no current stage");
        if (next.disabled) break;
        next.click();
      }
      return seen;
    });
    const stages = await page.evaluate(() => document.querySelectorAll(".stage").length);
    out.pages[name] = { stages, counters, errors: out.errors.slice(errors), requests: out.requests.slice(requests) };
  }
});
process.stdout.write(JSON.stringify(out));
