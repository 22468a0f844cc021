// The desk's players and settings pages: confirmations before removing or withdrawing a player,
// and the custom-scoring / custom-tie-break fields shown only when chosen (issue 15 items 4, 5).
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
})();
