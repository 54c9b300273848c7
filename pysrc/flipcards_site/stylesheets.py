"""The site's own stylesheets, served as one file: ``stylesheets/site.css``.

``mkdocs.yml`` lists them under ``extra_css``, one file per topic (``docs/stylesheets/``). A
page cannot be drawn before every stylesheet of its head has arrived, and a browser opens at
most six connections to a host that speaks HTTP/1.1: with the theme's two, the API reference's
and the site's three, the head's two scripts waited for a connection to come free, one round
trip more before the page is drawn (0.6 s on a phone's 3G). Bundled, the head asks for four
stylesheets and two scripts, all at once.

``bundle`` (from ``on_config``) puts the bundle in the place of the files in ``extra_css``;
``replace`` (from ``on_files``) writes it, in the order of ``extra_css``, and drops the files it
holds from the site.
"""

from __future__ import annotations

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files, InclusionLevel

__all__ = ["BUNDLE_URI", "bundle", "replace"]

#: The bundle's address in the site.
BUNDLE_URI = "stylesheets/site.css"
#: The ``extra_css`` entries the bundle holds: the site's own, in ``docs/stylesheets/``.
_OWN_PREFIX = "stylesheets/"


def bundle(config: MkDocsConfig) -> list[str]:
    """Put the bundle in the place of the site's own stylesheets in ``extra_css`` (the first
    one's place); return those, in their order. Others (a plugin's) stay as they are."""
    own = [entry for entry in config.extra_css if str(entry).startswith(_OWN_PREFIX)]
    if BUNDLE_URI in own:
        raise PluginError(f"extra_css lists {BUNDLE_URI}, the name of the site's bundle of its "
                          "stylesheets: rename that file")
    if own:
        first = config.extra_css.index(own[0])
        rest = [entry for entry in config.extra_css if entry not in own]
        config.extra_css[:] = [*rest[:first], BUNDLE_URI, *rest[first:]]
    return [str(entry) for entry in own]


def replace(files: Files, config: MkDocsConfig, sources: list[str]) -> None:
    """Write the bundle of `sources` (addresses under ``docs/``), each part headed by a comment
    that names its file, and drop them from the site."""
    parts = []
    for uri in sources:
        file = files.get_file_from_path(uri)
        if file is None:
            raise PluginError(f"extra_css lists {uri}, which is not in {config.docs_dir}")
        parts.append(f"/* --- {uri} --- */\n{file.content_string.strip()}\n")
        files.remove(file)
    if parts:
        files.append(File.generated(config, BUNDLE_URI, content="\n".join(parts),
                                    inclusion=InclusionLevel.NOT_IN_NAV))
