// The first moments of a page, before the examples' runtime (runner.mjs) is there.
//
// The build renders every example's toolbar into the HTML, so Run is on screen as soon as
// the page is; runner.mjs is a module, which runs only once the page is parsed and its imports
// have arrived. This small classic script, loaded from the head, bridges the gap: a click on a
// toolbar button is remembered (runner.mjs carries it out when it takes the example over), and
// pointing at, focusing or touching a toolbar is remembered as the intent to run (runner.mjs
// then starts Python). An example the runtime has taken over has `data-fc-ready`; this script
// leaves it alone. The record is `window.flipcardsEarly`: {clicks: [button, ...], intent}.
(() => {
  const early = (window.flipcardsEarly ??= { clicks: [], intent: false });

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
    early.intent = true;
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
      if (waitingToolbar(event.target)) early.intent = true;
    }, { capture: true, passive: true });
  }
})();
