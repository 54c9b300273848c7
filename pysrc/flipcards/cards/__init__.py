"""The cards' records: what each card half does, one record per half, one module per set.

The rule modules never name a card. They ask :func:`record` what a half does (its flip
condition, its abilities, its spell, its restrictions and replacements, its mana) and
:func:`having` which halves have an ability of a kind. Adding a card means adding its
printed facts to ``data/cards.json`` and, if it does something, its record to the module of
its set:

- :mod:`~flipcards.cards.champions`: Champions of Kamigawa;
- :mod:`~flipcards.cards.betrayers`: Betrayers of Kamigawa;
- :mod:`~flipcards.cards.saviors`: Saviors of Kamigawa;
- :mod:`~flipcards.cards.unhinged`: Unhinged;
- :mod:`~flipcards.cards.ordinary`: the ordinary cards of the data.

A record's abilities act on the game only through
:class:`~flipcards._card_rules.CardRules`, a public interface whose every member says what a
card may rely on, and read what their player chose from a frozen
:class:`~flipcards._card_rules.Choices` record (a target check or a cost returns the choices
with what it recorded). ``tests/test_card_rules.py`` checks that no module here reaches an
underscored attribute.

Examples:
    >>> record("Homura, Human Ascendant").cant_block
    True
    >>> record("Grizzly Bears") == CardRecord()
    True
    >>> list(having("enters_as_copy"))
    ['Clone', 'Spark Double']
"""

from __future__ import annotations

from collections.abc import Mapping

from .._cards import card
from .._errors import UnknownCardError
from . import betrayers, champions, ordinary, saviors, unhinged
from ._record import CardRecord, DamageChange, EntersAsCopy, StateTrigger

__all__ = ["RECORDS", "CardRecord", "DamageChange", "EntersAsCopy", "StateTrigger", "having",
           "record"]

#: Every record by the name of its half, in the order of the set modules.
RECORDS: dict[str, CardRecord] = {
    r.name: r for module in (champions, betrayers, saviors, unhinged, ordinary)
    for r in module.RECORDS
}

_NONE = CardRecord()
_HAVING: dict[str, Mapping[str, CardRecord]] = {}


def record(name: str) -> CardRecord:
    """The record of the half named ``name``: an empty one (no abilities) for a half without
    a record, and for ``""``, the name of no half (a permanent that lost its abilities)."""
    return RECORDS.get(name, _NONE)


def _order(name: str) -> int:
    """The flip cards' normal halves first, then their flipped halves, then other cards."""
    try:
        data = card(name)
    except UnknownCardError:
        return 2
    return 2 if not data.is_flip_card else 0 if data.name == name else 1


def having(field: str) -> Mapping[str, CardRecord]:
    """The records whose ``field`` is set, by half name: the flip cards' normal halves first,
    then their flipped halves, then the other cards. The same mapping each time, so that the
    engine can remember which permanents could show one of them."""
    found = _HAVING.get(field)
    if found is None:
        names = sorted((n for n, r in RECORDS.items() if getattr(r, field)), key=_order)
        found = _HAVING[field] = {n: RECORDS[n] for n in names}
    return found
