"""What a card's abilities may do to the game, and what a player chose for them.

The cards' records (:mod:`flipcards.cards`) and the pieces they are made of (``_heroes``,
``_abilities``, ``_spells``) act on the game only through :class:`CardRules`, and read what
the player chose as a spell was cast or an ability activated from a :class:`Choices` record.

The design: :class:`CardRules` is a :class:`~typing.Protocol` whose members are all public,
each documented with what a card may rely on, and none of them a mutable field. The engine
hands abilities a :class:`GameRules`, a thin adapter that wraps the game and delegates to it
(its public actions, or the private steps of the rules the cards need: "flip it" from an
ability, {T} as a cost, sacrificing, countering a spell …). So ``Game``'s public API neither
grows nor changes, the cards never see the engine's privates, and the engine's internals may
be reshaped without touching a card.

:class:`Choices` is frozen: what a cost or a target check adds (the target as the object it
is when chosen, a card name as the card data spells it) is a typed field of a new record the
cost or check returns (:func:`dataclasses.replace`), never a note left in a shared dict.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from ._effects import Effect, Filter
from ._events import StackItem
from ._objects import GameObject, Ref

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["ACTIVATION_CHOICES", "SPELL_CHOICES", "CardRules", "Choices", "GameRules"]

#: The choices a spell takes as it is cast, in the order errors name them.
SPELL_CHOICES = ("target", "naming", "copying", "choose")
#: The choices an activated ability may take, and how each is said in an error.
ACTIVATION_CHOICES = {"target": "target", "land": "land card to put onto the battlefield",
                      "discard": "card to discard", "to": "creature to move an Aura to",
                      "sacrifice": "permanent to sacrifice", "tap": "permanent to tap",
                      "pays": "payment to keep a spell"}


@dataclass(frozen=True)
class Choices:
    """What a player chose as a spell was cast (601.2c) or an ability activated (602.2b), and
    what checking its targets and paying its costs recorded.

    ``target`` is the target (an object or a player's name); ``target_ref`` the target as the
    object it was when it was chosen (set by the check of the target: a target that has become
    a new object since is no longer legal, 608.2b). A spell's other choices: ``naming`` (the
    card name named; the check sets it to the half's name as the card data spells it),
    ``copying`` (the creature to copy), ``choose`` (the card a search finds). An activated
    ability's: ``land``, ``discard``, ``to`` (choices it may also make as it resolves),
    ``sacrifice`` and ``tap`` (what its cost sacrifices or taps), ``pays`` (the controller of
    the spell it targets pays to keep it).
    """

    target: GameObject | str | None = None
    target_ref: Ref | None = None
    naming: str | None = None
    copying: GameObject | None = None
    choose: GameObject | None = None
    land: GameObject | None = None
    discard: GameObject | None = None
    to: GameObject | None = None
    sacrifice: GameObject | None = None
    tap: GameObject | None = None
    pays: bool = False

    @property
    def target_object(self) -> GameObject:
        """The target, for an ability or spell whose check accepted only an object."""
        if not isinstance(self.target, GameObject):
            raise TypeError(f"the target is not an object: {self.target!r}")
        return self.target

    @property
    def target_player(self) -> str:
        """The target, for an ability or spell whose check accepted only a player."""
        if not isinstance(self.target, str):
            raise TypeError(f"the target is not a player: {self.target!r}")
        return self.target

    @property
    def any_target(self) -> GameObject | str:
        """The target, an object or a player ("any target"), once its check accepted it."""
        if self.target is None:
            raise TypeError("there is no target")
        return self.target

    @property
    def card_name(self) -> str:
        """The card name named, once the spell's check accepted it."""
        if self.naming is None:
            raise TypeError("no card name was named")
        return self.naming

    def with_target_ref(self, ref: Ref) -> Choices:
        """These choices, with the target checked: ``ref`` is the object it is now."""
        return replace(self, target_ref=ref)

    def made(self, choice: str, obj: GameObject) -> Choices:
        """These choices, with ``obj`` chosen for ``choice`` as the ability resolves (608.2)."""
        if choice == "to":
            return replace(self, to=obj)
        if choice == "land":
            return replace(self, land=obj)
        if choice == "discard":
            return replace(self, discard=obj)
        raise ValueError(f"{choice!r} is not a choice made as an ability resolves")


class CardRules(Protocol):
    """What an ability or a spell may do to the game as it triggers, is activated or cast,
    and resolves. Every member is public and documented; none is a mutable field."""

    # --- what it may read ----------------------------------------------------------------------
    @property
    def edition(self) -> str:
        """The rules the game follows: ``"current"`` or ``"2004"``."""

    @property
    def battlefield_words(self) -> str:
        """What this edition's text calls the battlefield: ``"play"`` in 2004."""

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names, in turn order."""

    @property
    def creatures_died_this_turn(self) -> int:
        """How many creatures have died this turn (Kuon counts them)."""

    @property
    def sacrifice_choice(self) -> tuple[GameObject, ...]:
        """The creatures the players chose, as the turn began, to sacrifice when an ability
        makes them (a copy: it does not change)."""

    def objects(self, zone: str | None = None, player: str | None = None) -> list[GameObject]:
        """The objects in ``zone`` (all zones if ``None``) of ``player``, oldest first: a new
        list each time."""

    def life(self, player: str) -> int:
        """``player``'s life total."""

    def left_game(self, player: str) -> bool:
        """True, and the log says so, if ``player`` has left the game (a multiplayer game
        goes on without a player who lost): nothing more happens to them (800.4a), so an
        ability that would do something to them does nothing to them. (Drawing, losing life,
        damage to them and revealing their hand say so by themselves.)"""

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The Auras attached to ``obj``."""

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """Whether ``obj``, as the object it is now, was dealt damage this turn."""

    def ref(self, obj: GameObject) -> Ref:
        """The object ``obj`` is now: it changes when the card changes zones (400.7), so an
        ability compares it with the one it remembered to know whether its target is gone."""

    def search(self, zone: str, player: str, for_: Filter | None = None) -> list[GameObject]:
        """The cards in ``player``'s ``zone`` that match ``for_`` (701.23)."""

    # --- what it may say -----------------------------------------------------------------------
    def say(self, line: str, kind: str = "", rule: str = "",
            about: Iterable[GameObject | str] = (), **facts: Any) -> None:
        """Write ``line`` to the game's log (``kind``, ``rule``, ``about``, ``facts``: what the
        site shows with it)."""

    def wording(self, today: str, in_2004: str) -> str:
        """The edition's words for one thing (2004 had no "dies")."""

    def today(self, number: str) -> str:
        """Today's rule ``number`` cited: ``"rule 303.4g"``, in a 2004 game ``"today's rule
        303.4g"``."""

    def zone_phrase(self, zone: str | None, owner: str, into: bool = False) -> str:
        """A zone in the edition's words: ``"on the battlefield"``, ``"in Bob's hand"``
        (``into``: ``"onto the battlefield"``)."""

    def player(self, name: str) -> str:
        """``name`` if it is a player of the game; else an :class:`IllegalActionError`."""

    # --- what it may do ------------------------------------------------------------------------
    def flip(self, obj: GameObject) -> bool:
        """Flip a permanent, as :meth:`flipcards.Game.flip`."""

    def flip_source(self, item: StackItem) -> bool:
        """"Flip it": flip the object the ability came from, if it is still that object
        (400.7, 508.4); whether it flipped."""

    def endless_state_trigger(self, item: StackItem, name: str) -> None:
        """A state trigger of the half ``name`` resolved without flipping its permanent, still
        there: the game notes that it would trigger forever."""

    def move(self, obj: GameObject, to: str, *, flipped: bool = False,
             attach_to: GameObject | None = None, controller: str | None = None) -> GameObject:
        """Move ``obj`` to zone ``to``, as :meth:`flipcards.Game.move`; the object it is
        there."""

    def draw(self, player: str, count: int = 1) -> list[GameObject]:
        """``player`` draws ``count`` cards."""

    def discard(self, obj: GameObject) -> None:
        """Its owner discards ``obj``."""

    def add_counters(self, obj: GameObject, kind: str, n: int = 1) -> None:
        """Put ``n`` counters of ``kind`` on ``obj``."""

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1) -> None:
        """Remove ``n`` counters of ``kind`` from ``obj``."""

    def tap(self, obj: GameObject) -> None:
        """Tap ``obj``."""

    def untap(self, obj: GameObject) -> None:
        """Untap ``obj``."""

    def tap_for_cost(self, obj: GameObject) -> None:
        """Pay the cost {T}: ``obj`` must be untapped and, a creature, not summoning sick
        (302.6); else an :class:`IllegalActionError`."""

    def source_deals_damage(self, item: StackItem, target: GameObject | str,
                            amount: int) -> None:
        """The source of ``item`` deals ``amount`` damage to a creature or a player: as it
        last was, once that object has left its zone (its last known information, 113.7a:
        Goka the Unjust returned to a hand deals its damage as Goka)."""

    def source_colors(self, item: StackItem) -> tuple[str, ...]:
        """The colors of the source of ``item``: as it is now, or as it last was once that
        object has left its zone (113.7a), for protection from its color (702.16b)."""

    def lose_life(self, player: str, amount: int) -> None:
        """``player`` loses ``amount`` life."""

    def create_token(self, name: str, controller: str | None = None) -> GameObject:
        """Create the token ``name`` under ``controller``'s control."""

    def create_sized_token(self, name: str, controller: str, size: int) -> GameObject:
        """Create the token ``name`` as a ``size``/``size`` creature (an X/X token)."""

    def reveal_hand(self, player: str) -> list[GameObject]:
        """``player`` reveals their hand; the cards revealed."""

    def attach(self, aura: GameObject, to: GameObject) -> None:
        """Attach ``aura`` to ``to`` (not to a permanent it could not enchant, 701.3b)."""

    def cannot_enchant(self, aura: GameObject, host: GameObject) -> str:
        """Why the Aura ``aura`` could not enchant ``host`` (not a creature, protection from
        its color …), or ``""``."""

    def add_effect(self, kind: str, affects: GameObject, *, label: str | None = None,
                   until_end_of_turn: bool = False, **params: Any) -> Effect:
        """Start a continuous effect on ``affects``, as :meth:`flipcards.Game.add_effect`."""

    def become_copy(self, obj: GameObject, of: GameObject, *,
                    until_end_of_turn: bool = False, also: str = "") -> None:
        """``obj`` becomes a copy of ``of`` (707); ``also``: the half whose activated ability
        the copy keeps ("except it has this ability", 707.9b)."""

    def shield(self, obj: GameObject) -> None:
        """Prevent all damage that would be dealt to ``obj`` this turn (615.1)."""

    def sacrifice(self, obj: GameObject) -> None:
        """Its controller sacrifices the permanent ``obj`` (701.21)."""

    def destroy(self, obj: GameObject, by: str) -> None:
        """Destroy the permanent ``obj`` (701.8); ``by``: what destroys it, for the log."""

    def counter_spell(self, spell: Ref, why: str) -> None:
        """Counter the spell ``spell`` (701.6), if it is still that object on the stack."""

    def pay_mana(self, player: str, cost: str, why: str) -> bool:
        """``player`` pays ``cost`` as an ability resolves, when the game pays costs (the log
        says so; True), from their pool and, if that is too little, by tapping their untapped
        lands for mana (605.3a); or an :class:`IllegalActionError`; False when costs are taken
        as paid."""

    def gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool) -> None:
        """``player`` gains control of ``obj`` (layer 2, 613.1b)."""

    def delayed_on_death(self, target: GameObject, make: Callable[[], StackItem]) -> None:
        """A delayed trigger "when that creature dies this turn" (603.7): ``make`` makes the
        ability if ``target``, as the object it is now, dies this turn."""

    def epic(self, player: str, spell: GameObject, copy: Callable[[StackItem], object],
             choice: str = "") -> None:
        """Epic (702.50a): ``player`` casts no more spells, and at each of their upkeeps a
        copy of ``spell`` (doing ``copy``) goes on the stack; ``choice``: the name of a choice
        the copy makes as it resolves (its item's ``chosen``, given by ``resolve``'s
        ``choose``)."""


