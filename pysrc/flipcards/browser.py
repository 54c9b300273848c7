"""The one module the browser calls: JSON strings in, JSON strings out.

It never imports ``js`` or ``pyodide``; the page's worker passes plain strings.

- :func:`run_json` runs a scenario (format v1);
- :class:`Runner` runs the reader's example code, each run from the same clean Python
  (its implementation is in ``flipcards._runner``, shipped in the same zip).
"""

from __future__ import annotations

import json

from ._errors import FlipCardsError
from ._runner import Runner
from ._scenario import parse_json, run_scenario

__all__ = ["Runner", "run_json"]


def run_json(text: str) -> str:
    """Run a scenario given as JSON text; return the output document as JSON text.

    An invalid scenario gives ``{"error": "<path>: <message>"}`` instead of raising.

    Examples:
        >>> print(run_json('{"rules": "2004", "steps": [{"put": "Akki Lavarunner", "as": "akki"},'
        ...                ' {"flip": "akky"}]}'))
        {"error": "steps[1].flip: no object \\"akky\\"; did you mean \\"akki\\"?"}
    """
    try:
        return json.dumps(run_scenario(parse_json(text)), ensure_ascii=False)
    except FlipCardsError as e:
        return json.dumps({"error": str(e)}, ensure_ascii=False)
