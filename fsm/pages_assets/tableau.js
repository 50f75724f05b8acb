// The teacher's board: the exported machine run by the generic interpreter (FsmInterpreter, inlined
// above with the export), driven with buttons. This script knows no law and no state: every label,
// law, option and branch it shows comes from the export, from what the interpreter answers, or from
// the words the page was written with (window.TABLEAU). Everything is in the page: no network.
(function () {
  "use strict";
  var D = window.TABLEAU;
  var spec = FsmInterpreter.spec;
  var it = FsmInterpreter.load();
  var SEATS = ["N", "E", "S", "W"];
  var SUITS = ["S", "H", "D", "C"];
  var RANKS = "AKQJT98765432";
  var SYMBOLS = { S: "♠", H: "♥", D: "♦", C: "♣" };
  var states = {};
  spec.states.forEach(function (s) { states[s.name] = s; });
  var events = {};
  spec.events.forEach(function (e) { events[e.name] = e; });
  var routine = {};
  D.routine.forEach(function (k) { routine[k] = true; });

  var setup = { dealer: SEATS[0], vulnerable: spec.setup[1] ? spec.setup[1].default : "None" };
  var hands = null; // seat -> suit -> ranks
  var log = []; // the events made, as the interpreter reads them
  var board = null;
  var steps = []; // the steps of the last event
  var allSteps = []; // every step since the start
  var view = null; // the tree shown

  // --- words -----------------------------------------------------------------------------------
  function esc(t) {
    return String(t === null || t === undefined ? "" : t).replace(/[&<>"']/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" }[c];
    });
  }
  function red(t) { return esc(t).replace(/([♥♦])/g, '<span class="red">$1</span>'); }
  function both(fr, en, markup) {
    if (en === undefined || en === null) { en = fr; }
    return '<span lang="fr">' + (markup ? fr : red(fr)) + '</span><span lang="en">' + (markup ? en : red(en)) + "</span>";
  }
  function pair(p) { return both(p[0], p[1]); }
  function W(k) { return pair(D.words[k]); }
  function seatName(s, l) { return D.seats[s] ? D.seats[s][l] : s; }
  function lawWord(law, l) { return law ? D.law[l] + " " + law : ""; }
  function callLabel(token, l) { return D.calls[token] ? D.calls[token][l] : token; }
  function cardLabel(token, l) { return D.cards[token] ? D.cards[token][l] : token; }
  function stateLabel(name, l) {
    var s = states[name];
    return s ? s[l === 0 ? "fr" : "en"] + " (" + lawWord(s.law, l) + ")" : name;
  }
  // a "seat:token" of the snapshot (a call or a card) in words: « 1♦ d'Est » / "East's 1♦"
  function token(t, l) {
    var at = String(t).indexOf(":");
    if (at < 0) { return String(t); }
    var seat = t.slice(0, at), what = t.slice(at + 1);
    var label = D.calls[what] ? callLabel(what, l) : cardLabel(what, l);
    return l === 0 ? label + " (" + seatName(seat, 0) + ")" : label + " (" + seatName(seat, 1) + ")";
  }
  function contractLabel(c, l) {
    if (c === null || c === undefined) { return "—"; }
    if (D.calls[c] && callLabel(c, 1) === callLabel("Pass", 1)) { return D.words.passed_out[l]; }
    var bare = c.replace(/X+$/, "");
    var n = c.length - bare.length;
    return callLabel(bare, l) + (n === 1 ? D.words.doubled[l] : n === 2 ? D.words.redoubled[l] : "");
  }
  function eventWords(ev, l) {
    var name = Object.keys(ev)[0], args = ev[name] || {}, e = events[name];
    var parts = [];
    if (args.seat) { parts.push(seatName(args.seat, l)); }
    parts.push(e ? e[l === 0 ? "fr" : "en"] : name);
    (e ? e.args : []).forEach(function (a) {
      var v = args[a.name];
      if (v === undefined || v === null || a.type === "seat") { return; }
      if (a.type === "call") { parts.push(callLabel(v, l)); }
      else if (a.type === "card") { parts.push(cardLabel(v, l)); }
      else if (a.type === "cards") { parts.push(v.map(function (c) { return cardLabel(c, l); }).join(" ")); }
      else if (a.type === "suit") { parts.push(D.suits[v] ? D.suits[v][l] : v); }
      else if (a.type === "strains") { parts.push("(" + v.join(" ") + ")"); }
      else if (a.type === "bool") {
        var j = D.judgements[a.name];
        if (j) { parts.push(j[l][v ? 0 : 1]); }
        else if (v) { parts.push("(" + (D.args[a.name] ? D.args[a.name][l] : a.name).toLowerCase() + ")"); }
      }
    });
    var said = parts.join(" ");
    return said.charAt(0).toUpperCase() + said.slice(1);
  }

  // --- the skeleton ----------------------------------------------------------------------------
  function seatOptions() {
    return SEATS.map(function (s) { return '<option value="' + s + '">' + esc(seatName(s, 0)) + "</option>"; }).join("");
  }
  var vulChoices = (spec.setup.filter(function (s) { return s.name === "vulnerable"; })[0] || { choices: Object.keys(D.vulnerable) }).choices;
  document.body.innerHTML =
    "<header><h1>" + W("title") + "</h1><div class='bar'>" +
    "<button type='button' id='undo'>" + W("undo") + "</button>" +
    "<label class='toggle'><input type='checkbox' id='routine' checked> " + W("routine") + "</label>" +
    "<button type='button' id='projector' aria-pressed='false'>" + W("projector") + "</button>" +
    "<button type='button' id='lang'>" + W("lang") + "</button></div></header>" +
    "<main class='tableau-main'>" +
    "<div class='col left'>" +
    "<details id='setup-box' open><summary>" + W("setup") + "</summary>" +
    "<label>" + W("dealer") + " <select id='dealer'>" + seatOptions() + "</select></label> " +
    "<label>" + W("vul") + " <select id='vul'>" + vulChoices.map(function (v) {
      return '<option value="' + esc(v) + '">' + esc(D.vulnerable[v] ? D.vulnerable[v][0] : v) + "</option>"; }).join("") + "</select></label>" +
    "<label class='block'>" + W("deal") + "<input id='deal' type='text' spellcheck='false' placeholder='N:KT3.AJ952.K92.KJ 8542.874.T763.Q3 …'></label>" +
    "<div class='small'>" + W("or_seats") + "</div><div class='seat-hands'>" + SEATS.map(function (s) {
      return "<label>" + both(seatName(s, 0), seatName(s, 1)) + " <input id='hand-" + s + "' type='text' spellcheck='false'></label>"; }).join("") +
    "</div><button type='button' id='new'>" + W("new") + "</button></details>" +
    "<div id='composer'><h2>" + W("event") + "</h2><select id='event'></select><div id='fields'></div>" +
    "<button type='button' id='apply'>" + W("apply") + "</button></div>" +
    "<div id='box' class='box'></div>" +
    "<h2>" + W("log") + "</h2><ol id='log'></ol>" +
    "</div>" +
    "<div class='col middle'><div id='message' role='alert'></div><p class='event' id='last'></p>" +
    "<p>" + W("state") + " <span class='state' id='state'></span></p>" +
    "<div class='table-view'><div><h2>" + W("calls_title") + "</h2><div id='grid'></div><p id='contract'></p></div><div id='hands'></div></div>" +
    "<div id='notes'></div><h2>" + W("laws") + "</h2><div id='laws'></div></div>" +
    "<div class='col right'><h2>" + W("options") + "</h2><ul id='options'></ul>" +
    "<h2>" + W("branches") + "</h2><ul id='branches'></ul><details id='rest'><summary>" + W("inherited") + " (<span id='rest-count'></span>)</summary><ul id='inherited'></ul></details></div>" +
    "</main><section class='tree-box'><h2>" + W("tree") + " <select id='view'></select></h2><div class='tree' id='tree'></div></section>";

  var $ = function (id) { return document.getElementById(id); };
  var eventSelect = $("event");
  // the event the bidding box makes: the first that takes a call
  var DEFAULT_EVENT = spec.events.filter(function (e) {
    return !e.internal && e.args.some(function (a) { return a.type === "call" && a.required; });
  })[0].name;
  D.views.forEach(function (v, i) {
    var o = document.createElement("option");
    o.value = String(i);
    o.textContent = lawWord(v.name, 0);
    o.setAttribute("data-fr", lawWord(v.name, 0));
    o.setAttribute("data-en", lawWord(v.name, 1));
    $("view").appendChild(o);
  });
  if (!D.views.length) { $("view").hidden = true; }

  // the bidding box: every call; a click makes it for the player chosen
  var box = "";
  for (var level = 1; level <= 7; level++) {
    box += "<div class='row'>";
    ["C", "D", "H", "S", "NT"].forEach(function (s) {
      var t = level + s;
      box += "<button type='button' data-call='" + t + "'>" + both(callLabel(t, 0), callLabel(t, 1)) + "</button>";
    });
    box += "</div>";
  }
  box += "<div class='row'>" + ["Pass", "X", "XX"].map(function (t) {
    return "<button type='button' class='wide' data-call='" + t + "'>" + both(callLabel(t, 0), callLabel(t, 1)) + "</button>"; }).join("") + "</div>";
  $("box").innerHTML = box;

  // --- the menu: what the state offers now, each with the law of its option (board.options()),
  // grouped by who decides; then the other events the state's rules take (the irregularities), each
  // with the laws of those rules. Values: the event's name, then name#2, name#3 for its other options.
  var menu = {};
  function ancestors(name) {
    var out = [], parts = name.split(".");
    for (var i = parts.length - 1; i > 0; i--) { out.push(parts.slice(0, i).join(".")); }
    return out;
  }
  function rulesHere(state) {
    var up = [state].concat(ancestors(state));
    return spec.rules.filter(function (r) { return up.indexOf(r.source) >= 0; });
  }
  function offeredNow() { return board.options().filter(function (o) { return o.seats === null || o.seats.length; }); }
  function isRoutine(o) { return routine[o.event + "|" + o.law] === true; }
  function cite(law, l) { return law ? " (" + lawWord(law, l) + ")" : ""; }
  function citeAll(laws, l) {
    if (laws.length === 1) { return cite(laws[0], l); }
    return " (" + D.words.laws_short[l] + " " + laws.join(", ") + ")";
  }
  // laws by number first, then as written (a paragraph after its law)
  function byLaw(a, b) { return parseInt(a, 10) - parseInt(b, 10) || (a < b ? -1 : a > b ? 1 : 0); }
  function capital(t) { return t.charAt(0).toUpperCase() + t.slice(1); }
  // who decides, in words: « Sud », « Nord ou Est », « l'arbitre »
  function deciders(seats, l) {
    return seats === null ? D.words.director[l] : seats.map(function (s) { return seatName(s, l); }).join(D.or[l]);
  }
  // an option as a sentence with its subject: « Nord accepte l'entame », « L'arbitre juge si … »
  function saying(o, l) {
    var text = o[l === 0 ? "fr" : "en"];
    return o.seats === null ? capital(text) : deciders(o.seats, l) + " " + text;
  }
  // an event with no option here: « Un joueur entame » (« L'arbitre juge » has its subject)
  function eventSaying(e, l) {
    var text = e[l === 0 ? "fr" : "en"];
    return /^(l'|les |the )/i.test(text) ? capital(text) : D.words.a_player[l] + " " + text;
  }
  function optionTag(value, entry) {
    var label = function (l) {
      return entry.other ? eventSaying(entry, l) + citeAll(entry.laws, l) : saying(entry, l) + cite(entry.law, l);
    };
    return '<option value="' + esc(value) + '" data-fr="' + esc(label(0)) + '" data-en="' + esc(label(1)) + '">' + esc(label(0)) + "</option>";
  }
  function group(fr, en, inner) {
    return '<optgroup label="' + esc(fr) + '" data-fr="' + esc(fr) + '" data-en="' + esc(en) + '">' + inner + "</optgroup>";
  }
  function buildMenu() {
    var state = board.snapshot().state;
    var keep = eventSelect.value, keepEntry = menu[keep];
    var used = {}, groups = [], byKey = {}, rest = "";
    menu = {};
    var add = function (entry) {
      var value = used[entry.event] ? entry.event + "#" + (used[entry.event] + 1) : entry.event;
      used[entry.event] = (used[entry.event] || 0) + 1;
      menu[value] = entry;
      return optionTag(value, entry);
    };
    offeredNow().forEach(function (o) {
      var entry = { event: o.event, seats: o.seats, law: o.law, fr: o.fr, en: o.en };
      if (isRoutine(o)) { rest += add(entry); return; }
      var key = o.seats === null ? "" : o.seats.join(",");
      if (!byKey[key]) { byKey[key] = { seats: o.seats, html: "" }; groups.push(byKey[key]); }
      byKey[key].html += add(entry);
    });
    var rules = rulesHere(state);
    spec.events.forEach(function (e) {
      if (e.internal || used[e.name]) { return; }
      var laws = [];
      rules.forEach(function (r) { if (r.event === e.name && laws.indexOf(r.law) < 0) { laws.push(r.law); } });
      if (!laws.length) { return; }
      laws.sort(byLaw);
      rest += add({ event: e.name, seats: null, laws: laws, fr: e.fr, en: e.en, other: true });
    });
    var html = groups.map(function (g) {
      return group(capital(deciders(g.seats, 0)) + " " + D.words.decides[0], capital(deciders(g.seats, 1)) + " " + D.words.decides[1], g.html);
    }).join("");
    if (rest) { html += group(D.words.menu_others[0], D.words.menu_others[1], rest); }
    eventSelect.innerHTML = html;
    // the same choice kept when the state still offers it with the same law
    var same = keepEntry && menu[keep] && menu[keep].event === keepEntry.event && menu[keep].law === keepEntry.law;
    if (same) { eventSelect.value = keep; relabel(); return false; }
    // otherwise the call when the state offers it, else the state's first option
    var first = eventSelect.options[0] ? eventSelect.options[0].value : "";
    eventSelect.value = menu[DEFAULT_EVENT] && !menu[DEFAULT_EVENT].other ? DEFAULT_EVENT : first;
    return true;
  }
  // the event of the menu's choice (or the bidding box's call when the state offers no call)
  function chosen() { return menu[eventSelect.value] || { event: DEFAULT_EVENT, seats: null, law: null }; }

  // --- the composer: one field per argument of the event chosen ------------------------------------
  function fields() {
    var entry = chosen();
    var e = events[entry.event];
    var html = "", more = "";
    // the arguments that may be left out go under « details » when the event needs others
    var fold = e.args.some(function (a) { return a.required && a.type !== "seat"; });
    e.args.forEach(function (a) {
      var label = D.args[a.name] || [a.name, a.name];
      var id = "arg-" + a.name;
      var input;
      if (a.type === "seat") { input = "<select id='" + id + "'>" + seatOptions() + "</select>"; }
      else if (a.type === "suit") {
        input = "<select id='" + id + "'>" + SUITS.map(function (s) { return '<option value="' + s + '">' + esc(D.suits[s][0]) + "</option>"; }).join("") + "</select>";
      } else if (a.type === "bool") {
        var j = D.judgements[a.name];
        var yes = j ? j : [[D.words.yes[0], D.words.no[0]], [D.words.yes[1], D.words.no[1]]];
        input = "<select id='" + id + "' data-bool='1'><option value=''>—</option>" +
          "<option value='1' data-fr=\"" + esc(yes[0][0]) + "\" data-en=\"" + esc(yes[1][0]) + "\">" + esc(yes[0][0]) + "</option>" +
          "<option value='0' data-fr=\"" + esc(yes[0][1]) + "\" data-en=\"" + esc(yes[1][1]) + "\">" + esc(yes[0][1]) + "</option></select>";
      } else { input = "<input type='text' id='" + id + "' spellcheck='false'>"; }
      var field = "<label class='field'>" + both(label[0], label[1]) + " " + input + "</label>";
      if (fold && !a.required) { more += field; } else { html += field; }
    });
    $("fields").innerHTML = html + (more ? "<details class='more'><summary>" + W("more") + "</summary>" + more + "</details>" : "");
    var seat = $("arg-seat");
    if (seat && board) { seat.value = entry.seats && entry.seats.length ? entry.seats[0] : board.snapshot().turn || setup.dealer; }
    if (board) { defaults(e); }
    relabel();
  }
  // the events this board would take: tried on a copy, replayed from the log (the board untouched)
  function accepts(ev) {
    var copy = it.board({ dealer: setup.dealer, vulnerable: setup.vulnerable });
    try {
      log.forEach(function (done) { copy.apply(done); });
      copy.apply(ev);
      return true;
    } catch (err) { return false; }
  }
  // the values of one argument the board would take with the others as they stand
  function allowedValues(e, arg, candidates) {
    return candidates.filter(function (v) {
      var ev = readEvent();
      var name = Object.keys(ev)[0];
      ev[name][arg.name] = v;
      return accepts(ev);
    });
  }
  function cardsShown() {
    var snap = board.snapshot(), out = [];
    (snap.penalty_cards || []).concat(snap.exposed_cards || []).forEach(function (c) { if (out.indexOf(c.card) < 0) { out.push(c.card); } });
    return out;
  }
  // a suit or a card defaults to the first value the state allows (a penalty card's suit, say)
  function defaults(e) {
    e.args.forEach(function (a) {
      var el = $("arg-" + a.name);
      if (!el || !a.required) { return; }
      if (a.type === "suit") {
        var suits = allowedValues(e, a, SUITS);
        if (suits.length) { el.value = suits[0]; }
      } else if (a.type === "card" && !el.value) {
        var cards = allowedValues(e, a, cardsShown());
        if (cards.length) { el.value = cardLabel(cards[0], document.body.classList.contains("en") ? 1 : 0); }
      }
    });
  }
  // a card or a denomination as the teacher types it (♠A, ♥R, ♦10, ♣V or SA, HK, DT, CJ) as PBN
  var SUIT_OF = {};
  SUITS.forEach(function (s) { SUIT_OF[SYMBOLS[s]] = s; });
  // ♥10, H10, HT, ♥R, HR, HK: the token the model reads (HT, HK), so that every echo shows ♥10 and ♥R
  function cardToken(t) {
    var suit = SUIT_OF[t.charAt(0)] || ("SHDC".indexOf(t.charAt(0).toUpperCase()) >= 0 ? t.charAt(0).toUpperCase() : null);
    if (!suit) { return t.toUpperCase(); }
    var rank = t.slice(1).toUpperCase();
    rank = { R: "K", D: "Q", V: "J", "10": "T" }[rank] || rank;
    return suit + rank;
  }
  function strainToken(t) {
    var suit = SUIT_OF[t.charAt(0)];
    if (suit) { return suit; }
    return /^(SA|NT|N)$/i.test(t) ? "NT" : t.toUpperCase();
  }
  function readEvent() {
    var e = events[chosen().event];
    var args = {};
    e.args.forEach(function (a) {
      var el = $("arg-" + a.name);
      if (!el) { return; }
      var v = el.value.trim();
      if (v === "") { return; }
      if (a.type === "bool") { args[a.name] = v === "1"; }
      else if (a.type === "cards") { args[a.name] = v.split(/[\s,]+/).filter(Boolean).map(cardToken); }
      else if (a.type === "card") { args[a.name] = cardToken(v); }
      else if (a.type === "strains") { args[a.name] = v.split(/[\s,]+/).filter(Boolean).map(strainToken); }
      else { args[a.name] = v; }
    });
    var ev = {};
    ev[e.name] = args;
    return ev;
  }
  // the menu's entry for an event (and a seat, and the option's law when a button gives it)
  function choose(name, seat, law) {
    var fits = function (v) {
      return menu[v].event === name && (!seat || menu[v].seats === null || menu[v].seats.indexOf(seat) >= 0);
    };
    var values = Object.keys(menu).filter(fits);
    var value = values.filter(function (v) { return law && menu[v].law === law; })[0] || values[0];
    eventSelect.value = value || name;
    fields();
    if (seat && $("arg-seat")) { $("arg-seat").value = seat; }
  }

  // --- the board -------------------------------------------------------------------------------------
  function fresh() {
    board = it.board({ dealer: setup.dealer, vulnerable: setup.vulnerable });
    allSteps = [];
  }
  function refusal(err, ev) {
    var law = err && err.law;
    var fr = (err && err.fr) || String(err), en = (err && err.en) || fr;
    if (!err || err.type !== "IllegalEvent" || !ev) {
      return "<p class='refused'>" + both(D.words.refused[0] + " : " + fr + cite(law, 0), D.words.refused[1] + ": " + en + cite(law, 1)) + "</p>";
    }
    // in table language: what was tried, who may do it here and under which law, then why not
    var name = Object.keys(ev)[0], seat = (ev[name] || {}).seat, e = events[name];
    var mine = offeredNow().filter(function (o) { return o.event === name; });
    var holds = mine.filter(function (o) { return o.seats !== null && o.seats.indexOf(seat) >= 0; });
    var suit = e && e.args.filter(function (a) { return a.type === "suit"; })[0];
    var fine = holds.length && suit ? allowedValues(e, suit, SUITS) : [];
    // one sentence each: what was refused; who may do it here; each option with its law; why not
    var say = function (l) {
      var text = function (o) { return saying(o, l) + cite(o.law, l) + ". "; };
      var out = D.words.refused[l] + (l === 0 ? " : " : ": ") + eventWords(ev, l) + cite(law, l) + ". ";
      if (holds.length) {
        out += capital(seatName(seat, l)) + " " + D.words.may_but[l] + " " + holds.map(text).join("");
        if (fine.length) { out += D.words.allowed[l] + " " + fine.map(function (s) { return D.suits[s][l]; }).join(", ") + ". "; }
      } else if (!mine.length) {
        out += D.words.nobody[l] + " ";
      } else {
        var who = [];
        mine.forEach(function (o) { var w = deciders(o.seats, l); if (who.indexOf(w) < 0) { who.push(w); } });
        out += (who.length === 1 ? D.words.only[l] + " " + who[0] + " " + D.words.may[l] : D.words.who_may[l] + " " + who.join(", ") + ".") + " " + mine.map(text).join("");
      }
      return out + D.words.because[l] + " " + (l === 0 ? fr : en) + ".";
    };
    return "<p class='refused'>" + both(say(0), say(1)) + "</p>";
  }
  function make(ev) {
    var done;
    try { done = board.apply(ev); } catch (err) {
      $("message").innerHTML = refusal(err, ev);
      return false;
    }
    log.push(ev);
    steps = done;
    $("setup-box").open = false;
    allSteps = allSteps.concat(done);
    $("message").innerHTML = "";
    draw();
    return true;
  }
  function replay() {
    fresh();
    steps = [];
    log.forEach(function (ev) { steps = board.apply(ev); allSteps = allSteps.concat(steps); });
    $("message").innerHTML = "";
    draw();
  }

  // --- drawing ---------------------------------------------------------------------------------------
  function grid() {
    var entries = (board.record && board.record.entries) || [];
    var start = SEATS.indexOf(board.snapshot().dealer);
    var cells = [];
    for (var i = 0; i < start; i++) { cells.push(""); }
    entries.forEach(function (e) {
      var col = SEATS.indexOf(e.seat);
      while (cells.length % 4 !== col) { cells.push(""); }
      var tok = e.call && e.call.token;
      var text = both(callLabel(tok, 0), callLabel(tok, 1));
      if (e.status === "cancelled" || e.status === "withdrawn") {
        cells.push("<s>" + text + "</s>" + (e.law ? " <small>(" + esc(e.law) + ")</small>" : ""));
      } else if (e.status === "pending") { cells.push("[" + text + "]"); }
      else { cells.push(text); }
    });
    var rows = "";
    for (var r = 0; r < cells.length; r += 4) {
      rows += "<tr>" + [0, 1, 2, 3].map(function (c) { return "<td>" + (cells[r + c] || "") + "</td>"; }).join("") + "</tr>";
    }
    var head = "<tr>" + SEATS.map(function (s) { return "<th>" + both(seatName(s, 0), seatName(s, 1)) + "</th>"; }).join("") + "</tr>";
    return "<table class='grid'>" + head + rows + "</table>";
  }
  function notes(snap) {
    var out = {};
    Object.keys(D.headings).forEach(function (k) { out[k] = []; });
    (snap.obligations || []).forEach(function (o) {
      var w = D.obligations[o.kind] || [o.kind, o.kind];
      out.obligations.push([0, 1].map(function (l) { return seatName(o.seat, l) + " " + w[l] + cite(o.law, l); }));
    });
    (snap.unauthorized_information || []).forEach(function (u) {
      out.ui.push([0, 1].map(function (l) {
        return token(u.source, l) + (l === 0 ? " : " : ": ") + D.words["for"][l] + " " +
          u["for"].map(function (s) { return seatName(s, l); }).join(", ") + cite(u.law, l);
      }));
    });
    (snap.lead_restrictions || []).forEach(function (r) {
      out.lead.push([0, 1].map(function (l) {
        return D.words.may_prohibit[l] + " " + seatName(r.seat, l) + " " + D.words.may_prohibit_tail[l] + " " +
          (r.suits || []).map(function (s) { return D.suits[s] ? D.suits[s][l] : s; }).join(", ") + cite(r.law, l);
      }));
    });
    (snap.lead_constraints || []).forEach(function (c) {
      var verb = c.card ? D.words.must_lead_card : c.kind === "prohibit" ? D.words.may_not_lead : D.words.must_lead;
      out.lead.push([0, 1].map(function (l) {
        return seatName(c.seat, l) + " " + verb[l] + " " + (c.card ? cardLabel(c.card, l) : D.suits[c.suit] ? D.suits[c.suit][l] : c.suit) + cite(c.law, l);
      }));
    });
    (snap.exposed_cards || []).forEach(function (x) {
      out.cards.push([0, 1].map(function (l) { return seatName(x.seat, l) + (l === 0 ? " : " : ": ") + cardLabel(x.card, l) + " " + D.words.exposed[l] + cite(x.law, l); }));
    });
    (snap.penalty_cards || []).forEach(function (p) {
      out.cards.push([0, 1].map(function (l) {
        return seatName(p.seat, l) + (l === 0 ? " : " : ": ") + cardLabel(p.card, l) + ", " + penaltyWords(p)[l] + cite(p.law, l);
      }));
    });
    var html = "";
    Object.keys(D.headings).forEach(function (k) {
      if (!out[k] || !out[k].length) { return; }
      html += "<h2>" + pair(D.headings[k]) + "</h2><ul class='" + k + "'>" + out[k].map(function (t) { return "<li>" + both(t[0], t[1]) + "</li>"; }).join("") + "</ul>";
    });
    return html;
  }
  // « carte pénalisée majeure » but "major penalty card"
  function penaltyWords(p) {
    var kind = D.words[p.kind] || ["", ""];
    return [(D.words.penalty[0] + " " + kind[0]).trim(), (kind[1] + " " + D.words.penalty[1]).trim()];
  }
  function handsHtml(snap) {
    if (!hands) { return ""; }
    var out = {};
    var table = [];
    var take = function (seat, card, what, law) {
      if (!seat || !card) { return; }
      out[seat + card] = true;
      table.push([0, 1].map(function (l) {
        return seatName(seat, l) + (l === 0 ? " : " : ": ") + cardLabel(card, l) + " (" + what[l] + (law ? ", " + lawWord(law, l) : "") + ")";
      }));
    };
    (snap.exposed_cards || []).forEach(function (x) { take(x.seat, x.card, D.words.exposed, x.law); });
    (snap.penalty_cards || []).forEach(function (p) { take(p.seat, p.card, penaltyWords(p), p.law); });
    if (snap.lead && snap.lead.card) {
      // the lead's law: the one of the step that put it on the table (a lead in turn, out of turn…)
      var by = allSteps.filter(function (st) { return st.args && st.args.card === snap.lead.card && st.args.seat === snap.lead.seat; }).pop();
      take(snap.lead.seat, snap.lead.card, snap.lead.faced === false ? D.words.face_down : D.words.lead, by ? by.law : null);
    }
    var cell = function (seat) {
      return "<td><b>" + both(seatName(seat, 0), seatName(seat, 1)) + "</b><br>" + SUITS.map(function (s) {
        var left = (hands[seat][s] || "").split("").filter(function (r) { return !out[seat + s + r]; });
        var ranks = function (l) { return left.map(function (r) { return cardLabel(s + r, l).slice(1); }).join(" ") || "—"; };
        return red(SYMBOLS[s]) + " " + both(ranks(0), ranks(1));
      }).join("<br>") + "</td>";
    };
    var onTable = table.length ? "<p class='small'>" + both(D.words.table[0] + " :", D.words.table[1] + ":") + " " + table.map(function (t) { return both(t[0], t[1]); }).join(" ; ") + "</p>" : "";
    return "<div class='hands-box'><h2>" + W("hands") + "</h2><table class='hands'><tr><td></td>" + cell("N") + "<td></td></tr><tr>" +
      cell("W") + "<td></td>" + cell("E") + "</tr><tr><td></td>" + cell("S") + "<td></td></tr></table>" + onTable + "</div>";
  }
  function lawsHtml() {
    if (!steps.length) { return "<p>—</p>"; }
    var seen = {}, items = "";
    var moves = steps.map(function (s) {
      return "<li>" + both(lawWord(s.law, 0) + " → " + stateLabel(s.target, 0), lawWord(s.law, 1) + " → " + stateLabel(s.target, 1)) + "</li>";
    }).join("");
    steps.forEach(function (s) {
      (s.laws && s.laws.length ? s.laws : [s.law]).forEach(function (law) {
        if (!law || seen[law]) { return; }
        seen[law] = true;
        var t = D.lawtext[law];
        var head = t ? both(t.head[0], t.head[1]) : both(lawWord(law, 0), lawWord(law, 1));
        var quote = t && t.quote ? (t.summary ? "<div class='lawtext summary'>" + both(t.quote[0], t.quote[1]) + "</div>"
          : "<div class='lawtext'>« " + red(t.quote[0]) + " »</div>") : "";
        items += "<li data-law='" + esc(law) + "'>" + head + quote + "</li>";
      });
    });
    return "<ul class='moves'>" + moves + "</ul><ul class='laws'>" + items + "</ul>";
  }
  function optionsHtml() {
    return board.options().filter(function (o) { return o.seats === null || o.seats.length; }).map(function (o, i) {
      var cls = routine[o.event + "|" + o.law] ? " class='routine'" : "";
      var say = function (l) {
        var text = o[l === 0 ? "fr" : "en"];
        text = o.seats === null ? text.charAt(0).toUpperCase() + text.slice(1)
          : o.seats.map(function (s) { return seatName(s, l); }).join(", ") + (l === 0 ? " : " : ": ") + text;
        return text + " (" + lawWord(o.law, l) + ")";
      };
      return "<li" + cls + "><button type='button' class='option' data-i='" + i + "' data-event='" + esc(o.event) + "' data-law='" + esc(o.law) + "' data-seat='" + esc(o.seats && o.seats.length ? o.seats[0] : "") + "'>" +
        both(say(0), say(1)) + "</button></li>";
    }).join("");
  }
  function goesTo(dests, l) {
    return dests.map(function (d) { return d ? states[d] ? states[d][l === 0 ? "fr" : "en"] : d : D.words.stays[l]; }).join(D.or[l]);
  }
  function branch(r) {
    var e = events[r.event];
    var say = function (l) {
      return (e ? eventSaying(e, l) : r.event) + " — " + r[l === 0 ? "fr" : "en"] + cite(r.law, l) + " → " + goesTo([r.dest], l);
    };
    return "<li>" + both(say(0), say(1)) + "</li>";
  }
  // a rule answers an option when it takes its event under its law or under a paragraph of that law
  function answers(r, o) {
    if (r.event !== o.event) { return false; }
    var laws = [r.law].concat(r.cites || []);
    return laws.some(function (law) { return law === o.law || (law.indexOf(o.law) === 0 && !/\d/.test(law.charAt(o.law.length))); });
  }
  // what may follow: the options of the state, grouped by who decides, each with where it leads;
  // every other branch (irregularities, routine rights, particular cases) folded below
  function branchesHtml(state) {
    var rules = rulesHere(state);
    var placed = {}, groups = [], byKey = {};
    offeredNow().forEach(function (o) {
      if (isRoutine(o)) { return; }
      var mine = rules.filter(function (r) { return answers(r, o); });
      mine.forEach(function (r) { placed[r.id] = true; });
      var dests = [];
      mine.forEach(function (r) { if (dests.indexOf(r.dest || null) < 0) { dests.push(r.dest || null); } });
      var key = o.seats === null ? "" : o.seats.join(",");
      if (!byKey[key]) { byKey[key] = { seats: o.seats, items: [] }; groups.push(byKey[key]); }
      byKey[key].items.push("<li>" + both(saying(o, 0) + cite(o.law, 0) + (dests.length ? " → " + goesTo(dests, 0) : ""),
        saying(o, 1) + cite(o.law, 1) + (dests.length ? " → " + goesTo(dests, 1) : "")) + "</li>");
    });
    $("branches").innerHTML = groups.map(function (g) {
      return "<li class='decider'><b>" + both(capital(deciders(g.seats, 0)) + " " + D.words.decides[0], capital(deciders(g.seats, 1)) + " " + D.words.decides[1]) +
        "</b><ul>" + g.items.join("") + "</ul></li>";
    }).join("") || "<li>—</li>";
    var rest = rules.filter(function (r) { return !placed[r.id]; });
    $("rest-count").textContent = String(rest.length);
    $("inherited").innerHTML = rest.map(branch).join("") || "<li>—</li>";
  }
  function showsState(v, state) { return v.svg[0].indexOf('data-name="' + state + '"') >= 0; }
  function tree(state) {
    if (!D.views.length) { $("tree").innerHTML = ""; return; }
    var current = view === null ? null : D.views[view];
    if (!current || !showsState(current, state)) {
      var best = null, score = -1;
      D.views.forEach(function (v, i) {
        if (!showsState(v, state)) { return; }
        var n = allSteps.filter(function (s) { return s.rule in v.branches; }).length;
        if (n > score) { best = i; score = n; }
      });
      if (best !== null) { view = best; }
    }
    if (view === null) { $("tree").innerHTML = "<p class='note'>" + W("no_tree") + "</p>"; return; }
    $("view").value = String(view);
    var v = D.views[view];
    $("tree").innerHTML = both(v.svg[0], v.svg[1], true);
    var taken = {};
    allSteps.forEach(function (s) {
      if (s.rule in v.branches) { taken[s.source + "->branch_" + v.branches[s.rule]] = true; taken["branch_" + v.branches[s.rule]] = true; }
    });
    Array.prototype.forEach.call(document.querySelectorAll("#tree g.node, #tree g.edge"), function (g) {
      var name = g.getAttribute("data-name") || "";
      g.classList.toggle("current", g.classList.contains("node") && name === state);
      g.classList.toggle("taken", taken[name] === true);
    });
  }
  function draw() {
    var snap = board.snapshot();
    var last = log.length ? log[log.length - 1] : null;
    $("last").innerHTML = last ? both(log.length + ". " + eventWords(last, 0), log.length + ". " + eventWords(last, 1)) : W("start");
    $("state").innerHTML = both(stateLabel(snap.state, 0), stateLabel(snap.state, 1));
    $("state").setAttribute("data-state", snap.state);
    $("grid").innerHTML = grid();
    $("contract").innerHTML = snap.contract ? W("contract") + " : " + both(contractLabel(snap.contract, 0) + (snap.declarer ? " (" + D.words.declarer[0] + " : " + seatName(snap.declarer, 0) + ")" : ""),
      contractLabel(snap.contract, 1) + (snap.declarer ? " (" + D.words.declarer[1] + ": " + seatName(snap.declarer, 1) + ")" : "")) : "";
    $("hands").innerHTML = handsHtml(snap);
    $("notes").innerHTML = notes(snap);
    $("laws").innerHTML = lawsHtml();
    $("options").innerHTML = optionsHtml();
    if (buildMenu()) { fields(); }
    $("log").innerHTML = log.map(function (ev) { return "<li>" + both(eventWords(ev, 0), eventWords(ev, 1)) + "</li>"; }).join("");
    $("undo").disabled = log.length === 0;
    branchesHtml(snap.state);
    tree(snap.state);
    var seat = $("arg-seat"), entry = chosen();
    if (seat) { seat.value = entry.seats && entry.seats.length ? entry.seats[0] : snap.turn || setup.dealer; }
    document.body.setAttribute("data-events", String(log.length));
  }
  function relabel() {
    var en = document.body.classList.contains("en");
    Array.prototype.forEach.call(document.querySelectorAll("option[data-fr]"), function (o) {
      o.textContent = o.getAttribute(en ? "data-en" : "data-fr");
    });
    Array.prototype.forEach.call(document.querySelectorAll("optgroup[data-fr]"), function (g) {
      g.label = g.getAttribute(en ? "data-en" : "data-fr");
    });
    Array.prototype.forEach.call(document.querySelectorAll("#dealer option, #arg-seat option"), function (o) { o.textContent = seatName(o.value, en ? 1 : 0); });
    Array.prototype.forEach.call(document.querySelectorAll("#vul option"), function (o) {
      if (D.vulnerable[o.value]) { o.textContent = D.vulnerable[o.value][en ? 1 : 0]; }
    });
    Array.prototype.forEach.call(document.querySelectorAll("#arg-suit option"), function (o) { o.textContent = D.suits[o.value][en ? 1 : 0]; });
  }

  // --- the deal --------------------------------------------------------------------------------------
  function readDeal() {
    var text = $("deal").value.trim();
    var parts = {};
    if (text) {
      var m = /^([NESW])\s*:\s*(.*)$/i.exec(text);
      if (!m) { return false; }
      var list = m[2].trim().split(/\s+/);
      if (list.length !== 4) { return false; }
      var at = SEATS.indexOf(m[1].toUpperCase());
      list.forEach(function (h, i) { parts[SEATS[(at + i) % 4]] = h; });
    } else {
      var any = SEATS.some(function (s) { return $("hand-" + s).value.trim(); });
      if (!any) { return null; }
      SEATS.forEach(function (s) { parts[s] = $("hand-" + s).value.trim(); });
    }
    var out = {}, seen = {}, ok = true;
    SEATS.forEach(function (seat) {
      // as a French player writes them: R D V for K Q J, and 10
      var suits = (parts[seat] || "").toUpperCase().replace(/10/g, "T").replace(/[RDV]/g, function (r) {
        return { R: "K", D: "Q", V: "J" }[r];
      }).split(".");
      if (suits.length !== 4) { ok = false; return; }
      out[seat] = {};
      var count = 0;
      SUITS.forEach(function (s, i) {
        var ranks = suits[i].split("").filter(function (r) { return r.trim(); });
        ranks.forEach(function (r) {
          if (RANKS.indexOf(r) < 0 || seen[s + r]) { ok = false; }
          seen[s + r] = true;
        });
        count += ranks.length;
        out[seat][s] = ranks.sort(function (a, b) { return RANKS.indexOf(a) - RANKS.indexOf(b); }).join("");
      });
      if (count !== 13) { ok = false; }
    });
    return ok ? out : false;
  }
  function newBoard() {
    var dealt = readDeal();
    if (dealt === false) {
      // the old hands are not this deal's: they go, the message says what is expected
      hands = null;
      draw();
      $("message").innerHTML = "<p class='refused'>" + W("bad_deal") + "</p>";
      return;
    }
    hands = dealt;
    setup = { dealer: $("dealer").value, vulnerable: $("vul").value };
    log = [];
    fresh();
    steps = [];
    $("message").innerHTML = "";
    draw();
  }

  // --- the buttons -------------------------------------------------------------------------------------
  eventSelect.addEventListener("change", fields);
  $("apply").addEventListener("click", function () { make(readEvent()); });
  $("new").addEventListener("click", newBoard);
  $("dealer").addEventListener("change", newBoard);
  $("vul").addEventListener("change", newBoard);
  $("undo").addEventListener("click", function () { if (log.length) { log.pop(); replay(); } });
  $("view").addEventListener("change", function () { view = parseInt($("view").value, 10); tree(board.snapshot().state); });
  $("box").addEventListener("click", function (e) {
    var b = e.target.closest("button[data-call]");
    if (!b) { return; }
    var current = events[chosen().event];
    var takesCall = function (ev) { return ev.args.some(function (a) { return a.type === "call" && a.required; }); };
    if (!current || !takesCall(current)) {
      choose(DEFAULT_EVENT, $("arg-seat") ? $("arg-seat").value : null);
    }
    $("arg-call").value = b.getAttribute("data-call");
    make(readEvent());
  });
  $("options").addEventListener("click", function (e) {
    var b = e.target.closest("button.option");
    if (!b) { return; }
    var name = b.getAttribute("data-event"), seat = b.getAttribute("data-seat");
    choose(name, seat, b.getAttribute("data-law"));
    var e2 = events[name];
    var more = e2.args.filter(function (a) { return a.type !== "seat"; });
    var needsSeat = e2.args.some(function (a) { return a.type === "seat"; });
    if (!more.length && (!needsSeat || seat)) { make(readEvent()); }
    else { $("composer").classList.add("flash"); setTimeout(function () { $("composer").classList.remove("flash"); }, 600); }
  });
  $("lang").addEventListener("click", function () {
    var en = !document.body.classList.contains("en");
    document.body.classList.toggle("en", en);
    document.documentElement.lang = en ? "en" : "fr";
    relabel();
  });
  // the projector mode, as on the scenario pages: large type (key P, but not while typing a deal)
  function project(on) {
    document.documentElement.classList.toggle("projector", on);
    $("projector").setAttribute("aria-pressed", on ? "true" : "false");
  }
  $("projector").addEventListener("click", function () { project(!document.documentElement.classList.contains("projector")); });
  document.addEventListener("keydown", function (e) {
    if (e.ctrlKey || e.metaKey || e.altKey || (e.target.closest && e.target.closest("input, select, textarea"))) { return; }
    if (e.key === "p" || e.key === "P") { project(!document.documentElement.classList.contains("projector")); }
  });
  var hide = $("routine");
  hide.addEventListener("change", function () { document.body.classList.toggle("hide-routine", hide.checked); });

  fresh();
  buildMenu();
  fields();
  draw();
  document.body.setAttribute("data-ready", "1");
})();
