// The round form of a Double-Swiss: each board's match result follows the two games as they
// are chosen (the page shows the saved one; this only saves a reload while choosing).
(function () {
  "use strict";
  var form = document.getElementById("results-form");
  if (!form) return;
  // White's and Black's points of a game, in halves, as its scoresheet says it.
  var points = {
    "1-0": [2, 0], "½-½": [1, 1], "0-1": [0, 2], "+-": [2, 0], "-+": [0, 2], "--": [0, 0],
    "½-0": [1, 0], "0-½": [0, 1], "0-0": [0, 0]
  };
  function half(n) {
    var whole = Math.floor(n / 2);
    if (n % 2 === 0) return String(whole);
    return (whole ? String(whole) : "") + "½";
  }
  Array.prototype.forEach.call(form.querySelectorAll("tbody.board"), function (board) {
    var games = board.querySelectorAll("select.game");
    var shown = board.querySelector("output.match-result");
    if (games.length !== 2 || !shown) return;
    var note = board.querySelector(".forfeit");
    function update() {
      var first = points[games[0].value], second = points[games[1].value];
      if (note) note.hidden = true;  // said of the saved games, not of the ones chosen now
      // Game 2 has the first-named player Black: his points are the second of the sheet.
      shown.value = first && second ? half(first[0] + second[1]) + "-" + half(first[1] + second[0]) : "";
    }
    games[0].addEventListener("change", update);
    games[1].addEventListener("change", update);
  });
})();
