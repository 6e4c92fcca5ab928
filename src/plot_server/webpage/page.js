// plot's play page: give the terminal the keyboard as soon as it is connected, so that
// after signing in the first key reaches the game without a click on the page first;
// and let the page say, as text, what its terminal shows (it is drawn on a canvas).
(function () {
  "use strict";
  // textual.js keeps its xterm.js Terminal as the `terminal` field of the object it makes
  // on load: a setter catches it as it is assigned, once, and then goes.
  var terminals = [];
  Object.defineProperty(Object.prototype, "terminal", {
    configurable: true,
    set: function (t) {
      delete Object.prototype.terminal;
      Object.defineProperty(this, "terminal", {value: t, writable: true, configurable: true,
                                               enumerable: true});
      terminals.push(t);
    }
  });
  window.addEventListener("load", function () { delete Object.prototype.terminal; });
  // The rows the terminal shows now, one line each: for tests, and for tools that read
  // a page's text aloud.
  window.plotScreenText = function () {
    var t = terminals[0];
    if (t === undefined) {
      return null;
    }
    var buffer = t.buffer.active, rows = [];
    for (var y = 0; y < t.rows; y++) {
      var line = buffer.getLine(buffer.viewportY + y);
      rows.push(line === undefined ? "" : line.translateToString(true));
    }
    return rows.join("\n");
  };
  function focusTerminal() {
    var box = document.querySelector(".textual-terminal.-connected .xterm-helper-textarea");
    if (box === null) {
      return false;
    }
    box.focus();
    return document.activeElement === box;
  }
  function watch() {
    if (focusTerminal()) {
      return;
    }
    var watcher = new MutationObserver(function () {
      if (focusTerminal()) {
        watcher.disconnect();
      }
    });
    watcher.observe(document.body, {subtree: true, childList: true, attributes: true,
                                    attributeFilter: ["class"]});
  }
  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", watch);
  } else {
    watch();
  }
})();
