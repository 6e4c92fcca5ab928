// plot's play page: give the terminal the keyboard as soon as it is connected, so that
// after signing in the first key reaches the game without a click on the page first.
(function () {
  "use strict";
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
