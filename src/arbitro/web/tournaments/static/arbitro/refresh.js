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
        // The version of what was received (a page being rebuilt is served at its previous
        // version for a moment): the next poll asks again until the page is the newest.
        var got = doc.body && doc.body.getAttribute("data-version");
        if (got) { version = got; body.setAttribute("data-version", got); }
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
  // Live updates (issue 19 §3): the server's event stream says when a round is published or a
  // result entered; polling stays, slower while the stream is open, as the fallback.
  var live = body.getAttribute("data-live-url");
  var open = false;
  if (live && window.EventSource) {
    var source = new EventSource(live + "?v=" + encodeURIComponent(version));
    var changed = function (e) {
      var data = {};
      try { data = JSON.parse(e.data); } catch (err) { return; }
      if (String(data.version) !== String(version)) { version = String(data.version); swap(); }
    };
    ["round", "result", "change"].forEach(function (k) { source.addEventListener(k, changed); });
    source.onopen = function () { open = true; };
    source.onerror = function () { open = false; };
  }
  var ticks = 0;
  setInterval(function () { ticks += 1; if (!open || ticks % 4 === 0) { poll(); } }, every);
})();
