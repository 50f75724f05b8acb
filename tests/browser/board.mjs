// The teacher's board set as the fit test and the screenshots show it: a deal, North the dealer, and
// two calls, the second an insufficient bid, so that the hands, the grid and the options are all shown.
export async function dealAndCall(page) {
  await page.waitForSelector("body[data-ready]", { timeout: 60000 });
  await page.fill("#deal", "N:KT3.AJ952.K92.KJ 8542.874.T763.Q3 AQJ.T63.AJ85.AT9 976.KQ.Q4.876542");
  await page.selectOption("#dealer", "N");
  for (const [seat, call] of [["N", "1H"], ["E", "1D"]]) {
    await page.evaluate(([seat, call]) => {
      document.getElementById("arg-seat").value = seat;
      document.querySelector(`#box button[data-call="${call}"]`).click();
    }, [seat, call]);
  }
}
