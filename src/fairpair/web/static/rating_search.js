// The rating-list search of the desk's add-player form: suggests players as one types (the
// start of a surname, a first name or a FIDE ID; case and accents ignored by the server) and
// fills the form with the one chosen. Without this script the same form searches on the
// server (?find=) and each player found is a link that fills the form (?pick=).
(function () {
  "use strict";
  var box = document.getElementById("rating-find");
  var list = document.getElementById("rating-suggestions");
  var form = document.getElementById("add-player");
  if (!box || !list || !form) return;
  var chooser = document.getElementById("rating-list");
  var none = document.getElementById("rating-none");
  var FIELDS = ["name", "rating", "title", "federation", "fide_id", "birth_date", "sex"];
  var timer = null;
  var asked = 0;

  function fill(player) {
    FIELDS.forEach(function (field) {
      var input = form.querySelector('[name="' + field + '"]');
      if (input) input.value = player[field] || "";
    });
    close();
    var button = form.querySelector('button[type="submit"]');
    if (button) button.focus();
  }

  function close() {
    list.hidden = true;
    box.setAttribute("aria-expanded", "false");
  }

  function show(players) {
    list.textContent = "";
    players.forEach(function (player) {
      var item = document.createElement("li");
      item.setAttribute("role", "option");
      var button = document.createElement("button");
      button.type = "button";
      button.className = "suggestion";
      var words = [player.name + (player.title ? " " + player.title : ""), player.federation,
        player.rating || "unrated", player.id];
      button.textContent = words.filter(Boolean).join(" · ");
      button.addEventListener("click", function () { fill(player); });
      item.appendChild(button);
      list.appendChild(item);
    });
    list.hidden = players.length === 0;
    box.setAttribute("aria-expanded", players.length ? "true" : "false");
    if (none) none.hidden = true;
  }

  function ask() {
    var text = box.value.trim();
    if (!text) { show([]); return; }
    var number = ++asked;
    var url = "/desk/ratings/search?q=" + encodeURIComponent(text) +
      (chooser ? "&list=" + encodeURIComponent(chooser.value) : "");
    fetch(url, { credentials: "same-origin", headers: { Accept: "application/json" } })
      .then(function (answer) { return answer.ok ? answer.json() : { players: [] }; })
      .then(function (data) {
        if (number === asked) show(data.players || []);  // a slower, older answer is dropped
      })
      .catch(function () { /* the plain form still works */ });
  }

  box.addEventListener("input", function () {
    clearTimeout(timer);
    timer = setTimeout(ask, 120);
  });
  box.addEventListener("keydown", function (key) {
    if (key.key === "ArrowDown") {
      var first = list.querySelector("button, a");
      if (first) { key.preventDefault(); first.focus(); }
    } else if (key.key === "Escape") {
      close();
    }
  });
  list.addEventListener("keydown", function (key) {
    var items = Array.prototype.slice.call(list.querySelectorAll("button, a"));
    var at = items.indexOf(document.activeElement);
    if (key.key === "ArrowDown" && at + 1 < items.length) { key.preventDefault(); items[at + 1].focus(); }
    if (key.key === "ArrowUp") { key.preventDefault(); (at > 0 ? items[at - 1] : box).focus(); }
    if (key.key === "Escape") { close(); box.focus(); }
  });
  if (chooser) chooser.addEventListener("change", ask);
})();
