"""Status of a permanent, and the query that derives its current characteristics.

Nothing computed is ever stored on an object: characteristics come from the printed card, the
object's status and the continuous effects each time they are asked for (rules 613, 508.1b).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from ._cards import CardData, CardFace, all_cards, each_instance_counts, removes, type_line
from ._effects import Effect, Filter, Layer

__all__ = ["Characteristics", "Dependencies", "Status", "compute", "dependencies", "matches"]


@dataclass(frozen=True)
class Status:
    """What a permanent is doing, as opposed to what it is (rule 110.5 today).

    ``flipped_at`` and ``copied_at`` are timestamps: the 2004 rules need to know whether a
    permanent flipped before or after it became a copy. ``attached_to`` is ``(key, incarnation)``
    of the object an Aura is attached to.
    """

    timestamp: int = 0
    flipped: bool = False
    flipped_at: int = 0
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    damage: int = 0
    # Dealt damage by a source with deathtouch since state-based actions were last checked.
    deathtouched: bool = False
    attached_to: tuple[int, int] | None = None
    copy_of: CardData | None = None
    copied_at: int = 0
    since_turn: int = 0   # the turn it came under its controller's control (rule 302.6)

    def counter(self, kind: str) -> int:
        """How many counters of ``kind`` the permanent has."""
        return dict(self.counters).get(kind, 0)

    def but(self, **changes: Any) -> Status:
        """A copy with `changes` (what ``dataclasses.replace`` does, several times faster:
        every damage, tap and counter of a game makes one).

        >>> before = Status(damage=1)
        >>> after = before.but(tapped=True)
        >>> (after.tapped, after.damage, before.tapped, after == Status(damage=1, tapped=True))
        (True, 1, False, True)
        >>> before.but(dammage=2)
        Traceback (most recent call last):
        TypeError: Status has no field dammage
        """
        if not _STATUS_FIELDS.issuperset(changes):
            unknown = ", ".join(sorted(set(changes) - _STATUS_FIELDS))
            raise TypeError(f"Status has no field {unknown}")
        new = object.__new__(Status)
        new.__dict__.update(self.__dict__)
        new.__dict__.update(changes)
        return new


_STATUS_FIELDS = frozenset(Status.__dataclass_fields__)


@dataclass(frozen=True)
class Characteristics:
    """An object's characteristics right now; P/T are ``None`` for a noncreature.

    ``lost_abilities``: an effect removed all its abilities (layer 6, rule 613.1f), so the
    triggered, activated and static abilities printed on its half do not exist; keywords
    granted after that (later timestamps) are in ``keywords``. ``lost_at``: the timestamp of
    the last such effect (0: none); an ability granted by an effect with a later timestamp
    stays.
    """

    name: str
    mana_cost: str
    mana_value: int
    colors: tuple[str, ...]
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    keywords: tuple[str, ...]
    power: int | None
    toughness: int | None
    lost_abilities: bool = False
    lost_at: int = 0

    @property
    def type_line(self) -> str:
        """The current type line, e.g. ``"Legendary Creature — Human Samurai"``."""
        return type_line(self.supertypes, self.types, self.subtypes)


def copiable_card(card: CardData, status: Status) -> CardData:
    """The card whose printed values an object has: its own, or what it became a copy of."""
    return status.copy_of or card


def face(card: CardData, status: Status, edition: str) -> CardFace:
    """Which half applies (rules 508.2 / 710.2, 707.3).

    A flipped permanent uses the alternative half of its copiable card. Under the 2004 rules an
    object that *becomes* a copy of a flip card gets the copied card's normal characteristics
    even if it had flipped before (the model's reading of ruling 6: the 2004 text says nothing
    of this case), while one that enters play flipped and a copy at once (a Clone Homura's
    ability returns) has flipped as the copied card and gets its flipped half (508.2); today
    the copy's flipped status picks the flipped half in both cases.
    """
    copiable = copiable_card(card, status)
    if copiable.flipped is None or not status.flipped:
        return copiable.normal
    if edition == "2004" and status.copy_of is not None and status.flipped_at < status.copied_at:
        return copiable.normal
    return copiable.flipped


def matches(filter_: Filter, chars: Characteristics, controller: str) -> bool:
    """True if every part of the filter holds for these characteristics."""
    return _holds(filter_, chars.supertypes, chars.types, chars.subtypes, chars.colors,
                  chars.name, controller)


def _holds(filter_: Filter, supertypes: Sequence[str], types: Sequence[str],
           subtypes: Sequence[str], colors: Sequence[str], name: str, controller: str) -> bool:
    """:func:`matches` on the parts of characteristics (what :func:`compute` has while it
    applies effects one by one; plain loops, as this runs for every effect and permanent)."""
    if filter_.controller is not None and filter_.controller != controller:
        return False
    for part in filter_.types:
        if part not in types:
            return False
    for part in filter_.subtypes:
        if part not in subtypes:
            return False
    for part in filter_.supertypes:
        if part not in supertypes:
            return False
    for part in filter_.colors:
        if part not in colors:
            return False
    return filter_.name is None or filter_.name.casefold() == name.casefold()


def printed(card: CardData, status: Status, edition: str) -> Characteristics:
    """Characteristics after layer 1 only: what the object is before any effect."""
    half = face(card, status, edition)
    copiable = copiable_card(card, status)
    return Characteristics(
        name=half.name,
        mana_cost=copiable.mana_cost,          # 508.1c: cost and color belong to the card
        mana_value=copiable.mana_value,
        colors=copiable.colors,
        supertypes=half.supertypes,
        types=half.types,
        subtypes=half.subtypes,
        keywords=half.keywords,
        power=half.power,
        toughness=half.toughness,
    )


def compute(
    card: CardData,
    status: Status,
    edition: str,
    controller: str,
    ref: tuple[int, int] | None,
    effects: Sequence[Effect],
    dependent: Dependencies | None = None,
    trace: list[tuple[Effect | str, int, int]] | None = None,
) -> Characteristics:
    """Apply ``effects`` (already sorted by layer, timestamp) to a permanent.

    Each effect's filter sees the characteristics as they are when that effect applies, i.e.
    after the earlier layers and earlier timestamps (rule 613). ``ref`` identifies the permanent
    for effects aimed at one object; ``None`` (off the battlefield) means no effect applies.
    ``dependent``: where among ``effects`` an effect may depend on another (613.8,
    :func:`dependencies`); there they apply in dependency order. ``trace``, if given, is told
    the steps of layer 7 (613.4) for a creature, each with the power and toughness after it:
    ``"base"`` (what the layers before left), each effect that applies, ``"counters"``.
    """
    base = printed(card, status, edition)
    if ref is None:
        return base
    supertypes, types, subtypes = list(base.supertypes), list(base.types), list(base.subtypes)
    colors, keywords = base.colors, list(base.keywords)
    power, toughness = base.power, base.toughness
    lost, lost_at = False, 0
    given: list[str] = []    # the subtypes effects gave it (its printed ones are its own)

    def had() -> tuple[str, ...]:
        """Its subtypes: today an object cannot gain a subtype that does not correspond to
        one of its types (205.3d), whichever effect gave the type and in whichever order. In
        a 2004 game the model does not apply it: rule 508's is the 2004 text it has."""
        if edition == "2004":
            return tuple(subtypes)
        return tuple(s for s in subtypes if s not in given or subtype_fits(s, types))

    def current() -> Characteristics:
        return Characteristics(base.name, base.mana_cost, base.mana_value, colors,
                               tuple(supertypes), tuple(types), had(),
                               tuple(keywords), power, toughness, lost, lost_at)

    def applies(effect: Effect) -> bool:
        if effect.target is not None:
            return effect.target == ref
        return effect.filter is not None and _holds(effect.filter, supertypes, types, had(),
                                                    colors, base.name, controller)

    def apply(effect: Effect) -> None:
        nonlocal supertypes, types, subtypes, given, colors, keywords, lost, lost_at
        if effect.kind == "add_types":
            supertypes += [s for s in effect.supertypes if s not in supertypes]
            types += [t for t in effect.types if t not in types]
            new = [s for s in effect.subtypes if s not in subtypes]
            subtypes += new
            given += new
        elif effect.kind == "set_types":
            types, subtypes, given = list(effect.types), list(effect.subtypes), [*effect.subtypes]
        elif effect.kind == "remove_all_abilities":
            keywords, lost, lost_at = [], True, effect.timestamp
        elif effect.kind == "set_colors":
            colors = effect.colors
        elif effect.kind == "add_keyword":
            # A second flying does nothing; a second bushido 2 triggers too (702.45b).
            if effect.keyword not in keywords or each_instance_counts(effect.keyword):
                keywords.append(effect.keyword)
        elif effect.kind == "remove_keyword":
            keywords = [k for k in keywords if not removes(effect.keyword, k, base.name)]

    def depends(effect: Effect, other: Effect) -> bool:
        """Rule 613.8a: applying ``other`` first would change whether ``effect`` applies to
        this permanent (both in the same layer; tried on the current values, then undone)."""
        nonlocal supertypes, types, subtypes, given, colors, keywords, lost, lost_at
        if not applies(other):
            return False
        before = applies(effect)
        saved = supertypes[:], types[:], subtypes[:], given[:], colors, keywords[:], lost, lost_at
        apply(other)
        after = applies(effect)
        supertypes, types, subtypes, given, colors, keywords, lost, lost_at = saved
        return after != before

    # Rule 613.8: an effect whose filter another effect of its layer would change waits
    # until just after that one; in a loop, timestamp order decides, and the order is found
    # again after each effect applies (613.8c).
    pt_effects: list[Effect] = []
    for run, needs in dependent.plan if dependent is not None else ((effects, None),):
        if needs is None:  # timestamp order
            for effect in run:  # layers 4-6
                if effect.layer >= Layer.PT_SET:
                    pt_effects.append(effect)
                elif applies(effect):
                    apply(effect)
            continue
        pending = list(range(len(run)))
        while pending:
            for c in pending:
                waits = [o for o in needs[c] if o in pending and depends(run[c], run[o])]
                if not waits or any(c in needs[o] and depends(run[o], run[c]) for o in waits):
                    break
            else:
                c = pending[0]
            pending.remove(c)
            if applies(run[c]):
                apply(run[c])
    if "Creature" not in types:
        # Rule 208.3: a noncreature has no power or toughness; P/T effects and counters on it
        # do nothing until it is a creature again.
        power = toughness = None
        return current()
    if power is None or toughness is None:
        power, toughness = 0, 0  # became a creature with no printed P/T
    counted = False
    steps = trace if trace is not None else []
    steps.append(("base", power, toughness))
    for effect in pt_effects:  # layer 7: set (7b), modify and counters (7c), switch (7d)
        if effect.layer > Layer.PT_MODIFY and not counted:
            power, toughness, counted = *_with_counters(power, toughness, status), True
            steps.append(("counters", power, toughness))
        if not applies(effect):
            continue
        if effect.kind == "set_pt":
            power, toughness = effect.power, effect.toughness
        elif effect.kind == "modify_pt":
            power, toughness = power + effect.power, toughness + effect.toughness
        elif effect.kind == "switch_pt":
            power, toughness = toughness, power
        steps.append((effect, power, toughness))
    if not counted:
        power, toughness = _with_counters(power, toughness, status)
        steps.append(("counters", power, toughness))
    return current()


