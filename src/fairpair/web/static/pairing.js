// A round being paired in the background: the page asks how it is going twice a second
// (the desk's status route, which every app server answers from the database) and shows
// the engine's progress; once the round is paired, or the pairing failed, the page fetches
// itself again and swaps in the round's pairings (or the reason), without a reload.
(function () {
  "use strict";
  var line = document.getElementById("pairing-status");
  if (!line || !window.fetch || !window.DOMParser) return;
  var address = line.getAttribute("data-status");
  var round = Number(line.getAttribute("data-round"));

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = document.querySelector("main");
    var newMain = fresh.querySelector("main");
    if (!main || !newMain) { location.reload(); return; }
    main.replaceWith(newMain);
    document.title = fresh.title;
    // The new page's scripts (result entry at the keyboard) run as they would have.
    fresh.querySelectorAll("script[src]").forEach(function (script) {
      var src = script.getAttribute("src");
      if (document.querySelector('script[src="' + src + '"]')) return;
      var added = document.createElement("script");
      added.src = src;
      document.body.appendChild(added);
    });
    var first = newMain.querySelector("[autofocus]");
    if (first) first.focus();
  }

  function show() {
    fetch(location.href, { cache: "no-cache", headers: { Accept: "text/html" } })
      .then(function (answer) { return answer.text(); })
      .then(swap)
      .catch(function () { setTimeout(ask, 2000); });
  }

  function ask() {
    fetch(address, { cache: "no-cache", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : null; })
      .then(function (status) {
        if (status === null) { setTimeout(ask, 2000); return; }
        if (status.paired >= round || status.state !== "running") { show(); return; }
        if (status.text) line.textContent = status.text;
        setTimeout(ask, 500);
      })
      .catch(function () { setTimeout(ask, 2000); });  // offline for a moment
  }
  setTimeout(ask, 500);
})();
