// The screenshots committed under docs/screenshots, taken again: a stage at 1366 × 768 with its
// question, the same in projector mode, the question scrolled into view in projector mode, the whole
// tree open, the page and its question on a phone (390 px wide), the page printed (print emulation); with
// the teacher's board, the board in projector mode after three calls, and on a phone.
// node shots.mjs PAGE.html OUT_DIR [TABLEAU.html]
import { join } from "node:path";
import { dealAndCall } from "./board.mjs";
import { offline } from "./offline.mjs";

const [page_path, dir, board_path] = process.argv.slice(2);
const out = {};
const settle = (page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
await offline(page_path, out, async (page) => {
  for (let i = 0; i < 2; i++) await page.click("#next");
  await page.screenshot({ path: join(dir, "page-stage-1366x768.png") });
  await page.check("#quizmode");
  for (let i = 0; i < 3; i++) await page.click("#next");
  await page.keyboard.press("p");
  await settle(page);
  await page.screenshot({ path: join(dir, "page-projector-1366x768.png") });
  await page.evaluate(() => document.querySelector(".stage.current .quiz:not(.later)").scrollIntoView({ block: "start" }));
  await settle(page);
  await page.screenshot({ path: join(dir, "quiz-projector-1366x768.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.keyboard.press("p");
  await page.keyboard.press("t");
  await settle(page);
  await page.screenshot({ path: join(dir, "page-whole-tree-1366x768.png") });
  await page.keyboard.press("Escape");
  await page.setViewportSize({ width: 390, height: 844 });
  await settle(page);
  await page.screenshot({ path: join(dir, "page-390px.png"), fullPage: true });
  await page.evaluate(() => document.querySelector(".stage.current .quiz:not(.later)").scrollIntoView({ block: "start" }));
  await settle(page);
  await page.screenshot({ path: join(dir, "quiz-390px.png") });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: join(dir, "print-handout-27B2.png"), fullPage: true });
}, { width: 1366, height: 768 });
if (board_path) {
  await offline(board_path, out, async (page) => {
    await dealAndCall(page);
    await page.click("#projector");
    await settle(page);
    await page.screenshot({ path: join(dir, "tableau-projector-1366x768.png") });
    await page.click("#projector");
    await page.setViewportSize({ width: 390, height: 844 });
    await settle(page);
    await page.screenshot({ path: join(dir, "tableau-390px.png") });
  }, { width: 1366, height: 768 });
}
console.log(JSON.stringify(out));
