// Live pages: the event's stream (/events/ID/live) tells its version each time it changes;
// when it is not the one this page shows, the page fetches itself again and swaps in the new
// content, keeping the name typed in the filter box and the scroll position. Without this
// script (or without EventSource) the page is the same, reloaded by hand.
(function () {
  "use strict";
  var body = document.body;
  var address = body.getAttribute("data-live");
  if (!address || !window.EventSource || !window.fetch || !window.DOMParser) return;
  var shown = body.getAttribute("data-version");
  var wanted = shown;
  var busy = false;
  var RETRY_MS = 1000;
  // Versions only grow (an undo is a change too): a page newer than announced stays.
  function behind() { return Number(wanted) > Number(shown); }

  function swap(html) {
    var fresh = new DOMParser().parseFromString(html, "text/html");
    var main = document.querySelector("main");
    var newMain = fresh.querySelector("main");
    if (!main || !newMain) { location.reload(); return; }
    var x = window.scrollX, y = window.scrollY;
    // The filter box the player is typing in stays (its text, focus and cursor).
    var box = document.getElementById("name-filter");
    var newBox = newMain.querySelector("#name-filter");
    if (box && newBox) newBox.replaceWith(box);
    // So does whatever else was typed and not yet sent (a result a player is reporting):
    // the new page's field of the same id takes the typed value, and the focus.
    var typed = [];
    main.querySelectorAll("input[id], textarea[id], select[id]").forEach(function (field) {
      if (field.id === "name-filter" || field.type === "hidden") return;
      var changed = field.tagName === "SELECT"
        ? Array.prototype.some.call(field.options, function (o) { return o.selected !== o.defaultSelected; })
        : (field.type === "checkbox" || field.type === "radio")
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue;
      if (changed || field === document.activeElement) typed.push(field);
    });
    var focused = document.activeElement;
    main.replaceWith(newMain);
    typed.forEach(function (field) {
      var fresh = document.getElementById(field.id);
      if (!fresh || fresh.tagName !== field.tagName || fresh === field) return;
      if (field.type === "checkbox" || field.type === "radio") fresh.checked = field.checked;
      else fresh.value = field.value;
      if (field === focused) {
        fresh.focus();
        if (typeof field.selectionStart === "number" && fresh.setSelectionRange) {
          try { fresh.setSelectionRange(field.selectionStart, field.selectionEnd); } catch (e) { /* not a text field */ }
        }
      }
    });
    var nav = document.querySelector("header.top nav");
    var newNav = fresh.querySelector("header.top nav");
    if (nav && newNav) nav.replaceWith(newNav);
    document.title = fresh.title;
    shown = fresh.body.getAttribute("data-version") || wanted;
    body.setAttribute("data-version", shown);
    window.scrollTo(x, y);
    document.dispatchEvent(new CustomEvent("fairpair:refreshed"));
  }

  function refresh() {
    if (busy || !behind()) return;
    busy = true;
    var before = shown;
    fetch(location.href, { cache: "no-cache", headers: { Accept: "text/html" } })
      .then(function (answer) {
        // A page gone (a round taken back): the browser shows why, with the way back.
        if (!answer.ok) { location.reload(); return null; }
        return answer.text();
      })
      .then(function (html) { if (html !== null) swap(html); })
      .catch(function () { /* offline for a moment: the next version tries again */ })
      .then(function () {
        busy = false;
        // A large event's server shows the previous version while it prepares the new one
        // (a second or two): ask again a little later rather than at once.
        if (shown === before) setTimeout(refresh, RETRY_MS); else refresh();
      });
  }

  function listen() {
    var stream = new EventSource(address);
    stream.addEventListener("version", function (message) {
      wanted = message.data;
      refresh();
    });
    stream.onerror = function () {
      // Refused (the server is full or gone): try again in a while; a dropped stream
      // reconnects by itself.
      if (stream.readyState === EventSource.CLOSED) {
        setTimeout(listen, 30000 + Math.random() * 30000);
      }
    };
  }
  listen();
})();
