// The index: the language toggle, and a search over the titles (in the language shown) and the
// laws each scenario teaches. Accents and case do not count: « enchere » finds « enchère ».
(function () {
  "use strict";
  var body = document.body;
  var input = document.getElementById("search");
  function plain(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function filter() {
    var words = plain(input.value).split(/\s+/).filter(Boolean);
    var lang = body.classList.contains("en") ? "en" : "fr";
    var shown = 0;
    Array.prototype.forEach.call(document.querySelectorAll("ul.index li"), function (li) {
      var title = li.querySelector("[lang='" + lang + "']");
      var text = plain((title ? title.textContent : "") + " " + li.getAttribute("data-laws"));
      var hit = words.every(function (w) { return text.indexOf(w) >= 0; });
      li.hidden = !hit;
      if (hit) shown += 1;
    });
    Array.prototype.forEach.call(document.querySelectorAll("section.group"), function (group) {
      group.hidden = !group.querySelector("li:not([hidden])");
    });
    document.getElementById("none").hidden = shown > 0;
  }
  input.addEventListener("input", filter);
  document.getElementById("lang").addEventListener("click", function () {
    var en = !body.classList.contains("en");
    body.classList.toggle("en", en);
    document.documentElement.lang = en ? "en" : "fr";
    input.placeholder = input.getAttribute(en ? "data-en" : "data-fr");
    filter();
  });
})();
