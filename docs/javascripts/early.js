// The first moments of a page, before the theme's script and the examples' runtime
// (runner.mjs) are there (both start once the page has loaded and a moment more, or at the
// reader's first click or keystroke: start.js).
//
// The build renders every example's toolbar into the HTML, so Run is on screen as soon as
// the page is; runner.mjs runs only once start.js has started it and its imports have
// arrived. This small classic script, loaded from the head, bridges the gap: a click on a
// toolbar button is remembered (runner.mjs carries it out when it takes the example over), and
// pointing at, focusing or touching a toolbar, as a click, starts Python at once: the module
// that starts it (worker-client.mjs, the very one runner.mjs uses, with no import of its own) is
// imported from here and asked to warm up, so that Python downloads and starts while the page's
// own scripts arrive and run, not after them. An example the runtime has taken over has
// `data-fc-ready`; this script leaves it alone. The record is `window.flipcardsEarly`:
// {clicks: [button, ...], intent, moved, typing, asked, loaded}. `moved`: the reader has
// scrolled or pressed something. Once Python is started here, `asked` settles when its worker
// has been started (start.js starts the theme after that, not before) and `loaded` when it has
// loaded or failed (start.js holds the theme's search worker until then).
(() => {
  // The theme's script starts only after the page is drawn (start.js); three things it would do
  // as it starts are done here, before the page is first styled, where they cost nothing:
  // - Scripts run: the page is drawn from the first as the theme draws it with scripts (its
  //   search box shown, say).
  document.documentElement.classList.replace("no-js", "js");
  // - Its keyboard-focus helper marks the root element as present.
  document.documentElement.classList.add("js-focus-visible");
  document.documentElement.setAttribute("data-js-focus-visible", "");
  // - Its instant navigation makes every relative address in the page absolute. For a
  //   stylesheet's link that means loading and applying the stylesheet again: the whole page
  //   restyled, in the middle of its loading. The head's addresses are made absolute now, the
  //   same way (the theme then leaves them); those in the body change nothing's style.
  for (const element of document.head.querySelectorAll("[href], [src]")) {
    for (const key of ["href", "src"]) {
      const value = element.getAttribute(key);
      if (value && !/^(?:[a-z]+:)?\/\//i.test(value)) {
        element[key] = element[key];
        break;
      }
    }
  }

  // A move in the browser's history that stays on this page (Back or Forward between two of
  // its fragments, a share link for it pasted into the address bar) is no new page. The
  // theme's instant navigation, told of the first such move of a page, fetches the page again
  // and draws it anew: a run going on is stopped, an opened editor closed, seconds after the
  // reader moved. The browser and links.mjs (on hashchange) handle a move within the page, so
  // the theme is told only of a move to another page. `shown`: the page's address as the
  // theme last made it (it moves to a page with history.pushState).
  const page = () => location.pathname + location.search;
  let shown = page();
  const pushState = history.pushState;
  history.pushState = function (...args) {
    pushState.apply(this, args);
    shown = page();
  };
  addEventListener("popstate", (event) => {
    const now = page();
    if (now === shown) event.stopImmediatePropagation();
    shown = now;
  }, { capture: true });

  // In a frame of another site nothing is kept to run later (runner.mjs offers the page's own
  // address in place of the toolbars).
  if (window.top !== window.self) {
    try {
      if (window.top.location.origin !== window.location.origin) return;
    } catch {
      return;
    }
  }

  const early = (window.flipcardsEarly ??=
    { clicks: [], intent: false, moved: false, typing: null });

  // Keys typed after Edit is pressed and before its editor is there (the runtime and the
  // editor's module still on their way) would go to the Edit button, which keeps the focus: a
  // letter lost, an "f" opening the site's search. They are kept for the editor, which types
  // them where its caret is (runner.mjs). `early.typing`: {button, text} of the Edit being
  // opened, set at its press, or null.
  addEventListener("keydown", (event) => {
    const typing = early.typing;
    if (!typing || document.activeElement !== typing.button) return;
    if (event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
    const key = event.key === "Enter" ? "\n" : event.key;
    if ([...key].length === 1) typing.text += key;
    else if (key === "Backspace" && typing.text) typing.text = typing.text.slice(0, -1);
    else return;
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);

  // The reader moving about the page (wheel, finger, keys, a press, on the scroll bar too where
  // the browser reports it) before links.mjs runs: it then leaves the page where they put it.
  for (const type of ["wheel", "touchmove", "keydown", "pointerdown"]) {
    addEventListener(type, () => { early.moved = true; }, { capture: true, passive: true, once: true });
  }

  // worker-client.mjs beside this script: the same address as runner.mjs's import of it, so
  // the same module, and the sandbox it starts now is the one the click's run is given.
  const runtime = new URL("worker-client.mjs", document.currentScript?.src ?? location.href).href;
  /** The reader means to run: start Python now (once; runner.mjs starts it if this fails). */
  function startPython() {
    early.intent = true;
    if (early.loaded) return;
    // warmUp starts Python's worker at once and returns the promise of its loading.
    const asked = import(runtime).then((module) => ({ loaded: module.warmUp() }));
    early.asked = asked.then(() => {}, () => {});
    early.loaded = asked.then(({ loaded }) => loaded).catch(() => {});
  }

  /** The toolbar of an example the runtime has not taken over yet, or null. */
  function waitingToolbar(target) {
    const toolbar = target instanceof Element ? target.closest(".fc-toolbar") : null;
    return toolbar && !toolbar.closest(".fc-example")?.hasAttribute("data-fc-ready") ? toolbar : null;
  }

  document.addEventListener("click", (event) => {
    const button = event.target instanceof Element ? event.target.closest("button") : null;
    const toolbar = button && waitingToolbar(button);
    if (!toolbar || button.disabled) return;
    early.clicks.push(button);
    if (button.classList.contains("fc-edit")) early.typing = { button, text: "" };
    startPython();
    if (button.classList.contains("fc-run")) {
      // The reader sees at once that the click was taken.
      const status = toolbar.querySelector(".fc-status");
      if (status) {
        status.dataset.state = "loading";
        status.textContent = "Loading Python…";
      }
    }
  }, true);

  for (const type of ["pointerover", "focusin", "touchstart"]) {
    document.addEventListener(type, (event) => {
      if (waitingToolbar(event.target)) startPython();
    }, { capture: true, passive: true });
  }
})();
