"""The game: players, zones, objects, actions and state-based actions.

A :class:`Game` holds one record per card; a :class:`GameObject` is the reader's handle to it.
The handle follows the card from zone to zone, but every zone change makes a *new object*
(rule 400.7, 508.4): status, counters, damage, attachments and effects aimed at it are gone.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import Any

from . import _heroes
from ._cards import CardData, card, possessive, token
from ._characteristics import Characteristics, Status, compute, copiable_card, printed
from ._effects import EFFECT_KINDS, Effect, Filter, canonical
from ._errors import FlipCardsError, IllegalActionError, UnknownNameError

__all__ = ["EDITIONS", "ZONES", "Game", "GameObject", "NamingResult"]

EDITIONS = ("2004", "current")
ZONES = ("library", "hand", "battlefield", "graveyard", "exile")
_ZONE_ALIASES = {"play": "battlefield", "in play": "battlefield", "in-play": "battlefield"}


@dataclass
class _Record:
    """Everything the game knows about one card (or token) at one time."""

    key: int
    card: CardData        # what is printed (for a token: the card it copies)
    owner: str
    controller: str
    zone: str | None      # None: a token that left the battlefield and ceased to exist
    token: bool
    incarnation: int      # bumped at every zone change: a new object (rule 400.7)
    order: int            # position in its zone, oldest first
    status: Status = field(default_factory=Status)
    cache: Characteristics | None = None

    @property
    def ref(self) -> tuple[int, int]:
        return (self.key, self.incarnation)


@dataclass(frozen=True)
class NamingResult:
    """The outcome of naming a card (rule 508 ruling / 710.5).

    ``legal``: the name is a name a card has (either half of a flip card). ``matches``: the
    objects whose *current* name is that name.
    """

    name: str
    legal: bool
    matches: tuple[GameObject, ...]


class GameObject:
    """A reader's handle to a card in a game; it follows the card across zones.

    Every attribute is computed on access from the printed card, the status and the effects.
    """

    __slots__ = ("_game", "_key")

    def __init__(self, game: Game, key: int) -> None:
        self._game = game
        self._key = key

    @property
    def _record(self) -> _Record:
        return self._game._records[self._key]

    @property
    def _chars(self) -> Characteristics:
        return self._game._characteristics(self._record)

    # --- characteristics (computed) ----------------------------------------------------
    @property
    def name(self) -> str:
        """The current name: the flipped half's only on the battlefield after it flipped."""
        return self._chars.name

    @property
    def mana_cost(self) -> str:
        """The mana cost, the same before and after flipping (508.1c)."""
        return self._chars.mana_cost

    @property
    def mana_value(self) -> int:
        """The mana value (converted mana cost); flipping never changes it."""
        return self._chars.mana_value

    @property
    def colors(self) -> tuple[str, ...]:
        """The colors, as letters W U B R G."""
        return self._chars.colors

    @property
    def supertypes(self) -> tuple[str, ...]:
        """Current supertypes, e.g. ``('Legendary',)``."""
        return self._chars.supertypes

    @property
    def types(self) -> tuple[str, ...]:
        """Current card types, e.g. ``('Creature',)``."""
        return self._chars.types

    @property
    def subtypes(self) -> tuple[str, ...]:
        """Current subtypes, e.g. ``('Human', 'Samurai')``."""
        return self._chars.subtypes

    @property
    def type_line(self) -> str:
        """The current type line."""
        return self._chars.type_line

    @property
    def keywords(self) -> tuple[str, ...]:
        """Keyword abilities it has right now."""
        return self._chars.keywords

    @property
    def power(self) -> int | None:
        """Power after all effects and counters; ``None`` if it is not a creature."""
        return self._chars.power

    @property
    def toughness(self) -> int | None:
        """Toughness after all effects and counters; ``None`` if it is not a creature."""
        return self._chars.toughness

    @property
    def card(self) -> CardData:
        """The printed card (both halves)."""
        return self._record.card

    # --- where it is and its status ----------------------------------------------------
    @property
    def zone(self) -> str | None:
        """``"battlefield"``, ``"library"``, …; ``None`` for a token that ceased to exist."""
        return self._record.zone

    @property
    def owner(self) -> str:
        """The player who owns it."""
        return self._record.owner

    @property
    def controller(self) -> str:
        """The player who controls it (its owner outside the battlefield)."""
        return self._record.controller

    @property
    def is_token(self) -> bool:
        """True for a token (e.g. one made by :meth:`Game.copy`)."""
        return self._record.token

    @property
    def flipped(self) -> bool:
        """Whether it has flipped; always ``False`` off the battlefield (508.2)."""
        return self._record.status.flipped

    @property
    def tapped(self) -> bool:
        """Whether it is tapped; tapping and flipping are independent (508.3)."""
        return self._record.status.tapped

    @property
    def counters(self) -> dict[str, int]:
        """Its counters by kind, e.g. ``{'+1/+1': 1}``."""
        return dict(self._record.status.counters)

    @property
    def damage(self) -> int:
        """Damage marked on it this turn."""
        return self._record.status.damage

    @property
    def attached_to(self) -> GameObject | None:
        """The permanent this Aura is attached to, if any."""
        target = self._record.status.attached_to
        if target is None:
            return None
        other = self._game._records[target[0]]
        return GameObject(self._game, target[0]) if other.ref == target else None

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameObject) and other._game is self._game and other._key == self._key
        )

    def __hash__(self) -> int:
        return hash((id(self._game), self._key))

    def __repr__(self) -> str:
        where = "gone" if self.zone is None else self.zone
        return f"<{self.name} ({where})>"

    def __str__(self) -> str:
        return self._game._describe(self._record)


