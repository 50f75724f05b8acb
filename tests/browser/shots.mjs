// The screenshots committed under docs/screenshots, taken again: a stage at 1366 × 768 with its
// question, the same in projector mode, the whole tree open, and the page printed (print emulation).
// node shots.mjs PAGE.html OUT_DIR
import { join } from "node:path";
import { offline } from "./offline.mjs";

const [page_path, dir] = process.argv.slice(2);
const out = {};
await offline(page_path, out, async (page) => {
  for (let i = 0; i < 2; i++) await page.click("#next");
  await page.screenshot({ path: join(dir, "page-stage-1366x768.png") });
  await page.check("#quizmode");
  for (let i = 0; i < 3; i++) await page.click("#next");
  await page.keyboard.press("p");
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(dir, "page-projector-1366x768.png") });
  await page.keyboard.press("p");
  await page.keyboard.press("t");
  await page.waitForTimeout(200);
  await page.screenshot({ path: join(dir, "page-whole-tree-1366x768.png") });
  await page.keyboard.press("Escape");
  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: join(dir, "print-handout-27B2.png"), fullPage: true });
}, { width: 1366, height: 768 });
console.log(JSON.stringify(out));
