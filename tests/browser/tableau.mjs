// Drives the teacher's board (tableau.html) offline in headless Chromium at 1366×768 and prints, as
// JSON, what the teacher sees at each step: 1♥ by North, East's insufficient 1♦, South's refusal,
// East's 2♠, the Director's judgement « non comparable »; a refused event; the undo; English; the
// menu, the refusals, what may follow and the cards with their laws on a Law 27, a 54 and a 50D2 case.
// node tableau.mjs PAGE.html SCREENSHOT.png
import { offline } from "./offline.mjs";

const [page_path, shot] = process.argv.slice(2);
const out = {};
await offline(page_path, out, async (page) => {
  await page.waitForSelector("body[data-ready]", { timeout: 60000 });
  const look = () => page.evaluate(() => {
    const text = (id) => document.getElementById(id).innerText;
    return {
      events: document.body.getAttribute("data-events"),
      state: document.getElementById("state").getAttribute("data-state"),
      state_text: text("state"),
      last: text("last"),
      grid: text("grid"),
      struck: Array.from(document.querySelectorAll("#grid s")).map((s) => s.parentElement.innerText),
      options: Array.from(document.querySelectorAll("#options li")).filter((li) => li.offsetParent !== null).map((li) => li.innerText),
      laws: text("laws"),
      notes: text("notes"),
      message: text("message"),
      branches: text("branches"),
      deciders: Array.from(document.querySelectorAll("#branches li.decider > b")).map((b) => b.innerText),
      branch_lines: Array.from(document.querySelectorAll("#branches li")).filter((li) => li.offsetParent !== null && !li.classList.contains("decider")).map((li) => li.innerText),
      rest_open: document.getElementById("rest").open,
      rest_count: Number(document.getElementById("rest-count").textContent),
      rest_visible: Array.from(document.querySelectorAll("#inherited li")).filter((li) => li.checkVisibility()).length,
      menu: Array.from(document.querySelectorAll("#event option")).map((o) => ({ group: o.parentElement.label || "", value: o.value, text: o.textContent })),
      chosen: (() => { const s = document.getElementById("event"); return s.selectedIndex >= 0 ? s.options[s.selectedIndex].textContent : ""; })(),
      suit: document.getElementById("arg-suit") ? document.getElementById("arg-suit").value : null,
      seat: document.getElementById("arg-seat") ? document.getElementById("arg-seat").value : null,
      current_node: Array.from(document.querySelectorAll("#tree g.node.current")).map((g) => g.getAttribute("data-name")),
      taken: document.querySelectorAll("#tree g.edge.taken").length,
      hands: text("hands"),
      body_font_px: parseFloat(getComputedStyle(document.body).fontSize),
    };
  });
  const bid = (seat, call) => page.evaluate(([seat, call]) => {
    document.getElementById("arg-seat").value = seat;
    document.querySelector(`#box button[data-call="${call}"]`).click();
  }, [seat, call]);
  const option = (seat, words) => page.locator("#options button.option", { hasText: words }).filter({ hasText: seat }).first().click();

  await page.fill("#deal", "N:KT3.AJ952.K92.KJ 8542.874.T763.Q3 AQJ.T63.AJ85.AT9 976.KQ.Q4.876542");
  await page.selectOption("#dealer", "N");
  out.start = await look();
  await page.setViewportSize({ width: 1366, height: 768 });
  await bid("N", "1H");
  out.one_heart = await look();
  await bid("E", "1D");
  out.insufficient = await look();
  // an event the state refuses: North accepts, in no option of his
  await page.selectOption("#event", "accept");
  await page.selectOption("#arg-seat", "N");
  await page.click("#apply");
  out.refused = await look();
  // a call that is no call
  await page.selectOption("#event", "call");
  await page.selectOption("#arg-seat", "E");
  await page.fill("#arg-call", "9Z");
  await page.click("#apply");
  out.no_call = await look();
  await option("Sud", "n'accepte pas");
  out.refuse = await look();
  await bid("E", "2S");
  out.replaced = await look();
  await option("L'arbitre", "juge");
  await page.selectOption("#arg-comparable", "0");
  await page.click("#apply");
  out.judged = await look();
  await page.screenshot({ path: shot, fullPage: false });
  await page.click("#undo");
  out.undone = await look();
  await option("L'arbitre", "juge");
  await page.selectOption("#arg-comparable", "0");
  await page.click("#apply");
  await page.click("#lang");
  out.english = await look();
  out.html_lang = await page.evaluate(() => document.documentElement.lang);
  await page.click("#lang");
  // cards as a French player writes them: R D V and 10; a deal refused clears the old hands
  const deal = (text) => page.evaluate((text) => {
    document.getElementById("deal").value = text;
    document.getElementById("new").click();
  }, text);
  await deal("N:R103.AV952.R92.RV 8542.874.10763.D3 ADV.1063.AV85.A109 976.RD.D4.876542");
  out.french_deal = await look();
  await deal("N:R103.AV952.R92.RV 8542.874.10763.D3 ADV.1063.AV85.A109 976.RD.D4.87654X");
  out.bad_deal = await look();
  await deal("N:R103.AV952.R92.RV 8542.874.10763.D3 ADV.1063.AV85.A109 976.RD.D4.876542");
  await page.selectOption("#event", "lead");
  await page.selectOption("#arg-seat", "W");
  await page.fill("#arg-card", "H10");
  await page.click("#apply");
  out.lead_typed = await look();
  // East shows the ♣D during the auction and defends: a major penalty card (24B, 24E), in both languages
  await bid("N", "1H");
  await page.selectOption("#event", "expose");
  await page.selectOption("#arg-seat", "E");
  await page.fill("#arg-cards", "CD");
  await page.click("#apply");
  for (const seat of ["E", "S", "W"]) { await bid(seat, "Pass"); }
  out.penalty_fr = await look();
  await page.click("#lang");
  out.penalty_en = await look();
  await page.click("#lang");
  // Law 54 and 50D2: West leads the ♥R out of turn against 4♠ by North; East tries to accept (refused:
  // only North, declarer, may, 54B); North does not accept (54D): a major penalty card, and North
  // prohibits its suit (50D2), the form ready with the suit the state allows
  await deal("N:DT732.A.RT65.R72 A.T852.D743.T965 V8654.D6.V92.843 R9.RV9743.A8.ADV");
  for (const [seat, call] of [["N", "1S"], ["E", "Pass"], ["S", "4S"], ["W", "Pass"], ["N", "Pass"], ["E", "Pass"]]) { await bid(seat, call); }
  out.before_lead = await look();
  await page.selectOption("#event", "lead");
  await page.selectOption("#arg-seat", "W");
  await page.fill("#arg-card", "♥R");
  await page.click("#apply");
  out.lead_out_of_turn = await look();
  await page.selectOption("#event", "accept");
  await page.selectOption("#arg-seat", "E");
  await page.click("#apply");
  out.refused_54 = await look();
  await option("Nord", "n'accepte pas l'entame");
  out.declarer_options = await look();
  // the teacher clicks North's option « interdit cette couleur »: the form is the 50D2 one, on hearts
  await option("Nord", "interdit cette couleur");
  out.prohibit_form = await look();
  await page.selectOption("#arg-suit", "S");
  await page.click("#apply");
  out.prohibit_spades = await look();
  await page.selectOption("#event", "prohibit");
  await page.click("#apply");
  out.prohibited = await look();
  await page.click("#lang");
  out.prohibited_en = await look();
  await page.click("#lang");
});
process.stdout.write(JSON.stringify(out));