class Game:
    """A game of Magic reduced to what flip cards need.

    Examples:
        >>> game = Game("2004")
        >>> hero = game.put("Bushi Tenderfoot")
        >>> print(hero)
        Bushi Tenderfoot {W} · Creature — Human Soldier · 1/1
        >>> game.flip(hero)
        True
        >>> print(hero)
        Kenzo the Hardhearted {W} · Legendary Creature — Human Samurai · 3/4 · flipped
        >>> game.log[-1]
        'Bushi Tenderfoot flips: it is now Kenzo the Hardhearted.'
    """

    def __init__(self, edition: str = "current", players: Sequence[str] = ("Alice", "Bob")) -> None:
        if edition not in EDITIONS:
            raise UnknownNameError("rules edition", str(edition), EDITIONS)
        players = tuple(players)
        if not players or not all(isinstance(p, str) and p for p in players):
            raise FlipCardsError("players must be a non-empty list of names")
        if len(set(players)) != len(players):
            raise FlipCardsError(f"player names must be different, got {list(players)}")
        self.edition = edition
        self.players: tuple[str, ...] = players
        self.log: list[str] = []
        self._records: dict[int, _Record] = {}
        self._effects: list[Effect] = []
        self._clock = 0
        # Turn structure and what happened this turn (heroic conditions look at these).
        self.turn = 1
        self.active_player = players[0]
        self._life = dict.fromkeys(players, 20)
        self._spells_this_turn = 0
        self.creatures_died_this_turn = 0
        self._damage_this_turn: list[tuple[tuple[int, int] | None, tuple[int, int] | str]] = []
        self._watch_deaths: list[tuple[tuple[int, int], Callable[[], _heroes.Trigger]]] = []
        # Triggered abilities waiting to resolve, and state triggers already on that list.
        self._pending: list[_heroes.Trigger] = []
        self._resolving = False
        self._checks_paused = False
        self._declined: set[int] = set()
        self._field: list[_Record] | None = None   # see _battlefield()
        self._tokens_left = False                  # a token left: it ceases to exist

    # --- words --------------------------------------------------------------------------
    @property
    def battlefield_words(self) -> str:
        """How text of this edition calls the battlefield: ``"play"`` in 2004."""
        return "play" if self.edition == "2004" else "the battlefield"

    def _zone_phrase(self, zone: str | None, owner: str, into: bool = False) -> str:
        if zone == "battlefield":
            if self.edition == "2004":
                return "into play" if into else "in play"
            return "onto the battlefield" if into else "on the battlefield"
        if zone is None:
            return "out of the game"
        if zone in ("exile", "stack"):
            return f"{'into' if into else 'in'} {'exile' if zone == 'exile' else 'the stack'}"
        return f"{'into' if into else 'in'} {owner}'s {zone}"

    def _say(self, line: str) -> None:
        self.log.append(line)

    # --- lookup -------------------------------------------------------------------------
    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    def _player(self, name: str) -> str:
        if name not in self.players:
            raise UnknownNameError("player", str(name), self.players)
        return name

    @staticmethod
    def zone_name(zone: str) -> str:
        """The canonical zone name; ``"play"``/``"in play"`` mean the battlefield."""
        if not isinstance(zone, str):
            raise FlipCardsError(f"a zone must be a name, not {zone!r}")
        zone = _ZONE_ALIASES.get(zone.casefold(), zone)
        return canonical(zone, ZONES, "zone")

    def _rec(self, obj: GameObject) -> _Record:
        if not isinstance(obj, GameObject) or obj._game is not self:
            raise FlipCardsError(f"{obj!r} is not an object of this game")
        return obj._record

    def _characteristics(self, rec: _Record) -> Characteristics:
        if rec.cache is None:
            if rec.zone == "battlefield":
                rec.cache = compute(rec.card, rec.status, self.edition, rec.controller, rec.ref,
                                    self._effects)
            else:
                rec.cache = printed(rec.card, rec.status, self.edition)
        return rec.cache

    def _set_status(self, rec: _Record, **changes: Any) -> None:
        rec.status = replace(rec.status, **changes)
        rec.cache = None

    def _handle(self, rec: _Record) -> GameObject:
        return GameObject(self, rec.key)

    def objects(self, zone: str | None = None, player: str | None = None) -> list[GameObject]:
        """Objects in a zone (all zones if ``None``), oldest first; ``player`` is the owner,
        or on the battlefield the controller."""
        zone = None if zone is None else self.zone_name(zone)
        if player is not None:
            self._player(player)
        found = []
        for rec in sorted(self._records.values(), key=lambda r: r.order):
            if rec.zone is None or (zone is not None and rec.zone != zone):
                continue
            whose = rec.controller if rec.zone == "battlefield" else rec.owner
            if player is None or whose == player:
                found.append(self._handle(rec))
        return found

    def _battlefield(self) -> list[_Record]:
        """Permanents, oldest first (cached until something enters or leaves)."""
        if self._field is None:
            self._field = sorted((r for r in self._records.values() if r.zone == "battlefield"),
                                 key=lambda r: r.order)
        return self._field

    # --- actions ------------------------------------------------------------------------
    def put(
        self,
        name: str,
        zone: str = "battlefield",
        *,
        owner: str | None = None,
        controller: str | None = None,
        flipped: bool = False,
        attached_to: GameObject | None = None,
        keep: Iterable[GameObject] = (),
    ) -> GameObject:
        """A card comes into existence in ``zone`` (default: the battlefield).

        ``name`` may be either half's name or ``"A // B"``, in any letter case; owner defaults
        to the first player and controller to the owner. ``flipped=True`` (only onto the
        battlefield) makes it enter flipped, as Homura's return does.
        """
        data = card(name) if isinstance(name, str) else _bad_name(name)
        zone = self.zone_name(zone)
        owner = self._player(owner if owner is not None else self.players[0])
        controller = self._player(controller if controller is not None else owner)
        if zone != "battlefield" and (flipped or controller != owner or attached_to is not None):
            raise IllegalActionError(
                f"only a permanent on the battlefield can be flipped, controlled by another "
                f"player or attached; {data.name} is going to {owner}'s {zone}")
        key = len(self._records) + 1
        rec = _Record(key=key, card=data, owner=owner, controller=controller, zone=zone,
                      token=False, incarnation=1, order=self._tick())
        self._records[key] = rec
        self._field = None
        if zone == "battlefield":
            self._enter(rec, flipped)
            self._say(f"{controller} puts {data.name} {self._zone_phrase(zone, owner, True)}"
                      + (" flipped." if flipped else "."))
            if attached_to is not None:
                self._attach(rec, self._rec(attached_to))
        else:
            self._say(f"{owner} puts {data.name} {self._zone_phrase(zone, owner, True)}.")
        self._check(keep)
        return self._handle(rec)

    def _enter(self, rec: _Record, flipped: bool) -> None:
        now = self._tick()
        if flipped and not copiable_card(rec.card, rec.status).is_flip_card:
            raise IllegalActionError(f"{rec.card.name} is not a flip card; it cannot enter flipped")
        rec.status = Status(timestamp=now, flipped=flipped, flipped_at=now if flipped else 0)
        rec.cache = None

    def flip(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> bool:
        """The instruction "flip it" (rules 508.2, 508.4). True if it flipped.

        Only an unflipped flip permanent on the battlefield flips; anything else means nothing
        happens. Flipping is not a zone change: counters, damage, Auras and effects stay.
        """
        rec = self._rec(obj)
        before = self._characteristics(rec).name
        if rec.zone != "battlefield":
            where = self._zone_phrase(rec.zone, rec.owner)
            self._say(f"{before} is {where}, not {self._zone_phrase('battlefield', '')}; "
                      "only a permanent can flip, so nothing happens.")
            return False
        if not copiable_card(rec.card, rec.status).is_flip_card:
            self._say(f"{before} is not a flip card; nothing happens.")
            return False
        if rec.status.flipped:
            self._say(f"{before} has already flipped; flipping it again does nothing.")
            return False
        self._set_status(rec, flipped=True, flipped_at=self._tick())
        self._say(f"{before} flips: it is now {self._characteristics(rec).name}.")
        self._check(keep)
        return True

    def move(
        self, obj: GameObject, to: str, *, flipped: bool = False,
        attach_to: GameObject | None = None, keep: Iterable[GameObject] = ()
    ) -> GameObject:
        """Move a card to another zone; it becomes a new object with no memory (508.4).

        On the battlefield it enters unflipped unless ``flipped=True``; an Aura may enter
        attached to ``attach_to``. Returns the handle.
        """
        rec = self._rec(obj)
        to = self.zone_name(to)
        if rec.zone is None:
            raise IllegalActionError(
                f"the token {rec.card.name} has ceased to exist; it cannot move")
        if flipped and to != "battlefield":
            raise IllegalActionError(f"a card can enter flipped only onto the battlefield, not "
                                     f"into a {to}")
        if attach_to is not None and to != "battlefield":
            raise IllegalActionError("only an Aura going onto the battlefield can be attached")
        self._zone_change(rec, to, flipped)
        if attach_to is not None:
            self._attach(rec, self._rec(attach_to))
        self._check(keep)
        return obj

    def _zone_change(self, rec: _Record, to: str, flipped: bool = False, why: str = "") -> None:
        last_known = self._characteristics(rec)
        before = last_known.name
        came_from = rec.zone
        old_ref = rec.ref
        rec.incarnation += 1
        rec.zone = to
        rec.order = self._tick()
        self._field = None
        self._tokens_left = self._tokens_left or (rec.token and to != "battlefield")
        rec.controller = rec.owner
        rec.status = Status()
        rec.cache = None
        # Effects aimed at the old object end with it (rule 400.7).
        self._effects = [e for e in self._effects
                         if e.target is None or self._records[e.target[0]].ref == e.target]
        if to == "battlefield":
            self._enter(rec, flipped)
        if came_from == "battlefield":
            source = "from play" if self.edition == "2004" else "from the battlefield"
        else:
            source = "from" + self._zone_phrase(came_from, rec.owner).removeprefix("in")
        into = self._zone_phrase(to, rec.owner, True)
        line = f"{before} is put {into} {source}"
        if flipped:
            line += ", flipped"
        after = self._characteristics(rec).name
        if after != before:
            line += f"; it is a new object: {after}"
        self._say(f"{why}{line}.")
        if came_from == "battlefield" and to == "graveyard" and "Creature" in last_known.types:
            self._creature_died(rec, old_ref, before)

    def tap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a permanent (flipped and tapped are separate statuses, rule 508.3)."""
        self._status_action(obj, "tap", tapped=True)
        self._check(keep)

    def untap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Untap a permanent."""
        self._status_action(obj, "untap", tapped=False)
        self._check(keep)

    def _status_action(self, obj: GameObject, verb: str, **changes: Any) -> _Record:
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(
                f"cannot {verb} {name}: it is {self._zone_phrase(rec.zone, rec.owner)}, "
                f"not {self._zone_phrase('battlefield', '')}")
        self._set_status(rec, **changes)
        self._say(f"{rec.controller} {verb}s {name}.")
        return rec

    def add_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                     keep: Iterable[GameObject] = ()) -> None:
        """Put ``n`` counters of ``kind`` (``"+1/+1"``, ``"-1/-1"``, ``"ki"``, …) on a permanent."""
        self._change_counters(obj, kind, _count(n))
        self._check(keep)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                        keep: Iterable[GameObject] = ()) -> None:
        """Remove up to ``n`` counters of ``kind`` from a permanent."""
        self._change_counters(obj, kind, -_count(n))
        self._check(keep)

    def _change_counters(self, obj: GameObject, kind: str, delta: int) -> None:
        rec = self._rec(obj)
        if not isinstance(kind, str) or not kind.strip():
            raise FlipCardsError(f"a counter kind must be a word such as '+1/+1', not {kind!r}")
        kind = kind.strip()
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"counters go on permanents; {name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        counts = dict(rec.status.counters)
        new = max(0, counts.get(kind, 0) + delta)
        changed = new - counts.get(kind, 0)
        counts[kind] = new
        self._set_status(rec, counters=tuple(sorted((k, v) for k, v in counts.items() if v)))
        noun = f"{kind} counter" + ("" if abs(changed) == 1 else "s")
        if delta >= 0:
            self._say(f"{abs(changed)} {noun} put on {name}.")
        else:
            self._say(f"{abs(changed)} {noun} removed from {name}.")

    def damage(self, obj: GameObject, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """Mark ``amount`` damage on a creature; lethal damage is checked right after."""
        rec = self._rec(obj)
        amount = _count(amount)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"damage is marked on permanents; {name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        self._set_status(rec, damage=rec.status.damage + amount)
        self._say(f"{amount} damage is marked on {name}.")
        self._check(keep)

    def add_effect(
        self,
        kind: str,
        affects: GameObject | Filter,
        *,
        label: str | None = None,
        keep: Iterable[GameObject] = (),
        **params: Any,
    ) -> Effect:
        """Start a continuous effect with a new timestamp (rule 613).

        Kinds: ``modify_pt`` and ``set_pt`` (``power``, ``toughness``), ``switch_pt``,
        ``add_keyword`` / ``remove_keyword`` (``keyword``), ``add_types`` (``supertypes``,
        ``types``, ``subtypes``), ``set_colors`` (``colors``). ``affects`` is one object (the
        effect ends when it leaves the battlefield) or a :class:`Filter`.
        """
        if kind not in EFFECT_KINDS:
            raise UnknownNameError("effect kind", str(kind), EFFECT_KINDS)
        layer, allowed = EFFECT_KINDS[kind]
        unknown = sorted(set(params) - set(allowed))
        if unknown:
            raise FlipCardsError(f"effect kind {kind!r} takes {list(allowed) or 'no parameters'}, "
                                 f"not {unknown}")
        values: dict[str, Any] = {}
        for p in allowed:
            if p in ("power", "toughness"):
                v = params.get(p, 0)
                if not isinstance(v, int) or isinstance(v, bool) or abs(v) > LIMIT:
                    raise FlipCardsError(f"{p} must be a whole number from -{LIMIT:,} to "
                                         f"{LIMIT:,}, not {v!r}")
                values[p] = v
            elif p == "keyword":
                v = params.get(p)
                if not isinstance(v, str) or not v.strip():
                    raise FlipCardsError(f"effect kind {kind!r} needs a keyword, e.g. 'Flying'")
                values[p] = v.strip()
            else:
                spec: dict[str, Any] = {p: params.get(p, [])}
                values[p] = getattr(Filter(**spec), p)
        if isinstance(affects, GameObject):
            rec = self._rec(affects)
            if rec.zone != "battlefield":
                raise IllegalActionError(f"effects here apply to permanents; "
                                         f"{self._characteristics(rec).name} is "
                                         f"{self._zone_phrase(rec.zone, rec.owner)}")
            target: tuple[int, int] | None = rec.ref
            filter_: Filter | None = None
            whom = self._characteristics(rec).name
        elif isinstance(affects, Filter):
            target, filter_ = None, affects
            if filter_.controller is not None:
                self._player(filter_.controller)
            whom = filter_.describe()
        else:
            raise FlipCardsError(f"affects must be an object or a Filter, not {affects!r}")
        label = label or f"effect {len(self._effects) + 1}"
        effect = Effect(label=label, kind=kind, layer=layer, timestamp=self._tick(),
                        filter=filter_, target=target, **values)
        self._effects = sorted([*self._effects, effect], key=lambda e: e.sort_key)
        self._effects_changed()
        self._say(f"Effect {label!r} ({_describe_effect(effect)}) starts to apply to {whom}.")
        self._check(keep)
        return effect

    def end_effect(self, effect: Effect, *, keep: Iterable[GameObject] = ()) -> None:
        """End a continuous effect."""
        if effect in self._effects:
            self._effects = [e for e in self._effects if e is not effect]
            self._effects_changed()
            self._say(f"Effect {effect.label!r} ends.")
        else:
            self._say(f"Effect {effect.label!r} has already ended.")
        self._check(keep)

    def _effects_changed(self) -> None:
        for rec in self._records.values():
            rec.cache = None

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The continuous effects that apply now, in layer and timestamp order."""
        return tuple(self._effects)

    def attach(self, aura: GameObject, to: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Attach an Aura on the battlefield to a permanent."""
        self._attach(self._rec(aura), self._rec(to))
        self._check(keep)

    def _attach(self, aura: _Record, target: _Record) -> None:
        aura_name = self._characteristics(aura).name
        if "Aura" not in self._characteristics(aura).subtypes:
            raise IllegalActionError(f"{aura_name} is not an Aura; only Auras are attached here")
        if aura.zone != "battlefield" or target.zone != "battlefield":
            raise IllegalActionError("both the Aura and what it enchants must be on the "
                                     "battlefield to attach")
        if aura is target:
            raise IllegalActionError(f"{aura_name} cannot be attached to itself")
        self._set_status(aura, attached_to=target.ref)
        self._say(f"{aura_name} is attached to {self._characteristics(target).name}.")

    def copy(self, obj: GameObject, *, controller: str | None = None,
             keep: Iterable[GameObject] = ()) -> GameObject:
        """A token that is a copy of ``obj`` enters the battlefield (rule 707.2).

        It copies the printed card (both halves), never the status: a copy of a flipped
        permanent is the normal, unflipped version and may flip later.
        """
        rec = self._rec(obj)
        copied = copiable_card(rec.card, rec.status)
        controller = self._player(controller if controller is not None else rec.controller)
        key = len(self._records) + 1
        token = _Record(key=key, card=copied, owner=controller, controller=controller,
                        zone="battlefield", token=True, incarnation=1, order=self._tick())
        self._records[key] = token
        self._field = None
        self._enter(token, False)
        self._say(f"{controller} creates a token that is a copy of "
                  f"{self._characteristics(rec).name}: {self._characteristics(token).name}.")
        self._check(keep)
        return self._handle(token)

    def become_copy(self, obj: GameObject, of: GameObject, *,
                    keep: Iterable[GameObject] = ()) -> None:
        """An existing permanent becomes a copy of another object (in any zone).

        2004: it gets the copied card's normal characteristics. Current rules (707.3): its own
        status applies to the copied values, so an already flipped permanent shows the flipped
        half of a copied flip card.
        """
        rec, source = self._rec(obj), self._rec(of)
        before = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"only a permanent can become a copy; {before} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        copied = copiable_card(source.card, source.status)
        self._set_status(rec, copy_of=copied, copied_at=self._tick())
        self._say(f"{before} becomes a copy of {self._characteristics(source).name}: "
                  f"it is now {self._characteristics(rec).name}.")
        self._check(keep)

    def search(self, zone: str, player: str, for_: Filter | None = None) -> list[GameObject]:
        """The objects in ``player``'s ``zone`` whose current characteristics match ``for_``.

        In the library a flip card has only its normal characteristics (508.2), so a search
        for a legendary card does not find a hero.
        """
        if for_ is not None and not isinstance(for_, Filter):
            raise FlipCardsError(f"search for a Filter, not {for_!r}")
        from ._characteristics import matches

        found = [
            o for o in self.objects(zone, player)
            if for_ is None or matches(for_, self._characteristics(o._record), o.controller)
        ]
        what = for_.describe().replace(" permanents", " cards") if for_ else "any card"
        names = ", ".join(o.name for o in found) or "nothing"
        self._say(f"{player} searches {player}'s {self.zone_name(zone)} for {what}: finds {names}.")
        return found

    def name_card(self, name: str) -> NamingResult:
        """Name a card: either half of a flip card is a legal choice (rule 710.5), but an
        object has that name only if its current name is it (a Bushi Tenderfoot in a library
        is not "Kenzo the Hardhearted")."""
        data = card(name)  # an unknown name raises, with suggestions
        exact = next((n for n in data.names if n.casefold() == " ".join(name.split()).casefold()),
                     None)
        legal = exact is not None
        chosen = exact or name
        found = tuple(
            self._handle(r) for r in sorted(self._records.values(), key=lambda r: r.order)
            if r.zone is not None and legal
            and self._characteristics(r).name.casefold() == chosen.casefold()
        )
        if legal:
            self._say(f"{self.players[0]} names {chosen}: {len(found)} object"
                      f"{'' if len(found) == 1 else 's'} with that name.")
        else:
            self._say(f"{name} is not a card name (name one half of the card); nothing is named.")
        return NamingResult(chosen, legal, found)

    # --- turns, spells, damage, life and cards: what heroic conditions look at ----------
    def life(self, player: str) -> int:
        """A player's life total (everyone starts at 20)."""
        return self._life[self._player(player)]

    def gain_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` gains ``amount`` life."""
        self._life[self._player(player)] += _count(amount)
        self._say(f"{player} gains {amount} life ({self._life[player]} life).")
        self._check(keep)

    def lose_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` loses ``amount`` life (losing the game is not modelled)."""
        self._life[self._player(player)] -= _count(amount)
        self._say(f"{player} loses {amount} life ({self._life[player]} life).")
        self._check(keep)

    def cast(self, spell: str | GameObject, player: str | None = None, *,
             decline: Iterable[GameObject] = (), keep: Iterable[GameObject] = ()) -> GameObject:
        """Cast a spell: a card from a hand, or a card by name (it starts in the caster's hand).

        Abilities that trigger on the cast (ki counters, Erayo) resolve first; then the spell
        resolves: a permanent spell enters the battlefield, an instant or sorcery goes to the
        graveyard (what the spell itself does is not modelled). ``decline`` lists permanents
        whose "may" abilities their controller declines.
        """
        if isinstance(spell, str):
            owner = self._player(player if player is not None else self.active_player)
            data = card(spell)
            key = len(self._records) + 1
            rec = _Record(key=key, card=data, owner=owner, controller=owner, zone="stack",
                          token=False, incarnation=1, order=self._tick())
            self._records[key] = rec
            self._field = None
        else:
            rec = self._rec(spell)
            if rec.zone != "hand":
                raise IllegalActionError(f"{self._characteristics(rec).name} is "
                                         f"{self._zone_phrase(rec.zone, rec.owner)}; a spell is "
                                         "cast from a hand")
            if player is not None and self._player(player) != rec.owner:
                raise IllegalActionError(f"{player} cannot cast a card from {rec.owner}'s hand")
            rec.zone, rec.incarnation, rec.order, rec.cache = "stack", rec.incarnation + 1, \
                self._tick(), None
        caster = rec.owner
        chars = self._characteristics(rec)
        self._spells_this_turn += 1
        number = self._spells_this_turn
        self._say(f"{caster} casts {chars.name} ({_ordinal(number)} spell this turn).")
        with self._declining(decline):
            self._event(_heroes.Event("cast", player=caster, ref=rec.ref,
                                      subtypes=chars.subtypes, number=number))
            self._check(keep)
            permanent = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker",
                         "Battle"} & set(chars.types)
            self._say(f"{chars.name} resolves.")
            self._zone_change(rec, "battlefield" if permanent else "graveyard")
            self._check(keep)
        return self._handle(rec)

    def deal_damage(self, source: GameObject, target: GameObject | str, amount: int, *,
                    keep: Iterable[GameObject] = ()) -> None:
        """``source`` deals ``amount`` damage to a permanent or to a player (by name).

        Damage to a player is life loss; damage to a permanent is marked on it. Who dealt
        damage to what is remembered until the turn ends (Bushi Tenderfoot, Initiate of Blood).
        """
        src = self._rec(source)
        amount = _count(amount)
        name = self._characteristics(src).name
        if isinstance(target, str):
            player = self._player(target)
            self._life[player] -= amount
            self._damage_this_turn.append((src.ref, player))
            self._say(f"{name} deals {amount} damage to {player} ({self._life[player]} life).")
            event = _heroes.Event("damage", player=player, source=src.ref, amount=amount)
        else:
            rec = self._rec(target)
            victim = self._characteristics(rec).name
            if rec.zone != "battlefield":
                raise IllegalActionError(f"damage is dealt to permanents or players; {victim} is "
                                         f"{self._zone_phrase(rec.zone, rec.owner)}")
            self._set_status(rec, damage=rec.status.damage + amount)
            self._damage_this_turn.append((src.ref, rec.ref))
            self._say(f"{name} deals {amount} damage to {victim}.")
            event = _heroes.Event("damage", ref=rec.ref, source=src.ref, amount=amount)
        self._event(event)
        self._check(keep)

    def draw(self, player: str, count: int = 1, *,
             keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """``player`` draws ``count`` cards from the top of their library (the card put there
        last). Drawing from an empty library draws nothing."""
        self._player(player)
        drawn = []
        for _ in range(_count(count)):
            library = self.objects("library", player)
            if not library:
                self._say(f"{player} has no card left to draw.")
                break
            rec = library[-1]._record
            rec.zone, rec.incarnation, rec.order, rec.cache = "hand", rec.incarnation + 1, \
                self._tick(), None
            drawn.append(self._handle(rec))
        if drawn:
            self._say(f"{player} draws {len(drawn)} card{'s' * (len(drawn) != 1)}.")
        self._check(keep)
        return drawn

    def discard(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Its owner discards a card from their hand."""
        rec = self._rec(obj)
        if rec.zone != "hand":
            raise IllegalActionError(f"only a card in a hand can be discarded; "
                                     f"{self._characteristics(rec).name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        self._say(f"{rec.owner} discards {self._characteristics(rec).name}.")
        self._zone_change(rec, "graveyard", why="")
        self._check(keep)

    def create_token(self, name: str, controller: str | None = None, *,
                     keep: Iterable[GameObject] = ()) -> GameObject:
        """Create a token by its kind, e.g. ``"Snake"`` (a 1/1 green Snake creature)."""
        data = token(name)
        controller = self._player(controller if controller is not None else self.active_player)
        key = len(self._records) + 1
        rec = _Record(key=key, card=data, owner=controller, controller=controller,
                      zone="battlefield", token=True, incarnation=1, order=self._tick())
        self._records[key] = rec
        self._field = None
        self._enter(rec, False)
        c = self._characteristics(rec)
        self._say(f"{controller} creates a {c.power}/{c.toughness} {data.name} token.")
        self._check(keep)
        return self._handle(rec)

    def reveal_hand(self, player: str) -> list[GameObject]:
        """``player`` reveals their hand; returns the cards in it."""
        hand = self.objects("hand", player)
        self._say(f"{player} reveals their hand: {', '.join(o.name for o in hand) or 'no cards'}.")
        return hand

    def activate(self, obj: GameObject, *, target: GameObject | str | None = None,
                 land: GameObject | None = None, discard: GameObject | None = None,
                 keep: Iterable[GameObject] = ()) -> None:
        """Activate the ability of a flip card's normal half that checks its flip condition.

        ``target`` is the ability's target (a card, a creature or a player's name); ``land``
        is the land card Budoka Gardener puts (optional); ``discard`` the card Nezumi
        Shortfang's target discards. Costs other than {T} (mana) are not modelled. The
        ability resolves at once; state-based actions and triggers wait until it has.
        """
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        ability = _heroes.ACTIVATED.get(name)
        if rec.zone != "battlefield":
            raise IllegalActionError(f"{name} is {self._zone_phrase(rec.zone, rec.owner)}; only "
                                     "a permanent's ability can be activated here")
        if ability is None:
            raise IllegalActionError(f"{name} has no activated ability that checks a flip "
                                     f"condition; these do: {', '.join(_heroes.ACTIVATED)}")
        self._say(f"{rec.controller} activates {possessive(name)} ability.")
        with self._no_state_checks():
            ability(self, self._handle(rec), {"target": target, "land": land, "discard": discard})
        self._check(keep)

    def end_step(self, *, decline: Iterable[GameObject] = (),
                 keep: Iterable[GameObject] = ()) -> None:
        """The end step of the current turn begins: "at the beginning of the end step"
        abilities trigger (Kitsune Mystic, the ki-counter cards, Kuon)."""
        self._say(f"The end step of {self.active_player}'s turn {self.turn} begins.")
        with self._declining(decline):
            self._event(_heroes.Event("end_step", player=self.active_player))
            self._check(keep)

    def next_turn(self, *, keep: Iterable[GameObject] = ()) -> None:
        """Cleanup, then the next player's turn: damage wears off, "this turn" is forgotten,
        and the new active player untaps their permanents."""
        for rec in self._battlefield():
            if rec.status.damage:
                self._set_status(rec, damage=0)
        self._spells_this_turn = 0
        self.creatures_died_this_turn = 0
        self._damage_this_turn.clear()
        self._watch_deaths.clear()
        index = self.players.index(self.active_player)
        self.active_player = self.players[(index + 1) % len(self.players)]
        self.turn += 1
        for rec in self._battlefield():
            if rec.controller == self.active_player and rec.status.tapped:
                self._set_status(rec, tapped=False)
        self._say(f"Turn {self.turn}: {self.active_player}'s turn. Damage has worn off and "
                  f"{self.active_player}'s permanents untap.")
        self._check(keep)

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The Auras attached to a permanent."""
        ref = self._rec(obj).ref
        return [self._handle(r) for r in self._battlefield()
                if r.status.attached_to == ref and "Aura" in self._characteristics(r).subtypes]

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """True if this object was dealt damage this turn (by any source)."""
        ref = self._rec(obj).ref
        return ref in {t for _, t in self._damage_this_turn} or self._rec(obj).status.damage > 0

    @property
    def spells_cast_this_turn(self) -> int:
        """How many spells have been cast this turn, by all players."""
        return self._spells_this_turn

    def _ref(self, obj: GameObject) -> tuple[int, int]:
        return self._rec(obj).ref

    def _tap_for_cost(self, obj: GameObject) -> None:
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.status.tapped:
            raise IllegalActionError(f"{name} is tapped; its ability needs it untapped ({{T}})")
        self._set_status(rec, tapped=True)
        self._say(f"{rec.controller} taps {name}.")

    def _delayed_on_death(self, target: GameObject, make: Callable[[], _heroes.Trigger]
                          ) -> None:
        self._watch_deaths.append((self._rec(target).ref, make))

    @contextmanager
    def _declining(self, decline: Iterable[GameObject]) -> Iterator[None]:
        self._declined = {self._rec(o).key for o in decline}
        try:
            yield
        finally:
            self._declined = set()

    def _creature_died(self, rec: _Record, old_ref: tuple[int, int], name: str) -> None:
        self.creatures_died_this_turn += 1
        damaged_by = frozenset(s for s, t in self._damage_this_turn if t == old_ref and s)
        for watched, make in self._watch_deaths:
            if watched == old_ref:
                self._queue(make())
        self._event(_heroes.Event("dies", ref=old_ref, name=name, damaged_by=damaged_by),
                    dying=rec)

    def _event(self, event: _heroes.Event, dying: _Record | None = None) -> None:
        """Offer an event to every permanent's triggered abilities, active player's first,
        then oldest first (the order in which they are put on the list)."""
        listeners = sorted(self._battlefield(),
                           key=lambda r: (r.controller != self.active_player, r.status.timestamp))
        if dying is not None:
            listeners.append(dying)  # "when this dies" looks back at the object as it was
        for rec in listeners:
            if rec is not dying and not _may_have(rec, _heroes.TRIGGERED):
                continue
            name = event.name if rec is dying else self._characteristics(rec).name
            ability = _heroes.TRIGGERED.get(name)
            if ability is not None:
                trigger = ability(self, self._handle(rec), event)
                if trigger is not None:
                    self._queue(trigger)

    def _queue(self, trigger: _heroes.Trigger) -> None:
        if trigger.follows_source:
            trigger.source_ref = self._ref(trigger.source)
        self._pending.append(trigger)
        self._say(f"{possessive(trigger.source.name)} ability triggers: {trigger.text}.")

    def _state_triggers(self) -> None:
        waiting = {t.source._key for t in self._pending if t.state}
        for rec in self._battlefield():
            if not _may_have(rec, _heroes.STATE_TRIGGERED):
                continue
            name = self._characteristics(rec).name
            if name not in _heroes.STATE_TRIGGERED or rec.key in waiting:
                continue
            me = self._handle(rec)
            condition, _ = _heroes.STATE_TRIGGERED[name]
            if condition(self, me):
                self._queue(_heroes.state_trigger(self, me, name))

    def _resolve(self, trigger: _heroes.Trigger) -> None:
        """Resolve one triggered ability (rule 608): re-check an intervening "if", honour a
        declined "may", and do nothing if the source became a new object."""
        me = trigger.source
        owner = self._rec(me).controller
        if trigger.follows_source and self._ref(me) != trigger.source_ref:
            self._say(f"{possessive(me.name)} ability does nothing: the permanent it refers "
                      f"to has left {self._zone_phrase('battlefield', '').split(' ', 1)[1]}.")
            return
        if trigger.condition is not None and not trigger.condition():
            self._say(f"{possessive(me.name)} ability does nothing: its condition no longer holds.")
            return
        if trigger.may and me._key in self._declined:
            self._say(f"{owner} chooses not to use {possessive(me.name)} ability.")
            return
        self._resolving = True
        try:
            trigger.resolve()
        finally:
            self._resolving = False

    # --- state-based actions ------------------------------------------------------------
    def _check(self, keep: Iterable[GameObject] = ()) -> None:
        """Perform state-based actions until none applies (rules 420 / 704)."""
        kept = {self._rec(k).key for k in keep}
        if self._checks_paused:
            return
        while True:
            while self._state_based_actions(kept):
                pass
            self._state_triggers()
            if self._resolving or not self._pending:
                return
            self._resolve(self._pending.pop(0))

    def _state_based_actions(self, kept: set[int]) -> bool:
        doomed: list[tuple[_Record, str]] = []
        gone: set[int] = set()

        def doom(r: _Record, why: str) -> None:
            if r.key not in gone:
                gone.add(r.key)
                doomed.append((r, why))

        field_ = self._battlefield()
        if self._tokens_left:
            self._tokens_left = False
            for rec in self._records.values():
                if rec.token and rec.zone not in ("battlefield", None):
                    rec.zone = None
                    rec.cache = None
                    self._say(f"The token {rec.card.name} ceases to exist.")
        current = self.edition == "current"
        for rec in field_:
            c = self._characteristics(rec)
            if c.toughness is not None and c.toughness <= 0:
                doom(rec, f"{c.name} has toughness {c.toughness}")
            elif c.toughness is not None and rec.status.damage >= c.toughness:
                doom(rec, f"{c.name} has lethal damage")
            if current and len(rec.status.counters) >= 2:
                plus, minus = rec.status.counter("+1/+1"), rec.status.counter("-1/-1")
                if plus and minus:  # rule 704.5q
                    n = min(plus, minus)
                    counts = dict(rec.status.counters)
                    counts["+1/+1"], counts["-1/-1"] = plus - n, minus - n
                    self._set_status(rec, counters=tuple(sorted(
                        (k, v) for k, v in counts.items() if v)))
                    self._say(f"{n} +1/+1 and -1/-1 counter pair{'s' if n > 1 else ''} "
                              f"removed from {self._characteristics(rec).name}.")
                    return True
        self._legend_rule(field_, kept, doom)
        for rec in field_:
            c = self._characteristics(rec)
            target = rec.status.attached_to
            if "Aura" in c.subtypes:
                host = self._records.get(target[0]) if target else None
                if host is None or host.ref != target or host.zone != "battlefield":
                    doom(rec, f"{c.name} is not attached to anything")
                elif "Creature" not in self._characteristics(host).types:
                    doom(rec, f"{c.name} can enchant only a creature, and "
                              f"{self._characteristics(host).name} is not one")
            elif target is not None:
                self._set_status(rec, attached_to=None)  # rule 704.5n: it becomes unattached
                self._say(f"{c.name} is no longer an Aura and becomes unattached.")
                return True
        said: set[str] = set()
        for rec, why in doomed:
            if why not in said:
                said.add(why)
                self._say(f"State-based action: {why}.")
            if rec.zone == "battlefield":
                self._zone_change(rec, "graveyard")
        return bool(doomed)

    def _legend_rule(self, field_: list[_Record], kept: set[int],
                     doom: Callable[[_Record, str], None]) -> None:
        groups: dict[tuple[str, ...], list[_Record]] = {}
        for rec in field_:
            c = self._characteristics(rec)
            if "Legendary" in c.supertypes:
                key: tuple[str, ...] = (
                    (c.name,) if self.edition == "2004" else (rec.controller, c.name))
                groups.setdefault(key, []).append(rec)
        for key, recs in groups.items():
            if len(recs) < 2:
                continue
            name = key[-1]
            if self.edition == "2004":
                # Rule 420.5e (2004): all of them go to their owners' graveyards.
                for rec in recs:
                    doom(rec, f"legend rule: {len(recs)} legendary permanents named {name} are "
                              "in play, so all of them go to their owners' graveyards")
                continue
            # Rule 704.5j: the controller chooses one to keep; by default the newest.
            chosen = [r for r in recs if r.key in kept]
            survivor = chosen[0] if chosen else max(recs, key=lambda r: r.status.timestamp)
            for rec in recs:
                if rec is not survivor:
                    doom(rec, f"legend rule: {rec.controller} controls {len(recs)} legendary "
                              f"permanents named {name}, keeps one and puts the rest into "
                              "the graveyard")

    @contextmanager
    def _no_state_checks(self) -> Iterator[None]:
        """Within a resolving ability, state-based actions wait until it has finished."""
        paused, self._checks_paused = self._checks_paused, True
        try:
            yield
        finally:
            self._checks_paused = paused

    # --- text ---------------------------------------------------------------------------
    def _describe(self, rec: _Record) -> str:
        c = self._characteristics(rec)
        parts = [f"{c.name} {c.mana_cost}".rstrip(), c.type_line]
        if c.power is not None:
            parts.append(f"{c.power}/{c.toughness}")
        status = []
        if rec.token:
            status.append("token")
        if rec.zone == "battlefield":
            s = rec.status
            if s.flipped:
                status.append("flipped")
            if s.tapped:
                status.append("tapped")
            for kind, n in s.counters:
                status.append(f"{n} {kind} counter{'' if n == 1 else 's'}")
            if s.damage:
                status.append(f"{s.damage} damage")
            host = GameObject(self, rec.key).attached_to
            if host is not None:
                status.append(f"attached to {host.name}")
            if rec.controller != rec.owner:
                status.append(f"owned by {rec.owner}")
        elif rec.zone is None:
            status.append("ceased to exist")
        else:
            status.append(self._zone_phrase(rec.zone, rec.owner))
        if status:
            parts.append(", ".join(status))
        return " · ".join(parts)

    def __str__(self) -> str:
        lines = [f"Game ({self.edition} rules), turn {self.turn}, "
                 f"{possessive(self.active_player)} turn"]
        for player in self.players:
            lines.append(f"{player} ({self._life[player]} life):")
            empty = True
            for zone in ZONES:
                objs = self.objects(zone, player)
                if not objs:
                    continue
                empty = False
                label = "in play" if zone == "battlefield" and self.edition == "2004" else zone
                lines.append(f"  {label}:")
                lines.extend(f"    {o}" for o in objs)
            if empty:
                lines.append("  (nothing)")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Game({self.edition!r}, players={list(self.players)!r})"


_MAY_HAVE: dict[tuple[int, int], bool] = {}


def _may_have(rec: _Record, abilities: dict[str, Any]) -> bool:
    """A quick test: could this permanent show a half that has one of these abilities?

    Remembered per (card, registry): card data is loaded once and never changes.
    """
    copiable = rec.status.copy_of or rec.card
    key = (id(copiable), id(abilities))
    known = _MAY_HAVE.get(key)
    if known is None:
        known = _MAY_HAVE[key] = any(name in abilities for name in copiable.names)
    return known


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


LIMIT = 1_000_000  # counts, damage, life and P/T changes stay within ± this


def _count(n: object) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= LIMIT:
        raise FlipCardsError(f"a count must be a whole number from 0 to {LIMIT:,}, not {n!r}")
    return n


def _bad_name(name: object) -> CardData:
    raise FlipCardsError(f"a card name must be a string, not {name!r}")


def _describe_effect(effect: Effect) -> str:
    k = effect.kind
    if k in ("modify_pt", "set_pt"):
        sign = "" if k == "set_pt" else "+"
        p = f"{sign}{effect.power}" if effect.power >= 0 or not sign else str(effect.power)
        t = f"{sign}{effect.toughness}" if effect.toughness >= 0 or not sign else str(
            effect.toughness)
        return f"{'base P/T ' if k == 'set_pt' else ''}{p}/{t}"
    if k == "switch_pt":
        return "switch P/T"
    if k in ("add_keyword", "remove_keyword"):
        return f"{'gains' if k == 'add_keyword' else 'loses'} {effect.keyword}"
    if k == "set_colors":
        return f"becomes {'/'.join(effect.colors) or 'colorless'}"
    return "is also " + " ".join(effect.supertypes + effect.types + effect.subtypes)
