// The site's canonical address (site_url, in the page's fc-site-url meta): links a reader copies
// to share — a rule, a ruling, an example's code, a playground situation — use it, whatever
// address the page was loaded from (another host name of the same machine, a mirror).

// This module is javascripts/site-url.mjs: the site's root, as loaded, is one folder up.
const LOADED_ROOT = new URL("../", import.meta.url);

/** The site's canonical root (site_url), or where this script came from. */
export function siteRoot() {
  const canonical = document.querySelector('meta[name="fc-site-url"]')?.content;
  try {
    return canonical ? new URL(canonical) : LOADED_ROOT;
  } catch {
    return LOADED_ROOT;
  }
}

/** The address of this page at the canonical root, without query or fragment. */
export function canonicalPageUrl(location = window.location) {
  const here = new URL(location.href);
  if (here.origin === LOADED_ROOT.origin && here.pathname.startsWith(LOADED_ROOT.pathname)) {
    return new URL(here.pathname.slice(LOADED_ROOT.pathname.length), siteRoot()).href;
  }
  return `${here.origin}${here.pathname}`;
}
