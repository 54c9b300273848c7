"""Build-time MkDocs integration of the Flip Cards site. Never shipped to the browser.

- :mod:`flipcards_site.examples`  runs the page examples natively and keeps their output
- :mod:`flipcards_site.fence`     the ``flipcards`` fence of ``pymdownx.superfences``
- :mod:`flipcards_site.gallery`   the card gallery behind the ``<!-- flipcards:cards -->`` marker
- :mod:`flipcards_site.assets`    Pyodide, the package zip and the editor bundle as site files
- :mod:`flipcards_site.plugin`    the ``flipcards`` MkDocs plugin that wires these together
"""
