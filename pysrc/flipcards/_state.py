"""The state of a game: players, records of cards, effects, the log, and how it is read.

:class:`GameState` holds what every part of the engine shares, and the queries they all
make (an object's characteristics, the permanents, the effects in layer order, the log).
The rules themselves are in parts, one module each, that :class:`~flipcards.Game` owns and
delegates its actions to:

- ``_zones.Zones``: zones and zone changes (rule 400), putting cards in, drawing, copying
  (707), searching and naming;
- ``_actions.Actions``: flipping (508), status, counters, damage (120), effects (613),
  copies (707), life, mana, spells (601) and activated abilities (602);
- ``_sba.StateBasedActions``: state-based actions (704; 2004: 420);
- ``_stack.Stack``: events, triggered abilities (603), the stack (405, 608) and priority;
- ``_turns.Turns``: the end step and the next turn (500s);
- ``_combat.Combat``: the combat phase (506 to 511): attackers, blockers, combat damage;
- ``_game``: :class:`~flipcards.Game`, the facade that makes the parts and wires them.

The cards' abilities (:mod:`flipcards.cards`) see none of this: they act through
``_card_rules.CardRules``, which the engine gives them as a ``GameRules`` wrapping the game.

How the parts reach each other. Each part is made with the game it acts on and reads the
shared state from it; no part inherits from another, and no method is declared in one module
to be given its body in another. What an action hands on when it has done something the
rest of the rules must answer (the action's end, events, deaths, what goes on the stack)
goes to ``game._engine``, an :class:`Engine` (described below), which the game's ``Stack``
implements: ``_zones`` needs nothing more, and is handed only this state. The other parts
call the game's public actions where an action is made of others (so that each is checked
as the reader's would be), and another part's own steps through the part that owns them
(``game._zones._zone_change``, ``game._actions._deal``). What the turn adds to the stack's
work is handed to the ``Stack`` as the game makes it: before a player would receive
priority, combat removes the creatures that left it; after each action the upkeep may end.

Which part holds what: the ``Stack`` holds what waits on the stack, the abilities waiting
to be put on it, whether priority is held and the step's choices (legends kept, "may"
abilities declined); ``Combat`` the combat going on and the divisions of damage; the game
the rest, which several parts read: the records and effects, the log, the turn, life and
mana, what happened this turn, and whether an action is part of a bigger one (``_depth``,
which every part's actions raise while they act).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from typing import Any, NamedTuple, Protocol

from . import cards
from ._cards import CardData, possessive
from ._characteristics import (
    Characteristics,
    Dependencies,
    compute,
    dependencies,
    face,
    printed,
)
from ._effects import Effect, canonical
from ._errors import FlipCardsError, IllegalActionError, UnknownNameError
from ._events import Event, StackItem
from ._objects import GameObject, Left, LogEntry, Record, Ref

__all__ = ["COSTS", "EDITIONS", "MANA_SYMBOLS", "ZONES", "Engine", "GameState"]

EDITIONS = ("2004", "current")
COSTS = ("assumed", "paid")
MANA_SYMBOLS = ("W", "U", "B", "R", "G", "C")
ZONES = ("library", "hand", "battlefield", "graveyard", "exile")
#: Why a player lost (:attr:`Game.lost`): 0 or less life (704.5a; 2004: 420.5a), a draw from an
#: empty library (704.5b; 2004: 420.5b), a concession (104.3a).
LOST_LIFE, LOST_DRAW, CONCEDED = "0 or less life", "drew from an empty library", "conceded"
LOSS_REASONS = (LOST_LIFE, LOST_DRAW, CONCEDED)
ZONE_ALIASES = {"play": "battlefield", "in play": "battlefield", "in-play": "battlefield",
                 "removed from the game": "exile", "removed-from-the-game": "exile"}


class Engine(Protocol):
    """What the parts below the stack (zones, actions, state-based actions) call when an action
    has done something the rest of the rules must answer: the game's :class:`~._stack.Stack`
    implements it, and the game holds it as ``_engine``. A reader of ``_zones`` sees every
    call leave through ``self._engine``, and finds here what each does."""

    #: What waits on the stack, bottom first (the ``Stack`` holds it; ``game.stack`` shows it
    #: top first).
    items: list[StackItem]
    #: Abilities that have triggered and wait to be put on the stack (603.3).
    triggered: list[StackItem]

    def check(self, keep: Iterable[GameObject] = ()) -> None:
        """After an action: unless it is part of a bigger one, state-based actions, triggers
        onto the stack, the stack resolving unless priority is held (rule 704.3, 405)."""
        ...

    def push(self, item: StackItem) -> None:
        """Put a spell or an activated ability on the stack (rules 601.2a, 602.2a)."""
        ...

    def holding_priority(self) -> AbstractContextManager[None]:
        """Within this block nothing resolves: what waits on the stack goes on waiting."""
        ...

    def event(self, event: Event, dying: Record | None = None,
               together: Sequence[Left] = ()) -> None:
        """Offer an event to the triggered abilities of the permanents (and of those that left
        in the same event, `together`, looking back)."""
        ...

    def creature_died(self, rec: Record, old_ref: Ref, name: str, controller: str,
                       abilities: bool = True, together: Sequence[Left] = ()) -> None:
        """A creature went from the battlefield to a graveyard (it "died"); ``abilities``:
        it still had its printed abilities as it left (its "when this dies" ones trigger);
        ``together``: what left the battlefield in the same event."""
        ...


class GameState:
    """Players, records and effects, and the queries every part of the engine shares."""

    #: Where the parts hand what an action did: triggers, the stack, the end of the action
    #: (:class:`Engine`). :class:`~flipcards.Game` gives it its ``Stack`` as it is made.
    _engine: Engine

    def __init__(self, edition: str = "current", players: Sequence[str] = ("Alice", "Bob"), *,
                 costs: str = "assumed") -> None:
        if edition not in EDITIONS:
            raise UnknownNameError("rules edition", str(edition), EDITIONS,
                                   ": the editions are '2004' (the rules this site quotes) and "
                                   "'current' (today's rules)")
        if isinstance(players, str):
            raise FlipCardsError(f"players must be a list of names, not one text {players!r}: "
                                 f"Game(players=[{players!r}, ...])", argument="players")
        players = tuple(players)
        if not players or not all(isinstance(p, str) and p for p in players):
            raise FlipCardsError("players must be a non-empty list of names")
        if len(set(players)) != len(players):
            raise FlipCardsError(f"player names must be different, got {list(players)}")
        if len(players) < 2:
            raise FlipCardsError("a game has two or more players, "
                                 f"got only {players[0]!r}", argument="players")
        if costs not in COSTS:
            raise UnknownNameError("way of paying costs", str(costs), COSTS)
        self.edition = edition
        #: ``"assumed"``: mana costs are taken as paid (examples that never mention mana);
        #: ``"paid"``: they are paid from the mana pool, and an action whose cost cannot be
        #: paid is refused, and spells other than instants are cast only when the rules allow.
        self.costs = costs
        self.players: tuple[str, ...] = players
        self.log: list[str] = []
        #: The same lines as data (:class:`~flipcards._objects.LogEntry`): kind, rule, and
        #: the objects and players each is about.
        self.entries: list[LogEntry] = []
        self._records: dict[int, Record] = {}
        self._effects: list[Effect] = []
        self._clock = 0
        # Turn structure and what happened this turn (heroic conditions look at these).
        self.turn = 1
        self.active_player = players[0]
        self._life = dict.fromkeys(players, 20)
        self._spells_this_turn = 0
        self.creatures_died_this_turn = 0
        self._damage_this_turn: list[tuple[Ref | None, Ref | str]] = []
        self._watch_deaths: list[tuple[Ref, Callable[[], StackItem]]] = []
        # Permanents leaving the battlefield in one event (state-based actions), gathered so
        # that the abilities of each see the others leave (603.10a); None outside such an event.
        self._leaving_together: list[Left] | None = None
        # While a permanent that left looks back: the object it was, by its key (see _ref).
        self._looking_back: dict[int, Ref] = {}
        # Each object that changed zones as it last was there, and its controller then: its
        # last known information (113.7a), for what its abilities still do once it has left.
        self._last_known: dict[Ref, tuple[Characteristics, str]] = {}
        # Permanents whose state trigger (603.8) resolved without flipping them although they
        # stayed: it would trigger again forever (see Actions._endless_state_trigger).
        self._endless: set[Ref] = set()
        # While > 0, an action is part of something bigger (an ability resolving, a cost being
        # paid): state-based actions wait until it has finished (rule 704.3).
        self._depth = 0
        self._field: list[Record] | None = None    # see _battlefield()
        # Static abilities of the permanents, as effects (recomputed when the battlefield, a
        # flip, a copy effect or control changes), and all effects in layer order.
        self._statics: list[Effect] | None = []
        self._last_statics: list[Effect] = []
        self._layered: list[Effect] = []
        # Where in it an effect may depend on another (613.8; see dependencies()).
        self._dependent: Dependencies | None = None
        self._spells_by_player: dict[str, int] = dict.fromkeys(players, 0)
        self._lands_played: dict[str, int] = {}     # this turn, by player (305.2)
        self._shields: list[Ref] = []             # Kaiso: all damage to it prevented this turn
        self._control: list[tuple[Ref, str, str, bool]] = []   # (object, to, from, until EOT)
        # Copy effects that last until end of turn (Cytoshape): (object, the copy effect's
        # timestamp, what it was a copy of before and since when).
        # (the permanent, the copy effect's timestamp, what it was a copy of before and since
        # when, its name before)
        self._copies_until_end_of_turn: list[tuple[Ref, int, CardData | None, int, str]] = []
        # What a Clone or Spark Double entering while the stack resolves copies (resolve()).
        self._copy_choice: CopyChoice | None = None
        # Epic spells: their caster, the card, what a copy of it does and what it chooses then.
        self._epics: list[tuple[str, GameObject, Callable[[StackItem], object], str]] = []
        self._sacrifice_choice: list[GameObject] = []
        # The turn whose end step has begun (one end step a turn, 513.1).
        self._end_step_turn = 0
        # The turn in which each player's most recent turn began (302.6), 0 before their first.
        self._turn_began: dict[str, int] = {p: 0 for p in players}
        self._turn_began[players[0]] = 1
        # Players who have lost the game, each with why (704.5a-b; 2004: 420.5a-b), and those
        # who attempted to draw from an empty library since state-based actions were checked.
        self._lost: dict[str, str] = {}
        # Why the game ended as a draw with no player losing (a loop of mandatory actions,
        # 104.4b), or None.
        self._drawn: str | None = None
        self._drew_from_empty: set[str] = set()
        self._acting = 0          # how many of the model's actions are running (see Game)
        self._first_new = 1       # the key of the first object the last action made
        #: What a permanent's description adds about combat (attacking, blocking):
        #: :class:`~flipcards.Game` gives it its ``Combat``'s.
        self._in_combat: Callable[[Record, str], str] = lambda rec, text: text
        self._pool: dict[str, dict[str, int]] = {p: dict.fromkeys(MANA_SYMBOLS, 0)
                                                 for p in players}
        # What the turn is in: "upkeep", "draw", "main", "combat", "end" or "cleanup".
        self.step = "main"
        # Whether this turn's draw step is still to come once the upkeep ends (next_turn's
        # draw_step); without it the turn goes from the upkeep to the main phase.
        self._draw_step_to_come = False
        self._able_cache: dict[int, tuple[list[Record], list[Record]]] = {}  # see _able
        self._tokens_left = False                  # a token left: it ceases to exist

    # --- words --------------------------------------------------------------------------
    @property
    def battlefield_words(self) -> str:
        """How text of this edition calls the battlefield: ``"play"`` in 2004."""
        return "play" if self.edition == "2004" else "the battlefield"

    def _wording(self, today: str, in_2004: str) -> str:
        """The edition's words for one thing: 2004 text had no "dies" (a creature "is put
        into a graveyard from play") and no "create" (a token is "put into play")."""
        return in_2004 if self.edition == "2004" else today

    @property
    def _sba_words(self) -> str:
        """How the log heads what a state-based check did: 2004 called them state-based
        effects (2004 CR 420), today's rules state-based actions (704)."""
        return self._wording("State-based action", "State-based effect")

    @property
    def _beginning_step(self) -> str:
        """The upkeep or the draw step in words if the turn is in one, else ``""``: the steps
        that end by themselves once the stack is empty and no one holds priority."""
        return {"upkeep": "upkeep", "draw": "draw step"}.get(self.step, "")

    def _today(self, number: str) -> str:
        """A rule of today's rules cited by its number: ``"rule 120.8"``, and in a 2004 game
        ``"today's rule 120.8"`` (its 2004 number is not the same, or there was none)."""
        return ("today's rule " if self.edition == "2004" else "rule ") + number

    @property
    def _leaving_cite(self) -> str:
        """Where the rules say a player who lost a multiplayer game leaves it: rule 800.4a
        today; the 2004 number is not in what we have."""
        return "rule 800.4a" if self.edition == "current" else "the multiplayer rules"

    def _only_in(self, rec: Record, zone: str, what: str) -> None:
        """Refuse an action on ``rec`` unless it is in ``zone``: ``what`` says what may be
        acted on ("only a permanent can be destroyed"), and the error where it is instead."""
        if rec.zone != zone:
            raise IllegalActionError(f"{what}; {self._characteristics(rec).name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")

    def _zone_phrase(self, zone: str | None, owner: str, into: bool = False) -> str:
        if zone == "battlefield":
            if self.edition == "2004":
                return "into play" if into else "in play"
            return "onto the battlefield" if into else "on the battlefield"
        if zone is None:
            return "no longer in the game"
        if zone == "exile" and self.edition == "2004":
            # Exile was named in 2009; the 2004 rules call it the removed-from-the-game zone.
            return f"{'into' if into else 'in'} the removed-from-the-game zone"
        if zone == "stack":
            return "onto the stack" if into else "on the stack"
        if zone == "exile":
            return "into exile" if into else "in exile"
        return f"{'into' if into else 'in'} {owner}'s {zone}"

    def _say(self, line: str, kind: str = "", rule: str = "",
             about: Iterable[GameObject | str] = (), **facts: Any) -> None:
        """Add a line to the log, with what it is as data (see ``LogEntry``)."""
        self.log.append(line)
        self.entries.append(LogEntry(line, kind, rule, tuple(about), **facts))

    def _unsay(self, count: int) -> None:
        """Forget the log's lines after the first ``count`` (an action that was undone)."""
        del self.log[count:]
        del self.entries[count:]

    # --- lookup -------------------------------------------------------------------------
    def _tick(self) -> int:
        self._clock += 1
        return self._clock

    def _player(self, name: str) -> str:
        if name not in self.players:
            raise UnknownNameError("player", str(name), self.players)
        return name

    def _gone(self, rec: Record) -> str:
        """Why an object whose zone is none is not there: a token that left the battlefield
        ceased to exist (111.7); a card left the game with its owner, who lost (800.4a)."""
        if rec.token:
            return (f"the token {rec.card.name} has ceased to exist "
                    f"({self._today('111.7')})")
        return (f"{rec.card.name} has left the game with {rec.owner}, who lost "
                f"({self._leaving_cite})")

    def _in_game(self, name: str, argument: str | None = None, *, then: str = "") -> str:
        """``name``, a player still in the game: one who has lost a multiplayer game has left
        it, and nothing more happens to them (800.4a); they take no action, and are no
        target. ``then``: what the message says after (what to do instead)."""
        name = self._player(name)
        if name in self._lost:
            raise IllegalActionError(f"{name} has lost the game and left it "
                                     f"({self._leaving_cite}){then}",
                                     argument=argument)
        return name

    @staticmethod
    def zone_name(zone: str) -> str:
        """The canonical zone name; ``"play"``/``"in play"`` mean the battlefield, and
        ``"removed from the game"`` exile (the 2004 words)."""
        if not isinstance(zone, str):
            raise FlipCardsError(f"a zone must be a name, not {zone!r}")
        zone = ZONE_ALIASES.get(zone.casefold(), zone)
        return canonical(zone, ZONES, "zone")

    def _rec(self, obj: GameObject) -> Record:
        if not isinstance(obj, GameObject) or obj._game is not self:
            hint = (": an action takes the object that game.put (or another action) returned "
                    "(card = game.put(...), then card), not a name" if isinstance(obj, str)
                    else "")
            raise FlipCardsError(f"{obj!r} is not an object of this game{hint}")
        return obj._record

    def _objects(self, value: object, argument: str) -> tuple[GameObject, ...]:
        """``value``, an argument that lists objects of this game (``decline=[bears]``), as
        a tuple; anything else is refused, naming the argument."""
        if isinstance(value, (str, bytes, GameObject, Mapping)) or not isinstance(value, Iterable):
            raise FlipCardsError(f"{argument} takes a list of objects of this game, such as "
                                 f"[bears], not {value!r}", argument=argument)
        listed = tuple(value)
        for obj in listed:
            if not isinstance(obj, GameObject) or obj._game is not self:
                raise FlipCardsError(f"{argument} lists objects of this game, such as [bears]; "
                                     f"{obj!r} is not one", argument=argument)
        return listed

    def _object(self, value: object, argument: str) -> GameObject | None:
        """``value``, an argument that is one object of this game or None."""
        if value is not None and (not isinstance(value, GameObject) or value._game is not self):
            raise FlipCardsError(f"{argument} takes an object of this game, not {value!r}",
                                 argument=argument)
        return value

    @staticmethod
    def _flag(value: object, argument: str) -> bool:
        """``value``, an argument that is true or false (``flipped=True``)."""
        if not isinstance(value, bool):
            raise FlipCardsError(f"{argument} is True or False, not {value!r}",
                                 argument=argument)
        return value

    def _ref(self, obj: GameObject) -> Ref:
        rec = self._rec(obj)
        return self._looking_back.get(rec.key, rec.ref)

    def _characteristics(self, rec: Record) -> Characteristics:
        if self._statics is None:
            self._all_effects()       # static abilities may have changed: caches are checked
        if rec.cache is None:
            if rec.zone == "battlefield":
                rec.cache = compute(rec.card, rec.status, self.edition, rec.controller, rec.ref,
                                    self._all_effects(), self._dependent)
            else:
                rec.cache = printed(rec.card, rec.status, self.edition)
        return rec.cache

    def _printed_abilities(self, rec: Record) -> str:
        """The name of the half whose printed triggered, activated and static abilities the
        object has now (the abilities are registered by half name), or ``""`` if an effect
        removed all its abilities (layer 6, rule 613.1f): then none of them exists."""
        c = self._characteristics(rec)
        return "" if c.lost_abilities else c.name

    def _may_have(self, abilities: Mapping[str, object]) -> list[GameObject]:
        """:meth:`_able` as objects, for the abilities' own code (oldest first)."""
        return [self._handle(rec) for rec in self._able(abilities)]

    def _ability_name(self, obj: GameObject) -> str:
        """:meth:`_printed_abilities` of an object, for the abilities' own code."""
        return self._printed_abilities(self._rec(obj))

    def _set_status(self, rec: Record, **changes: Any) -> None:
        rec.status = rec.status.but(**changes)
        if not _SHAPING.isdisjoint(changes):
            rec.cache = None
        if "flipped" in changes or "copy_of" in changes or "attached_to" in changes:
            self._battlefield_changed()   # it may show another half, with other abilities

    def _battlefield_changed(self) -> None:
        """Something entered, left, flipped, became a copy or changed control."""
        self._field = None
        self._statics = None

    def _all_effects(self) -> list[Effect]:
        """Every continuous effect in layer and timestamp order: those started by actions and
        those of the permanents' static abilities (604.1, 613)."""
        if self._statics is None:
            statics = self._static_effects()
            if statics != self._last_statics:
                for rec in self._records.values():
                    rec.cache = None
            self._statics = self._last_statics = statics
            self._layered = sorted([*self._effects, *statics], key=lambda e: e.sort_key)
            self._dependent = dependencies(self._layered)
        return self._layered

    def _static_effects(self) -> list[Effect]:
        """The effects of the static abilities of the permanents: their cards' records say
        what each half's static abilities (and an Aura's on what it enchants) do."""
        found: list[Effect] = []

        def blanked(rec: Record, removing: list[Effect]) -> bool:
            """Whether the permanent has lost all its abilities (layer 6) to ``removing``."""
            return bool(removing) and compute(rec.card, rec.status, self.edition,
                                              rec.controller, rec.ref, removing).lost_abilities

        # A permanent that lost all its abilities (layer 6) has no static ability either. What
        # removes an Aura's is an effect started by an action (an Aura enchants only
        # creatures here, and the static abilities below only add keywords and P/T).
        started = sorted(self._effects, key=lambda e: e.sort_key)
        if not any(e.kind == "remove_all_abilities" for e in started):
            started = []
        for rec in self._able(cards.having("aura_static")):
            half = face(rec.card, rec.status, self.edition)
            host = rec.status.attached_to
            aura_static = cards.record(half.name).aura_static
            if aura_static is not None and host is not None and not blanked(rec, started):
                found.extend(aura_static(half.name, host, rec.status.timestamp))
        # The other permanents' can also be removed by the Auras' above.
        removing = [*self._effects, *found]
        if not any(e.kind == "remove_all_abilities" for e in removing):
            removing = []
        removing.sort(key=lambda e: e.sort_key)
        # An effect from a static ability has its source's timestamp (613.7a).
        for rec in self._able(cards.having("static")):
            half = face(rec.card, rec.status, self.edition)
            static = cards.record(half.name).static
            if static is not None and not blanked(rec, removing):
                found.extend(static(half.name, rec.controller, rec.status.timestamp))
        return found

    def _handle(self, rec: Record) -> GameObject:
        return GameObject(self, rec.key)

    def _new_record(self, card: Any, owner: str, controller: str, zone: str, *,
                    token: bool = False) -> Record:
        key = len(self._records) + 1
        rec = Record(key=key, card=card, owner=owner, controller=controller, zone=zone,
                     token=token, incarnation=1, order=self._tick())
        self._records[key] = rec
        self._battlefield_changed()
        return rec

    def objects(self, zone: str | None = None, player: str | None = None) -> list[GameObject]:
        """Objects in a zone (all zones if ``None``), oldest first; ``player`` is the owner,
        or on the battlefield the controller."""
        zone = None if zone is None else self.zone_name(zone)
        if player is not None:
            self._player(player)
        found = []
        records = self._battlefield() if zone == "battlefield" else sorted(
            self._records.values(), key=lambda r: r.order)
        for rec in records:
            if rec.zone is None or rec.zone == "stack" or (zone is not None and rec.zone != zone):
                continue
            whose = rec.controller if rec.zone == "battlefield" else rec.owner
            if player is None or whose == player:
                found.append(self._handle(rec))
        return found

    def _whose(self, rec: Record, name: str) -> str:
        """``name``, the name of the permanent ``rec``, with its controller's when another
        player controls a permanent of that name too ("Bob's Bushi Tenderfoot"): the log
        then says whose ability triggers and whose card flips (603.3b orders them by player)."""
        if rec.zone != "battlefield" or not any(
                other.controller != rec.controller and self._characteristics(other).name == name
                for other in self._battlefield() if other is not rec):
            return name
        return f"{possessive(rec.controller)} {name}"

    def _battlefield(self) -> list[Record]:
        """Permanents, oldest first (cached until something enters or leaves)."""
        if self._field is None:
            self._field = sorted((r for r in self._records.values() if r.zone == "battlefield"),
                                 key=lambda r: r.order)
        return self._field

    def _able(self, abilities: Mapping[str, object]) -> list[Record]:
        """The permanents that could show a half with one of these abilities, oldest first
        (remembered until a permanent enters, leaves or becomes a copy)."""
        field_ = self._battlefield()
        known = self._able_cache.get(id(abilities))
        if known is not None and known[0] is field_:
            return known[1]
        # One pass over the battlefield answers for every registry asked about so far (the
        # triggered, static, Aura and state-trigger abilities are all asked about after each
        # change). What a card could show is remembered per card: card data is loaded once and
        # never changes.
        _REGISTRIES.setdefault(id(abilities), abilities)
        lists: dict[int, list[Record]] = {key: [] for key in _REGISTRIES}
        version = len(_REGISTRIES)
        for r in field_:
            copiable = r.status.copy_of or r.card
            shows = _SHOWS.get(id(copiable))
            if shows is None or shows[0] != version:
                shows = _SHOWS[id(copiable)] = (version, tuple(
                    key for key, registry in _REGISTRIES.items()
                    if any(name in registry for name in copiable.names)))
            for key in shows[1]:
                lists[key].append(r)
        for key, able in lists.items():
            self._able_cache[key] = (field_, able)
        return lists[id(abilities)]

    def life(self, player: str) -> int:
        """A player's life total (everyone starts at 20)."""
        return self._life[self._player(player)]

    @property
    def created(self) -> tuple[GameObject, ...]:
        """The objects that came into being during the last action, in the order they were
        made: the card :meth:`put` put, and what spells and abilities made as they resolved
        (Dokai's Elemental, an epic spell's copy). A card moving between zones is not new."""
        return tuple(self._handle(rec) for key, rec in self._records.items()
                     if key >= self._first_new)

    @property
    def lost(self) -> dict[str, str]:
        """The players who have lost the game, each with why: ``"0 or less life"`` (rule
        704.5a; 2004: 420.5a), ``"drew from an empty library"`` (704.5b; 2004: 420.5b) or
        ``"conceded"`` (104.3a)."""
        return dict(self._lost)

    @property
    def over(self) -> bool:
        """Whether the game has ended: a player lost and at most one is left (rule 104.2a),
        every player lost at once (a draw, 104.4a), or a loop of mandatory actions no player
        can stop made it a draw (104.4b). Then no action can be taken."""
        return self._drawn is not None or (
            bool(self._lost) and len(self.players) - len(self._lost) <= 1)

    def _next_player(self, after: str) -> str:
        """The player after ``after`` in turn order who is still in the game (a player who
        has lost a multiplayer game has left it: 800.4a)."""
        index = self.players.index(after)
        for step in range(1, len(self.players) + 1):
            player = self.players[(index + step) % len(self.players)]
            if player not in self._lost:
                return player
        return after

    @property
    def winner(self) -> str | None:
        """The player who won, once the game is over (``None`` for a draw or a game going
        on)."""
        left = [p for p in self.players if p not in self._lost]
        return left[0] if self.over and self._drawn is None and len(left) == 1 else None

    @property
    def outcome(self) -> str | None:
        """How the game ended, in words (``None`` while it goes on)."""
        if not self.over:
            return None
        if self._drawn is not None:
            return f"it is a draw ({self._drawn})"
        losers = "; ".join(f"{p} lost ({why})" for p, why in self._lost.items())
        return losers + (f", and {self.winner} won" if self.winner else ": a draw")

    @property
    def effects(self) -> tuple[Effect, ...]:
        """The continuous effects that apply now, in layer and timestamp order, the static
        abilities of permanents included (their label is the half that has the ability)."""
        return tuple(self._all_effects())

    def mana_pool(self, player: str) -> dict[str, int]:
        """The mana in ``player``'s pool, by symbol (W U B R G, C for colorless)."""
        return {k: v for k, v in self._pool[self._player(player)].items() if v}

    @property
    def stack(self) -> tuple[StackItem, ...]:
        """What waits on the stack, **top first**: ``stack[0]`` resolves next (rule 405)."""
        return tuple(reversed(self._engine.items))

    # --- text ---------------------------------------------------------------------------
    def _describe(self, rec: Record) -> str:
        """What ``str(obj)`` shows: name, cost, type line, P/T, status, then what the permanent
        does in combat (``_in_combat``)."""
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
            status.append("ceased to exist" if rec.token else "left the game")
        else:
            status.append(self._zone_phrase(rec.zone, rec.owner))
        if status:
            parts.append(", ".join(status))
        return self._in_combat(rec, " · ".join(parts))

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
                # The 2004 words for the zones: "in play", "removed from the game".
                label = {"battlefield": "in play", "exile": "removed from the game"}.get(
                    zone, zone) if self.edition == "2004" else zone
                lines.append(f"  {label}:")
                lines.extend(f"    {o}" for o in objs)
            if empty:
                lines.append("  (nothing)")
        if self._engine.items:
            lines.append("The stack (top first):")
            lines.extend(f"  {item.named}: {item.text}"
                         + (f" ({item.does})" if item.does else "")
                         + (f", {item.target_words}" if item.targets else "")
                         + f" ({item.controller})" for item in self.stack)
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Game({self.edition!r}, players={list(self.players)!r})"

    @contextmanager
    def _one_action(self) -> Iterator[None]:
        """The actions within are parts of one bigger action (an ability resolving, costs
        being paid): state-based actions and triggers wait for its end (rule 704.3)."""
        self._depth += 1
        try:
            yield
        finally:
            self._depth -= 1

    @contextmanager
    def _entering_as_copy(self, copying: GameObject | None, *, now: bool = False
                          ) -> Iterator[None]:
        """Within this block, a Clone or Spark Double entering the battlefield enters as a
        copy of ``copying`` (the choice it makes as it enters, 614.1c). ``now``: the one
        object that resolves is what puts it there, so the choice is made as it enters."""
        self._copy_choice = None if copying is None else CopyChoice(copying, now)
        try:
            yield
        finally:
            self._copy_choice = None

    def _delayed_on_death(self, target: GameObject, make: Callable[[], StackItem]) -> None:
        """A delayed triggered ability "when that creature dies this turn" (603.7): it watches
        that object, not the card, until the turn ends."""
        self._watch_deaths.append((self._ref(target), make))


class CopyChoice(NamedTuple):
    """What a Clone or Spark Double entering while the stack resolves copies, and whether
    that choice is made as it enters (``now``: one it may not make is refused) rather than
    ahead of the objects that resolve first (then it enters as itself)."""
    copying: GameObject
    now: bool


#: The parts of a permanent's status its characteristics are computed from (``compute``,
#: ``printed``): damage, tapping, attachment and the like leave them as they were.
_SHAPING = frozenset({"flipped", "flipped_at", "counters", "copy_of", "copied_at"})

#: The registries of abilities ``_able`` has been asked about, by id (module constants).
_REGISTRIES: dict[int, Mapping[str, object]] = {}

#: id(card) -> (how many registries there were, the ids of those with one of its halves).
_SHOWS: dict[int, tuple[int, tuple[int, ...]]] = {}

