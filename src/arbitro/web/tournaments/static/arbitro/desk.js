// Result entry from the keyboard: one key per board, the cursor moves on.
(function () {
  "use strict";
  var form = document.getElementById("results-form");
  if (!form) { return; }
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.result"));
  var keys = { "1": "1-0", "0": "0-1", "=": "½-½", "5": "½-½", "+": "1F-0F", "-": "0F-1F" };
  inputs.forEach(function (input, i) {
    input.addEventListener("keydown", function (ev) {
      if (ev.ctrlKey || ev.metaKey || ev.altKey) { return; }
      if (Object.prototype.hasOwnProperty.call(keys, ev.key)) {
        ev.preventDefault();
        input.value = keys[ev.key];
        var next = inputs[i + 1];
        if (next) { next.focus(); next.select(); } else { form.querySelector("#save-results").focus(); }
      }
    });
  });
  var firstEmpty = inputs.filter(function (x) { return !x.value; })[0];
  if (firstEmpty) { firstEmpty.focus(); }
})();
