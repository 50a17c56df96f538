// The venue screen's round clock counts down between reloads. The server wrote the seconds
// left when it sent the page; the count is kept from the page's own timer (not the TV's
// wall clock, which may be wrong) and starts again when live.js swaps in a new page.
(function () {
  "use strict";
  var loaded = 0, left = 0, running = false, clock = null;
  function text(seconds) {
    var h = Math.floor(seconds / 3600), m = Math.floor((seconds % 3600) / 60), s = seconds % 60;
    var mm = (h && m < 10 ? "0" : "") + m, ss = (s < 10 ? "0" : "") + s;
    return (h ? h + ":" : "") + mm + ":" + ss;
  }
  function read() {
    clock = document.getElementById("round-clock");
    if (!clock) return;
    left = Number(clock.getAttribute("data-left")) || 0;
    running = clock.getAttribute("data-running") === "yes";
    loaded = performance.now();
  }
  function tick() {
    if (!clock || !running) return;
    var now = Math.max(0, left - Math.floor((performance.now() - loaded) / 1000));
    clock.firstChild.nodeValue = text(now);
    clock.classList.toggle("over", now === 0);
  }
  read();
  document.addEventListener("fairpair:refreshed", read);
  setInterval(tick, 250);
})();
