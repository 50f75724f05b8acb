// The stepper of one scenario page: prev/next, arrow keys, the language and the toggles.
// Everything is in the page: no network, no server.
(function () {
  "use strict";
  var stages = Array.prototype.slice.call(document.querySelectorAll(".stage"));
  var counter = document.getElementById("counter");
  var prev = document.getElementById("prev");
  var next = document.getElementById("next");
  var current = 0;

  function mark(n) {
    var stage = stages[n];
    var trees = document.querySelectorAll(".tree svg");
    var edges = JSON.parse(stage.getAttribute("data-edges") || "[]");
    var state = stage.getAttribute("data-state");
    Array.prototype.forEach.call(trees, function (svg) {
      Array.prototype.forEach.call(svg.querySelectorAll("g.node, g.edge"), function (g) {
        var title = g.querySelector("title");
        var name = title ? title.textContent : "";
        g.classList.toggle("current", g.classList.contains("node") && name === state);
        g.classList.toggle("taken", edges.indexOf(name) >= 0);
      });
    });
  }

  function show(n) {
    if (n < 0 || n >= stages.length) { return; }
    stages[current].classList.remove("current");
    current = n;
    stages[current].classList.add("current");
    counter.textContent = (current + 1) + " / " + stages.length;
    prev.disabled = current === 0;
    next.disabled = current === stages.length - 1;
    if (history.replaceState) { history.replaceState(null, "", "#" + current); }
    mark(current);
  }

  prev.addEventListener("click", function () { show(current - 1); });
  next.addEventListener("click", function () { show(current + 1); });
  document.addEventListener("keydown", function (e) {
    if (e.key === "ArrowRight" || e.key === "PageDown") { show(current + 1); e.preventDefault(); }
    else if (e.key === "ArrowLeft" || e.key === "PageUp") { show(current - 1); e.preventDefault(); }
    else if (e.key === "Home") { show(0); e.preventDefault(); }
    else if (e.key === "End") { show(stages.length - 1); e.preventDefault(); }
  });

  function toggle(id, cls) {
    var box = document.getElementById(id);
    if (!box) { return; }
    var apply = function () { document.body.classList.toggle(cls, box.checked); };
    box.addEventListener("change", apply);
    apply();
  }
  toggle("routine", "hide-routine");
  toggle("quizmode", "quiz-mode");
  var lang = document.getElementById("lang");
  lang.addEventListener("click", function () {
    var en = !document.body.classList.contains("en");
    document.body.classList.toggle("en", en);
    document.documentElement.lang = en ? "en" : "fr";
  });

  Array.prototype.forEach.call(document.querySelectorAll(".quiz"), function (quiz) {
    Array.prototype.forEach.call(quiz.querySelectorAll(".choices button"), function (b) {
      b.addEventListener("click", function () {
        var right = b.getAttribute("data-right") === "1";
        b.classList.add(right ? "right" : "wrong");
        quiz.querySelector(".choices button[data-right='1']").classList.add("right");
        quiz.classList.add("answered");
        Array.prototype.forEach.call(quiz.querySelectorAll(".verdict [data-v]"), function (v) {
          v.hidden = v.getAttribute("data-v") !== (right ? "right" : "wrong");
        });
      });
    });
  });

  var start = parseInt((location.hash || "#0").slice(1), 10);
  stages[0].classList.add("current");
  show(isNaN(start) ? 0 : Math.min(Math.max(start, 0), stages.length - 1));
})();
