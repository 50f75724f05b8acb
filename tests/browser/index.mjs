// Drives the classroom index in headless Chromium and prints, as JSON, what a teacher sees: the
// visible text, then the titles left by a search, in French and in English.
// node index.mjs INDEX.html
import { offline } from "./offline.mjs";

const [page_path] = process.argv.slice(2);
const out = {};
await offline(page_path, out, async (page) => {
  const visible = () => page.evaluate(() => ({
    text: document.body.innerText,
    items: Array.from(document.querySelectorAll("ul.index li")).filter((li) => !li.hidden && li.offsetParent !== null)
      .map((li) => li.innerText),
    groups: Array.from(document.querySelectorAll("section.group")).filter((g) => !g.hidden).length,
    none: !document.getElementById("none").hidden,
  }));
  out.start = await visible();
  await page.fill("#search", "enchere insuffisante");
  out.search = await visible();
  await page.fill("#search", "54D");
  out.law = await visible();
  await page.fill("#search", "xyzzy");
  out.nothing = await visible();
  await page.fill("#search", "lead");
  await page.click("#lang");
  out.english = await visible();
}, { width: 1366, height: 768 });
console.log(JSON.stringify(out));
