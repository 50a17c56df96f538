// The name filter of a round's pairings: narrows the boards as one types. Without this
// script the same form filters on the server (?q=). Names are compared without case or
// accents ("chloe" finds "Chloé"), every typed word in one player's name, any order. A team
// event's round: a team's name keeps its whole match, a player's name the match heading and
// the player's own board.
(function () {
  "use strict";
  var box = document.getElementById("name-filter");
  if (!box || !document.getElementById("pairings")) return;
  function fold(text) {
    return text.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
  }
  function keepQuery(query) {
    // Moving to another round keeps the filter, so a player finds their board at once.
    document.querySelectorAll("a[data-keep-q]").forEach(function (link) {
      var url = new URL(link.href);
      if (query) url.searchParams.set("q", query); else url.searchParams.delete("q");
      link.href = url.toString();
    });
  }
  function narrow() {
    // Looked up each time: live.js swaps in a newer table (and keeps this box).
    var table = document.getElementById("pairings");
    if (!table) return;
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr.board"));
    // A team match counts once (its heading row); its boards (data-part) show or hide alone.
    var counted = rows.filter(function (row) { return !row.hasAttribute("data-part"); });
    var count = document.getElementById("filter-count");
    var none = document.getElementById("no-match");
    var words = fold(box.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    rows.forEach(function (row) {
      var names = (row.getAttribute("data-names") || "").split("|");
      var hit = !words.length || names.some(function (name) {
        return words.every(function (word) { return name.indexOf(word) >= 0; });
      });
      row.hidden = !hit;
      if (hit && !row.hasAttribute("data-part")) shown += 1;
    });
    if (none) none.hidden = shown > 0;
    if (count) count.textContent = words.length ? shown + " of " + counted.length : "";
    keepQuery(box.value.trim());
  }
  box.addEventListener("input", narrow);
  // Filtering is live: Enter need not reload the page (without this script it does).
  document.addEventListener("submit", function (event) {
    if (event.target === box.form) { event.preventDefault(); narrow(); }
  });
  document.addEventListener("fairpair:refreshed", function () { if (box.value) narrow(); });
  if (box.value) narrow();
})();
