// Public pages follow new results without a manual reload: poll the
// tournament's version and swap <main> when it changes.
(function () {
  "use strict";
  var body = document.body;
  var url = body.getAttribute("data-version-url");
  if (!url || document.querySelector("form[method=post] input.result")) { return; }
  var version = body.getAttribute("data-version");
  var every = parseInt(body.getAttribute("data-refresh-ms") || "15000", 10);
  function swap() {
    fetch(window.location.href, { headers: { "X-Requested-With": "refresh" }, cache: "no-store" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var doc = new DOMParser().parseFromString(html, "text/html");
        var main = doc.getElementById("main");
        if (main) { document.getElementById("main").innerHTML = main.innerHTML; }
      });
  }
  function poll() {
    if (document.hidden) { return; }
    fetch(url, { cache: "no-store" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (data) {
        if (data && String(data.version) !== String(version)) {
          version = String(data.version);
          body.setAttribute("data-version", version);
          swap();
        }
      })
      .catch(function () {});
  }
  window.arbitroPoll = poll;
  setInterval(poll, every);
})();
