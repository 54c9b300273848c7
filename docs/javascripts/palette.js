// The colour scheme: light or dark, as the reader chose with the switch in the header, else as
// their system prefers (and following it while they have not chosen).
//
// The switch is the theme's own markup (overrides/partials/palette.html), driven from here
// rather than by the theme's script, which would (a) choose the scheme from the system's
// preference only once it runs, after the page is first drawn, so a dark-mode reader saw a
// light page first, and (b) restyle the whole page twice as it starts, in the middle of the
// page's loading (a long task). This classic script runs as the header is parsed, before the
// page is drawn; the choice is kept where and as the theme keeps it (`__palette`, through the
// theme's `__md_get`/`__md_set`), so either of the two reads the other's.
(() => {
  const form = document.getElementById("fc-palette");
  if (!form) return;
  const inputs = [...form.querySelectorAll("input")];
  if (inputs.length === 0) return;

  /** The colours of a palette, as the theme's styles read them from the body's attributes. */
  function colorOf(input) {
    const { mdColorMedia: media, mdColorScheme: scheme, mdColorPrimary: primary,
            mdColorAccent: accent } = input.dataset;
    return { media, scheme, primary, accent };
  }

  /** The palette the reader chose (none where the browser keeps nothing). */
  function stored() {
    try {
      const index = window.__md_get("__palette")?.index;
      return Number.isInteger(index) && inputs[index] ? index : null;
    } catch {
      return null;
    }
  }

  /** The palette the reader chose, else the first whose media query matches, else the first. */
  function chosen() {
    const index = stored();
    if (index !== null) return index;
    return Math.max(0, inputs.findIndex((input) => matchMedia(colorOf(input).media).matches));
  }

  function apply(index) {
    for (const [key, value] of Object.entries(colorOf(inputs[index]))) {
      document.body.setAttribute(`data-md-color-${key}`, value);
    }
    inputs[index].checked = true;
    // Each palette's label is the button that switches to the next one; only the current
    // palette's is shown.
    inputs.forEach((input, other) => {
      const label = input.nextElementSibling;
      if (label instanceof HTMLLabelElement) label.hidden = other !== index;
    });
  }

  // The browser's own colours (address bar, scroll bars, form controls) follow the header's.
  const themeColor = meta("theme-color");
  const colorScheme = meta("color-scheme");
  function meta(name) {
    const element = document.createElement("meta");
    element.name = name;
    document.head.append(element);
    return element;
  }
  function browserColors() {
    const header = document.querySelector("[data-md-component=header]");
    if (!header) return;
    const style = getComputedStyle(header);
    colorScheme.content = style.colorScheme;
    const rgb = style.backgroundColor.match(/\d+/g)?.slice(0, 3) ?? [];
    themeColor.content = `#${rgb.map((value) => Number(value).toString(16).padStart(2, "0")).join("")}`;
  }

  function switchTo(index) {
    // No colour transitions while the whole page changes colour.
    document.body.setAttribute("data-md-color-switching", "");
    apply(index);
    browserColors();
    setTimeout(() => document.body.removeAttribute("data-md-color-switching"), 0);
  }

  // Before the page is drawn: only the head and the header are there to style yet.
  apply(chosen());
  browserColors();

  form.addEventListener("change", (event) => {
    const index = inputs.indexOf(event.target);
    if (index < 0) return;
    try {
      window.__md_set("__palette", { index, color: colorOf(inputs[index]) });
    } catch {
      // Nothing is kept (storage refused): the choice holds for this page.
    }
    switchTo(index);
  });

  // Enter on the focused switch turns it, as a click on it does.
  form.addEventListener("keydown", (event) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const next = inputs[(inputs.findIndex((input) => input.checked) + 1) % inputs.length];
    next.click();
    next.focus();
  });

  // A reader who has not chosen gets their system's scheme, also when it changes.
  for (const input of inputs) {
    matchMedia(colorOf(input).media).addEventListener("change", () => {
      if (stored() === null) switchTo(chosen());
    });
  }
})();
