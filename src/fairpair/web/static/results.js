// Result entry at the keyboard: Enter moves to the next board (and saves after the last);
// a one-key shortcut is shown as the result it stands for once the field is left.
(function () {
  "use strict";
  var form = document.getElementById("results-form");
  if (!form) return;
  var inputs = Array.prototype.slice.call(form.querySelectorAll("input.result"));
  var shortcuts = { "1": "1-0", "0": "0-1", "5": "1/2", "=": "1/2", "+": "+-", "-": "-+" };
  function expand(input) {
    var typed = input.value.trim();
    if (Object.prototype.hasOwnProperty.call(shortcuts, typed)) input.value = shortcuts[typed];
  }
  inputs.forEach(function (input, index) {
    // A correction replaces what the field holds: typing 0 over 1/2 gives 0, not 1/20.
    input.addEventListener("focus", function () { input.select(); });
    input.addEventListener("blur", function () { expand(input); });
    input.addEventListener("keydown", function (event) {
      if (event.key !== "Enter") return;
      event.preventDefault();
      expand(input);
      var next = inputs[index + 1];
      if (next) {
        next.focus();
        next.select();
      } else {
        form.requestSubmit ? form.requestSubmit() : form.submit();
      }
    });
  });
  var focused = form.querySelector("input.result[autofocus]");
  if (focused) {
    focused.focus();
    focused.select();
  }
})();
