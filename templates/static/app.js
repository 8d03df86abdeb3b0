// Small enhancement only; every page works without it.
// Following a link to a line (#line-42) or a clause inside a closed section opens that section.
(function () {
  "use strict";
  function openTarget() {
    var id = decodeURIComponent(location.hash.slice(1));
    if (!id) { return; }
    var el = document.getElementById(id);
    if (!el) { return; }
    for (var p = el.parentElement; p; p = p.parentElement) {
      if (p.tagName === "DETAILS") { p.open = true; }
    }
    // A line in the middle of the screen; a section (the board) from its top.
    el.scrollIntoView({ block: el.tagName === "LI" ? "center" : "start" });
  }
  window.addEventListener("hashchange", openTarget);
  document.addEventListener("DOMContentLoaded", openTarget);
})();
// A tool form refused for one field: mark that input and move the cursor to it.
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    var box = document.querySelector("[data-error-field]");
    if (!box) { return; }
    var field = box.getAttribute("data-error-field");
    if (!field) { return; }
    var inputs = document.getElementsByName(field);
    if (!inputs.length) { return; }
    for (var i = 0; i < inputs.length; i++) { inputs[i].setAttribute("aria-invalid", "true"); }
    inputs[0].focus();
  });
})();
// Stepping keys on a board view: ←/→ steps, ↑/↓ turns, n next violation, u next unverified.
// Each key follows the link of the same name on the page, so the page works without this.
(function () {
  "use strict";
  var keys = {
    ArrowLeft: "step-prev", ArrowRight: "step-next", ArrowUp: "turn-prev",
    ArrowDown: "turn-next", n: "next-violation", u: "next-unverified"
  };
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) { return; }
    var t = e.target;
    if (t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(t.tagName))) { return; }
    var id = keys[e.key];
    if (!id) { return; }
    var link = document.getElementById(id);
    if (!link) { return; }
    e.preventDefault();
    location.href = link.href;
  });
})();
// Card name fields (data-suggest): as you type, the names the card data has for it fill the
// field's list of suggestions. Without this the field still takes a name or an id.
(function () {
  "use strict";
  function wire(input) {
    var list = document.getElementById(input.getAttribute("list"));
    if (!list) { return; }
    var last = "", timer = null;
    input.addEventListener("input", function () {
      var q = input.value.trim();
      if (q.length < 2 || q === last) { return; }
      clearTimeout(timer);
      timer = setTimeout(function () {
        last = q;
        fetch("/api/v1/cards/names?q=" + encodeURIComponent(q))
          .then(function (r) { return r.ok ? r.json() : []; })
          .then(function (names) {
            list.textContent = "";
            names.forEach(function (n) {
              var o = document.createElement("option");
              o.value = n;
              list.appendChild(o);
            });
          })
          .catch(function () {});
      }, 150);
    });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var inputs = document.querySelectorAll("input[data-suggest][list]");
    for (var i = 0; i < inputs.length; i++) { wire(inputs[i]); }
  });
})();
// A board view on a wide screen: the board stays beside the log, so the line it follows is
// brought into view in the log too (on a phone the page stays at the board, which starts with
// the line).
(function () {
  "use strict";
  document.addEventListener("DOMContentLoaded", function () {
    if (location.hash !== "#board") { return; }
    if (!window.matchMedia("(min-width: 62rem)").matches) { return; }
    var line = document.querySelector("li.step.current");
    if (line) { line.scrollIntoView({ block: "center" }); }
  });
})();
