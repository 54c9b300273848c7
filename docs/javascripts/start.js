// Starts the theme's script and the site's modules once the page has been painted.
//
// Run while the page was still being parsed, the theme's script (Material for MkDocs) made the
// browser compute the whole page's style and layout inside its own work, over and over: on a
// rules page, two or three tasks of 50–140 ms in which a reader could neither scroll nor click.
// Started after the first frame, the same work finds style and layout already computed (and
// early.js and palette.js have done, before that frame, the parts of it that would make the
// browser compute them all again): its tasks are short.
//
// The scripts are the theme's own list, in the page inside a <template> (inert there); this
// script makes each of them anew, in the same order (`async = false`: each runs after the one
// before it, and all of them download at once). The page is readable and its links work before
// they run; a click on an example's Run is kept by early.js until the runtime is there.
//
// The theme starts its components when the page has been parsed ("DOMContentLoaded") and after
// each instant navigation, both through its `document$`. When its script runs after the page
// was parsed, it missed that event: this script then has `document$` emit the page once.
(() => {
  const template = document.getElementById("fc-scripts");
  if (!(template instanceof HTMLTemplateElement)) return;

  let parsed = false;
  document.addEventListener("DOMContentLoaded", () => { parsed = true; }, { once: true });

  // The theme's script (the one classic script; the site's are modules) has run.
  function themeRan() {
    if (parsed) setTimeout(() => window.document$?.next(document), 0);
  }

  // The theme's script could not be had: the page is shown as it reads without scripts.
  function themeMissing() {
    document.documentElement.classList.replace("js", "no-js");
  }

  function start() {
    for (const old of template.content.querySelectorAll("script")) {
      const script = document.createElement("script");
      for (const { name, value } of old.attributes) script.setAttribute(name, value);
      script.async = false;
      if (script.type !== "module") {
        script.addEventListener("load", themeRan, { once: true });
        script.addEventListener("error", themeMissing, { once: true });
      }
      document.body.append(script);
    }
  }

  // After the first frame: a frame's callbacks run before it is painted, a timer set in one
  // runs after. A page opened in the background paints nothing: it starts at once.
  if (document.visibilityState === "hidden") start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
