"""Command line: ``python -m flipcards run FILE`` and ``python -m flipcards cards``.

Exit status of ``run``: 0 all expectations held, 1 an ``expect`` failed, 2 invalid scenario.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from ._cards import CardData, CardFace, all_cards
from ._errors import FlipCardsError
from ._scenario import parse_json, run_scenario


def _face_json(face: CardFace) -> dict[str, Any]:
    return {"name": face.name, "supertypes": list(face.supertypes), "types": list(face.types),
            "subtypes": list(face.subtypes), "power": face.power, "toughness": face.toughness,
            "keywords": list(face.keywords), "text": face.text}


def card_json(data: CardData) -> dict[str, Any]:
    """A card's printed data as JSON-ready values."""
    return {
        "name": data.full_name, "mana_cost": data.mana_cost, "mana_value": data.mana_value,
        "colors": list(data.colors), "set": data.set_code, "number": data.number,
        "normal": _face_json(data.normal),
        "flipped": _face_json(data.flipped) if data.flipped else None,
        "flip_condition": data.flip_condition or None,
        "scryfall": data.scryfall_url, "gatherer": data.gatherer_url,
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point; returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m flipcards",
                                     description="Run flip-card scenarios and list cards.")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a scenario (JSON) and print the output JSON")
    run.add_argument("file", help="scenario file, or - for standard input")
    sub.add_parser("cards", help="print every card as JSON")
    args = parser.parse_args(argv)

    # A message naming a non-ASCII id must reach a terminal that cannot show it, escaped.
    if isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(errors="backslashreplace")
    if args.command == "cards":
        return _print_json([card_json(c) for c in all_cards()], 0)

    try:
        if args.file == "-":
            raw = sys.stdin.buffer.read()
        else:
            with open(args.file, "rb") as f:
                raw = f.read()
        # The bytes, read as UTF-8 whatever the locale (a C locale would turn a stray byte
        # into a lone surrogate and take it for text).
        text = raw.decode("utf-8")
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError as e:
        line = raw.count(b"\n", 0, e.start) + 1
        column = e.start - (raw.rfind(b"\n", 0, e.start) + 1) + 1
        print(f"cannot read {args.file}: it is not UTF-8 text (line {line}, byte {column} of "
              f"the line: {raw[e.start:e.start + 1]!r})", file=sys.stderr)
        return 2
    try:
        out = run_scenario(parse_json(text))
    except FlipCardsError as e:
        print(f"{args.file}: invalid scenario: {e}", file=sys.stderr)
        # What failed before that step may be why it could not be taken.
        for failure in getattr(e, "earlier", ()):
            print(f"before it: {failure}", file=sys.stderr)
        return 2
    for failure in out["failures"]:
        print(failure, file=sys.stderr)
    return _print_json(out, 1 if out["failures"] else 0)


def _print_json(value: Any, status: int) -> int:
    """Print ``value`` as JSON on standard output and return ``status``. Where the output's
    encoding cannot write a character, it is escaped (``\\u00e9``: the same JSON); a reader
    that closes the pipe early (``| head``) ends the output, not with an error."""
    text = json.dumps(value, indent=1, ensure_ascii=False) + "\n"
    try:
        text.encode(sys.stdout.encoding or "utf-8")
    except (UnicodeEncodeError, LookupError):
        text = json.dumps(value, indent=1) + "\n"
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would report the pipe again as it flushes at exit: point the output at
        # nothing first.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return status


if __name__ == "__main__":
    sys.exit(main())
