"""Command line: ``python -m flipcards run FILE`` and ``python -m flipcards cards``.

Exit status of ``run``: 0 all expectations held, 1 an ``expect`` failed, 2 invalid scenario.
"""

from __future__ import annotations

import argparse
import json
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

    if args.command == "cards":
        json.dump([card_json(c) for c in all_cards()], sys.stdout, indent=1, ensure_ascii=False)
        print()
        return 0

    try:
        if args.file == "-":
            text = sys.stdin.read()
        else:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
    except OSError as e:
        print(f"cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    except UnicodeDecodeError:
        print(f"cannot read {args.file}: it is not UTF-8 text", file=sys.stderr)
        return 2
    try:
        out = run_scenario(parse_json(text))
    except FlipCardsError as e:
        print(f"{args.file}: invalid scenario: {e}", file=sys.stderr)
        return 2
    json.dump(out, sys.stdout, indent=1, ensure_ascii=False)
    print()
    for failure in out["failures"]:
        print(failure, file=sys.stderr)
    return 1 if out["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
