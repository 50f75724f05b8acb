// The stepper of one scenario page: prev/next, arrow keys, the language and the toggles; the part of
// the decision tree that applies (the tree's viewBox cropped around the current question and its
// branches), the whole tree one click away, the projector mode (key P).
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
        var name = g.getAttribute("data-name") || "";
        g.classList.toggle("current", g.classList.contains("node") && name === state);
        g.classList.toggle("taken", edges.indexOf(name) >= 0);
      });
    });
  }

  // The boxes of the named nodes and edges, in the coordinates of the SVG's viewBox.
  function box(svg, names) {
    var graph = svg.querySelector("g.graph");
    if (!graph) { return null; }
    var list = graph.transform.baseVal.consolidate();
    var m = list ? list.matrix : svg.createSVGMatrix();
    var out = null;
    Array.prototype.forEach.call(graph.querySelectorAll("g.node, g.edge"), function (g) {
      if (!names[g.getAttribute("data-name") || ""]) { return; }
      var b = g.getBBox();
      if (!b.width && !b.height) { return; }
      var xs = [m.a * b.x + m.c * b.y + m.e, m.a * (b.x + b.width) + m.c * (b.y + b.height) + m.e];
      var ys = [m.b * b.x + m.d * b.y + m.f, m.b * (b.x + b.width) + m.d * (b.y + b.height) + m.f];
      var x0 = Math.min(xs[0], xs[1]), x1 = Math.max(xs[0], xs[1]);
      var y0 = Math.min(ys[0], ys[1]), y1 = Math.max(ys[0], ys[1]);
      out = out ? { x0: Math.min(out.x0, x0), y0: Math.min(out.y0, y0), x1: Math.max(out.x1, x1), y1: Math.max(out.y1, y1) }
                : { x0: x0, y0: y0, x1: x1, y1: y1 };
    });
    return out;
  }

  // What applies at a stage: the current state's question and its branches; else what this stage
  // took (the branch and the question it answers); else nothing (the whole tree). The names, and
  // their box.
  function focus(svg, stage) {
    var state = stage.getAttribute("data-state");
    var names = {};
    var found = false;
    Array.prototype.forEach.call(svg.querySelectorAll("g.node, g.edge"), function (g) {
      var name = g.getAttribute("data-name") || "";
      if (name === state || name.indexOf(state + "->") === 0) {
        names[name] = true;
        names[name.split("->")[1] || name] = true;
        found = found || name === state;
      }
    });
    if (!found) {
      names = {};
      JSON.parse(stage.getAttribute("data-last") || "[]").forEach(function (name) {
        names[name] = true;
        names[name.split("->")[0]] = true;
      });
    }
    var b = box(svg, names);
    return b ? { box: b, names: names } : null;
  }

  // The smallest type of a drawing, in the units of its viewBox (Graphviz's points).
  function smallestType(svg) {
    var least = Infinity;
    Array.prototype.forEach.call(svg.querySelectorAll("g.node:not(.off) text, g.edge:not(.off) text"), function (t) {
      var size = parseFloat(t.getAttribute("font-size") || getComputedStyle(t).fontSize);
      if (size > 0 && size < least) { least = size; }
    });
    return least === Infinity ? 14 : least;
  }

  var PROJECTED_PX = 18.5;  // the least type of the tree's part on a projector, in CSS pixels
  var PHONE_PX = 14.5;      // on a phone (the page in one column)
  var LEAST_PX = 11;        // on a screen, before the part is fitted to the panel's width only
  var phone = window.matchMedia ? window.matchMedia("(max-width: 700px)") : null;

  function crop(n) {
    var full = document.body.classList.contains("tree-full");
    var projected = document.documentElement.classList.contains("projector");
    var least = projected ? PROJECTED_PX : phone && phone.matches ? PHONE_PX : 0;
    Array.prototype.forEach.call(document.querySelectorAll(".tree svg"), function (svg) {
      if (!svg.hasAttribute("data-viewbox")) {
        svg.setAttribute("data-viewbox", svg.getAttribute("viewBox"));
        svg.setAttribute("data-width", svg.getAttribute("width"));
        svg.setAttribute("data-height", svg.getAttribute("height"));
      }
      var f = full ? null : focus(svg, stages[n]);
      var b = f ? f.box : null;
      if (!b && !full && !svg.getBBox().width) { return; }  // the other language's, hidden
      // out of the part, nothing drawn: no arrow from or to a box the part does not show
      Array.prototype.forEach.call(svg.querySelectorAll("g.node, g.edge"), function (g) {
        g.classList.toggle("off", !!f && !f.names[g.getAttribute("data-name") || ""]);
      });
      var panel = svg.parentNode.closest(".tree");
      if (b) {
        var pad = 6;
        var w = b.x1 - b.x0 + 2 * pad, h = b.y1 - b.y0 + 2 * pad;
        svg.setAttribute("viewBox", [b.x0 - pad, b.y0 - pad, w, h].map(function (v) { return v.toFixed(1); }).join(" "));
        svg.setAttribute("width", w.toFixed(1) + "pt");
        svg.setAttribute("height", h.toFixed(1) + "pt");
        // pixels a unit: the part fits the panel (its height as long as its type stays LEAST_PX),
        // a small part not blown up; on a projector or a phone its type never under PROJECTED_PX or
        // PHONE_PX, the panel scrolling when the part needs more room
        var type = smallestType(svg);
        var fitW = (panel.clientWidth - 2) / w, fitH = (panel.clientHeight - 2) / h;
        var scale = Math.min(fitW, Math.max(fitH, LEAST_PX / type), 4 / 3 * 1.4);
        scale = Math.max(scale, least / type);
        svg.style.width = (w * scale).toFixed(1) + "px";
        svg.style.height = (h * scale).toFixed(1) + "px";
        svg.style.maxWidth = "none";
      } else {
        svg.setAttribute("viewBox", svg.getAttribute("data-viewbox"));
        svg.setAttribute("width", svg.getAttribute("data-width"));
        svg.setAttribute("height", svg.getAttribute("data-height"));
        svg.style.width = svg.style.height = svg.style.maxWidth = "";
        if (least && !full) {  // no part to show: the whole tree, its type as large as a part's
          var vb = svg.viewBox.baseVal, grow = least / smallestType(svg);
          svg.style.width = (vb.width * grow).toFixed(1) + "px";
          svg.style.height = (vb.height * grow).toFixed(1) + "px";
          svg.style.maxWidth = "none";
        }
      }
      panel.scrollTop = 0;
      panel.scrollLeft = 0;
      // the question asked now in the middle of the panel (its top, when taller) when the part is taller
      var node = svg.querySelector("g.node.current");
      if (b && node && !node.classList.contains("off")) {
        var r = node.getBoundingClientRect(), p = panel.getBoundingClientRect();
        panel.scrollTop = Math.max(0, r.top - p.top - Math.max(4, (panel.clientHeight - r.height) / 2));
      }
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
    crop(current);
    lastRounds();
  }

  // a long auction: its last rounds in view
  function lastRounds() {
    Array.prototype.forEach.call(stages[current].querySelectorAll(".grid-box"), function (g) { g.scrollTop = g.scrollHeight; });
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
    crop(current);
  });

  // The header's height, below which the tree's part stays in view.
  function header() {
    var h = document.querySelector("header");
    document.documentElement.style.setProperty("--header", (h ? h.offsetHeight + 4 : 70) + "px");
  }
  window.addEventListener("resize", function () { header(); crop(current); });
  var projector = document.getElementById("projector");
  function project(on) {
    document.documentElement.classList.toggle("projector", on);
    if (projector) { projector.setAttribute("aria-pressed", on ? "true" : "false"); }
    header();
    crop(current);
    lastRounds();
  }
  if (projector) {
    projector.addEventListener("click", function () { project(!document.documentElement.classList.contains("projector")); });
  }
  var whole = document.getElementById("fulltree");
  function fullTree(on) {
    document.body.classList.toggle("tree-full", on);
    if (whole) { whole.setAttribute("aria-expanded", on ? "true" : "false"); }
    crop(current);
  }
  if (whole) {
    whole.addEventListener("click", function () { fullTree(!document.body.classList.contains("tree-full")); });
    document.getElementById("closetree").addEventListener("click", function () { fullTree(false); });
  }
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey) { return; }
    if (e.key === "p" || e.key === "P") { project(!document.documentElement.classList.contains("projector")); }
    else if (e.key === "Escape") { fullTree(false); }
    else if (e.key === "t" || e.key === "T") { fullTree(!document.body.classList.contains("tree-full")); }
  });
  header();

  // Several questions at one stage: one open at a time, the next once the one before is answered.
  Array.prototype.forEach.call(document.querySelectorAll(".quizzes"), function (box) {
    var quizzes = box.querySelectorAll(".quiz");
    Array.prototype.forEach.call(quizzes, function (quiz, i) {
      if (i > 0) { quiz.classList.add("later"); }
      quiz.querySelector("h2").addEventListener("click", function () {
        Array.prototype.forEach.call(quizzes, function (q) { q.classList.toggle("later", q !== quiz); });
      });
      quiz.addEventListener("click", function (e) {
        var next = quizzes[i + 1];
        if (next && e.target.closest(".choices button")) { next.classList.remove("later"); }
      });
    });
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
