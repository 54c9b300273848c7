/**
 * One way to start page scripts: on the first page and after every instant navigation.
 *
 * Material for MkDocs exposes `document$`, which emits on load and after every instant
 * navigation (a `DOMContentLoaded` listener would fire only once). Without it (another
 * theme), the callback runs once when the document is ready.
 */
export function onEveryPage(callback) {
  if (typeof window.document$?.subscribe === "function") {
    window.document$.subscribe(() => callback());
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", () => callback());
  } else {
    callback();
  }
}
