// Walks the classroom site in headless Chromium from its index, opened from file://, and prints as JSON
// what it found: every file a link or a source names (each must be in the folder), the links that go
// out of it or name no file, the anchors (#…) that name no element, every request that left the
// folder (each refused), every script error and every error the console shows.
// node walk.mjs SITE_FOLDER
// Pages (.html) and drawings (.svg) are opened and their links followed; any other file (a PDF) is
// only checked to be there. So are the pages of lite/ (the notebooks in the browser, JupyterLite): the
// app must be served over HTTP (tests/browser/lite.mjs runs it), Chromium refuses it from file://.
import { existsSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { offline } from "./offline.mjs";

const root = resolve(process.argv[2]);
const out = { opened: [], reached: [], broken: [], outside: [], anchors: [], console: [], failed: [] };
const inside = (path) => path === root || path.startsWith(root + "/");
const name = (path) => relative(root, path);
const served = (path) => path.startsWith(join(root, "lite") + "/");

await offline(join(root, "index.html"), out, async (page) => {
  page.on("console", (m) => { if (m.type() === "error") out.console.push(`${name(fileURLToPath(page.url()))}: ${m.text()}`); });
  page.on("requestfailed", (r) => { if (r.url().startsWith("file:")) out.failed.push(r.url()); });
  const ids = new Map();  // each page opened → the ids of its elements
  const wanted = [];      // [page, anchor, where it is named]
  const reached = new Set([join(root, "index.html")]);
  const queue = [join(root, "index.html")];
  while (queue.length) {
    const path = queue.shift();
    await page.goto(pathToFileURL(path).href);
    out.opened.push(name(path));
    const found = await page.evaluate(() => ({
      ids: Array.from(document.querySelectorAll("[id]"), (el) => el.id),
      refs: Array.from(document.querySelectorAll("[href], [src]"), (el) =>
        el.getAttribute("href") ?? el.getAttribute("src")).concat(
        Array.from(document.querySelectorAll("*")).flatMap((el) => {
          const x = el.getAttributeNS("http://www.w3.org/1999/xlink", "href");
          return x === null ? [] : [x];
        })),
      base: document.baseURI,
    }));
    ids.set(path, new Set(found.ids));
    for (const ref of found.refs) {
      if (ref === "" || ref.startsWith("data:")) continue;  // inlined: no file, no request
      let url;
      try { url = new URL(ref, found.base); } catch { out.broken.push(`${name(path)}: ${ref}`); continue; }
      if (url.protocol !== "file:") { out.outside.push(`${name(path)}: ${ref}`); continue; }
      const target = fileURLToPath(url.href.split("#")[0]);
      if (!inside(target)) { out.outside.push(`${name(path)}: ${ref}`); continue; }
      if (!existsSync(target) || !statSync(target).isFile()) { out.broken.push(`${name(path)}: ${ref}`); continue; }
      if (url.hash) wanted.push([target, url.hash.slice(1), `${name(path)}: ${ref}`]);
      if (!reached.has(target)) {
        reached.add(target);
        if (/\.(html|svg)$/.test(target) && !served(target)) queue.push(target);
      }
    }
  }
  out.reached = Array.from(reached, name).sort();
  for (const [target, anchor, where] of wanted) {
    const known = ids.get(target);
    // as a browser finds it: the fragment as written, else decoded (nbconvert writes its ids encoded)
    if (known && !known.has(anchor) && !known.has(decodeURIComponent(anchor))) out.anchors.push(where);
  }
});
process.stdout.write(JSON.stringify(out));