class GameRules:
    """The engine's :class:`CardRules`: each member delegates to the game it wraps."""

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    @property
    def edition(self) -> str:
        return self._game.edition

    @property
    def battlefield_words(self) -> str:
        return self._game.battlefield_words

    @property
    def players(self) -> tuple[str, ...]:
        return self._game.players

    @property
    def creatures_died_this_turn(self) -> int:
        return self._game.creatures_died_this_turn

    @property
    def sacrifice_choice(self) -> tuple[GameObject, ...]:
        return tuple(self._game._sacrifice_choice)

    def objects(self, zone: str | None = None, player: str | None = None) -> list[GameObject]:
        return self._game.objects(zone, player)

    def life(self, player: str) -> int:
        return self._game.life(player)

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        return self._game.auras_on(obj)

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        return self._game.was_damaged_this_turn(obj)

    def ref(self, obj: GameObject) -> Ref:
        return self._game._ref(obj)

    def search(self, zone: str, player: str, for_: Filter | None = None) -> list[GameObject]:
        return self._game.search(zone, player, for_)

    def say(self, line: str, kind: str = "", rule: str = "",
            about: Iterable[GameObject | str] = (), **facts: Any) -> None:
        self._game._say(line, kind, rule, about, **facts)

    def wording(self, today: str, in_2004: str) -> str:
        return self._game._wording(today, in_2004)

    def today(self, number: str) -> str:
        return self._game._today(number)

    def zone_phrase(self, zone: str | None, owner: str, into: bool = False) -> str:
        return self._game._zone_phrase(zone, owner, into)

    def player(self, name: str) -> str:
        """A target player: one in the game (a player who left is no target, 800.4a)."""
        return self._game._in_game(name, "target", then=": a player who has left is no target")

    def flip(self, obj: GameObject) -> bool:
        return self._game.flip(obj)

    def flip_source(self, item: StackItem) -> bool:
        return self._game._actions._flip_source(item)

    def endless_state_trigger(self, item: StackItem, name: str) -> None:
        self._game._actions._endless_state_trigger(item, name)

    def move(self, obj: GameObject, to: str, *, flipped: bool = False,
             attach_to: GameObject | None = None, controller: str | None = None) -> GameObject:
        return self._game.move(obj, to, flipped=flipped, attach_to=attach_to,
                               controller=controller)

    def left_game(self, player: str) -> bool:
        game = self._game
        if player not in game._lost or game.over:
            return False
        game._say(f"Nothing happens to {player}, who has left the game "
                  f"({game._leaving_cite}).", about=(player,))
        return True

    def draw(self, player: str, count: int = 1) -> list[GameObject]:
        return [] if self.left_game(player) else self._game.draw(player, count)

    def discard(self, obj: GameObject) -> None:
        self._game.discard(obj)

    def add_counters(self, obj: GameObject, kind: str, n: int = 1) -> None:
        self._game.add_counters(obj, kind, n)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1) -> None:
        self._game.remove_counters(obj, kind, n)

    def tap(self, obj: GameObject) -> None:
        self._game.tap(obj)

    def untap(self, obj: GameObject) -> None:
        self._game.untap(obj)

    def tap_for_cost(self, obj: GameObject) -> None:
        self._game._actions._tap_for_cost(obj)

    def source_deals_damage(self, item: StackItem, target: GameObject | str,
                            amount: int) -> None:
        if not (isinstance(target, str) and self.left_game(target)):
            self._game._actions._deal_damage(item.source, target, amount,
                                             dealt_by=item.source_ref)

    def source_colors(self, item: StackItem) -> tuple[str, ...]:
        game = self._game
        rec = game._rec(item.source)
        ref = rec.ref if item.source_ref is None else item.source_ref
        return game._actions._as_it_was(rec, ref)[0].colors

    def lose_life(self, player: str, amount: int) -> None:
        if not self.left_game(player):
            self._game.lose_life(player, amount)

    def create_token(self, name: str, controller: str | None = None) -> GameObject:
        return self._game.create_token(name, controller)

    def create_sized_token(self, name: str, controller: str, size: int) -> GameObject:
        return self._game._actions._create_sized_token(name, controller, size)

    def reveal_hand(self, player: str) -> list[GameObject]:
        return [] if self.left_game(player) else self._game.reveal_hand(player)

    def attach(self, aura: GameObject, to: GameObject) -> None:
        self._game.attach(aura, to)

    def cannot_enchant(self, aura: GameObject, host: GameObject) -> str:
        game = self._game
        return game._actions._cannot_enchant(game._rec(aura), game._rec(host))

    def add_effect(self, kind: str, affects: GameObject, *, label: str | None = None,
                   until_end_of_turn: bool = False, **params: Any) -> Effect:
        return self._game.add_effect(kind, affects, label=label,
                                     until_end_of_turn=until_end_of_turn, **params)

    def become_copy(self, obj: GameObject, of: GameObject, *,
                    until_end_of_turn: bool = False, also: str = "") -> None:
        if also:
            self._game._actions._become_copy(obj, of, until_end_of_turn=until_end_of_turn,
                                             also=also)
        else:
            self._game.become_copy(obj, of, until_end_of_turn=until_end_of_turn)

    def shield(self, obj: GameObject) -> None:
        self._game._actions._shield(obj)

    def sacrifice(self, obj: GameObject) -> None:
        self._game._actions._sacrifice(obj)

    def destroy(self, obj: GameObject, by: str) -> None:
        self._game._actions._destroy(obj, by)

    def counter_spell(self, spell: Ref, why: str) -> None:
        self._game._actions._counter_spell(spell, why)

    def pay_mana(self, player: str, cost: str, why: str) -> bool:
        return self._game._actions._pay_mana(player, cost, why, lands=True)

    def gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool) -> None:
        self._game._actions._gain_control(obj, player, until_end_of_turn=until_end_of_turn)

    def delayed_on_death(self, target: GameObject, make: Callable[[], StackItem]) -> None:
        self._game._delayed_on_death(target, make)

    def epic(self, player: str, spell: GameObject, copy: Callable[[StackItem], object],
             choice: str = "") -> None:
        self._game._actions._epic(player, spell, copy, choice)