# The subtypes that belong to a card type other than creature (205.3g-205.3k, 205.3q) that a
# card of these sets or an example could meet, besides those the cards of the data have (the
# basic land types among them: :func:`_noncreature_subtypes`). Any other subtype is a
# creature type, which a creature or a kindred (tribal) object can have (205.3m).
_SUBTYPES_OF = {
    "Land": ("Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Tower", "Urza's",
             "Cave", "Sphere", "Town"),
    "Artifact": ("Equipment", "Vehicle", "Fortification", "Contraption", "Clue", "Food",
                 "Treasure", "Gold", "Blood", "Powerstone", "Map", "Incubator"),
    "Enchantment": ("Aura", "Shrine", "Curse", "Saga", "Cartouche", "Rune", "Class", "Shard",
                    "Background", "Case", "Room", "Role"),
    "Instant": ("Arcane", "Trap", "Adventure", "Lesson"),
    "Sorcery": ("Arcane", "Trap", "Adventure", "Lesson"),
    "Battle": ("Siege",),
}
_CREATURE_TYPE_HOLDERS = ("Creature", "Kindred", "Tribal")


@cache
def _noncreature_subtypes() -> dict[str, tuple[str, ...]]:
    """Each subtype that is not a creature type, with the card types it belongs to."""
    belongs: dict[str, set[str]] = {}
    for type_, subtypes in _SUBTYPES_OF.items():
        for subtype in subtypes:
            belongs.setdefault(subtype, set()).add(type_)
    for data in all_cards():
        for half in (data.normal, data.flipped):
            if half is not None and not set(_CREATURE_TYPE_HOLDERS) & set(half.types):
                for subtype in half.subtypes:
                    belongs.setdefault(subtype, set()).update(half.types)
    return {subtype: tuple(sorted(types)) for subtype, types in belongs.items()}


