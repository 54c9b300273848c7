// A rule's own page (rules/508.1a/, rulings/3/, rules/710.2/) sends a browser on to the rule
// in context. A link preview runs no script and sees the page's own meta. This is a file of
// the site rather than an inline script because the site's Content-Security-Policy allows
// scripts from its own origin only. The target comes from the script element's
// data-fc-to attribute, written by the build (pysrc/flipcards_site/rule_pages.py).
(() => {
  const target = document.currentScript?.dataset.fcTo;
  if (target) location.replace(new URL(target, location.href).href);
})();
