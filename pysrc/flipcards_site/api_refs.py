"""The API reference's cross-references: the model's docstrings name other objects the way
Python's documentation does (``:meth:`Game.copy```, ``:class:`~flipcards.Filter```), which
the reference would show as the role's literal text. :func:`link_roles` turns each into a
link to that object's entry on the page, or into plain code where the page has no entry
(a private part of the engine, say).
"""

from __future__ import annotations

import re

__all__ = ["link_roles"]

# A role as it reaches the page: its name, then the target rendered as inline code.
_ROLE = re.compile(r":(?:meth|class|mod|func|attr|data|exc|obj):<code>(~?)([\w.]+)</code>")
_ENTRY = re.compile(r'id="(flipcards(?:\.\w+)*)"')


def link_roles(html: str) -> str:
    """``html`` with every role linked to the entry it names.

    A target is looked up as written (``flipcards.Game.copy``), under the package
    (``Game.copy``), or, for a bare name (``put``), as the one entry of that name. A ``~``
    shows only the last part of the name, as in Python's documentation.

    >>> page = '<h4 id="flipcards.Game.put">put</h4> :meth:<code>put</code>, ' \\
    ...        ':class:<code>~._card_rules.CardRules</code>'
    >>> print(link_roles(page).split("</h4> ")[1])
    <a href="#flipcards.Game.put"><code>put</code></a>, <code>CardRules</code>
    """
    entries = set(_ENTRY.findall(html))
    by_last: dict[str, list[str]] = {}
    for entry in entries:
        by_last.setdefault(entry.rsplit(".", 1)[-1], []).append(entry)

    def found(target: str) -> str | None:
        name = target.lstrip(".")
        for candidate in (name, f"flipcards.{name}"):
            if candidate in entries:
                return candidate
        if "." not in name and len(by_last.get(name, [])) == 1:
            return by_last[name][0]
        return None

    def link(match: re.Match[str]) -> str:
        short, target = match.group(1), match.group(2)
        shown = target.rsplit(".", 1)[-1] if short else target.lstrip(".")
        entry = found(target)
        code = f"<code>{shown}</code>"
        return f'<a href="#{entry}">{code}</a>' if entry else code

    return _ROLE.sub(link, html)
