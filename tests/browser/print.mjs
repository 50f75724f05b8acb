// Prints pages to PDF in one headless Chromium, as its print dialog would (print media, the page's
// own @page size), and tells, as JSON, how many pages each took, which elements overflow their box and which print words under 8 pt.
// node print.mjs PAGE.html...
import { chromium } from "playwright-core";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const out = {};
try {
  const page = await browser.newPage();
  await page.route("**/*", (route) => (route.request().url().startsWith("file:") ? route.continue() : route.abort()));
  for (const name of process.argv.slice(2)) {
    await page.goto(pathToFileURL(resolve(name)).href);
    await page.emulateMedia({ media: "print" });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    const pages = (pdf.toString("latin1").match(/\/Type\s*\/Page(?![a-zA-Z])/g) || []).length;
    // text cut: a visible element whose content is wider or taller than its box and clipped;
    // text too small: a visible element with words of its own under 8 pt (10.67 px)
    const [cut, small] = await page.evaluate(() => {
      const shown = Array.from(document.querySelectorAll("body *")).filter((e) => e.offsetParent !== null);
      const clipped = (e, axis) => getComputedStyle(e)["overflow" + axis] !== "visible";
      return [
        shown
          .filter((e) => (clipped(e, "X") && e.scrollWidth > e.clientWidth + 1) || (clipped(e, "Y") && e.scrollHeight > e.clientHeight + 1))
          .map((e) => e.tagName + "." + e.className),
        shown
          .filter((e) => Array.from(e.childNodes).some((n) => n.nodeType === 3 && n.textContent.trim()))
          .filter((e) => parseFloat(getComputedStyle(e).fontSize) < 10.66)
          .map((e) => e.tagName + "." + e.className),
      ];
    });
    out[name] = { pages, cut, small };
  }
} finally {
  await browser.close();
}
process.stdout.write(JSON.stringify(out));
