// Result entry at the desk (issue 15). Each board's field is parsed alone with the core's table of
// forms (sent with the page: arbitro.tournament.results.result_forms), normalised exactly as the core
// does (normalise_result). A key only ever writes into the field that has the focus; Enter moves to
// the next EMPTY board; a saved result is read-only until "Correct". What is typed is kept in the
// browser's storage until the page shows it saved, so an expired session loses nothing.
(function () {
  "use strict";
  var form = document.getElementById("results-form");
  var dataNode = document.getElementById("result-forms");
  if (!form || !dataNode) { return; }
  var data = JSON.parse(dataNode.textContent);
  var forms = data.forms, msg = data.messages;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.result"));
  var storeKey = "arbitro:results:" + form.getAttribute("data-draft");
  if (form.getAttribute("data-finished")) {  // a finished tournament: nothing to type or correct here
    form.querySelectorAll("input.result").forEach(function (x) { x.readOnly = true; });
    return;
  }

  function normalise(text) {  // = arbitro.tournament.results.normalise_result
    return text.replace(/\s+/g, "").toUpperCase().replace(/[:\u2013\u2014\u2212]/g, "-").replace(/,/g, ".");
  }
  function classify(key) {  // = arbitro.tournament.results._error (the codes)
    if (/^[UFHZ]$/.test(key)) { return "bye"; }
    if (data.inconsistent.indexOf(key) >= 0) { return "inconsistent"; }
    if (key.indexOf("F") >= 0) { return "forfeit"; }
    return "unreadable";
  }
  function fmt(template, board, got) {
    return template.replace("%(n)s", board).replace("%(got)s", "'" + got + "'");
  }
  function errorNode(input) { return document.getElementById("err-" + input.getAttribute("data-board")); }
  function check(input) {  // true when empty or a result; shows the board's error otherwise
    var text = input.value.trim(), node = errorNode(input);
    var ok = !text || Object.prototype.hasOwnProperty.call(forms, normalise(text));
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    node.textContent = ok ? "" : fmt(msg[classify(normalise(text))], input.getAttribute("data-board"), text);
    return ok;
  }
  function tidy(input) {  // "1" -> "1-0", "+" -> "1F-0F": the page shows what will be saved
    var key = normalise(input.value);
    if (input.value.trim() && Object.prototype.hasOwnProperty.call(forms, key)) { input.value = forms[key]; }
  }

  // --- drafts in the browser's storage -----------------------------------------------------
  function loadDrafts() {
    try { return JSON.parse(window.localStorage.getItem(storeKey) || "{}"); } catch (e) { return {}; }
  }
  function saveDrafts(drafts) {
    try {
      if (Object.keys(drafts).length) { window.localStorage.setItem(storeKey, JSON.stringify(drafts)); }
      else { window.localStorage.removeItem(storeKey); }
    } catch (e) { /* storage full or disabled: entry still works */ }
  }
  function remember(input) {
    var drafts = loadDrafts(), saved = input.getAttribute("data-saved") || "";
    if (input.value.trim() && input.value.trim() !== saved) {
      drafts[input.name] = { typed: input.value, shown: saved };
    } else {
      delete drafts[input.name];
    }
    saveDrafts(drafts);
  }

  // --- saved boards are read-only until "Correct" ------------------------------------------
  function lock(input) {
    input.readOnly = true;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "correct";
    button.textContent = msg.correct;
    button.setAttribute("aria-label", msg.correct + " " + input.getAttribute("aria-label"));
    button.addEventListener("click", function () { unlock(input); input.focus(); input.select(); });
    input.parentNode.insertBefore(button, input.nextSibling);
  }
  function unlock(input) {
    input.readOnly = false;
    var button = input.parentNode.querySelector("button.correct");
    if (button) { button.parentNode.removeChild(button); }
  }

  function nextEmpty(from) {
    for (var j = from + 1; j < inputs.length; j += 1) {
      if (!inputs[j].readOnly && !inputs[j].value.trim()) { return inputs[j]; }
    }
    for (var k = 0; k < from; k += 1) {
      if (!inputs[k].readOnly && !inputs[k].value.trim()) { return inputs[k]; }
    }
    return null;
  }

  var drafts = loadDrafts(), restored = 0;
  inputs.forEach(function (input, i) {
    var saved = input.getAttribute("data-saved") || "";
    var draft = drafts[input.name];
    if (draft) {
      var key = normalise(draft.typed);
      var meant = Object.prototype.hasOwnProperty.call(forms, key) ? forms[key] : null;
      if (saved && (meant === saved || draft.typed.trim() === saved)) {
        delete drafts[input.name];  // saved since
      } else if (saved === draft.shown) {
        input.value = draft.typed;  // not saved yet: typed again for the arbiter
        input.classList.add("restored");
        restored += 1;
      } else {
        delete drafts[input.name];  // someone else saved another result meanwhile: theirs stands
      }
    }
    if (saved && !input.classList.contains("restored")) { lock(input); }
    if (input.classList.contains("restored")) { check(input); }
    input.addEventListener("input", function () { check(input); remember(input); });
    input.addEventListener("blur", function () { if (check(input)) { tidy(input); remember(input); } });
    input.addEventListener("keydown", function (ev) {
      if (ev.key !== "Enter" || ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      ev.preventDefault();
      if (!check(input)) { return; }
      tidy(input);
      remember(input);
      var next = nextEmpty(i);
      if (next) { next.focus(); } else { form.querySelector("#save-results").focus(); }
    });
  });
  saveDrafts(drafts);
  if (restored) {
    var note = document.getElementById("results-restored");
    note.textContent = (restored === 1 ? msg.restored_one : msg.restored_many).replace("%(n)s", restored);
    note.hidden = false;
  }
  form.addEventListener("submit", function (ev) {
    var bad = inputs.filter(function (x) { return !check(x); });
    if (bad.length) { ev.preventDefault(); bad[0].focus(); return; }
    inputs.forEach(function (x) { if (x.value.trim()) { tidy(x); } remember(x); });
  });
  var firstEmpty = inputs.filter(function (x) { return !x.readOnly && !x.value; })[0];
  if (firstEmpty) { firstEmpty.focus(); }
})();
