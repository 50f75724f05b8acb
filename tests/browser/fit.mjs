// Measures, in headless Chromium, what a projector at 1366 × 768 and a phone 390 px wide show of each
// page kind, and prints it as JSON (tests/test_fit.py states what must hold):
// - a scenario page, at every stage with the quiz on: in the ordinary mode the elements cut and the
//   boxes of the grid, the hands, the options, the question and the tree; in projector mode the elements cut (a box
//   narrower than its content with its overflow hidden or scrolled, or reaching past the window's
//   sides), the boxes of the grid and the hands, the smallest type of the tree's part as drawn on the
//   screen, and the open question scrolled into view (its prompt and its choices against the header
//   and the window's bottom); on the phone, the document's width, the boxes of the grid, the hands,
//   the options, the question and the tree, and the smallest type of the text;
// - the teacher's board (tableau.html): the same, in projector mode (key P) and on the phone;
// - any other page (the index, a quiz sheet): the phone's measures.
// node fit.mjs [--sample] FOLDER PAGE.html...   (--sample: a page's first and last stages but in projector mode)
import { join } from "node:path";
import { dealAndCall } from "./board.mjs";
import { offline } from "./offline.mjs";

const PROJECTOR = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const args = process.argv.slice(2);
const sample = args[0] === "--sample";  // in the ordinary mode and on the phone, the first and last stages only
const [folder, ...names] = sample ? args.slice(1) : args;
const out = { pages: {} };

// Runs in the page: the measures of what is shown now, at each stage from the first to the last
// when `what.stages` (the page's own « next » button, clicked in the page: no wait between two). `within`
// names the boxes whose overlaps are measured; `tree` asks for the tree's smallest type, `quiz` for
// the open question.
const measure = (page, what) => page.evaluate((what) => {
 const one = () => {
  const W = window.innerWidth, H = window.innerHeight;
  const visible = (el) => {
    if (!el || !el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    return cs.visibility !== "hidden" && cs.display !== "none";
  };
  const name = (el) => el.tagName.toLowerCase() + (el.id ? "#" + el.id : "") +
    (typeof el.className === "string" && el.className ? "." + el.className.trim().split(/\s+/).join(".") : "");
  const rect = (el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, left: r.left, bottom: r.bottom, right: r.right };
  };
  const stage = document.querySelector(".stage.current");
  const scope = stage || document.body;
  const roots = stage ? [document.querySelector("header"), stage, document.querySelector(".tree-head")] : [document.body];
  const seen = new Set();
  const elements = [];
  for (const root of roots) {
    for (const el of [root, ...root.querySelectorAll("*")]) {
      if (seen.has(el) || el.closest("svg") || !visible(el)) continue;
      seen.add(el);
      elements.push(el);
    }
  }
  // cut: a box scrolled or clipped sideways (a tree's panel scrolls by design: its part is measured
  // by its type), or reaching past the window's sides
  const cut = [];
  for (const el of elements) {
    if (el.closest(".tree") || el.matches("input, select, textarea")) continue;  // a field scrolls its text
    const cs = getComputedStyle(el);
    const r = el.getBoundingClientRect();
    if (cs.overflowX !== "visible" && el.scrollWidth > el.clientWidth + 1) {
      cut.push({ el: name(el), why: "overflow", scroll: el.scrollWidth, client: el.clientWidth });
    } else if (r.width > 0 && (r.left < -0.5 || r.right > W + 0.5)) {
      cut.push({ el: name(el), why: "outside", left: r.left, right: r.right });
    }
  }
  // the smallest type of the text shown (not the drawings'), and where it is
  let least = null;
  for (const el of elements) {
    const text = Array.from(el.childNodes).filter((t) => t.nodeType === Node.TEXT_NODE).map((t) => t.nodeValue).join("").trim();
    if (!text || el.matches("script, style, noscript")) continue;
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (!least || px < least.px) least = { px, el: name(el), text: text.slice(0, 40) };
  }
  const boxes = {};
  for (const [key, sel] of Object.entries(what.within)) {
    const found = Array.from(document.querySelectorAll(sel)).filter((el) => visible(el) && (!el.closest(".stage") || el.closest(".stage.current")));
    found.forEach((el, i) => { boxes[found.length > 1 ? `${key}${i}` : key] = rect(el); });
  }
  const result = {
    width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight,
    font_px: parseFloat(getComputedStyle(document.documentElement).fontSize),
    cut, least, boxes,
  };
  if (what.tree) {
    // the type of the tree's part as the screen shows it: its size in the drawing's units times
    // the pixels of a unit, for every text inside the panel's visible box
    const panel = Array.from(document.querySelectorAll(".side .tree")).find(visible);
    const p = panel.getBoundingClientRect();
    const sizes = [];
    for (const t of panel.querySelectorAll("g.node:not(.off) text, g.edge:not(.off) text")) {
      if (!visible(t)) continue;
      const r = t.getBoundingClientRect();
      if (!r.width || r.bottom <= p.top || r.top >= p.bottom || r.right <= p.left || r.left >= p.right) continue;
      sizes.push(parseFloat(t.getAttribute("font-size") || getComputedStyle(t).fontSize) * t.getScreenCTM().a);
    }
    result.tree = { texts: sizes.length, least_px: sizes.length ? Math.min(...sizes) : null };
  }
  if (what.quiz) {
    // the open question, scrolled into view: its title, prompt and choices under the header and
    // above the window's bottom, its prompt not scrolled
    const quiz = Array.from(scope.querySelectorAll(".quiz")).find((q) => visible(q) && !q.classList.contains("later"));
    if (quiz) {
      quiz.scrollIntoView({ block: "start" });
      const header = document.querySelector("header").getBoundingClientRect();
      const prompt = quiz.querySelector(":scope > p");
      const choices = quiz.querySelector(".choices");
      result.quiz = {
        header_bottom: getComputedStyle(document.querySelector("header")).position === "sticky" ? header.bottom : 0,
        top: quiz.querySelector("h2").getBoundingClientRect().top,
        bottom: choices.getBoundingClientRect().bottom,
        prompt_scrolled: prompt.scrollHeight > prompt.clientHeight + 1,
        prompt_chars: prompt.innerText.length,
        window: H,
      };
      window.scrollTo(0, 0);
    } else {
      result.quiz = null;
    }
  }
  return result;
 };
  if (!what.stages) return one();
  const next = document.getElementById("next");
  const key = (k) => document.dispatchEvent(new KeyboardEvent("keydown", { key: k }));
  const seen = [];
  key("Home");
  if (what.stages === "ends") {  // the first stage and the last, its auction the longest
    seen.push(one());
    key("End");
    return next.disabled && seen.length ? [...seen, one()] : seen;
  }
  for (;;) {
    seen.push(one());
    if (next.disabled) return seen;
    next.click();
  }
}, what);

