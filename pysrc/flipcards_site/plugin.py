"""The ``flipcards`` MkDocs plugin: wires the build-time integration into MkDocs' events.

- ``on_config``        checks that the ``flipcards`` fence is registered with SuperFences, and
                       puts the bundle of the site's stylesheets in their place (stylesheets)
- ``on_files``         adds Pyodide, the standard library and the package zip (precompiled,
                       bytecode.py), the editor bundle and the stylesheets' bundle to the
                       site, a page and a preview picture for every rule and ruling
                       (rule_pages) and card (card_pages)
- ``on_page_markdown`` starts a page's examples (numbering, sessions) and expands its markers
                       (the gallery's, and the rule index)
- ``on_page_content``  ends the page's examples, fails on a fence SuperFences could not read,
                       writes each rule's citation under it (rule_pages.annotate), links the
                       API reference's cross-references (api_refs), points the links into the
                       playground at it (playground)
- ``on_template_context`` gives the 404 page the lists of rules and cards (overrides/404.html)
- ``on_post_page``     adds Open Graph meta to every page (rule_pages)
- ``on_post_build``    drops cached outputs of examples that no longer exist, puts the
                       Content-Security-Policy into every page and the headers file (csp), writes
                       the service worker with the lists of files it caches (offline) and
                       .br/.gz copies of the larger files (compress)
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Any

from mkdocs.config import base
from mkdocs.config import config_options as c
from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page

from . import (
    api_refs,
    app,
    assets,
    bytecode,
    card_pages,
    compress,
    csp,
    examples,
    fence,
    gallery,
    offline,
    playground,
    rule_pages,
    stylesheets,
)

__all__ = ["FlipCardsConfig", "FlipCardsPlugin"]


class FlipCardsConfig(base.Config):  # type: ignore[no-untyped-call]
    """Options of the ``flipcards`` plugin (paths are relative to ``mkdocs.yml``)."""

    package_dir = c.Dir(exists=False, default="pysrc/flipcards")
    """The model package shipped to the browser as ``assets/flipcards/flipcards.zip``."""

    pyodide_dir = c.Dir(exists=False, default="node_modules/pyodide")
    """The installed npm package ``pyodide``, copied into ``assets/pyodide/``."""

    pyodide_files = c.ListOfItems(c.Type(str), default=list(assets.PYODIDE_FILES))
    """The files of ``pyodide_dir`` a page needs to start Python."""

    js_dir = c.Dir(exists=False, default="build/js")
    """The esbuild output of ``frontend/``; every file goes to ``assets/js/``."""

    precompile = c.Type(bool, default=True)
    """Ship the standard library and the package as bytecode for Pyodide's Python (bytecode.py);
    ``false`` ships Pyodide's standard library as it comes (sources only)."""

    frontend_dir = c.Dir(exists=False, default="frontend")
    """Where ``precompile.mjs`` (run under Node) and the browser's ``sitecustomize`` live."""

    bytecode_cache_dir = c.Type(str, default="build/bytecode")
    """Where precompiled Python is kept between builds, by a hash of what it depends on."""

    service_worker = c.Type(str, default="build/sw/sw.js")
    """The bundled service worker (``npm run build``), written to the site as ``sw.js`` with
    the lists of files it caches (offline.py); empty: no service worker."""

    precompressed = c.Type(bool, default=True)
    """Write ``.br`` and ``.gz`` copies beside the larger files of the site (compress.py)."""

    compressed_cache_dir = c.Type(str, default="build/compressed")
    """Where those copies are kept between builds, by a hash of the original."""

    font_dir = c.Dir(exists=False, default="node_modules/@fontsource/inter/files")
    """The fonts the preview pictures are drawn in (the npm package ``@fontsource/inter``)."""

    timeout = c.Type((int, float), default=10)
    """Seconds one example may run at build time before it counts as failed (0: no limit)."""


