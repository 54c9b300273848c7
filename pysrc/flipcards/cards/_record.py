"""The record of one card half: everything the engine asks of it, in one frozen value.

The rule modules never name a card; they ask a half's record (:func:`flipcards.cards.record`)
what it does: whether it flips on an event or on a state, what its activated, static and
triggered abilities are, whether it changes damage, what its spell does, what restrictions or
replacements it prints, what mana it makes. A field left at its default means the half has no
such ability. Keywords a half prints (flying, protection from red, bushido 2 …) are not here:
they are read from its printed text in ``data/cards.json``.

Its abilities are functions of the game as :class:`~flipcards._card_rules.CardRules` (what a
card may do, every member public and documented); an activated ability's or a spell's also
take the player's :class:`~flipcards._card_rules.Choices`, and its costs and target checks
return them with what they recorded.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from .._card_rules import CardRules
from .._effects import Effect
from .._events import Event, StackItem
from .._heroes import Activated
from .._objects import GameObject, Ref
from .._spells import Spell

__all__ = ["CardRecord", "DamageChange", "EntersAsCopy", "StateTrigger"]

#: A triggered ability: called for each game event while a permanent shows the half; returns
#: the ability that triggers, if the event makes it trigger (rule 603).
TriggerFn = Callable[[CardRules, GameObject, Event], "StackItem | None"]
#: A static ability as continuous effects: (half name, controller, timestamp) -> effects.
StaticFn = Callable[[str, str, int], list[Effect]]
#: An Aura's static ability on what it enchants: (half name, host, timestamp) -> effects.
AuraStaticFn = Callable[[str, Ref, int], list[Effect]]
#: The ability an Aura gives the creature it enchants, "when this creature dies, …":
#: (the game, the creature that died, its controller) -> the ability that triggers.
EnchantedDiesFn = Callable[[CardRules, GameObject, str], StackItem]


class StateTrigger(NamedTuple):
    """A state trigger (rule 603.8): a condition checked whenever a player would receive
    priority, and the reason the log gives when it becomes true."""

    condition: Callable[[CardRules, GameObject], bool]
    why: str


class DamageChange(NamedTuple):
    """A half's abilities that change damage as it is dealt (614.1a, 615.1): ``text`` says what
    it does; a source of color ``increase_color`` deals 1 more damage to a player (one more for
    each permanent showing the half); ``protects_own_creatures`` prevents damage to the
    creatures of the half's controller."""

    text: str
    increase_color: str = ""
    protects_own_creatures: bool = False


class EntersAsCopy(NamedTuple):
    """A card's "you may have it enter as a copy of …" (614.1c, 707.5) and its exceptions
    (707.9): what it may copy, whether only a permanent its controller controls, whether the
    copy "isn't legendary", and whether it enters with an additional +1/+1 counter if it is a
    creature."""

    types: tuple[str, ...]
    yours: bool = False
    not_legendary: bool = False
    counter: bool = False


@dataclass(frozen=True)
class CardRecord:
    """What one half of a card does, as the engine asks it (the half named ``name``)."""

    name: str = ""
    #: Its triggered abilities, the event-triggered flip condition among them (603, 508.1a).
    triggered: TriggerFn | None = None
    #: A flip condition that is a state trigger (603.8).
    state_trigger: StateTrigger | None = None
    #: Its activated ability: costs, targets, and what it does as it resolves (602).
    activated: Activated | None = None
    #: An ability it gives every creature its controller controls (an activated one).
    granted: Activated | None = None
    #: Its static ability, as continuous effects in their layers (604, 613).
    static: StaticFn | None = None
    #: An Aura's static ability on the permanent it enchants.
    aura_static: AuraStaticFn | None = None
    #: The ability an Aura gives the creature it enchants: "when this creature dies, …".
    enchanted_dies: EnchantedDiesFn | None = None
    #: Replacement and prevention of damage (614, 615).
    damage_change: DamageChange | None = None
    #: What it does as a spell: its choices as it is cast and its effect as it resolves.
    spell: Spell | None = None
    #: It prints "it can't block".
    cant_block: bool = False
    #: An Aura whose enchanted creature can't do these ("attack", "block").
    enchanted_cant: frozenset[str] = frozenset()
    #: "If it would be put into a graveyard from anywhere, shuffle it into its owner's library
    #: instead" (a replacement effect, 614.1a).
    shuffled_instead: bool = False
    #: "You may have it enter as a copy of …" (614.1c, 707.5).
    enters_as_copy: EntersAsCopy | None = None
    #: The mana its mana ability adds ("G", "C"); a basic land type's is the mana of the
    #: basic land card of that name.
    mana: str = ""
    #: A triggered mana ability (605.1b): a land its controller taps for mana adds one more
    #: mana of that type for each other land that player controls with the same name.
    mana_per_same_named_land: bool = False
    #: A triggered ability of its is a "may" one, which its controller can decline (603.5; a
    #: step's ``decline``).
    may: bool = False
