"""Turn structure (rules 500 to 514): the end step begins, and the next turn starts.

The model plays the parts of a turn that flip conditions look at: the end step (513), whose
"at the beginning of the end step" abilities trigger, and the cleanup step (514), where the
active player discards down to seven cards, damage wears off and "this turn" ends, followed by
the next player's untap step (502) and upkeep (503). A step ends only with an empty stack
(500.2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ._cards import possessive, without_keyword
from ._errors import IllegalActionError
from ._events import Event, StackItem
from ._objects import GameObject

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["MAX_HAND_SIZE", "Turns"]

#: The maximum hand size (514.1; 2004: 402.2).
MAX_HAND_SIZE = 7


class Turns:
    """The end step, the cleanup step and the next turn.

    The part of the engine that :class:`~flipcards.Game` delegates the turn's steps to. It
    acts on the game it is made for (``game``: the turn, the active player, the objects and
    the effects that end with the turn, and the game's ``Stack``), and calls
    ``before_end_step`` as the end step begins (combat ends; given what the legend rule
    keeps, it says whether the end step may begin).
    """

    def __init__(self, game: Game, *,
                 before_end_step: Callable[[Iterable[GameObject]], bool] = lambda keep: True
                 ) -> None:
        self.game = game
        self._before_end_step = before_end_step

    def end_step(self, *, decline: Iterable[GameObject] = (),
                 keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.end_step <flipcards.Game.end_step>`; first, what the game
        does before it (``before_end_step``: a combat still going on ends)."""
        game = self.game
        # 2004 called it the "end of turn step" (2004 CR 313); "end step" came in 2009.
        step = game._wording("end step", "end of turn step")
        if not self._before_end_step(keep):
            if not game.over:
                game._say(f"Priority is held in the combat: the {step} begins once the "
                          "combat has ended.")
            return
        if game._end_step_turn == game.turn:
            raise IllegalActionError(f"the {step} of turn {game.turn} has already begun; "
                                     "pass the turn (game.next_turn())")
        game._engine.step_may_end(f"the {step}")
        self.upkeep_may_end(passed=True)
        if game.over:
            return
        game._actions._empty_mana_pools()
        game.step = "end"
        game._end_step_turn = game.turn
        game._say(f"The {step} of {game.active_player}'s turn {game.turn} begins.")
        with game._engine.declining(decline):
            game._engine.event(Event("end_step", player=game.active_player))
            game._engine.check(keep)

    def next_turn(self, *, sacrifice: Iterable[GameObject] = (),
                  discard: Iterable[GameObject] = (), keep: Iterable[GameObject] = (),
                  decline: Iterable[GameObject] = (), draw_step: bool = False) -> None:
        """The rules of :meth:`Game.next_turn <flipcards.Game.next_turn>`."""
        game = self.game
        discard, sacrifice = list(discard), list(sacrifice)
        self._check_discard(discard)          # a wrong choice changes nothing
        self._check_sacrifice(sacrifice)
        if game._end_step_turn != game.turn:
            # What is declined is known as the end step's abilities trigger, and they resolve
            # declined (the choice is the player's, as in end_step).
            self.end_step(decline=decline, keep=keep)
            if game._end_step_turn != game.turn:       # (priority is held in the combat)
                return
            if game._engine.items and not game.over:   # what triggered there resolves first
                game.resolve_stack(keep=keep)
            if game.over:
                return
        elif decline:
            with game._engine.declining(decline):   # (the end step's abilities are done)
                pass
        game._engine.step_may_end("the cleanup step")
        if game.edition != "2004":
            # Mana empties as each step ends (500.4); in 2004 only as a phase ends (2004 CR
            # 300.3), and the end of turn step and the cleanup step are one phase.
            game._actions._empty_mana_pools()
        game.step = "cleanup"
        self._discard_to_hand_size(discard)
        self._cleanup()
        game._engine.check(keep)
        if game._engine.items and not game.over:   # what the cleanup caused resolves (514.3a)
            game.resolve_stack(keep=keep)
        if game.over:
            return
        game._actions._empty_mana_pools()          # the end phase, and the turn, end
        game._engine.check(keep)                   # (mana burn may leave a player at 0)
        if game.over:
            return
        game._spells_this_turn = 0
        game._spells_by_player = dict.fromkeys(game.players, 0)
        game._lands_played = {}
        game.creatures_died_this_turn = 0
        game._damage_this_turn.clear()
        game._watch_deaths.clear()
        game.active_player = game._next_player(game.active_player)
        game.turn += 1
        game._turn_began[game.active_player] = game.turn
        for rec in game._battlefield():
            if rec.controller == game.active_player and rec.status.tapped:
                game._set_status(rec, tapped=False)
        game._say(f"Turn {game.turn}: {game.active_player}'s turn. Damage has worn off and "
                  f"{game.active_player}'s permanents untap.")
        game.step = "upkeep"
        game._draw_step_to_come = draw_step
        game._sacrifice_choice = list(sacrifice)
        try:
            game._engine.event(Event("upkeep", player=game.active_player))
            self._epic_copies()
            game._engine.check(keep)
        finally:
            game._sacrifice_choice = []

    def _check_discard(self, chosen: list[GameObject]) -> None:
        """The cards chosen for the cleanup step's discard must be in the active player's
        hand."""
        game = self.game
        player = game.active_player
        for card in chosen:
            if card.zone != "hand" or card.owner != player:
                raise IllegalActionError(f"{card.name} is not in {possessive(player)} hand, so "
                                         f"{player} cannot discard it in the cleanup step",
                                         argument="discard")

    def _check_sacrifice(self, chosen: list[GameObject]) -> None:
        """The creatures chosen for the upkeep's sacrifice must be creatures the player whose
        turn begins controls: only they sacrifice in their upkeep (701.21a: a player
        sacrifices only a permanent they control; here, a creature)."""
        game = self.game
        player = game._next_player(game.active_player)
        for obj in chosen:
            rec = game._rec(obj)
            chars = game._characteristics(rec)
            if rec.zone != "battlefield":
                why = f"it is {game._zone_phrase(rec.zone, rec.owner)}" if rec.zone else \
                    "it has left the game"
            elif "Creature" not in chars.types:
                why = "it is not a creature"
            elif rec.controller != player:
                why = f"{rec.controller} controls it"
            else:
                continue
            raise IllegalActionError(
                f"{player} cannot choose {chars.name} to sacrifice in the upkeep of the turn "
                f"that begins: {why}; {player} sacrifices only a creature {player} controls",
                argument="sacrifice")

    def _discard_to_hand_size(self, chosen: list[GameObject]) -> None:
        """514.1 (2004: 314.1): the active player discards down to the maximum hand size,
        seven: the cards ``chosen`` (if still in hand) first, then the newest."""
        game = self.game
        player = game.active_player
        held = sum(r.zone == "hand" and r.owner == player for r in game._records.values())
        if held <= MAX_HAND_SIZE:
            return
        hand = game.objects("hand", player)
        chosen = [card for card in chosen if card in hand]
        excess = len(hand) - MAX_HAND_SIZE
        picked = chosen[:excess]
        picked += [c for c in reversed(hand) if c not in picked][:excess - len(picked)]
        game._say(f"{player} has {len(hand)} cards in hand and discards down to "
                  f"{MAX_HAND_SIZE}.")
        for card in picked:
            game.discard(card)

    def _cleanup(self) -> None:
        """Damage wears off; "until end of turn" effects, control changes and shields end
        (514.2)."""
        game = self.game
        for rec in game._battlefield():
            if rec.status.damage:
                game._set_status(rec, damage=0, deathtouched=False)
        ending = [e for e in game._effects if e.until_end_of_turn]
        if ending:
            game._effects = [e for e in game._effects if not e.until_end_of_turn]
            game._actions._effects_changed()
            game._say("Effects that last until end of turn end: "
                      + ", ".join(repr(e.label) for e in ending) + ".")
        self._end_control_until_end_of_turn()
        self._end_copies_until_end_of_turn()
        game._shields.clear()

    def upkeep_may_end(self, *, passed: bool = False) -> None:
        """The upkeep ends once its abilities have resolved, and so does the draw step: then
        the main phase begins, and mana empties (500.4; 2004: 300.3, as the beginning phase
        ends). A turn whose draw step is played (``next_turn(draw_step=True)``) has it
        between them: its active player draws a card (504.1). Looked at after every action
        (the ``after_check`` of the game's ``Stack``). ``passed``: what moves the turn on from
        the upkeep (an attack, the end step) ends it even if a player held priority, for every
        player has passed it; the draw step's card is drawn before the turn goes on."""
        game = self.game
        stack = game._engine
        if not game._beginning_step or stack.items or game._depth or game.over \
                or (stack.holding and not passed):
            return
        if game.step == "upkeep" and game._draw_step_to_come:
            game._draw_step_to_come = False
            if game.edition != "2004":      # in 2004 the beginning phase goes on
                game._actions._empty_mana_pools()
            game.step = "draw"
            game._say(f"{possessive(game.active_player)} draw step begins.")
            game._zones.draw(game.active_player)    # and checks: the draw step may end
            return
        game._actions._empty_mana_pools()
        game.step = "main"

    def _epic_copies(self) -> None:
        """At the beginning of the active player's upkeep, their epic spells are copied
        (702.50a): a triggered ability puts the copy on the stack, where it can be answered
        like any spell (707.10); it was not cast, so nothing that watches casting sees it."""
        game = self.game
        for player, spell, copy, choice in game._epics:
            if player == game.active_player:
                game._engine.trigger(StackItem(
                    spell, f"copy {spell.name} except for its epic ability",
                    self._copier(spell, player, copy, choice), follows_source=False,
                    controller=player), player)

    def _copier(self, spell: GameObject, player: str, does: Callable[[StackItem], object],
                choice: str) -> Callable[[StackItem], None]:
        """What the epic trigger does as it resolves: :meth:`_copy_spell`."""
        return lambda _: self._copy_spell(spell, player, does, choice)

    def _copy_spell(self, spell: GameObject, player: str,
                    does: Callable[[StackItem], object], choice: str = "") -> None:
        """A copy of ``spell`` controlled by ``player`` goes on the stack; as it resolves it
        ``does`` what the spell does, making ``choice`` then (``resolve``'s ``choose``). Off
        the stack a copy ceases to exist (704.5e)."""
        game = self.game
        # The copy is made "except for its epic ability" (702.50a).
        rec = game._new_record(without_keyword(game._rec(spell).card, "Epic"), player, player,
                               "stack", token=True)
        ref, name = rec.ref, rec.card.name

        def resolve(item: StackItem) -> None:
            if rec.ref != ref or rec.zone != "stack":
                return
            game._say(f"The copy of {name} resolves.")
            does(item)
            rec.zone, rec.cache = None, None
            game._say(f"The copy of {name} ceases to exist.")

        game._engine.push(StackItem(game._handle(rec), f"a copy of {name}", resolve, kind="spell",
                                    follows_source=False, controller=player, source_ref=ref,
                                    choice=choice))
        game._say(f"A copy of {name} is put on the stack.")

    def _end_copies_until_end_of_turn(self) -> None:
        """Copy effects "until end of turn" end in the cleanup step (514.2). A later copy effect
        that lasts overrides the ending one anyway (layer 1, timestamp order); where the ending
        one is the latest, the permanent goes back to what it was a copy of before, if anything.
        """
        game = self.game
        ending, game._copies_until_end_of_turn = game._copies_until_end_of_turn, []
        for ref, timestamp, before, before_at, name_before in reversed(ending):
            rec = game._records[ref[0]]
            if rec.ref != ref or rec.zone != "battlefield" or rec.status.copied_at != timestamp:
                continue
            was = possessive(game._characteristics(rec).name)
            game._set_status(rec, copy_of=before, copied_at=before_at)
            # (It may have flipped meanwhile: then it is what it never was.)
            name = game._characteristics(rec).name
            game._say(f"{was} copy effect ends: it is {name}"
                      f"{' again' if name == name_before else ' now'}.")

    def _end_control_until_end_of_turn(self) -> None:
        """Control effects "until end of turn" end in the cleanup step (514.2); a permanent
        goes back to whoever controlled it before (613.1b, layer 2)."""
        self.game._actions._end_control(lambda entry: entry[3])