def subtype_fits(subtype: str, types: Sequence[str]) -> bool:
    """Whether an object of card ``types`` can have ``subtype``: an object cannot gain a
    subtype that does not correspond to one of its types (205.3d): a creature does not
    become a Forest."""
    owners = _noncreature_subtypes().get(subtype, _CREATURE_TYPE_HOLDERS)
    return any(t in types for t in owners)


@dataclass(frozen=True)
class Dependencies:
    """Effects sorted by layer and timestamp, in runs, for a layer where one may depend on
    another (rule 613.8a) a run of its own: ``plan`` holds ``(effects, needs)``, where
    ``needs`` is ``None`` for a run that applies in timestamp order, else for each effect of
    the run the places in it of those it may depend on."""

    plan: tuple[tuple[Sequence[Effect], tuple[tuple[int, ...], ...] | None], ...]


def dependencies(effects: Sequence[Effect]) -> Dependencies | None:
    """The :class:`Dependencies` of ``effects`` (sorted by layer and timestamp), or ``None``
    if no effect may depend on a later one: its filter would have to ask for something the
    later one gives (add_types) or may change (set_types, set_colors)."""
    if sum(e.layer in (Layer.TYPE, Layer.COLOR) for e in effects) < 2:
        return None
    plan: list[tuple[Sequence[Effect], tuple[tuple[int, ...], ...] | None]] = []
    done = start = 0
    while start < len(effects):
        end = start + 1
        while end < len(effects) and effects[end].layer == effects[start].layer:
            end += 1
        group = effects[start:end]
        if effects[start].layer in (Layer.TYPE, Layer.COLOR) and len(group) > 1:
            needs = tuple(tuple(j for j, o in enumerate(group) if j != i and _may_depend(e, o))
                          for i, e in enumerate(group))
            if any(j > i for i, js in enumerate(needs) for j in js):
                plan += [(effects[done:start], None), (group, needs)]
                done = end
        start = end
    return Dependencies((*plan, (effects[done:], None))) if plan else None


