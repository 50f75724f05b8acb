// Drives one teaching page in headless Chromium and prints what a student sees, as JSON.
// node drive.mjs PAGE.html SCREENSHOT_DIR NAME
// The page is opened from file:// with every network request refused: it must need none.
import { join } from "node:path";
import { offline } from "./offline.mjs";

const [page_path, shots, name] = process.argv.slice(2);
const out = { stages: [] };
await offline(page_path, out, async (page) => {
  const look = () => page.evaluate(() => {
    const stage = document.querySelector(".stage.current");
    const visible = (el) => el.offsetParent !== null;
    return {
      counter: document.getElementById("counter").textContent,
      n: stage.getAttribute("data-n"),
      text: stage.innerText,
      struck: Array.from(stage.querySelectorAll("table.grid s")).filter(visible).map((s) => s.parentElement.innerText),
      routine_visible: Array.from(stage.querySelectorAll("li.routine")).filter(visible).length,
      routine_all: stage.querySelectorAll("li.routine").length,
      current_node: Array.from(document.querySelectorAll(".tree g.node.current")).map((g) => g.getAttribute("data-name")),
      taken: document.querySelectorAll(".tree g.edge.taken").length,
      body_font_px: parseFloat(getComputedStyle(document.body).fontSize),
      heart_color: (() => { const r = stage.querySelector(".red"); return r && visible(r) ? getComputedStyle(r).color : null; })(),
      prev_disabled: document.getElementById("prev").disabled,
      next_disabled: document.getElementById("next").disabled,
    };
  });

  out.first = await look();
  await page.screenshot({ path: join(shots, `${name}-0-start.png`), fullPage: false });
  // forward through every stage with the button, recording each
  for (;;) {
    out.stages.push(await look());
    if (await page.locator("#next").isDisabled()) break;
    await page.click("#next");
  }
  await page.screenshot({ path: join(shots, `${name}-1-last.png`), fullPage: false });
  await page.click("#prev");
  out.after_prev = await look();
  await page.keyboard.press("ArrowLeft");
  out.after_left = await look();
  await page.keyboard.press("ArrowRight");
  out.after_right = await look();

  // the routine options: hidden at first, shown once the box is unticked
  await page.keyboard.press("Home");
  const quiz_stage = await page.evaluate(() => {
    const s = document.querySelector(".stage .quiz");
    return s ? Array.from(document.querySelectorAll(".stage")).indexOf(s.closest(".stage")) : -1;
  });
  for (let i = 0; i < 40 && (await look()).routine_all === 0 && !(await page.locator("#next").isDisabled()); i++) {
    await page.keyboard.press("ArrowRight");
  }
  out.routine_hidden = await look();
  await page.uncheck("#routine");
  out.routine_shown = await look();
  await page.check("#routine");

  if (quiz_stage >= 0) {
    await page.check("#quizmode");
    await page.evaluate((n) => { location.hash = "#" + n; }, quiz_stage);
    await page.reload();
    await page.check("#quizmode");
    const quiz = page.locator(".stage.current .quiz").first();
    out.quiz_before = await quiz.innerText();
    await quiz.locator(".choices button[data-right='0']").first().click();
    out.quiz_wrong = await quiz.innerText();
    out.quiz_right_law = await quiz.locator(".choices button.right").getAttribute("data-law");
    out.quiz_picked_law = await quiz.locator(".choices button.wrong").getAttribute("data-law");
    out.quiz_stage = (await look()).n;
    await page.screenshot({ path: join(shots, `${name}-2-quiz.png`), fullPage: false });
  }
  await page.click("#lang");
  out.english = await look();
  out.html_lang = await page.evaluate(() => document.documentElement.lang);
  await page.screenshot({ path: join(shots, `${name}-3-english.png`), fullPage: false });
});

process.stdout.write(JSON.stringify(out));
