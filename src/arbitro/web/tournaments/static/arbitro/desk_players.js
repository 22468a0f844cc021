// The desk's players and settings pages: confirmations before removing or withdrawing a player,
// and the custom-scoring / custom-tie-break fields shown only when chosen (issue 15 items 4, 5),
// a pairing system's own settings only for a system that declares them (issues 17, 32).
(function () {
  "use strict";
  document.addEventListener("submit", function (e) {
    var b = e.submitter;
    if (b && b.dataset.confirm && !window.confirm(b.dataset.confirm)) { e.preventDefault(); }
  });
  function toggle(selectName, value, fields) {
    var select = document.querySelector("select[name=" + selectName + "]");
    if (!select) { return; }
    function apply() {
      fields.forEach(function (name) {
        var box = document.querySelector("[data-field=" + name + "]");
        if (box) { box.hidden = select.value !== value && !box.classList.contains("has-error"); }
      });
    }
    select.addEventListener("change", apply);
    apply();
  }
  toggle("scoring", "custom", ["score_win", "score_draw", "score_loss"]);
  toggle("tiebreak_preset", "custom", ["tiebreaks_custom"]);
  // A setting only some systems declare (the Maxi-tournament, C.04.4.3 3.2.3; the Baku acceleration, C.04.7):
  // its field names them in data-systems (from the registry, issue 32); for another system it is hidden and
  // set back to its default (data-default).
  document.querySelectorAll("input[data-systems], select[data-systems]").forEach(function (box) {
    var select = document.querySelector("select[name=system]");
    var field = box.closest("[data-field]");
    if (!select || !field) { return; }
    var systems = box.dataset.systems.split(" ");
    function apply() {
      var has = systems.indexOf(select.value) >= 0;
      field.hidden = !has && !field.classList.contains("has-error");
      if (!has && field.hidden) {
        if (box.type === "checkbox") { box.checked = box.dataset.default === "true"; }
        else { box.value = box.dataset.default || ""; }
      }
    }
    select.addEventListener("change", apply);
    apply();
  });
})();