def _may_depend(effect: Effect, other: Effect) -> bool:
    """Whether applying ``other`` could change whether ``effect`` applies to a permanent."""
    wanted = effect.filter
    if wanted is None:
        return False
    if other.kind == "add_types":
        return bool(set(wanted.supertypes) & set(other.supertypes)
                    or set(wanted.types) & set(other.types)
                    or set(wanted.subtypes) & set(other.subtypes))
    if other.kind == "set_types":
        return bool(wanted.types or wanted.subtypes)
    if other.kind == "set_colors":
        return bool(wanted.colors)
    return False


#: The card types of permanents (110.4): a spell of one of them resolves onto the battlefield.
PERMANENT_TYPES = frozenset({"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                             "Battle"})

#: A counter that modifies power and toughness: "+1/+1", "-1/-1", "+1/+0", "-0/-2" (122.1a).
PT_COUNTER = re.compile(r"([+-]\d+)/([+-]\d+)")


def _with_counters(power: int, toughness: int, status: Status) -> tuple[int, int]:
    """Rule 613.4c: +X/+Y counters (+1/+1, -1/-1, +1/+0, …) modify P/T in layer 7c."""
    for kind, n in status.counters:
        found = PT_COUNTER.fullmatch(kind)
        if found:
            power += int(found[1]) * n
            toughness += int(found[2]) * n
    return power, toughness