const STAGE_BOXES = { grid: ".grid-box", hands: ".hands-box", options: ".options", quiz: ".quiz", tree: ".side .tree" };
// the board's columns and its tree, side by side or one under another; inside the middle column,
// the grid and the hands (a name's part before « : » is the group whose boxes must not overlap)
const BOARD_BOXES = { "col:left": ".tableau-main .col.left", "col:middle": ".tableau-main .col.middle",
                      "col:right": ".tableau-main .col.right", "col:tree": ".tree-box",
                      "table:grid": "#grid", "table:hands": "#hands .hands-box" };

await offline(join(folder, names[0]), out, async (page) => {
  for (const file of names) {
    await page.setViewportSize(PROJECTOR);
    await page.goto(new URL(file, page.url()).href);
    const kind = (await page.$(".stage")) ? "scenario" : (await page.$("body.tableau")) ? "board" : "other";
    const seen = { kind };
    if (kind === "scenario") {
      if (await page.$("#quizmode")) await page.check("#quizmode");
      seen.normal = await measure(page, { within: STAGE_BOXES, stages: sample ? "ends" : "all" });
      await page.keyboard.press("p");
      seen.projector = await measure(page, { within: STAGE_BOXES, tree: true, quiz: true, stages: true });
      await page.click("#projector");
      seen.projector_off_px = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      await page.setViewportSize(PHONE);
      seen.phone = await measure(page, { within: STAGE_BOXES, tree: true, stages: sample ? "ends" : "all" });
    } else if (kind === "board") {
      await dealAndCall(page);
      seen.normal = await measure(page, { within: BOARD_BOXES });
      await page.evaluate(() => document.activeElement && document.activeElement.blur());
      await page.keyboard.press("p");
      seen.projector = await measure(page, { within: BOARD_BOXES });
      await page.click("#projector");
      seen.projector_off_px = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
      await page.setViewportSize(PHONE);
      seen.phone = [await measure(page, { within: BOARD_BOXES })];
      await page.evaluate(() => { document.getElementById("setup-box").open = true; });
      await page.focus("#hand-N");  // a P typed in a field is a letter, not the projector
      await page.keyboard.press("p");
      seen.p_in_field = await page.evaluate(() => [document.documentElement.classList.contains("projector"), document.getElementById("hand-N").value]);
    } else {
      await page.setViewportSize(PHONE);
      seen.phone = [await measure(page, { within: {} })];
    }
    out.pages[file] = seen;
  }
}, PROJECTOR);
process.stdout.write(JSON.stringify(out));