class FlipCardsPlugin(BasePlugin[FlipCardsConfig]):  # type: ignore[no-untyped-call]
    """Runs the page examples natively, builds the card gallery and ships the runtime files."""

    def __init__(self) -> None:
        super().__init__()
        self.quoted: list[rule_pages.Quoted] = []
        self.stylesheets: list[str] = []

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        fences = config.mdx_configs.get("pymdownx.superfences", {}).get("custom_fences", [])
        if not any(f.get("name") == "flipcards" and f.get("format") is fence.format
                   for f in fences):
            raise PluginError(
                "The flipcards fence is not registered: add it to the custom_fences of "
                "pymdownx.superfences in mkdocs.yml (format: flipcards_site.fence.format, "
                "validator: flipcards_site.fence.validate)."
            )
        self.stylesheets = stylesheets.bundle(config)
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        stylesheets.replace(files, config, self.stylesheets)
        package_dir, pyodide_dir = Path(self.config.package_dir), Path(self.config.pyodide_dir)
        package = assets.package_zip(package_dir)
        # The zip's bytes say whether the model changed since the last build (mkdocs serve).
        examples.begin_build(hashlib.sha256(package).hexdigest())
        stdlib: dict[str, bytes] = {}
        if self.config.precompile:
            compiled = bytecode.precompile(
                pyodide_dir=pyodide_dir, package_zip=package,
                frontend_dir=Path(self.config.frontend_dir),
                cache_dir=Path(config.config_file_path).parent / self.config.bytecode_cache_dir,
                imports=bytecode.example_imports(Path(config.docs_dir)))
            package = assets.package_zip(package_dir, compiled.package_pyc)
            stdlib[assets.STDLIB_URI] = compiled.stdlib
            stdlib[assets.STDLIB_REST_URI] = compiled.stdlib_rest
        else:
            stdlib[assets.STDLIB_URI] = assets.pyodide_stdlib(pyodide_dir)
        for uri, content in [(assets.PACKAGE_ZIP_URI, package), *stdlib.items()]:
            files.append(File.generated(config, uri, content=content,
                                        inclusion=InclusionLevel.NOT_IN_NAV))
        for file in [
            *assets.pyodide_files(config, Path(self.config.pyodide_dir),
                                  self.config.pyodide_files),
            *assets.tree_files(config, Path(self.config.js_dir)),
        ]:
            files.append(file)
        font_dir = Path(self.config.font_dir)
        for uri, content in app.files(font_dir, config.site_name,
                                      config.site_description or "").items():
            files.append(File.generated(config, uri, content=content,
                                        inclusion=InclusionLevel.NOT_IN_NAV))
        self.quoted = rule_pages.add_files(files, config, font_dir)
        if self.quoted:
            card_pages.add_files(files, config,
                                 [q for q in self.quoted if q.kind == "ruling"], font_dir)
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str | None:
        examples.start_page(page.file.src_uri, timeout=float(self.config.timeout))
        handlers = {**gallery.default_handlers(),
                     "rule-index": lambda: rule_pages.index_markdown(self.quoted)}
        return gallery.expand_markers(markdown, page.file.src_uri, handlers)

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        examples.finish_page()
        fence.check_unrecognized(html, page.file.src_uri)
        if page.file.src_uri in (rule_pages.RULES_SOURCE, rule_pages.RULINGS_SOURCE):
            html = rule_pages.annotate(html, self.quoted)
        html = api_refs.link_roles(html)
        return playground.resolve_links(html, page.url)

    def on_template_context(self, context: Any, /, *, template_name: str,
                            config: MkDocsConfig) -> Any:
        if template_name == "404.html":
            context["fc_rules"] = rule_pages.not_found_list(self.quoted)
            context["fc_cards"] = card_pages.not_found_list()
        return context

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        return rule_pages.add_meta(output, page, config)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        examples.end_build()
        site_dir = Path(config.site_dir)
        csp.apply(site_dir)   # first: the service worker and the .br/.gz copies hash the pages
        if self.config.service_worker:
            offline.write_service_worker(site_dir, Path(self.config.service_worker))
        if self.config.precompressed:
            compress.write_precompressed(
                site_dir, Path(config.config_file_path).parent / self.config.compressed_cache_dir)

    def on_build_error(self, *, error: Exception, **kwargs: Any) -> None:
        examples.finish_page()
