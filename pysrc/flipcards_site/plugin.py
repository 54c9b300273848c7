"""The ``flipcards`` MkDocs plugin: wires the build-time integration into MkDocs' events.

- ``on_config``        checks that the ``flipcards`` fence is registered with SuperFences
- ``on_files``         adds Pyodide, the package zip and the editor bundle to the site, and a
                       page for every rule and ruling (rule_pages)
- ``on_page_markdown`` starts a page's examples (numbering, sessions) and expands its markers
- ``on_page_content``  ends the page's examples, fails on a fence SuperFences could not read
- ``on_post_page``     adds Open Graph meta to every page (rule_pages)
- ``on_post_build``    drops cached outputs of examples that no longer exist, and puts the
                       Content-Security-Policy into every page and the headers file (csp)
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

from . import assets, csp, examples, fence, gallery, rule_pages

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

    timeout = c.Type((int, float), default=10)
    """Seconds one example may run at build time before it counts as failed (0: no limit)."""


class FlipCardsPlugin(BasePlugin[FlipCardsConfig]):  # type: ignore[no-untyped-call]
    """Runs the page examples natively, builds the card gallery and ships the runtime files."""

    def on_config(self, config: MkDocsConfig) -> MkDocsConfig | None:
        fences = config.mdx_configs.get("pymdownx.superfences", {}).get("custom_fences", [])
        if not any(f.get("name") == "flipcards" and f.get("format") is fence.format
                   for f in fences):
            raise PluginError(
                "The flipcards fence is not registered: add it to the custom_fences of "
                "pymdownx.superfences in mkdocs.yml (format: flipcards_site.fence.format, "
                "validator: flipcards_site.fence.validate)."
            )
        return config

    def on_files(self, files: Files, *, config: MkDocsConfig) -> Files | None:
        package = assets.package_zip(Path(self.config.package_dir))
        # The zip's bytes say whether the model changed since the last build (mkdocs serve).
        examples.begin_build(hashlib.sha256(package).hexdigest())
        files.append(File.generated(config, assets.PACKAGE_ZIP_URI, content=package,
                                    inclusion=InclusionLevel.NOT_IN_NAV))
        for file in [
            *assets.pyodide_files(config, Path(self.config.pyodide_dir),
                                  self.config.pyodide_files),
            *assets.tree_files(config, Path(self.config.js_dir)),
        ]:
            files.append(file)
        rule_pages.add_files(files, config)
        return files

    def on_page_markdown(self, markdown: str, /, *, page: Page, config: MkDocsConfig,
                         files: Files) -> str | None:
        examples.start_page(page.file.src_uri, timeout=float(self.config.timeout))
        return gallery.expand_markers(markdown, page.file.src_uri)

    def on_page_content(self, html: str, /, *, page: Page, config: MkDocsConfig,
                        files: Files) -> str | None:
        examples.finish_page()
        fence.check_unrecognized(html, page.file.src_uri)
        return html

    def on_post_page(self, output: str, /, *, page: Page, config: MkDocsConfig) -> str | None:
        return rule_pages.add_meta(output, page, config)

    def on_post_build(self, *, config: MkDocsConfig) -> None:
        examples.end_build()
        csp.apply(Path(config.site_dir))

    def on_build_error(self, *, error: Exception, **kwargs: Any) -> None:
        examples.finish_page()
