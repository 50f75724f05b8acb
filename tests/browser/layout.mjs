// Measures the layout of teaching pages at 1366 × 768 in headless Chromium and prints it as JSON:
// at each stage (with the quiz shown where the stage has one), the boxes of what a class must see
// together (the state, the auction grid, the hands, the options or the quiz, the tree's part) and
// the document's height; then the same page in projector mode, and the whole tree opened.
// node layout.mjs FOLDER [SCREENSHOT_DIR] PAGE.html...
import { join } from "node:path";
import { offline } from "./offline.mjs";

const [folder, shots, ...names] = process.argv.slice(2);
const out = { pages: {} };
const measure = (page) => page.evaluate(() => {
  const stage = document.querySelector(".stage.current");
  const shown = (el) => el && el.offsetParent !== null && el.getClientRects().length > 0;
  const rect = (el) => {
    if (!shown(el)) return null;
    const r = el.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  };
  const first = (sel) => Array.from(stage.querySelectorAll(sel)).find(shown) || null;
  const quiz = first(".quizzes");
  const svg = Array.from(document.querySelectorAll(".side .tree svg")).find(shown);
  const tree = document.querySelector(".side .tree");
  const tr = tree.getBoundingClientRect();
  // the tree's part: the visible box of the drawing inside its frame
  const sr = svg ? svg.getBoundingClientRect() : null;
  const part = sr ? { top: Math.max(sr.top, tr.top), left: Math.max(sr.left, tr.left),
                      bottom: Math.min(sr.bottom, tr.bottom), right: Math.min(sr.right, tr.right) } : null;
  const current = svg ? svg.querySelector("g.node.current") : null;
  return {
    n: stage.getAttribute("data-n"),
    counter: document.getElementById("counter").textContent,
    state: rect(stage.querySelector(".state-line")),
    grid: rect(first(".grid-box")),  // the grid, its last rounds in view when it is long
    hands: rect(first(".hands-box")),
    options: rect(first(".options")),
    quiz: rect(quiz),
    tree: part,
    current_node: current ? rect(current) : null,
    viewbox: svg ? svg.getAttribute("viewBox") : null,
    full_viewbox: svg ? svg.getAttribute("data-viewbox") : null,
    height: document.documentElement.scrollHeight,
    font_px: parseFloat(getComputedStyle(document.documentElement).fontSize),
  };
});

await offline(join(folder, names[0]), out, async (page) => {
  for (const name of names) {
    await page.goto(new URL(name, page.url()).href);
    const seen = { stages: [], projector: [] };
    const hasQuiz = await page.evaluate(() => !!document.getElementById("quizmode"));
    if (hasQuiz) await page.check("#quizmode");
    for (;;) {
      seen.stages.push(await measure(page));
      if (await page.locator("#next").isDisabled()) break;
      await page.click("#next");
    }
    if (shots) await page.screenshot({ path: join(shots, `${name}-layout-last.png`) });
    await page.keyboard.press("Home");
    if (hasQuiz) await page.uncheck("#quizmode");
    await page.keyboard.press("p");
    for (;;) {
      seen.projector.push(await measure(page));
      if (await page.locator("#next").isDisabled()) break;
      await page.click("#next");
    }
    await page.click("#projector");  // the button too: back to the ordinary type
    seen.after_projector_button = await measure(page);
    await page.click("#fulltree");
    seen.full = await page.evaluate(() => {
      const side = document.querySelector(".side").getBoundingClientRect();
      const svg = Array.from(document.querySelectorAll(".side .tree svg")).find((s) => s.getClientRects().length);
      return { side: { top: side.top, left: side.left, width: side.width, height: side.height },
               viewbox: svg.getAttribute("viewBox"), full_viewbox: svg.getAttribute("data-viewbox"),
               nodes: svg.querySelectorAll("g.node").length };
    });
    if (shots) await page.screenshot({ path: join(shots, `${name}-layout-fulltree.png`) });
    await page.keyboard.press("Escape");
    seen.closed = await page.evaluate(() => document.body.classList.contains("tree-full"));
    out.pages[name] = seen;
  }
}, { width: 1366, height: 768 });
process.stdout.write(JSON.stringify(out));
