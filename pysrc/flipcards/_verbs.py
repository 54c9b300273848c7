"""The verbs of the scenario format described as data: one source of truth for their fields.

Each :class:`Verb` says what a step with that verb does (in one line of our own words), which
rule it concerns, and every field it takes: the verb's own key first, then the others, each with
a :class:`VerbField` kind (``object``, ``new_id``, ``player``, ``zone``, ``integer``, …), whether
it is required and its default. The playground builds its action forms from this description
(so a verb added here appears there with no page code written for it), ``Show as Python`` writes
a step as the :class:`~flipcards.Game` call it stands for, and a native test checks that the
description covers exactly the verbs and fields the scenario runner accepts.

Examples:
    >>> flip = verb("flip")
    >>> flip.description
    'Flip a permanent: it turns to its bottom half, once and for good.'
    >>> [(f.name, f.kind, f.required) for f in flip.fields]
    [('flip', 'object', True)]
    >>> [f.name for f in verb("put").fields if not f.required]
    ['as', 'zone', 'owner', 'controller', 'flipped', 'attached_to', 'copying']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ._effects import (
    CARD_TYPES,
    COLORS,
    EFFECT_KINDS,
    SUPERTYPES,
    SUPERTYPES_AFTER_2004,
    TYPES_AFTER_2004,
)
from ._game import ZONES
from ._state import ZONE_ALIASES

__all__ = ["EVERY_STEP", "FIELD_KINDS", "HOLD", "KEEP", "REFUSED", "VERB_DESCRIPTIONS", "Among",
           "Verb", "VerbField",
           "describe_verbs", "scenario_python", "verb"]

#: Every kind of field value, and what a value of that kind is.
FIELD_KINDS: dict[str, str] = {
    "object": "the id of an object the scenario has named",
    "object_list": "a list of ids of objects the scenario has named",
    "object_or_player": "the id of an object, or a player's name",
    "object_or_filter": "the id of one permanent, or a filter that says which permanents",
    "card_or_object": "a card's name, or the id of a card in a hand",
    "new_id": "a new id the scenario gives to the object the step makes",
    "new_ids": "a new id, or a list of new ids, for the objects what the step sets off makes "
               "(in the order they are made)",
    "new_effect_id": "a new id the scenario gives to the effect the step starts",
    "effect": "the id of an effect the scenario has started",
    "new_result_id": "a new id under which the step keeps its result",
    "player": "a player's name",
    "zone": "a zone: " + ", ".join(ZONES),
    "integer": "a whole number, 0 or more",
    "count": "a whole number, 1 or more",
    "signed_integer": "a whole number, negative, zero or positive",
    "boolean": "true or false",
    "card_name": "a card's name; either half of a flip card, or both as \"A // B\"",
    "token_kind": "the kind of a token, such as \"Snake\"",
    "filter": "which permanents: supertypes, types, subtypes, name, controller, colors",
    "keyword": "a keyword ability, such as \"Flying\"",
    "counter_kind": "a kind of counter, such as \"+1/+1\", \"-1/-1\" or \"ki\"",
    "effect_kind": "a kind of continuous effect: " + ", ".join(EFFECT_KINDS),
    "supertypes": "a list of supertypes: " + ", ".join(SUPERTYPES),
    "types": "a list of card types: " + ", ".join(CARD_TYPES),
    "subtypes": "a list of subtypes, such as \"Samurai\"",
    "colors": "a list of colors: " + ", ".join(COLORS),
    "flag": "true (the step only needs its verb)",
    "choice": "one of the values the field lists",
    "mana": "mana symbols, such as \"{R}{R}\" or \"{G}\"",
    "expectations": "ids with the fields their objects must show, and results, players, "
                    "the stack, the game (its turn, step, active player, end) and texts the "
                    "log holds",
    "damage_division": "for each attacking creature, the damage each of its blockers (or the "
                       "player) is assigned, such as {\"kenzo\": {\"wall\": 3, \"Bob\": 2}}",
}

#: What each continuous effect does, in the words a card would use, in the order a page
#: offers them (the most common first).
_EFFECT_WORDS = {
    "modify_pt": "gets +X/+Y", "set_pt": "has base power and toughness X/Y",
    "switch_pt": "switches its power and toughness", "add_keyword": "gains a keyword",
    "remove_keyword": "loses a keyword", "remove_all_abilities": "loses all abilities",
    "add_types": "is also a type or subtype", "set_types": "becomes a type (only)",
    "set_colors": "becomes a color",
}

#: Values a field of some kinds must be one of (others are free within their kind).
_CHOICES: dict[str, tuple[str, ...]] = {
    "zone": ZONES, "effect_kind": tuple(_EFFECT_WORDS), "supertypes": SUPERTYPES,
    "types": CARD_TYPES, "colors": COLORS, "counter_kind": ("+1/+1", "-1/-1", "ki"),
}

#: The words for the values of a field of some kinds, where a value is the model's name.
_CHOICE_WORDS: dict[str, dict[str, str]] = {"effect_kind": _EFFECT_WORDS}

#: The values a page offers under each rules, for a kind whose list depends on them: the
#: card types and supertypes of 2004, and today's by today's names (Tribal is Kindred's older
#: name).
_OFFERED: dict[str, dict[str, list[str]]] = {"types": {
    "2004": [t for t in CARD_TYPES if t not in TYPES_AFTER_2004],
    "current": [t for t in CARD_TYPES if t != "Tribal"],
}, "supertypes": {
    "2004": [t for t in SUPERTYPES if t not in SUPERTYPES_AFTER_2004],
    "current": list(SUPERTYPES),
}}


@dataclass(frozen=True)
class Among:
    """Which objects a field that names one accepts, so that a page offers those alone: where
    they are, their card types and supertypes (any of those listed), and whether they must be
    controlled by the controller of the object the step acts on (``controlled``; a card in a
    hand, by its owner) or by another player (``others``), untapped, or attacking.

    Examples:
        >>> Among(zones=("hand",), types=("Land",)).as_json()
        {'zones': ['hand'], 'types': ['Land']}
    """

    zones: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    supertypes: tuple[str, ...] = ()
    controlled: bool = False
    others: bool = False
    untapped: bool = False
    attacking: bool = False
    #: Only what has a "may" ability (the board says which: an object's ``may``).
    may: bool = False

    def as_json(self) -> dict[str, Any]:
        """What is said (an empty list or false says nothing), as a JSON-able object."""
        return {key: list(value) if isinstance(value, tuple) else value
                for key, value in vars(self).items() if value}


#: What a step's ``decline`` names: a permanent with a "may" ability.
_MAY = Among(zones=("battlefield",), may=True)

#: A target: a permanent, a spell or a card in a graveyard (Nezumi Graverobber's, Nighteyes
#: the Desecrator's).
_TARGETS = Among(zones=("battlefield", "stack", "graveyard"))


@dataclass(frozen=True)
class VerbField:
    """One field of a step: its key, the kind of its value, and how it is written in Python.

    ``python`` is the argument of the :class:`~flipcards.Game` method it becomes: a position
    (``0``, ``1``, …), a keyword name, ``"="`` (the name the call's result is given), ``"*"``
    (a list passed as the call's arguments), or ``""`` (not part of the call). ``values``:
    what a field of kind ``choice`` may be. ``among``: which objects a field that names one
    accepts (none said: any object the scenario has named).
    """

    name: str
    kind: str
    required: bool
    description: str
    default: Any = None
    python: int | str = ""
    values: tuple[str, ...] = ()
    among: Among | None = None

    def __post_init__(self) -> None:
        if self.kind not in FIELD_KINDS:
            raise ValueError(f"unknown field kind {self.kind!r} of field {self.name!r}")

    @property
    def choices(self) -> tuple[str, ...]:
        """The values this field must be one of, if its kind has a closed list."""
        return self.values or _CHOICES.get(self.kind, ())

    def as_json(self) -> dict[str, Any]:
        """The field as a JSON-able object."""
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "required": self.required,
                               "description": self.description}
        if not self.required:
            out["default"] = self.default
        if self.choices:
            out["choices"] = list(self.choices)
        if self.kind in _CHOICE_WORDS:
            out["choice_words"] = dict(_CHOICE_WORDS[self.kind])
        if self.kind == "effect_kind":
            # The fields each kind takes, so that a page asks only those.
            out["takes"] = {kind: list(params) for kind, (_, params) in EFFECT_KINDS.items()}
        if self.among is not None:
            out["among"] = self.among.as_json()
        if self.kind in _OFFERED:
            out["offered"] = {rules: list(values) for rules, values in _OFFERED[self.kind].items()}
        return out


@dataclass(frozen=True)
class Verb:
    """One verb of the scenario format: a step ``{VERB: value, field: value, …}``.

    ``acts_on`` says what the verb's own value names, so that a page can offer the verb where
    it applies: ``"object"`` (a card the step acts on), ``"player"``, ``"new"`` (a card or
    token that comes into being, a search or a check), or ``"game"`` (the game as a whole).
    ``zones`` lists where an object must be for the verb to be offered on it (empty: anywhere).
    ``method`` is the :class:`~flipcards.Game` method the step calls (empty: none).
    """

    name: str
    description: str
    rule: str
    acts_on: str
    fields: tuple[VerbField, ...]
    zones: tuple[str, ...] = ()
    method: str = ""

    def field(self, name: str) -> VerbField:
        """The field called ``name``."""
        for f in self.fields:
            if f.name == name:
                return f
        raise KeyError(name)

    def as_json(self) -> dict[str, Any]:
        """The verb as a JSON-able object."""
        return {"name": self.name, "description": self.description, "rule": self.rule,
                "acts_on": self.acts_on, "zones": list(self.zones),
                "fields": [f.as_json() for f in self.fields]}


def _f(name: str, kind: str, description: str, *, default: Any = None, required: bool = False,
       python: int | str = "", among: Among | None = None) -> VerbField:
    return VerbField(name, kind, required, description, default, python, among=among)


def _subject(name: str, kind: str, description: str, python: int | str = 0,
             values: tuple[str, ...] = ()) -> VerbField:
    return VerbField(name, kind, True, description, None, python, values)


_BF = ("battlefield",)


def _made(what: str) -> VerbField:
    """The ``as`` of a step whose spells or abilities make objects as they resolve."""
    return _f("as", "new_ids", f"Ids for the objects made by {what} (tokens, copies), in "
              "the order they are made; any not named here get ids after their names, such as "
              "\"elemental-1\".")

#: ``"keep"`` may be added to any step: the legend rule's choice after that step.
KEEP = _f("keep", "object_list", "The legendary permanents their controller keeps when the "
          "legend rule applies after this step (today's rules), one of each name; without it, "
          "the newest is kept.",
          default=[], python="keep")
#: ``"hold"`` may be added to any step: its player holds priority, so what the step puts on
#: the stack waits there (in Python, the call runs inside ``with game.holding_priority():``).
HOLD = _f("hold", "boolean", "Hold priority: what this step puts on the stack, and what "
          "waited there, waits on, to be answered or resolved by later steps (without it, "
          "the whole stack resolves after this step).", default=False, python="with")
#: ``"refused"`` may be added to any step that does something: the rules are expected to
#: refuse it (in Python, the call is tried and an ``IllegalActionError`` caught).
REFUSED = _f("refused", "boolean", "Expect the rules to refuse this step: it is then not done, "
             "and the log says why; if it is allowed, it is done and the expectation fails.",
             default=False, python="try")
#: The fields every step may carry besides its verb's own.
EVERY_STEP = (KEEP, HOLD, REFUSED)

VERB_DESCRIPTIONS: tuple[Verb, ...] = (
    Verb("put", "A card comes into existence in a zone, as if it had always been there.",
         "508.2", "new", (
             _subject("put", "card_name", "The card, by either half's name."),
             _f("as", "new_id", "The id that names the card in later steps.", python="="),
             _f("zone", "zone", "Where it is put.", default="battlefield", python=1),
             _f("owner", "player", "Its owner; the first player if not given.",
                python="owner"),
             _f("controller", "player", "Its controller, on the battlefield; its owner if not "
                "given.", python="controller"),
             _f("flipped", "boolean", "Whether it enters flipped (on the battlefield only).",
                default=False, python="flipped"),
             _f("attached_to", "object", "The permanent an Aura enters attached to.",
                python="attached_to"),
             _f("copying", "object", "The permanent a Clone or Spark Double enters as a copy "
                "of.", python="copying"),
         ), method="put"),
    Verb("flip", "Flip a permanent: it turns to its bottom half, once and for good.", "508.4",
         "object", (_subject("flip", "object", "The permanent to flip."),), _BF, "flip"),
    Verb("move", "Move a card to another zone; it becomes a new object that remembers nothing.",
         "508.4", "object", (
             _subject("move", "object", "The card to move."),
             _f("to", "zone", "The zone it goes to.", required=True, python=1),
             _f("flipped", "boolean", "Whether it enters flipped (onto the battlefield only).",
                default=False, python="flipped"),
             _f("controller", "player", "Who controls it, if it goes onto the battlefield; "
                "its owner if not given.", python="controller"),
             _f("copying", "object", "The permanent a Clone or Spark Double enters as a copy "
                "of, if it goes onto the battlefield.", python="copying"),
             _f("attached_to", "object", "The permanent an Aura enters attached to, if it goes "
                "onto the battlefield (by default the oldest creature it could enchant).",
                python="attach_to"),
         ), method="move"),
    Verb("counters", "Put counters on a permanent, or remove them; flipping keeps them.",
         "ruling-2", "object", (
             _subject("counters", "object", "The permanent."),
             _f("kind", "counter_kind", "The kind of counter.", required=True, python=1),
             _f("add", "count", "How many to put on (give this or remove).", python=2),
             _f("remove", "count", "How many to take off (give this or add).", python=2),
         ), _BF, "add_counters"),
    Verb("damage", "Mark damage on a creature; lethal damage sends it to the graveyard.",
         "ruling-2", "object", (
             _subject("damage", "object", "The creature."),
             _f("amount", "integer", "How much damage.", required=True, python=1),
         ), _BF, "damage"),
    Verb("tap", "Tap a permanent; whether it is flipped stays clear either way.", "508.3",
         "object", (_subject("tap", "object", "The permanent to tap."),), _BF, "tap"),
    Verb("untap", "Untap a permanent.", "508.3", "object",
         (_subject("untap", "object", "The permanent to untap."),), _BF, "untap"),
    Verb("effect", "Start a continuous effect with a new timestamp, on one permanent or on "
         "all that match a filter.", "508.2", "new", (
             _subject("effect", "new_effect_id", "The id that names the effect in later steps.",
                      python="="),
             _f("kind", "effect_kind", "What the effect does.", required=True, python=0),
             _f("affects", "object_or_filter", "The permanent, or which permanents.",
                required=True, python=1),
             _f("power", "signed_integer", "The X of “gets +X/+Y”, or the base power it has.",
                python="power"),
             _f("toughness", "signed_integer",
                "The Y of “gets +X/+Y”, or the base toughness it has.", python="toughness"),
             _f("keyword", "keyword", "The keyword gained or lost.", python="keyword"),
             _f("supertypes", "supertypes", "Supertypes it also has.",
                python="supertypes"),
             _f("types", "types", "Card types it also has, or has instead (“becomes”).",
                python="types"),
             _f("subtypes", "subtypes", "Subtypes it also has, or has instead (“becomes”).",
                python="subtypes"),
             _f("colors", "colors", "The colors it becomes.", python="colors"),
             _f("until_end_of_turn", "boolean", "It ends in the cleanup step of this turn, "
                "as a spell's \"until end of turn\" does.", default=False,
                python="until_end_of_turn"),
         ), method="add_effect"),
    Verb("end_effect", "End a continuous effect.", "", "effect",
         (_subject("end_effect", "effect", "The effect to end."),), method="end_effect"),
    Verb("attach", "Attach an Aura to a permanent.", "508.1c", "object", (
        _subject("attach", "object", "The Aura."),
        _f("to", "object", "The permanent it enchants.", required=True, python=1),
    ), _BF, "attach"),
    Verb("copy", "A token that copies a permanent enters the battlefield; a copy of a flipped "
         "permanent is the unflipped version.", "ruling-6", "object", (
             _subject("copy", "object", "The permanent to copy."),
             _f("as", "new_id", "The id that names the token.", required=True, python="="),
             _f("controller", "player", "The token's controller; the original's if not given.",
                python="controller"),
         ), _BF, "copy"),
    Verb("become_copy", "A permanent becomes a copy of another object.", "ruling-6", "object", (
        _subject("become_copy", "object", "The permanent that becomes a copy."),
        _f("of", "object", "The object it copies.", required=True, python=1),
        _f("until_end_of_turn", "boolean", "The copy effect ends in the cleanup step of this "
           "turn (Cytoshape's does).", default=False, python="until_end_of_turn"),
    ), _BF, "become_copy"),
    Verb("gain_control", "A player gains control of a permanent (a control-changing effect); "
         "it is not a new object.", "", "object", (
        _subject("gain_control", "object", "The permanent."),
        _f("player", "player", "Who gains control of it.", required=True, python=1),
        _f("until_end_of_turn", "boolean", "The effect ends in the cleanup step of this turn "
           "(Threaten's does).", default=False, python="until_end_of_turn"),
    ), _BF, "gain_control"),
    Verb("destroy", "Destroy a permanent: it goes to its owner's graveyard (a creature dies), "
         "unless it is indestructible.", "", "object",
         (_subject("destroy", "object", "The permanent."),), _BF, "destroy"),
    Verb("sacrifice", "Its controller sacrifices a permanent: it goes to its owner's "
         "graveyard, indestructible or not.", "", "object", (
        _subject("sacrifice", "object", "The permanent."),
        _f("player", "player", "Who sacrifices it: only its controller may.",
           python="player"),
    ), _BF, "sacrifice"),
    Verb("counter", "Counter a spell, or the topmost ability on the stack that an object is "
         "the source of: it leaves the stack and does nothing.", "", "object",
         (_subject("counter", "object", "The spell, or the source of the ability."),
          _f("targeting", "object_or_player", "Of its spells and abilities on the stack, the "
             "topmost that targets this (the older of two activations); the topmost if not "
             "given.", python="targeting", among=_TARGETS)),
         ("stack", "battlefield"), "counter"),
    Verb("search", "Look through a player's zone for the objects that match a filter (only a "
         "look: the stack goes on waiting).",
         "508.2", "new", (
             _subject("search", "zone", "The zone searched.", python=0),
             _f("player", "player", "Whose zone; the first player if not given.", python=1),
             _f("for", "filter", "What is looked for; everything if not given.", python=2),
             _f("as", "new_result_id", "The id that names the result: the ids of the objects "
                "found (one found without an id gets one after its name, such as "
                "\"grizzly-bears-1\").", python="="),
         ), method="search"),
    Verb("name_card", "Name a card: either half's name is legal, and an object has it only if "
         "its current name is that name (only a look: the stack goes on waiting).", "ruling-5",
         "new", (
             _subject("name_card", "card_name", "The name chosen."),
             _f("as", "new_result_id", "The id that names the result.", python="="),
         ), method="name_card"),
    Verb("expect", "Check that objects show the given fields (a failed check is reported).",
         "", "new", (_subject("expect", "expectations", "Ids with the fields expected; also "
                              "results, players, the stack, the game (turn, step, "
                              "active_player, over, winner) and the log (texts it holds, "
                              "in order, read from the game's first line).", python=""),)),
    Verb("cast", "Cast a spell from a hand or by name (its costs and timing taken as met, unless "
         "costs are paid); what triggers on it resolves, then the spell does.", "", "new", (
             _subject("cast", "card_or_object", "The spell: a card's name, or a card in a hand."),
             _f("player", "player", "Who casts it: a card in a hand, its owner; a card cast "
                "by its name, the active player if not given.", python=1),
             _f("as", "new_id", "The id that names a card cast by its name (a card in a "
                "hand has its id already).", python="="),
             _f("decline", "object_list", "Permanents whose \"may\" abilities their controller "
                "declines this time.", default=[], python="decline",
                among=_MAY),
             _f("target", "object_or_player", "The spell's target: a creature, or a player "
                "(Shock, Giant Growth, Cytoshape, Cranial Extraction). Left out, the spell is "
                "cast all the same and does nothing as it resolves (a shortcut for a spell "
                "cast only to be counted; the rules ask for a target, 601.2c).",
                python="target", among=Among(zones=("battlefield",))),
             _f("naming", "card_name", "The card name Cranial Extraction names.",
                python="naming"),
             _f("copying", "object", "The permanent a Clone or Spark Double enters as a copy "
                "of when it resolves, or the creature Cytoshape's target becomes a copy of.",
                python="copying"),
             _f("choose", "object", "The card a search puts where it says (Time of Need, "
                "Enduring Ideal); the first found if not given.", python="choose"),
         ), ("hand",), "cast"),
    Verb("play_land", "Play a land from a hand or by name: it goes onto the battlefield "
         "without using the stack, in its player's main phase, once a turn (305.2).", "", "new", (
             _subject("play_land", "card_or_object", "The land: a card's name (the one of that "
                      "name in the hand, or a new one), or a land card in a hand."),
             _f("player", "player", "Who plays it: a land in a hand, its owner; a land "
                "played by its name, the active player if not given.", python=1),
             _f("as", "new_id", "The id that names a land played by its name (a card in a "
                "hand has its id already).", python="="),
         ), ("hand",), "play_land"),
    Verb("deal_damage", "A source deals damage to a creature or a player; flip conditions "
         "watch this.", "", "object", (
             _subject("deal_damage", "object", "The source of the damage."),
             _f("to", "object_or_player", "The creature or the player dealt damage.",
                required=True, python=1,
                among=Among(zones=("battlefield",), types=("Creature",))),
             _f("amount", "integer", "How much damage.", required=True, python=2),
         ), _BF, "deal_damage"),
    Verb("gain_life", "A player gains life.", "", "player", (
        _subject("gain_life", "player", "The player."),
        _f("amount", "integer", "How much life.", required=True, python=1),
    ), method="gain_life"),
    Verb("lose_life", "A player loses life.", "", "player", (
        _subject("lose_life", "player", "The player."),
        _f("amount", "integer", "How much life.", required=True, python=1),
    ), method="lose_life"),
    Verb("draw", "A player draws cards from the top of their library.", "", "player", (
        _subject("draw", "player", "The player."),
        _f("count", "integer", "How many cards.", default=1, python=1),
    ), method="draw"),
    Verb("discard", "A card's owner discards it from their hand.", "", "object",
         (_subject("discard", "object", "The card."),), ("hand",), "discard"),
    Verb("create_token", "A player creates a token of a kind, such as a 1/1 Snake.", "", "new", (
        _subject("create_token", "token_kind", "The kind of token."),
        _f("controller", "player", "Its controller; the active player if not given.", python=1),
        _f("as", "new_id", "The id that names the token.", python="="),
    ), method="create_token"),
    Verb("concede", "A player concedes, and so loses the game; a game of more players goes on "
         "without them.", "", "player",
         (_subject("concede", "player", "The player."),), method="concede"),
    Verb("reveal_hand", "A player reveals their hand (only a look: the stack goes on waiting).",
         "", "player",
         (_subject("reveal_hand", "player", "The player."),), method="reveal_hand"),
    Verb("activate", "Activate a permanent's ability (its own or one granted to it): its mana "
         "taken as paid unless costs are paid, its other costs paid; it goes on the stack.",
         "508.1a", "object", (
             _subject("activate", "object", "The permanent whose ability is activated."),
             _f("target", "object_or_player", "The ability's target, if it has one.",
                python="target", among=_TARGETS),
             _f("land", "object", "The land card Budoka Gardener puts onto the battlefield, "
                "chosen as the ability resolves (or there with resolve's choose).",
                python="land", among=Among(zones=("hand",), types=("Land",), controlled=True)),
             _f("discard", "object", "The card Nezumi Shortfang's target discards, chosen "
                "as the ability resolves (or there with resolve's choose).",
                python="discard", among=Among(zones=("hand",), others=True)),
             _f("to", "object", "The creature Autumn-Tail moves the Aura to, chosen as the "
                "ability resolves (or there with resolve's choose); only the Aura is a "
                "target.", python="to",
                among=Among(zones=("battlefield",), types=("Creature",))),
             _f("sacrifice", "object", "The creature its controller sacrifices to pay its cost "
                "(Shidako's).", python="sacrifice",
                among=Among(zones=("battlefield",), types=("Creature",), controlled=True)),
             _f("tap", "object", "The untapped legendary permanent tapped to pay its cost "
                "(Honor-Worn Shaku).", python="tap",
                among=Among(zones=("battlefield",), supertypes=("Legendary",), controlled=True,
                            untapped=True)),
             _f("pays", "boolean", "The controller of the spell it targets pays {2} so that "
                "it is not countered (Jaraku).", default=False, python="pays"),
             _f("ability", "card_name", "The half that grants the ability (such as Homura's "
                "Essence) or whose ability a copy kept (Dimir Doppelganger), when the "
                "permanent also has one of its own; its own card's name is its own ability.",
                python="ability"),
             _f("player", "player", "Who activates it: only its controller may; its "
                "controller if not given.", python="player"),
             _made("the ability"),
         ), _BF, "activate"),
    Verb("end_step", "The end step of the turn begins (once a turn): \"at the beginning of "
         "the end step\" abilities trigger.", "", "game", (
             _subject("end_step", "flag", "true.", python=""),
             _f("decline", "object_list", "Permanents whose \"may\" abilities their controller "
                "declines this time.", default=[], python="decline",
                among=_MAY),
             _made("the abilities that trigger there"),
         ), method="end_step"),
    Verb("next_turn", "The turn ends (end step, then cleanup: discard down to seven, damage "
         "wears off) and the next player's turn begins.",
         "", "game", (
             _subject("next_turn", "flag", "true.", python=""),
             _f("sacrifice", "object_list", "Permanents sacrificed at the new turn's upkeep "
                "when their ability asks for it.", default=[], python="sacrifice"),
             _f("discard", "object_list", "Cards the active player discards in the cleanup "
                "step, when they have more than seven in hand (by default the newest).",
                default=[], python="discard"),
             _f("decline", "object_list", "Permanents whose \"may\" abilities of the end step "
                "their controller declines this time.", default=[], python="decline",
                among=_MAY),
             _f("draw_step", "boolean", "Play the new turn's draw step: once the upkeep's "
                "abilities have resolved, the new active player draws a card (one whose library "
                "is empty loses). Without it the turn goes from the upkeep to the main phase.",
                default=False, python="draw_step"),
             _made("the abilities that trigger at the turn's end and the new upkeep (an epic "
                   "spell's copy)"),
         ), method="next_turn"),
    Verb("add_mana", "Mana is added to a player's mana pool. Unless costs are \"paid\", "
         "spells are cast as if paid and leave it; it empties between steps (2004: phases, "
         "and burns).", "", "player", (
        _subject("add_mana", "player", "The player."),
        _f("mana", "mana", "The mana, as symbols.", required=True, python=1),
    ), method="add_mana"),
    Verb("tap_for_mana", "Tap a land for mana; the mana goes to its controller's pool.", "",
         "object", (_subject("tap_for_mana", "object", "The land."),), _BF, "tap_for_mana"),
    Verb("attack", "The active player declares attackers: untapped creatures that are not "
         "summoning sick attack, and become tapped.", "", "object", (
             _subject("attack", "object_list", "The attacking creatures."),
             _f("defender", "player", "The player they attack (by default the next player).",
                python="defender"),
         ), _BF, "attack"),
    Verb("block", "A creature of the defending player blocks an attacker it may block "
         "(flying, fear, protection and \"can't block\" decide).", "", "object", (
             _subject("block", "object", "The blocking creature."),
             _f("attacker", "object", "The attacking creature it blocks.", required=True,
                python=1, among=Among(zones=("battlefield",), attacking=True)),
         ), _BF, "block"),
    Verb("combat_damage", "Combat damage is dealt: a first-strike step if any creature in "
         "combat has first or double strike, then the regular step.", "", "game", (
             _subject("combat_damage", "flag", "true.", python=""),
             _f("assign", "damage_division", "How the attacking player divides an attacker's "
                "damage among its blockers (and, with trample, the player, once each blocker "
                "has lethal damage); it adds up to its power. A list of two divisions for a "
                "creature that deals damage in both steps. Without it: lethal damage to each "
                "blocker in the order they blocked, the rest to the last or, with trample, to "
                "the player.", python="assign"),
         ), method="combat_damage"),
    Verb("end_combat", "Combat ends (after its combat damage, if still to come): no creature "
         "is attacking or blocking any more.", "",
         "game", (_subject("end_combat", "flag", "true.", python=""),), method="end_combat"),
    Verb("resolve", "The top object of the stack resolves, or the whole stack; with it empty, "
         "a held upkeep or draw step ends (every player passes).", "", "game", (
             _subject("resolve", "choice", "top: the top object; all: until the stack is empty.",
                      python="", values=("top", "all")),
             _f("decline", "object_list", "Permanents whose \"may\" abilities their controller "
                "declines as they resolve.", default=[], python="decline",
                among=_MAY),
             _f("copying", "object", "The permanent a Clone or Spark Double that enters as "
                "they resolve (returned by Homura, say) enters as a copy of.",
                python="copying"),
             _f("choose", "object", "What is chosen as the top object resolves (only with "
                "top): the creature Autumn-Tail moves the Aura to, the land Budoka Gardener "
                "puts, the card Nezumi Shortfang's target discards, the card an upkeep's copy "
                "of Enduring Ideal finds, the creature the player whose upkeep it is "
                "sacrifices to Kuon's Essence.",
                python="choose"),
             _made("the spells and abilities that resolve"),
         ), method="resolve"),
    Verb("order_triggers", "A player puts the abilities that triggered together on the stack "
         "in the order they choose; the first listed resolves first.", "", "game", (
             _subject("order_triggers", "object_list", "The permanents whose abilities wait on "
                      "the stack, the one that resolves first first.", python="*"),
         ), method="order_triggers"),
)

_BY_NAME = {v.name: v for v in VERB_DESCRIPTIONS}


def verb(name: str) -> Verb:
    """The description of the verb ``name``."""
    return _BY_NAME[name]


def describe_verbs() -> dict[str, Any]:
    """The whole description as a JSON-able object: field kinds, verbs, and the common ``keep``.

    Examples:
        >>> described = describe_verbs()
        >>> described["verbs"][0]["name"], described["every_step"][0]["name"]
        ('put', 'keep')
    """
    return {
        "field_kinds": dict(FIELD_KINDS),
        "verbs": [v.as_json() for v in VERB_DESCRIPTIONS],
        "every_step": [f.as_json() for f in EVERY_STEP],
        # The other words a step may give a zone in (the words of 2004), and the zone each is.
        "zone_aliases": dict(ZONE_ALIASES),
    }


# --- a scenario as Python ----------------------------------------------------------------

#: The names the code itself uses: the game, what it imports, and the refused step's error.
_RESERVED = {"game", "Game", "Filter", "IllegalActionError", "refused", "print", "None", "True",
             "False"}


def _identifiers(names: list[tuple[str, str]]) -> dict[tuple[str, str], str]:
    """A Python name for each scenario id, given with its kind (``"object"``, ``"effect"``,
    ``"result"``: a scenario may give one id to an object and to an effect, Python has one
    name for one thing): letters, digits and ``_``, no clashes."""
    import keyword
    import re

    out: dict[tuple[str, str], str] = {}
    taken: set[str] = set()
    for kind_and_name in names:
        if kind_and_name in out:
            continue
        name = kind_and_name[1]
        base = re.sub(r"\W", "_", name, flags=re.ASCII).strip("_") or "obj"
        if base[0].isdigit() or keyword.iskeyword(base) or base in _RESERVED:
            base = f"obj_{base}"
        candidate, n = base, 2
        while candidate in taken:
            candidate, n = f"{base}_{n}", n + 1
        taken.add(candidate)
        out[kind_and_name] = candidate
    return out


def scenario_python(doc: dict[str, Any]) -> str:
    """The scenario as the Python calls it stands for: one :class:`~flipcards.Game` call a step.

    ``doc`` must be a valid scenario (run it with :func:`~flipcards.run_scenario` first). The
    code ends with the same game: the same objects, in the same state, and the same log, but
    for one word: where a step's ``keep`` names an object that step makes, the code cannot
    name it before it exists, and leaves the choice to the legend rule, which keeps the
    newest, that object (the log says "keeps the newest", not "the one chosen"). ``expect``
    steps become comments.

    Examples:
        >>> print(scenario_python({"rules": "2004", "steps": [
        ...     {"put": "Bushi Tenderfoot", "as": "hero"}, {"flip": "hero"},
        ...     {"effect": "anthem", "kind": "modify_pt", "affects": {"types": ["Creature"]},
        ...      "power": 1, "toughness": 1}]}))
        from flipcards import Filter, Game
        <BLANKLINE>
        game = Game("2004")
        hero = game.put("Bushi Tenderfoot")
        game.flip(hero)
        anthem = game.add_effect("modify_pt", Filter(types=["Creature"]), label="anthem", power=1, toughness=1)
        print(game)
    """  # noqa: E501
    import json

    from ._scenario import made_ids

    players = list(doc.get("players", ["Alice", "Bob"]))
    steps: list[dict[str, Any]] = list(doc["steps"])
    # What the steps' spells and abilities made, named or not; what searches found unnamed.
    made, found = made_ids(doc)
    kinds = {"new_id": "object", "new_effect_id": "effect", "new_result_id": "result"}
    new_ids = [(kinds[f.kind], str(step[f.name])) for step in steps for f in _verb_of(step).fields
               if f.kind in kinds and f.name in step]
    every = _identifiers([*new_ids, *(("object", oid) for ids in (*made.values(), *found.values())
                                      for oid, _ in ids)])
    # The objects named so far: a card's or a player's name is a text, unless an object of an
    # earlier step has it for its id (a step's own new objects do not exist as it begins).
    defined: set[str] = set()

    def obj(oid: str) -> str:
        return every["object", oid]

    def named(value: Any) -> bool:
        return isinstance(value, str) and value in defined

    uses_filter = refusals = False

    def literal(value: Any) -> str:
        if isinstance(value, str):
            return json.dumps(value, ensure_ascii=False)
        if isinstance(value, bool) or value is None:
            return repr(value)
        if isinstance(value, list):
            return "[" + ", ".join(literal(v) for v in value) + "]"
        return repr(value)

    def value_of(kind: str, value: Any) -> str:
        nonlocal uses_filter
        if kind == "object":
            return obj(value)
        if kind == "effect":
            return every["effect", value]
        if kind == "object_list":
            items = [value] if isinstance(value, str) else value     # one id or a list
            return "[" + ", ".join(obj(v) for v in items if named(v)) + "]"
        if kind == "damage_division":
            def division(d: dict[str, int]) -> str:
                return "{" + ", ".join(f"{obj(k) if named(k) else literal(k)}: {n}"
                                       for k, n in d.items()) + "}"
            return "{" + ", ".join(
                f"{obj(a)}: " + ("[" + ", ".join(map(division, d)) + "]"
                                 if isinstance(d, list) else division(d))
                for a, d in value.items()) + "}"
        if kind in ("object_or_player", "card_or_object"):
            return obj(value) if named(value) else literal(value)
        if kind in ("object_or_filter", "filter"):
            if isinstance(value, str):
                return obj(value)
            uses_filter = True
            return "Filter(" + ", ".join(f"{k}={literal(v)}" for k, v in value.items()) + ")"
        return literal(value)

    lines = []
    for number, step in enumerate(steps):
        v = _verb_of(step)
        if v.name == "expect":
            lines.append(f"# expect {json.dumps(step['expect'], ensure_ascii=False)}")
            continue
        method = v.method
        if v.name == "counters" and "remove" in step:
            method = "remove_counters"
        elif v.name == "resolve" and step["resolve"] == "all":
            method = "resolve_stack"
        positional: dict[int, str] = {}
        keywords: dict[str, str] = {}
        target = ""
        splat: list[str] = []
        for f in (*v.fields, *EVERY_STEP):
            if f.name not in step or f.python in ("", "with", "try"):
                continue
            value = value_of(f.kind, step[f.name])
            if f.name == "keep" and value == "[]":
                continue  # it names only what this step makes: the newest, kept anyway
            if f.python == "*":
                splat = [obj(item) for item in step[f.name]]
            elif f.python == "=":
                target = every[kinds[f.kind], str(step[f.name])]
                if f.kind == "new_effect_id":
                    keywords["label"] = literal(step[f.name])
            elif isinstance(f.python, int):
                positional[f.python] = value
            elif f.name == "keep" and method in ("search", "name_card", "reveal_hand"):
                continue  # these change nothing, so the legend rule has nothing to choose
            else:
                keywords[f.python] = value
        args = []
        for index in range(max(positional, default=-1) + 1):
            if index in positional:
                args.append(positional[index])
            else:  # a later argument is given: this one takes its default
                gap = next(f for f in v.fields if f.python == index)
                args.append(literal(gap.default if gap.default is not None else players[0]))
        args += splat
        args += [f"{k}={val}" for k, val in keywords.items()]
        call = f"game.{method}({', '.join(args)})"
        line = f"{target} = {call}" if target else call
        body = (["with game.holding_priority():", f"    {line}"] if step.get("hold") is True
                else [line])
        if step.get("refused") is True:
            refusals = True
            lines += ["try:", *(f"    {b}" for b in body),
                      "except IllegalActionError as refused:",
                      f'    print("Step {number + 1} is refused, as expected:", refused)',
                      "else:",
                      f'    print("Step {number + 1} was expected to be refused, but was '
                      'done")']
        else:
            lines += body
        # The objects the step made that have no name yet: game.created, in order.
        lines += [f"{obj(oid)} = game.created[{position}]"
                  for oid, position in made.get(number, []) if obj(oid) != target]
        # The objects a search (a list) or a naming (its matches) found and named.
        matches = ".matches" if method == "name_card" else ""
        lines += [f"{obj(oid)} = {target}{matches}[{position}]"
                  for oid, position in found.get(number, [])]
        defined.update(str(step[f.name]) for f in v.fields
                       if f.kind == "new_id" and f.name in step)
        defined.update(oid for oid, _ in (*made.get(number, []), *found.get(number, [])))
    game_args = [literal(doc["rules"])]
    if players != ["Alice", "Bob"]:
        game_args.append(f"players={literal(players)}")
    if doc.get("costs", "assumed") != "assumed":
        game_args.append(f"costs={literal(doc['costs'])}")
    imports = ", ".join(["Filter"] * uses_filter + ["Game"] + ["IllegalActionError"] * refusals)
    return "\n".join([f"from flipcards import {imports}", "",
                      f"game = Game({', '.join(game_args)})", *lines, "print(game)"])


def _verb_of(step: dict[str, Any]) -> Verb:
    """The step's verb: of the verbs it names, the one whose fields account for all its keys
    (``{"activate": …, "discard": …}`` is an ``activate`` step with a ``discard`` field)."""
    named = [v for v in VERB_DESCRIPTIONS if v.name in step]
    options = {f.name for f in EVERY_STEP}
    for v in named:
        if set(step) <= {f.name for f in v.fields} | options:
            return v
    return named[0]
