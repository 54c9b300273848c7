"""The game: :class:`Game` is a facade over the parts of the engine, one module per part of
the rules (see ``_state`` for the map). Its public methods are the model's actions.

It holds the state every part shares (``GameState``), makes the parts it owns and wires them
as it is made, and each of its actions delegates to one part: ``_zones`` (``Zones``),
``_actions`` (``Actions``), ``_engine`` (the ``Stack``, where every action ends), ``_turns``
(``Turns``) and ``_combat`` (``Combat``); the ``Stack`` asks ``_sba``
(``StateBasedActions``) before a player would receive priority.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from functools import cached_property
from typing import Any, TypeVar

from ._actions import Actions
from ._card_rules import GameRules
from ._combat import Combat, Division
from ._effects import Effect, Filter
from ._errors import IllegalActionError
from ._events import StackItem
from ._objects import GameObject, NamingResult
from ._sba import StateBasedActions
from ._stack import Stack
from ._state import COSTS, EDITIONS, ZONES, GameState
from ._turns import Turns
from ._zones import Zones

__all__ = ["COSTS", "EDITIONS", "ZONES", "Game", "GameObject", "NamingResult"]


_F = TypeVar("_F", bound=Callable[..., Any])


def _checked_as_it_happens(**least: int) -> Callable[[_F], _F]:
    """Declares the arguments of an action whose choices can be checked only as the action
    happens, not before it begins, each with the number of objects it takes for a choice to
    be refusable. Every action's ``keep`` is one, from two objects (two legends it names are
    weighed together only at the action's end, 704.5j); a choice refused then puts the game
    back as it was before the action."""
    def declared(action: _F) -> _F:
        action._checked_as_it_happens = least  # type: ignore[attr-defined]
        return action
    return declared


def _how_many(choice: object) -> int:
    """How many objects a choice given to an action names (one, or a list's length)."""
    if choice is None:
        return 0
    try:
        return len(choice)  # type: ignore[arg-type]
    except TypeError:
        return 1


class Game(GameState):
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

    #: The stack: where every action ends (the game's :class:`~._state.Engine`).
    _engine: Stack

    def __init__(self, edition: str = "current", players: Sequence[str] = ("Alice", "Bob"), *,
                 costs: str = "assumed") -> None:
        super().__init__(edition, players, costs=costs)
        # The parts the game delegates to, each acting on this game. Zones and actions;
        # state-based actions; combat; the turn's steps, where a combat still going on ends as
        # the end step begins; and the stack, which answers every action: before a player
        # would receive priority, combat removes the creatures that left it, and after every
        # action the upkeep may end.
        self._zones = Zones(self)
        self._actions = Actions(self)
        self._sba = StateBasedActions(self)
        self._combat = Combat(self)
        self._turns = Turns(self, before_end_step=self._combat.end_if_going_on)
        self._engine = Stack(self, before_priority=self._combat.live,
                             after_check=self._turns.upkeep_may_end)
        # A permanent's description says what it does in combat.
        self._in_combat = self._combat.describe

    @cached_property
    def _card_rules(self) -> GameRules:
        """What the cards' abilities may do to this game (:class:`~._card_rules.CardRules`)."""
        return GameRules(self)

    def _check(self, keep: Iterable[GameObject] = ()) -> None:
        """The end of an action (``Stack.check``)."""
        self._engine.check(keep)

    # --- zones (rule 400): ``_zones`` ---------------------------------------------------------
    def put(
        self,
        name: str,
        zone: str = "battlefield",
        *,
        owner: str | None = None,
        controller: str | None = None,
        flipped: bool = False,
        attached_to: GameObject | None = None,
        copying: GameObject | None = None,
        keep: Iterable[GameObject] = (),
    ) -> GameObject:
        """A card comes into existence in ``zone`` (default: the battlefield).

        ``name`` may be either half's name or ``"A // B"``, in any letter case; owner defaults
        to the first player and controller to the owner. ``flipped=True`` (only onto the
        battlefield) makes it enter with flipped status, as Homura's return does. A permanent
        put in this way is part of the set-up: it has been there since before this turn, so
        it has no summoning sickness. ``copying`` is the permanent a Clone or Spark Double
        enters as a copy of (a record's ``enters_as_copy``, :mod:`flipcards.cards`).

        An Aura on the battlefield is attached to ``attached_to``, which it must be able to
        enchant, or else to the oldest creature it could enchant (303.4f: its controller
        chooses; the log says which); with none, the put is refused.
        """
        flipped = self._flag(flipped, "flipped")
        return self._zones.put(name, zone, owner=owner, controller=controller, flipped=flipped,
                               attached_to=attached_to, copying=copying, keep=keep)

    def move(
        self, obj: GameObject, to: str, *, flipped: bool = False,
        attach_to: GameObject | None = None, controller: str | None = None,
        copying: GameObject | None = None, keep: Iterable[GameObject] = ()
    ) -> GameObject:
        """Move a card to another zone; it becomes a new object with no memory (508.4).

        A move to the zone the card is in is refused (a move within a zone is no zone change,
        400.7), except to the library, whose top the card goes to.

        On the battlefield it enters unflipped unless ``flipped=True``, under its owner's
        control unless ``controller`` names another player; a Clone or Spark Double may enter
        as a copy of ``copying``. An Aura enters attached to ``attach_to``, which it must be
        able to enchant, or else to the oldest creature it could enchant (303.4f; the log says
        which); with none, it stays where it is, or goes from the stack to its owner's
        graveyard (303.4g). Returns the handle.
        """
        flipped = self._flag(flipped, "flipped")
        return self._zones.move(obj, to, flipped=flipped, attach_to=attach_to,
                                controller=controller, copying=copying, keep=keep)

    def draw(self, player: str, count: int = 1, *,
             keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """``player`` draws ``count`` cards from the top of their library (the card put there
        last). Drawing from an empty library draws nothing."""
        return self._zones.draw(player, count, keep=keep)

    def discard(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Its owner discards a card from their hand."""
        self._zones.discard(obj, keep=keep)

    def create_token(self, name: str, controller: str | None = None, *,
                     keep: Iterable[GameObject] = ()) -> GameObject:
        """Create a token by its kind, e.g. ``"Snake"`` (a 1/1 green Snake creature)."""
        return self._zones.create_token(name, controller, keep=keep)

    def copy(self, obj: GameObject, *, controller: str | None = None,
             keep: Iterable[GameObject] = ()) -> GameObject:
        """A token that is a copy of ``obj`` enters the battlefield (rule 707.2).

        It copies the printed card (both halves), never the status: a copy of a flipped
        permanent is the normal, unflipped version and may flip later.
        """
        return self._zones.copy(obj, controller=controller, keep=keep)

    def reveal_hand(self, player: str, *, keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """``player`` reveals their hand; returns the cards in it. Only a look: a stack held by
        the actions before it still waits."""
        return self._zones.reveal_hand(player, keep=keep)

    def search(self, zone: str, player: str | None = None, for_: Filter | None = None, *,
               keep: Iterable[GameObject] = ()) -> list[GameObject]:
        """The objects in ``player``'s ``zone`` (the first player's if not given) whose
        current characteristics match ``for_``.

        In the library a flip card has only its normal characteristics (508.2), so a search
        for a legendary card does not find a hero. Only a look: a held stack still waits.
        """
        return self._zones.search(zone, player, for_, keep=keep)

    def name_card(self, name: str, *, keep: Iterable[GameObject] = ()) -> NamingResult:
        """Name a card: either half of a flip card is a legal choice (rule 710.5), but an
        object has that name only if its current name is it (a Bushi Tenderfoot in a library
        is not "Kenzo the Hardhearted"). Only a look: a held stack still waits."""
        return self._zones.name_card(name, keep=keep)

    # --- actions on objects, spells and abilities: ``_actions`` -------------------------------
    def flip(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> bool:
        """The instruction "flip it" (rules 508.2, 508.4). True if it flipped.

        Only an unflipped flip permanent on the battlefield flips; anything else means nothing
        happens. Flipping is not a zone change: counters, damage, Auras and effects stay.
        """
        return self._actions.flip(obj, keep=keep)

    def tap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a permanent (flipped and tapped are separate statuses, rule 508.3)."""
        self._actions.tap(obj, keep=keep)

    def untap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Untap a permanent."""
        self._actions.untap(obj, keep=keep)

    def add_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                     keep: Iterable[GameObject] = ()) -> None:
        """Put ``n`` counters of ``kind`` (``"+1/+1"``, ``"-1/-1"``, ``"ki"``, …) on a permanent;
        ``n`` is at least 1."""
        self._actions.add_counters(obj, kind, n, keep=keep)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                        keep: Iterable[GameObject] = ()) -> None:
        """Remove up to ``n`` counters of ``kind`` from a permanent; ``n`` is at least 1."""
        self._actions.remove_counters(obj, kind, n, keep=keep)

    def damage(self, obj: GameObject, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """Mark ``amount`` damage on a creature, from no source; lethal damage is checked right
        after. Marking 0 damage marks nothing."""
        self._actions.damage(obj, amount, keep=keep)

    def deal_damage(self, source: GameObject, target: GameObject | str, amount: int, *,
                    keep: Iterable[GameObject] = ()) -> None:
        """``source`` deals ``amount`` damage to a permanent or to a player (by name).

        Damage to a player is life loss; damage to a permanent is marked on it. Who dealt
        damage to what is remembered until the turn ends (Bushi Tenderfoot, Initiate of Blood).
        A source that would deal 0 damage deals no damage (rule 120.8): nothing is remembered
        and nothing triggers.
        """
        self._actions.deal_damage(source, target, amount, keep=keep)

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """True if this object was dealt damage this turn (by any source)."""
        return self._actions.was_damaged_this_turn(obj)

    def add_mana(self, player: str, mana: str, *, keep: Iterable[GameObject] = ()) -> None:
        """Add mana to ``player``'s pool, written as symbols: ``"{R}{R}"``, ``"{G}{C}"``."""
        self._actions.add_mana(player, mana, keep=keep)

    def tap_for_mana(self, land: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a land for mana (a mana ability, 605): its mana goes to its controller's pool.

        Sasaya's Essence, a triggered mana ability, adds one more mana of that type for each
        other land its controller controls with the same name (605.1b, 605.4: it resolves at
        once, without the stack).
        """
        self._actions.tap_for_mana(land, keep=keep)

    def add_effect(
        self,
        kind: str,
        affects: GameObject | Filter,
        *,
        label: str | None = None,
        until_end_of_turn: bool = False,
        keep: Iterable[GameObject] = (),
        **params: Any,
    ) -> Effect:
        """Start a continuous effect with a new timestamp (rule 613).

        Kinds: ``modify_pt`` and ``set_pt`` (``power``, ``toughness``), ``switch_pt``,
        ``add_keyword`` / ``remove_keyword`` (``keyword``), ``remove_all_abilities`` (the
        permanent then has none of its half's abilities, flip abilities included),
        ``add_types`` (``supertypes``, ``types``, ``subtypes``), ``set_types`` (``types``,
        ``subtypes``: they replace the card types and subtypes), ``set_colors`` (``colors``).
        ``affects`` is one object (the effect ends when it leaves the battlefield) or a
        :class:`Filter`. An effect ``until_end_of_turn`` ends in the cleanup step (514.2).
        """
        return self._actions.add_effect(kind, affects, label=label,
                                        until_end_of_turn=until_end_of_turn, keep=keep, **params)

    def end_effect(self, effect: Effect, *, keep: Iterable[GameObject] = ()) -> None:
        """End a continuous effect."""
        self._actions.end_effect(effect, keep=keep)

    def attach(self, aura: GameObject, to: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Attach an Aura on the battlefield to a permanent.

        An Aura cannot be attached to a permanent it could not enchant (every Aura here
        enchants a creature, and protection from the Aura's color forbids it): it does not
        move (701.3b)."""
        self._actions.attach(aura, to, keep=keep)

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The Auras attached to a permanent."""
        return self._actions.auras_on(obj)

    def become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                    keep: Iterable[GameObject] = ()) -> None:
        """An existing permanent becomes a copy of another object (in any zone).

        2004: it gets the copied card's normal characteristics (the model's reading: the 2004
        text speaks only of a copy *of* a flipped permanent, ruling 6). Current rules (707.3):
        its own status applies to the copied values, so an already flipped permanent shows the
        flipped half of a copied flip card. A copy effect ``until_end_of_turn`` (Cytoshape's)
        ends in the cleanup step (514.2): the permanent is again what it was, and its status
        (flipped or not) is what it is by then.
        """
        until_end_of_turn = self._flag(until_end_of_turn, "until_end_of_turn")
        self._actions.become_copy(obj, of, until_end_of_turn=until_end_of_turn, keep=keep)

    def gain_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` gains ``amount`` life."""
        self._actions.gain_life(player, amount, keep=keep)

    def lose_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` loses ``amount`` life (at 0 or less they lose the game as state-based
        actions are checked: rule 704.5a)."""
        self._actions.lose_life(player, amount, keep=keep)

    def concede(self, player: str, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` concedes: they lose the game (104.3a). With two players the other wins;
        in a multiplayer game it goes on without them, as for any player who loses (800.4a)."""
        self._actions.concede(player, keep=keep)

    def gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool = False,
                     keep: Iterable[GameObject] = ()) -> None:
        """``player`` gains control of the permanent ``obj`` (a control-changing effect,
        layer 2: 613.1b), for the rest of the game or ``until_end_of_turn``. It is not a new
        object: its counters, damage and Auras stay, and a flip card stays flipped; it cannot
        attack or use a {T} ability until its new controller's next turn (302.6)."""
        self._actions.gain_control(obj, player, until_end_of_turn=until_end_of_turn, keep=keep)

    def destroy(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Destroy the permanent ``obj`` (rule 701.8): it goes to its owner's graveyard, and a
        creature so dies, as with :meth:`move`; an indestructible one stays (702.12b)."""
        self._actions.destroy(obj, keep=keep)

    def sacrifice(self, obj: GameObject, *, player: str | None = None,
                  keep: Iterable[GameObject] = ()) -> None:
        """Its controller sacrifices the permanent ``obj`` (rule 701.21): it goes to its
        owner's graveyard, indestructible or not. ``player``, if given, is who sacrifices it,
        and must be its controller (701.21a)."""
        self._actions.sacrifice(obj, player=player, keep=keep)

    def counter(self, obj: GameObject, *, targeting: GameObject | str | None = None,
                keep: Iterable[GameObject] = ()) -> None:
        """Counter the spell ``obj``, or the topmost ability on the stack whose source is
        ``obj`` (rule 701.6): it leaves the stack without resolving; a countered spell goes
        to its owner's graveyard. ``targeting``: of the spells and abilities of ``obj`` on the
        stack, the topmost that targets this object or player (the older of two activations
        of one permanent). (Under the 2004 rules, combat damage on the stack is neither, and
        cannot be countered.)"""
        self._actions.counter(obj, targeting=targeting, keep=keep)

    @property
    def spells_cast_this_turn(self) -> int:
        """How many spells have been cast this turn, by all players."""
        return self._actions.spells_cast_this_turn

    def play_land(self, land: str | GameObject, player: str | None = None, *,
                  keep: Iterable[GameObject] = ()) -> GameObject:
        """Play a land: a land card from its owner's hand, or by name (the one of that name
        in the player's hand, or else a new one). It goes onto the battlefield without using
        the stack (305.1), only in its player's own main phase with the stack empty, and once
        a turn (305.2). Returns the land.
        """
        return self._actions.play_land(land, player, keep=keep)

    def cast(self, spell: str | GameObject, player: str | None = None, *,
             target: GameObject | str | None = None, naming: str | None = None,
             copying: GameObject | None = None, choose: GameObject | None = None,
             decline: Iterable[GameObject] = (), keep: Iterable[GameObject] = ()) -> GameObject:
        """Cast a spell: a card from a hand, or a card by name (it starts in the caster's hand).

        The spell goes on the stack (rule 601.2a); abilities that trigger on the cast (ki
        counters, Erayo) go on the stack above it and resolve first; then the spell resolves: a
        permanent spell enters the battlefield, an instant or sorcery does what it says and goes
        to the graveyard (every instant and sorcery of the card data is one of
        a record's ``spell``, :mod:`flipcards.cards`).
        ``target`` is its target (a creature, or a player's name); an Aura spell (Pacifism)
        targets the creature it will enchant, and enters attached to it (303.4a, 303.4d);
        ``naming`` the card name
        Cranial Extraction names; ``copying`` the permanent a Clone or Spark Double will enter
        as a copy of (chosen as it enters: if that permanent is gone by then, it enters as
        itself), or the creature Cytoshape's target becomes a copy of; ``choose`` the card a
        search puts where it says (by default the first found). ``decline`` lists permanents
        whose "may" abilities their controller declines.
        """
        copying, choose = self._object(copying, "copying"), self._object(choose, "choose")
        return self._actions.cast(spell, player, target=target, naming=naming, copying=copying,
                                  choose=choose, decline=self._objects(decline, "decline"),
                                  keep=keep)

    def activate(self, obj: GameObject, *, target: GameObject | str | None = None,
                 land: GameObject | None = None, discard: GameObject | None = None,
                 to: GameObject | None = None, sacrifice: GameObject | None = None,
                 tap: GameObject | None = None, pays: bool = False, ability: str | None = None,
                 player: str | None = None, keep: Iterable[GameObject] = ()) -> None:
        """Activate an ability of a permanent (rule 602): its own half's, or one another
        permanent grants it (Homura's Essence's "{R}: +1/+0"), or one a copy kept ("except it
        has this ability": Dimir Doppelganger's); name that half as ``ability`` when the
        permanent has an ability of its own too (the permanent's own card named there is its
        own ability; a name that is no card's is an :class:`UnknownNameError`).

        ``target`` is the ability's target (a card, a creature, a spell or a player's name);
        ``land`` the land card Budoka Gardener puts (optional); ``discard`` the card Nezumi
        Shortfang's target discards (by default the oldest card in that hand); ``to`` the
        creature Autumn-Tail moves an Aura to; ``sacrifice`` the creature Shidako's cost
        sacrifices; ``tap`` the untapped legendary permanent Honor-Worn Shaku's cost taps;
        ``pays``: the controller of the spell Jaraku targets pays {2}; ``player``: who
        activates it, its controller (the default: no other player may, 602.2). The costs
        are paid at once ({T} taps it, removing a ki counter, sacrificing, revealing a hand;
        mana when the game pays costs) and the ability goes on the stack (602.2); it resolves
        when the step is over unless priority is held.
        """
        land, discard, to = (self._object(land, "land"), self._object(discard, "discard"),
                             self._object(to, "to"))
        sacrifice, tap = self._object(sacrifice, "sacrifice"), self._object(tap, "tap")
        self._actions.activate(obj, target=target, land=land, discard=discard, to=to,
                               sacrifice=sacrifice, tap=tap, pays=pays, ability=ability,
                               player=player, keep=keep)

    # --- the stack (405, 603, 608): ``_engine`` ----------------------------------------------
    def order_triggers(self, *sources: GameObject, keep: Iterable[GameObject] = ()) -> None:
        """Choose the order of one player's simultaneous triggered abilities (603.3b).

        The abilities of ``sources`` must wait on the stack, put there at the same time by
        one player; they will resolve in the order given, before that player's others.
        Use it while holding priority (:meth:`holding_priority`).
        """
        self._engine.order_triggers(*sources, keep=keep)

    @contextmanager
    def holding_priority(self) -> Iterator[None]:
        """Within this block, nothing resolves: what the actions put on the stack waits there
        (``game.stack``) until :meth:`resolve` or a later action outside the block."""
        with self._engine.holding_priority():
            yield

    @_checked_as_it_happens(copying=1)    # the choice a Clone makes as it enters (707.5)
    def resolve(self, *, keep: Iterable[GameObject] = (), decline: Iterable[GameObject] = (),
                copying: GameObject | None = None, choose: GameObject | None = None
                ) -> StackItem | None:
        """The top object of the stack resolves (rule 608): every player passed priority in
        turn without acting. Then state-based actions are performed and new triggered
        abilities go on the stack, above what still waits. Returns what resolved. With the
        stack empty nothing resolves (None); in an upkeep or a draw step where priority was
        held, every player has then passed, and that step ends (500.2).

        A "may" ability is chosen as it resolves (608.2d): ``decline`` lists the permanents
        whose "may" abilities their controller declines now, those waiting on the stack
        included. ``copying``: a Clone or Spark Double that the resolving object puts onto the
        battlefield (Homura's return, Nighteyes) enters as a copy of this permanent; one it
        may not copy (Spark Double: another player's) is refused, the game put back as it
        was. Either given where nothing resolves, or ``copying`` where only a permanent spell that
        enters as itself resolves, is a slip: ``IllegalActionError``, and nothing happens (a
        scenario with the step is invalid, even where the step expects a refusal).
        ``choose``: what a choice made on resolution chooses (the item's ``choice``: the
        creature Autumn-Tail moves the Aura to, the land Budoka Gardener puts, the card
        Nezumi Shortfang's target discards, the card an upkeep's copy of Enduring Ideal
        finds, the creature the player whose upkeep it is sacrifices to Kuon's Essence);
        targets were chosen as it was activated."""
        return self._engine.resolve(keep=keep, decline=self._objects(decline, "decline"),
                                    copying=self._object(copying, "copying"),
                                    choose=self._object(choose, "choose"))

    def resolve_stack(self, *, keep: Iterable[GameObject] = (),
                      decline: Iterable[GameObject] = (),
                      copying: GameObject | None = None) -> None:
        """Every player passes in turn until the stack is empty: it resolves top first
        (``decline`` and ``copying`` as in :meth:`resolve`, for every object that resolves)."""
        self._engine.resolve_all(keep=keep, decline=self._objects(decline, "decline"),
                                 copying=self._object(copying, "copying"))

    # --- the turn's steps (500 to 514): ``_turns`` ------------------------------------------
    def end_step(self, *, decline: Iterable[GameObject] = (),
                 keep: Iterable[GameObject] = ()) -> None:
        """The end step of the current turn begins (rule 513.1): "at the beginning of the end
        step" abilities trigger (Kitsune Mystic, the ki-counter cards, Kuon). A turn has one
        end step, and it begins only once the stack is empty (500.2). A combat still going
        on ends first, through its combat damage; while priority is held, what triggered there
        (2004: the damage itself) waits on the stack and the end step has not begun (the log
        says so): it begins when asked for again once the stack is empty. ``next_turn`` does
        the same."""
        self._turns.end_step(decline=self._objects(decline, "decline"), keep=keep)

    def next_turn(self, *, sacrifice: Iterable[GameObject] = (),
                  discard: Iterable[GameObject] = (), keep: Iterable[GameObject] = (),
                  decline: Iterable[GameObject] = (), draw_step: bool = False) -> None:
        """The end step (if it has not begun: its abilities trigger and resolve), the cleanup
        step (514), then the next player's turn.

        In cleanup the active player discards down to seven cards (514.1: ``discard`` lists
        the cards they choose; by default the newest go), damage wears off and effects "until
        end of turn" end (514.2); what that causes (a creature dying as a pump ends) still
        happens this turn, before it is forgotten (514.3a). Then "this turn" is forgotten,
        the new active player untaps their permanents (502.3), and their upkeep begins (503):
        "at the beginning of upkeep" abilities trigger (Stabwhisker, Kuon's Essence).
        ``sacrifice`` lists the creatures players choose when an ability makes them sacrifice
        one (by default their oldest); ``decline``, the permanents whose "may" abilities of the
        end step their controller declines (as in :meth:`end_step`). Once the upkeep's
        abilities have resolved the turn is in its main phase. The draw step is played only
        with ``draw_step=True`` (504): then, between the upkeep and the main phase, the new
        active player draws a card, and one who cannot because their library is empty loses
        the game (704.5b); without it, draw with :meth:`draw`.
        """
        self._turns.next_turn(sacrifice=self._objects(sacrifice, "sacrifice"),
                              discard=self._objects(discard, "discard"), keep=keep,
                              decline=self._objects(decline, "decline"),
                              draw_step=self._flag(draw_step, "draw_step"))

    # --- what the reader can ask -------------------------------------------------------------
    @property
    def attackers(self) -> list[GameObject]:
        """The attacking creatures, in the order they were declared."""
        return self._combat.attackers

    def summoning_sick(self, obj: GameObject) -> bool:
        """Whether this permanent has not been under its controller's control continuously
        since their most recent turn began (302.6; 2004: 212.3d): a creature so cannot attack
        or use an ability with {T} in its cost unless it has haste. A card put in with
        :meth:`put` has been there since before the game began. Only a creature is
        (the rule is about creatures: a land or an artifact that came this turn taps at
        once; one that an effect makes a creature is, if it came this turn); off the
        battlefield, ``False``."""
        rec = self._rec(obj)
        return rec.zone == "battlefield" and "Creature" in self._characteristics(rec).types \
            and self._actions._summoning_sick(rec)

    def attacking(self, obj: GameObject) -> str | None:
        """The player this creature attacks, or ``None`` if it is not attacking."""
        return self._combat.attacking(obj)

    def blocking(self, obj: GameObject) -> GameObject | None:
        """The attacking creature this creature blocks, or ``None``."""
        return self._combat.blocking(obj)

    def blockers(self, attacker: GameObject) -> list[GameObject]:
        """The creatures blocking this attacking creature, in the order they were declared."""
        return self._combat.blockers(attacker)

    def is_blocked(self, attacker: GameObject) -> bool:
        """True if this attacking creature has been blocked; it stays blocked even when its
        blockers have left combat (509.1h)."""
        return self._combat.is_blocked(attacker)

    # --- declare attackers (508; 2004: 308) ----------------------------------------------------
    def attack(self, attackers: Iterable[GameObject], defender: str | None = None, *,
               keep: Iterable[GameObject] = ()) -> None:
        """The active player declares attackers (rule 508.1; 2004: 308.2), attacking
        ``defender`` (by default the next player in turn order).

        Each must be an untapped creature the active player controls that has been under
        their control since their turn began, unless it has haste (302.6; 2004: 212.3d), and
        that nothing stops from attacking (Pacifism). The declaration is checked as a whole:
        if one creature cannot attack, none does. Attacking taps them (508.1f; 2004: 308.2c).
        There is one combat phase a turn. An empty list declares no attackers: the declare
        blockers and combat damage steps are skipped (508.8; 2004: 308.4).
        """
        self._combat.attack(attackers, defender, keep=keep)

    # --- declare blockers (509; 2004: 309) -----------------------------------------------------
    def block(self, blocker: GameObject, attacker: GameObject, *,
              keep: Iterable[GameObject] = ()) -> None:
        """The defending player declares ``blocker`` as blocking ``attacker`` (rule 509.1;
        2004: 309.2). Call it once per blocking creature; several may block one attacker.

        The blocker must be an untapped creature of the player that creature attacks, not
        already blocking, and allowed to block it: flying (702.9b; 2004: 502.4b) lets only
        creatures with flying or reach block; fear (702.36b) only artifact or black creatures;
        protection from a color (702.16f; 2004: 502.7f) not creatures of that color; and a
        creature that "can't block" (Homura, Human Ascendant; Pacifism) blocks nothing.
        2004 had no reach keyword: a creature that "can block as though it had flying" did the
        same, and the model treats reach so in both editions.

        Bushido triggers when a creature blocks or becomes blocked (the latter once per
        combat, 509.3c).
        """
        self._combat.block(blocker, attacker, keep=keep)

    # --- combat damage (510; 2004: 310) --------------------------------------------------------
    def combat_damage(self, *, assign: Mapping[GameObject, Division | Sequence[Division]]
                      | None = None, keep: Iterable[GameObject] = ()) -> None:
        """The combat damage step (rule 510; 2004: 310), and before it the first-strike combat
        damage step if an attacking or blocking creature has first strike or double strike
        (510.4; 2004: 502.2b, 310.5).

        In each step every creature that deals damage in it assigns its damage, and all of it
        is dealt at once
        (510.2): lethal damage is checked only after the whole step. An unblocked creature
        damages the player it attacks; a blocked one whose blockers are all gone deals none,
        unless it has trample (702.19d; 2004: 502.9c). A creature with double strike deals
        damage in both steps; one that dealt damage in the first step without it deals none in
        the second.

        While priority is held (:meth:`holding_priority`), players get priority in each step
        (510.3): this method does one step, and a second call does the next. In 2004 each
        step's damage goes on the stack as one object (``kind`` ``"combat_damage"``) and is
        dealt when it resolves (2004 CR 310.1, 310.4); while priority is held it waits there
        until the stack resolves.

        ``assign`` divides an attacking creature's damage as its controller chooses: for each
        attacker, how much each of its blockers (and, with trample, the player it attacks) is
        assigned, adding up to its power (510.1; 2004: 310.2), e.g. ``{kenzo: {wall: 3,
        "Bob": 2}}``; a list of two divisions for a creature that deals damage in both steps.
        Attackers not listed divide theirs as the module docstring says.
        """
        self._combat.combat_damage(assign=assign, keep=keep)

    # --- end of combat (511; 2004: 311) --------------------------------------------------------
    def end_combat(self, *, keep: Iterable[GameObject] = ()) -> None:
        """The end of combat step ends: every creature stops attacking and blocking (511.3;
        2004: rule 311), and the second main phase begins. ``end_step`` and ``next_turn`` end
        a combat still going on. A combat whose damage is still to come goes through its
        combat damage step first (506.1: once attackers are declared it is not skipped); while
        priority is held it stops in a damage step where something triggered, or after the
        first-strike one (510.4), and the next ``end_combat`` goes on from there."""
        self._combat.end_combat(keep=keep)


#: The actions that change the game: refused once it is over (a look, such as ``search``, is
#: not refused).
_ACTIONS = (
    "put", "flip", "move", "add_counters", "remove_counters", "damage", "tap", "untap",
    "add_effect", "end_effect", "attach", "copy", "become_copy", "cast", "deal_damage",
    "gain_life", "lose_life", "draw", "discard", "create_token", "activate", "end_step",
    "next_turn", "play_land", "add_mana", "tap_for_mana", "attack", "block", "combat_damage",
    "end_combat", "resolve", "resolve_stack", "order_triggers", "concede", "gain_control",
)

def _not_after_the_end(action: _F) -> _F:
    """``action``, refused once the game is over. Only the reader's own call is refused: an
    action that ends the game finishes what it was doing (the actions it is made of stop
    there themselves)."""
    @functools.wraps(action)
    def refused_after_the_end(self: Game, *args: Any, **kwargs: Any) -> Any:
        reader = self._acting == 0
        if reader and self.over:
            raise IllegalActionError(f"the game is over: {self.outcome}; nothing more "
                                     "can happen in it")
        saved = None
        late = {"keep": 2, **getattr(action, "_checked_as_it_happens", {})}
        if reader:
            self._first_new = len(self._records) + 1      # the key the next object gets
            if "keep" in kwargs:
                # A keep that lists no objects is refused before anything is done.
                kwargs["keep"] = self._objects(kwargs["keep"], "keep")
            if any(_how_many(kwargs.get(argument)) >= least for argument, least in late.items()):
                saved = copy.deepcopy(vars(self), {id(self): self})
        self._acting += 1
        try:
            return action(self, *args, **kwargs)
        except IllegalActionError as error:
            if saved is not None and error.argument in late:
                vars(self).clear()
                vars(self).update(saved)
            raise
        finally:
            self._acting -= 1
    return refused_after_the_end  # type: ignore[return-value]


for _name in _ACTIONS:
    setattr(Game, _name, _not_after_the_end(getattr(Game, _name)))
