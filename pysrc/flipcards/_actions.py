"""Actions on objects: flipping (508), status, counters, damage (120), continuous effects
(613), copy effects (707), life, casting spells (601) and activating abilities (602).
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

from . import cards
from ._abilities import target_gone
from ._card_rules import ACTIVATION_CHOICES, SPELL_CHOICES, Choices
from ._cards import (
    COLOR_WORDS,
    basic_land_types,
    cannot_enchant,
    card,
    has_keyword,
    keyword_to_give,
    keyword_to_lose,
    possessive,
    protected_from,
    series,
    with_ability,
)
from ._characteristics import PERMANENT_TYPES, PT_COUNTER, Characteristics, copiable_card
from ._effects import EFFECT_KINDS, SUPERTYPES_AFTER_2004, TYPES_AFTER_2004, Effect, Filter
from ._errors import FlipCardsError, IllegalActionError, UnknownNameError, UnusedChoiceError
from ._events import Event, StackItem
from ._objects import LIMIT, GameObject, Record, Ref, count_of
from ._spells import target_creature
from ._state import CONCEDED, MANA_SYMBOLS

if TYPE_CHECKING:
    from ._game import Game
    from ._heroes import Activated

__all__ = ["Actions"]


class Actions:
    """What players and effects do to objects.

    The part of the engine that :class:`~flipcards.Game` delegates flipping, status,
    counters, damage, effects, copies, life, mana, spells and activated abilities to. It acts
    on the game it is made for (``game``: its state, its zones, and the game's public actions
    where one action is made of others, so that each is checked as the reader's would be).
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    # --- rule 508: flipping ------------------------------------------------------------
    def flip(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> bool:
        """The rules of :meth:`Game.flip <flipcards.Game.flip>`."""
        game = self.game
        rec = game._rec(obj)
        before = game._characteristics(rec).name
        if rec.zone != "battlefield":
            where = game._zone_phrase(rec.zone, rec.owner)
            game._say(f"{before} is {where}, not {game._zone_phrase('battlefield', '')}; "
                      "only a permanent can flip, so nothing happens.", "no_flip", "508.2",
                      (obj,))
            return False
        if not copiable_card(rec.card, rec.status).is_flip_card:
            game._say(f"{before} is not a flip card; nothing happens.", "no_flip", "508.1",
                      (obj,))
            return False
        if rec.status.flipped:
            game._say(f"{before} has already flipped; flipping it again does nothing.",
                      "flip_again", "ruling-3", (obj,))
            return False
        whose = game._whose(rec, before)
        game._set_status(rec, flipped=True, flipped_at=game._tick())
        game._say(f"{whose} flips: it is now {game._characteristics(rec).name}.", "flip",
                  "508.2", (obj,))
        game._engine.check(keep)
        return True

    def _flip_source(self, item: StackItem) -> bool:
        """"Flip [this card]" in an ability: only the object the ability came from flips; if
        it has left the battlefield, even to come back, it is a new object (400.7, 508.4)."""
        game = self.game
        if item.source_ref is not None and game._ref(item.source) != item.source_ref:
            game._say(f"{possessive(item.named)} ability cannot flip it: the permanent "
                      f"it came from has left {game.battlefield_words}, and this is a new "
                      "object.")
            return False
        return game.flip(item.source)

    def _endless_state_trigger(self, item: StackItem, name: str) -> None:
        """A state trigger's "flip it" did nothing to the permanent it came from, which is
        still there. If the permanent flipped meanwhile (an instruction flipped it while the
        ability waited), it shows the other half, which has no such ability: nothing more
        happens. Otherwise it already has flipped status and still shows the half ``name``
        with the ability (under the 2004 rules, one that flipped and then became a copy of
        Student of Elements or Rune-Tail): it can never flip, so while its condition holds
        the ability would trigger again at once, forever (603.8). That is a loop of
        mandatory actions no player can stop, and rule 104.4b makes such a game a draw: the
        game ends there, and nothing more can happen in it."""
        game = self.game
        rec = game._rec(item.source)
        if (item.source_ref != rec.ref or rec.zone != "battlefield" or not rec.status.flipped
                or game._printed_abilities(rec) != name):
            return
        game._endless.add(rec.ref)
        game._drawn = f"a loop of mandatory actions, {game._today('104.4b')}"
        game._say(f"{possessive(game._characteristics(rec).name)} ability would trigger again "
                  "and again without end, as it can never flip this permanent: a loop of "
                  "mandatory actions no player can stop, which makes the game a draw "
                  f"({game._today('104.4b')}). The game is over.")

    # --- status, counters, damage --------------------------------------------------------
    def tap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.tap <flipcards.Game.tap>`."""
        self._status_action(obj, "tap", tapped=True)
        self.game._engine.check(keep)

    def untap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.untap <flipcards.Game.untap>`."""
        self._status_action(obj, "untap", tapped=False)
        self.game._engine.check(keep)

    def _status_action(self, obj: GameObject, verb: str, **changes: Any) -> Record:
        game = self.game
        rec = game._rec(obj)
        name = game._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(
                f"cannot {verb} {name}: it is {game._zone_phrase(rec.zone, rec.owner)}, "
                f"not {game._zone_phrase('battlefield', '')}")
        if all(getattr(rec.status, k) == v for k, v in changes.items()):
            # Only an untapped permanent can be tapped, and only a tapped one untapped (701.26).
            game._say(f"{name} is already {verb}ped: nothing happens.",
                      about=(game._handle(rec),))
            return rec
        game._set_status(rec, **changes)
        game._say(f"{rec.controller} {verb}s {name}.", about=(game._handle(rec),))
        return rec

    def _tap_for_cost(self, obj: GameObject) -> None:
        """The cost {T}: it must be untapped, and a creature must have been under its
        controller's control since their most recent turn began, unless it has haste
        (302.6). Cards put in with :meth:`put` count as having been there all along."""
        game = self.game
        rec = game._rec(obj)
        c = game._characteristics(rec)
        name = c.name
        if rec.status.tapped:
            raise IllegalActionError(f"{name} is tapped; its ability needs it untapped ({{T}})")
        sick = self._cannot_tap_yet(rec)
        if sick:
            raise IllegalActionError(sick)
        game._set_status(rec, tapped=True)
        game._say(f"{rec.controller} taps {name}.", about=(game._handle(rec),))

    def _cannot_tap_yet(self, rec: Record) -> str:
        """Why the permanent cannot use a {T} ability (a mana ability too) yet, or "": a
        creature (a land that is also one too) that has not been under its controller's control
        since their most recent turn began, unless it has haste (302.6; 2004: 212.3d)."""
        if not self._sick_without_haste(rec):
            return ""
        c = self.game._characteristics(rec)
        return (f"{c.name} has not been under {possessive(rec.controller)} control since "
                f"{possessive(rec.controller)} most recent turn began: a creature cannot use a "
                "{T} ability until its controller's next turn (summoning sickness, rule 302.6; "
                "2004: 212.3d)")

    def _sick_without_haste(self, rec: Record) -> bool:
        """Whether 302.6 stops this permanent attacking or using a {T} ability now: a
        creature that has not been under its controller's control since their most recent
        turn began and has no haste."""
        c = self.game._characteristics(rec)
        return ("Creature" in c.types and not has_keyword(c.keywords, "Haste")
                and self._summoning_sick(rec))

    def _summoning_sick(self, rec: Record) -> bool:
        """True unless the permanent has been under its controller's control continuously
        since their most recent turn began (302.6; 2004: 212.3d). On another player's turn
        that is the controller's last turn, not the current one: a creature that arrived
        during its controller's turn stays sick through the other players' turns (counted as
        they were taken, a player who has left the game taking none)."""
        game = self.game
        since = rec.status.since_turn
        if since == 0:
            return False               # set up with put: there since before the game began
        return since >= game._turn_began[rec.controller]

    def add_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                     keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.add_counters <flipcards.Game.add_counters>`."""
        self._change_counters(obj, kind, count_of(n, least=1))
        self.game._engine.check(keep)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                        keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.remove_counters <flipcards.Game.remove_counters>`."""
        self._change_counters(obj, kind, -count_of(n, least=1))
        self.game._engine.check(keep)

    def _change_counters(self, obj: GameObject, kind: str, delta: int) -> None:
        game = self.game
        rec = game._rec(obj)
        if not isinstance(kind, str) or not kind.strip():
            raise FlipCardsError(f"a counter kind must be a word such as '+1/+1', not {kind!r}",
                                 argument="kind")
        kind = kind.strip().lower()    # "KI" and "ki" are one kind, as the rules write it
        pt = PT_COUNTER.fullmatch(kind)
        if pt:
            # A +X/+Y counter (122.1a), written as the rules write it: "+01/+1" is "+1/+1".
            x, y = (part[1:].lstrip("0") or "0" for part in (pt[1], pt[2]))
            if max(len(x), len(y)) > len(str(LIMIT)) or max(int(x), int(y)) > LIMIT:
                raise FlipCardsError(f"a +X/+Y counter changes power or toughness by at most "
                                     f"{LIMIT:,}, not {kind[:40]!r}"
                                     f"{'…' if len(kind) > 40 else ''}", argument="kind")
            kind = f"{pt[1][0]}{x}/{pt[2][0]}{y}"
        elif "/" in kind:
            raise FlipCardsError(f"a counter that changes power and toughness is written +X/+Y, "
                                 f"such as '+1/+1' or '-1/-1', not {kind[:40]!r}"
                                 f"{'…' if len(kind) > 40 else ''} "
                                 f"({self.game._today('122.1a')})", argument="kind")
        elif kind != "ki" and len(kind) <= 4 and difflib.get_close_matches(kind, ["ki"],
                                                                          cutoff=0.6):
            # A near miss of the one word kind the cards read: a "kii" counter would be one
            # that nothing counts, and a Betrayer that should flip would not.
            raise FlipCardsError(f"no counter kind {kind!r} on these cards; did you mean 'ki'?",
                                 argument="kind")
        name = game._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"counters go on permanents; {name} is "
                                     f"{game._zone_phrase(rec.zone, rec.owner)}")
        counts = dict(rec.status.counters)
        new = max(0, counts.get(kind, 0) + delta)
        changed = new - counts.get(kind, 0)
        counts[kind] = new
        game._set_status(rec, counters=tuple(sorted((k, v) for k, v in counts.items() if v)))
        noun = f"{kind} counter" + ("" if abs(changed) == 1 else "s")
        # (The ruling that counters stay as a permanent flips, on a flip card's lines only:
        # what the permanent is now, a copy of one too.)
        ruling = "ruling-2" if copiable_card(rec.card, rec.status).is_flip_card else ""
        if delta >= 0:
            game._say(f"{abs(changed)} {noun} put on {name}.", "counters", ruling, (obj,))
        elif not changed:
            # Only as much as possible is done: with none there, none is removed.
            game._say(f"{name} has no {kind} counters; none is removed.", "counters",
                      ruling, (obj,))
        else:
            short = " (all it had)" if changed > delta else ""
            game._say(f"{abs(changed)} {noun} removed from {name}{short}.", "counters",
                      ruling, (obj,))

    def damage(self, obj: GameObject, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.damage <flipcards.Game.damage>`."""
        game = self.game
        rec = game._rec(obj)
        amount = count_of(amount)
        name = game._characteristics(rec).name
        self._may_be_damaged(rec, "obj")
        game._set_status(rec, damage=rec.status.damage + amount)
        game._say(f"{amount} damage is marked on {name}.")
        game._engine.check(keep)

    def deal_damage(self, source: GameObject, target: GameObject | str, amount: int, *,
                    keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.deal_damage <flipcards.Game.deal_damage>`."""
        self._deal_damage(source, target, amount, keep=keep)

    def _deal_damage(self, source: GameObject, target: GameObject | str, amount: int, *,
                     keep: Iterable[GameObject] = (), dealt_by: Ref | None = None) -> None:
        """``source`` deals damage, as an action. ``dealt_by``: the object of ``source`` that
        deals it (an ability's source, which may have left its zone since: it deals the
        damage as it last was there, 113.7a)."""
        game = self.game
        src = game._rec(source)
        amount = count_of(amount)
        departed = dealt_by is not None and dealt_by != src.ref and dealt_by in game._last_known
        if src.zone is None and not departed:
            raise IllegalActionError(f"{game._gone(src)}: it deals no damage")
        if isinstance(target, str):
            game._in_game(target, argument="to")
        else:
            self._may_be_damaged(game._rec(target), "to")
        self._deal(src, target, amount, source=dealt_by if departed else None)
        game._engine.check(keep)

    def _as_it_was(self, src: Record, source: Ref) -> tuple[Characteristics, str]:
        """The characteristics and controller of the object ``source`` of the card ``src``:
        as it is now if it is that object still, else as it last was before it left its zone
        (its last known information, 113.7a)."""
        game = self.game
        if source == src.ref or source not in game._last_known:
            return game._characteristics(src), src.controller
        return game._last_known[source]

    def _may_be_damaged(self, rec: Record, argument: str) -> None:
        """Refuse damage to what is not a creature on the battlefield: of the permanents only
        creatures are dealt damage here (120.1a; no planeswalkers or battles), and damage is
        marked on nothing else (120.3e)."""
        game = self.game
        chars = game._characteristics(rec)
        if rec.zone != "battlefield":
            raise IllegalActionError(f"damage is dealt to permanents or players; {chars.name} is "
                                     f"{game._zone_phrase(rec.zone, rec.owner)}",
                                     argument=argument)
        if "Creature" not in chars.types:
            # (2004 had no other permanent that could be dealt damage.)
            why = ("in the 2004 rules only creatures and players are dealt damage"
                   if game.edition == "2004" else "of the permanents only creatures are dealt "
                   "damage (rule 120.1a; there are no planeswalkers or battles here)")
            raise IllegalActionError(f"{chars.name} is not a creature, and {why}",
                                     argument=argument)

    def _deal(self, src: Record, target: GameObject | str, amount: int, *,
              combat: bool = False, source: Ref | None = None) -> int:
        """One source deals damage to one permanent or player (rule 120.3), as part of an
        action: nothing else is checked here. Returns the damage actually dealt.

        0 damage is no damage (rule 120.8): nothing is remembered and nothing triggers.
        ``combat``: it is combat damage (rule 510.2). ``source``: the object that deals it,
        if not the card as it is now (2004 combat damage on the stack is dealt by the
        creature that assigned it, even if that card has since become a new object).
        """
        game = self.game
        source = src.ref if source is None else source
        # Dealt by an object that has since left: as it last was (Tok-Tok, not the Akki
        # Lavarunner card in the graveyard): its name, colors, keywords and controller.
        dealer, dealer_controller = self._as_it_was(src, source)
        # Whose, when two players each have a permanent of the name (see Game._whose).
        name = dealer.name if source != src.ref else game._whose(src, dealer.name)
        if isinstance(target, str):
            victim = target
            if target in game._lost:
                # Damage assigned before the player left (a first-strike step, or 2004 damage
                # waiting on the stack): nothing more happens to them.
                cite = game._leaving_cite
                game._say(f"{name} would deal {amount} damage to {target}, who has lost the "
                          f"game and left it: no damage is dealt ({cite}).")
                return 0
        else:
            rec = game._rec(target)
            victim = game._whose(rec, game._characteristics(rec).name)
        if amount and not isinstance(target, str):
            why = self._damage_prevented(dealer.colors, target)
            if why:
                game._say(f"{name} would deal {amount} damage to {victim}, but it is "
                          f"prevented: {why}.")
                return 0
        if amount and isinstance(target, str):
            for increase, color in self._damage_increases(dealer.colors):
                amount += 1
                game._say(f"{increase}: damage from a {color} source to {target} is increased "
                          f"by 1 (rule 614.1a; 2004: 419.1a).")
        if amount == 0:
            game._say(f"{name} would deal 0 damage to {victim}: it deals no damage "
                      f"({game._today('120.8')}).")
            return 0
        if isinstance(target, str):
            player = target
            game._life[player] -= amount
            game._damage_this_turn.append((source, player))
            game._say(f"{name} deals {amount} damage to {player} ({game._life[player]} life).",
                      about=(game._handle(src), player))
            event = Event("damage", player=player, source=source, amount=amount, combat=combat)
        else:
            deathtouch = has_keyword(dealer.keywords, "Deathtouch")
            game._set_status(rec, damage=rec.status.damage + amount,
                             deathtouched=rec.status.deathtouched or deathtouch)
            game._damage_this_turn.append((source, rec.ref))
            game._say(f"{name} deals {amount} damage to {victim}.",
                      about=(game._handle(src), game._handle(rec)))
            event = Event("damage", ref=rec.ref, source=source, amount=amount, combat=combat)
        if has_keyword(dealer.keywords, "Lifelink"):
            # Damage dealt by a source with lifelink makes its controller gain that much life
            # as well (702.15b): not a trigger, it happens as the damage is dealt.
            gainer = dealer_controller
            if gainer not in game._lost:
                game._life[gainer] += amount
                game._say(f"{name} has lifelink: {gainer} gains {amount} life "
                          f"({game._life[gainer]} life; rule 702.15b).")
        game._engine.event(event)
        return amount

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """The rules of :meth:`Game.was_damaged_this_turn
        <flipcards.Game.was_damaged_this_turn>`."""
        game = self.game
        ref = game._rec(obj).ref
        return ref in {t for _, t in game._damage_this_turn} or game._rec(obj).status.damage > 0

    def _shield(self, obj: GameObject) -> None:
        """Prevent all damage that would be dealt to it this turn (615.1, Kaiso)."""
        game = self.game
        game._shields.append(game._ref(obj))
        game._say(f"All damage that would be dealt to {obj.name} this turn will be prevented.")

    def _shielded(self, obj: GameObject) -> bool:
        game = self.game
        return game._ref(obj) in game._shields

    def _damage_increases(self, colors: tuple[str, ...]) -> list[tuple[str, str]]:
        """The replacement effects (614.1a) that make a source of ``colors`` deal 1 more
        damage to a player: one (the permanent's name, the color's word) for each permanent
        whose half increases damage from a source of one of those colors."""
        game = self.game
        found = []
        for o in game._may_have(cards.having("damage_change")):
            change = cards.record(game._ability_name(o)).damage_change
            if change is not None and change.increase_color in colors:
                found.append((o.name, COLOR_WORDS[change.increase_color]))
        return found

    def _damage_prevented(self, colors: tuple[str, ...], target: GameObject) -> str:
        """Why damage from a source of ``colors`` to the permanent ``target`` is prevented, or
        ``""``.

        Protection from a color (702.16e): damage from sources of that color is prevented.
        A half that prevents damage to its controller's creatures (615.1), and the shields
        of an ability that prevents all damage to a creature this turn (615.1).
        """
        game = self.game
        color = protected_from(target.keywords, colors, target.name)
        if color:
            return f"{target.name} has protection from {color} (rule 702.16e; 2004: 502.7e)"
        if "Creature" in target.types:
            for o in game._may_have(cards.having("damage_change")):
                half = game._ability_name(o)
                change = cards.record(half).damage_change
                if (o.controller == target.controller and change is not None
                        and change.protects_own_creatures):
                    return (f"{half} prevents damage to creatures {target.controller} "
                            "controls (rule 615.1; 2004: 419.1d)")
        if self._shielded(target):
            return (f"a shield prevents all damage to {target.name} this turn "
                    "(rule 615.1; 2004: 419.1d)")
        return ""

    # --- keyword actions: destroy, sacrifice, counter (701) -----------------------------------
    def destroy(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.destroy <flipcards.Game.destroy>`."""
        game = self.game
        game._only_in(game._rec(obj), "battlefield",
                      f"only a permanent can be destroyed ({game._today('701.8a')})")
        self._destroy(obj, "")
        game._engine.check(keep)

    def sacrifice(self, obj: GameObject, *, player: str | None = None,
                  keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.sacrifice <flipcards.Game.sacrifice>`."""
        game = self.game
        rec = game._rec(obj)
        if player is not None:
            game._in_game(player, argument="player")
            if rec.zone == "battlefield" and player != rec.controller:
                raise IllegalActionError(
                    f"{player} cannot sacrifice {game._characteristics(rec).name}: "
                    f"{rec.controller} controls it, and a player sacrifices only a permanent "
                    f"they control ({game._today('701.21a')})", argument="player")
        self._sacrifice(obj)
        game._engine.check(keep)

    def counter(self, obj: GameObject, *, targeting: GameObject | str | None = None,
                keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.counter <flipcards.Game.counter>`."""
        game = self.game
        rec = game._rec(obj)
        items = game._engine.items
        mine = [i for i in reversed(range(len(items)))
                if game._rec(items[i].source).key == rec.key]
        if not mine:
            raise IllegalActionError(
                f"{game._characteristics(rec).name} is not on the stack, nor the source of "
                f"an ability there: there is nothing of it to counter ({game._today('701.6a')})")
        at = mine[0]
        if targeting is not None:
            aimed = [i for i in mine if any(
                t == targeting if isinstance(t, str) or isinstance(targeting, str)
                else game._rec(t).key == game._rec(targeting).key for t in items[i].targets)]
            if not aimed:
                what = targeting if isinstance(targeting, str) else targeting.name
                raise IllegalActionError(
                    f"nothing of {game._characteristics(rec).name} on the stack targets "
                    f"{what}", argument="targeting")
            at = aimed[0]
        item = items[at]
        if item.kind == "combat_damage":
            raise IllegalActionError(f"the combat damage of {item.named} waits on the stack, "
                                     "but it is neither a spell nor an ability: it cannot be "
                                     "countered")
        del items[at]
        game._engine.orderable = set()
        if item.kind == "spell":
            self._counter_spell(item.source_ref or rec.ref)
        else:
            game._say(f"{possessive(item.named)} ability is countered: it leaves the stack "
                      f"and does nothing ({game._today('701.6a')}).")
        game._engine.check(keep)

    def _sacrifice(self, obj: GameObject) -> None:
        """Its controller sacrifices it: it goes to its owner's graveyard (701.21)."""
        game = self.game
        rec = game._rec(obj)
        game._only_in(rec, "battlefield",
                      f"only a permanent can be sacrificed ({game._today('701.21a')})")
        game._say(f"{rec.controller} sacrifices {obj.name}.")
        game._zones._zone_change(rec, "graveyard")

    def _destroy(self, obj: GameObject, by: str) -> None:
        """Destroy a permanent: it goes to its owner's graveyard (701.8). ``by``: what
        destroys it, if anything is named."""
        game = self.game
        rec = game._rec(obj)
        c = game._characteristics(rec)
        if has_keyword(c.keywords, "Indestructible"):
            would = f"{by} would destroy {c.name}" if by else f"{c.name} would be destroyed"
            game._say(f"{would}, but it is indestructible: it stays "
                      f"({game._today('702.12b')}).")
            return
        game._say(f"{by} destroys {c.name}." if by else f"{c.name} is destroyed.")
        game._zones._zone_change(rec, "graveyard")

    def _counter_spell(self, spell: Ref, why: str = "") -> None:
        """Counter a spell: it leaves the stack for its owner's graveyard (701.6). ``why``:
        what counters it, if anything is named."""
        game = self.game
        rec = game._records[spell[0]]
        if rec.ref != spell or rec.zone != "stack":
            if why:
                game._say(f"{why} does nothing: the spell has left the stack.")
            return
        name = game._characteristics(rec).name
        game._say(f"{why} counters {name}." if why
                  else f"{name} is countered ({game._today('701.6a')}).")
        game._zones._zone_change(rec, "graveyard")

    def _gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool) -> None:
        """A control-changing effect (layer 2, rule 613.1b): ``player`` controls it now; it
        may not attack or use {T} abilities until it has been under their control since the
        start of their turn (302.6)."""
        game = self.game
        rec = game._rec(obj)
        game._control.append((rec.ref, player, rec.controller, until_end_of_turn))
        self._set_controller(rec, player)

    def _control_ends(self, player: str) -> None:
        """``player`` has left the game (800.4a): the effects that gave them control of other
        players' permanents end, and each goes to the player an earlier control effect still
        gives it to, else back to who controlled it before; then what they still
        control (a permanent that entered under their control, as Nighteyes puts one) is
        exiled (2004: removed from the game)."""
        game = self.game
        self._end_control(lambda entry: entry[1] == player)
        kept = [rec for rec in game._battlefield() if rec.controller == player]
        cite = game._leaving_cite
        for rec in kept:
            game._say(f"{game._characteristics(rec).name} is still under {player}'s control: "
                      f"it is {game._wording('exiled', 'removed from the game')} ({cite}).")
            game._zones._zone_change(rec, "exile")

    def _end_control(self, ending: Callable[[tuple[Ref, str, str, bool]], bool]) -> None:
        """The control effects for which ``ending`` is true end (each entry of the game's
        ``_control``: the permanent, the player it gives control to, the one who controlled
        it before, until end of turn). Each permanent they applied to is then controlled as
        :meth:`_control_after` says."""
        game = self.game
        refs = dict.fromkeys(entry[0] for entry in game._control if ending(entry))
        after = {ref: self._control_after(ref, ending) for ref in refs}
        game._control = [entry for entry in game._control if not ending(entry)]
        for ref, player in after.items():
            rec = game._records[ref[0]]
            if rec.ref == ref and rec.zone == "battlefield":
                self._set_controller(rec, player)

    def _control_after(self, ref: Ref, ending: Callable[[tuple[Ref, str, str, bool]], bool]
                       ) -> str:
        """Who controls the permanent ``ref`` once the control effects for which ``ending``
        is true have ended: the player of the latest one still applying to it (layer 2,
        timestamp order: 613.1b, 613.7), or with none left the player who controlled it before
        the first (its owner, or the player it entered under; its owner if that player has
        left the game)."""
        game = self.game
        entries = [entry for entry in game._control if entry[0] == ref]
        still = [entry for entry in entries if not ending(entry)]
        if still:
            return still[-1][1]
        before = entries[0][2]
        return game._records[ref[0]].owner if before in game._lost else before

    def _set_controller(self, rec: Record, player: str) -> None:
        game = self.game
        if rec.controller == player:
            return
        before = rec.controller
        rec.controller = player
        # The clock moves: a creature whose control changes leaves combat (506.4), and
        # combat looks again at who is in it only when the clock or the effects change.
        game._tick()
        game._set_status(rec, since_turn=game.turn)
        game._battlefield_changed()
        self._effects_changed()
        game._say(f"{player} gains control of {game._characteristics(rec).name} from {before}.")

    def _create_sized_token(self, name: str, controller: str, size: int) -> GameObject:
        """A token whose power and toughness are set as it is created (Dokai's X/X)."""
        game = self.game
        from dataclasses import replace

        from ._cards import token

        data = token(name)
        data = replace(data, normal=replace(data.normal, power=size, toughness=size))
        rec = game._new_record(data, controller, controller, "battlefield", token=True)
        game._zones._enter(rec, False)
        game._say(game._wording(f"{controller} creates a {size}/{size} {data.name} token.",
                                f"{controller} puts a {size}/{size} {data.name} token into "
                                "play."))
        return game._handle(rec)

    # --- mana (106) -----------------------------------------------------------------------------
    def add_mana(self, player: str, mana: str, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.add_mana <flipcards.Game.add_mana>`."""
        game = self.game
        added = _parse_mana(mana, generic=False, cite=self.game._today("106.1"))
        if not added:
            raise FlipCardsError("no mana to add: give at least one mana symbol, such as "
                                 "'{R}'", argument="mana")
        pool = game._pool[game._in_game(player)]
        for symbol, n in added.items():
            pool[symbol] += n
        # The mana as the pool holds it ("{r}" typed is {R}).
        game._say(f"{player} adds {_show_pool(added)} ({_show_pool(pool)} in the pool).")
        game._engine.check(keep)

    def _mana_symbol(self, rec: Record) -> str | None:
        """The mana a permanent taps for, or ``None``: a land with a basic land type has
        that type's (305.6: that of the basic land of its name), else the permanent's own
        printed mana ability's (a basic land prints none: one that is no longer a land, or
        has lost its type, taps for nothing); none once it has lost all its abilities
        (613.1f: the one a land type gives it too)."""
        c = self.game._characteristics(rec)
        if c.lost_abilities:
            return None
        if "Land" in c.types:
            typed = next((cards.record(s).mana for s in c.subtypes if s in basic_land_types()), "")
            if typed:
                return typed
        return None if c.name in basic_land_types() else cards.record(c.name).mana or None

    def tap_for_mana(self, land: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.tap_for_mana <flipcards.Game.tap_for_mana>`."""
        game = self.game
        rec = game._rec(land)
        c = game._characteristics(rec)
        symbol = self._mana_symbol(rec)
        if rec.zone == "battlefield" and symbol is None and c.lost_abilities:
            raise IllegalActionError(f"{c.name} has lost all its abilities to an effect: it has "
                                     "no mana ability")
        if rec.zone != "battlefield" or symbol is None:
            raise IllegalActionError(f"{c.name} is not a land "
                                     f"{game._zone_phrase('battlefield', '')} that taps for mana")
        if rec.status.tapped:
            raise IllegalActionError(f"{c.name} is tapped; it cannot be tapped for mana")
        sick = self._cannot_tap_yet(rec)
        if sick:
            raise IllegalActionError(sick)
        self._tap_land_for_mana(rec, symbol)
        game._engine.check(keep)

    def _tap_land_for_mana(self, rec: Record, symbol: str) -> None:
        """The untapped permanent ``rec`` taps for ``symbol``; a land also makes Sasaya's
        Essence add one more for each other land of its name its controller controls."""
        game = self.game
        c = game._characteristics(rec)
        game._set_status(rec, tapped=True)
        pool = game._pool[rec.controller]
        pool[symbol] += 1
        game._say(f"{rec.controller} taps {c.name} for {{{symbol}}}.")
        same = 0 if "Land" not in c.types else sum(
            1 for r in game._battlefield() if r is not rec and r.controller == rec.controller
            and "Land" in (other := game._characteristics(r)).types and other.name == c.name)
        for r in game._battlefield():
            adding = game._printed_abilities(r)
            if (r.controller == rec.controller and same
                    and cards.record(adding).mana_per_same_named_land):
                pool[symbol] += same
                game._say(f"{adding} adds {{{symbol}}} {same} more time"
                          f"{'s' * (same != 1)}: {rec.controller} "
                          f"controls {same} other land{'s' * (same != 1)} named {c.name}.")
        game._say(f"{possessive(rec.controller)} mana pool: {_show_pool(pool)}.")

    def _pay_mana(self, player: str, cost: str, why: str, *, lands: bool = False) -> bool:
        """Pay a mana cost from ``player``'s pool (601.2g, 602.2b) when the game pays costs
        (True, and the log says so); refuse with the cost and the pool when it cannot be
        paid. False when costs are taken as paid. ``lands``: a payment asked for as a spell or
        ability resolves, for which the player may tap lands for mana then (605.3a): with
        too little in the pool, their untapped lands are tapped, oldest first, until it is
        enough."""
        game = self.game
        if game.costs != "paid" or not cost:
            return False
        tapped = False
        while lands and _paid_from(game._pool[player], cost) is None:
            land = next((rec for rec in game._battlefield() if rec.controller == player
                         and not rec.status.tapped and self._mana_symbol(rec)
                         and not self._cannot_tap_yet(rec)), None)
            if land is None:
                break
            if not tapped:
                game._say(f"{player} taps lands for mana to pay {cost} as it resolves "
                          f"({game._today('605.3a')}).")
                tapped = True
            self._tap_land_for_mana(land, self._mana_symbol(land) or "C")
        pool = game._pool[player]
        left = _paid_from(pool, cost)
        if left is None:
            untapped = " and no untapped land" if lands else ""
            raise IllegalActionError(f"{player} cannot pay {cost} {why}: the mana pool has "
                                     f"{_show_pool(pool) or 'no mana'}{untapped}")
        game._pool[player] = left
        game._say(f"{player} pays {cost} {why}.")
        return True

    def _empty_mana_pools(self) -> bool:
        """Mana empties from the pools at the end of each step and phase (500.4). Under the
        2004 rules a player also loses 1 life for each mana lost this way: mana burn (2004
        rule 300.3; it was taken out of the rules in 2009). Says whether anyone burned."""
        game = self.game
        burned = False
        for player, pool in game._pool.items():
            lost = sum(pool.values())
            for symbol in pool:
                pool[symbol] = 0
            if lost and game.edition == "2004":
                game._life[player] -= lost
                game._say(f"Mana burn: {player} loses {lost} life for the unused mana "
                          f"({game._life[player]} life).")
                burned = True
        return burned

    # --- rule 613: continuous effects ------------------------------------------------------
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
        """The rules of :meth:`Game.add_effect <flipcards.Game.add_effect>`."""
        game = self.game
        if kind not in EFFECT_KINDS:
            raise UnknownNameError("effect kind", str(kind), EFFECT_KINDS)
        layer, allowed = EFFECT_KINDS[kind]
        unknown = sorted(set(params) - set(allowed))
        if unknown:
            raise FlipCardsError(f"effect kind {kind!r} takes {list(allowed) or 'no parameters'}, "
                                 f"not {unknown}")
        given = [p for p in ("power", "toughness") if p in params]
        if kind == "set_pt" and len(given) < 2:
            missing = [p for p in ("power", "toughness") if p not in given]
            raise FlipCardsError(f"effect kind 'set_pt' (has base power and toughness X/Y) "
                                 f"sets both power and toughness; {' and '.join(missing)} "
                                 "missing", argument=missing[0])
        if kind == "modify_pt" and not given:
            raise FlipCardsError("effect kind 'modify_pt' (gets +X/+Y) needs power, toughness "
                                 "or both (e.g. power 2 for +2/+0)", argument="power")
        values: dict[str, Any] = {}
        for p in allowed:
            if p in ("power", "toughness"):
                v = params.get(p, 0)
                if not isinstance(v, int) or isinstance(v, bool) or abs(v) > LIMIT:
                    raise FlipCardsError(f"{p} must be a whole number from -{LIMIT:,} to "
                                         f"{LIMIT:,}, not {v!r}", argument=p)
                values[p] = v
            elif p == "keyword":
                v = params.get(p)
                if not isinstance(v, str) or not v.strip():
                    raise FlipCardsError(f"effect kind {kind!r} needs a keyword, e.g. 'Flying'",
                                         argument="keyword")
                try:
                    values[p] = (keyword_to_give(v, game.edition) if kind == "add_keyword"
                                 else keyword_to_lose(v, game.edition))
                except FlipCardsError as e:
                    e.argument = "keyword"
                    raise
            else:
                spec: dict[str, Any] = {p: params.get(p, [])}
                # A type is there or not: a word given twice is one (205.2, 205.3).
                values[p] = tuple(dict.fromkeys(getattr(Filter(**spec), p)))
                later_ones = {"types": ("card type", TYPES_AFTER_2004),
                              "supertypes": ("supertype", SUPERTYPES_AFTER_2004)}.get(p)
                later = [t for t in values[p] if t in later_ones[1]] if later_ones else []
                if later_ones and later and game.edition == "2004":
                    raise FlipCardsError(f"the rules of 2004 have no {later_ones[0]} {later[0]} "
                                         "(it came later): a permanent cannot become one in a "
                                         "game of those rules", argument=p)
        if kind == "add_types" and not any(values.values()):
            raise FlipCardsError("effect kind 'add_types' needs a supertype, a card type or a "
                                 "subtype to add (e.g. types ['Artifact'])", argument="types")
        if isinstance(affects, GameObject):
            rec = game._rec(affects)
            if rec.zone != "battlefield":
                raise IllegalActionError(f"effects here apply to permanents; "
                                         f"{game._characteristics(rec).name} is "
                                         f"{game._zone_phrase(rec.zone, rec.owner)}")
            target: tuple[int, int] | None = rec.ref
            filter_: Filter | None = None
            whom = game._characteristics(rec).name
        elif isinstance(affects, Filter):
            target, filter_ = None, affects
            if filter_.controller is not None:
                game._player(filter_.controller)
            whom = filter_.describe()
        else:
            raise FlipCardsError(f"affects must be an object or a Filter, not {affects!r}")
        label = label or f"effect {len(game._effects) + 1}"
        effect = Effect(label=label, kind=kind, layer=layer, timestamp=game._tick(),
                        filter=filter_, target=target, until_end_of_turn=until_end_of_turn,
                        **values)
        game._effects = sorted([*game._effects, effect], key=lambda e: e.sort_key)
        self._effects_changed()
        until = " until end of turn" if until_end_of_turn else ""
        game._say(f"Effect {label!r} ({_describe_effect(effect)}) starts to apply to {whom}"
                  f"{until}.")
        game._engine.check(keep)
        return effect

    def end_effect(self, effect: Effect, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.end_effect <flipcards.Game.end_effect>`."""
        game = self.game
        if not isinstance(effect, Effect):
            raise FlipCardsError(f"{effect!r} is not an effect: end_effect takes what add_effect "
                                 "returned (game.effects lists those that apply)",
                                 argument="effect")
        if effect in game._effects:
            game._effects = [e for e in game._effects if e is not effect]
            self._effects_changed()
            game._say(f"Effect {effect.label!r} ends.")
        else:
            game._say(f"Effect {effect.label!r} has already ended.")
        game._engine.check(keep)

    def _effects_changed(self) -> None:
        game = self.game
        game._statics = None
        for rec in game._records.values():
            rec.cache = None

    def attach(self, aura: GameObject, to: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.attach <flipcards.Game.attach>`."""
        game = self.game
        rec, host = game._rec(aura), game._rec(to)
        if rec.zone == host.zone == "battlefield" and rec.status.attached_to == host.ref:
            # Not attached anew, so no new timestamp (613.7e): its effects keep their order.
            game._say(f"{game._characteristics(rec).name} is already attached to "
                      f"{game._characteristics(host).name}: nothing happens "
                      f"({game._today('701.3b')}).")
            return
        why = self._cannot_enchant(rec, host) if rec.zone == host.zone == "battlefield" else ""
        if why:
            game._say(f"{why}: it does not move "
                      f"({game._today('701.3b')}).")
            return
        game._zones._attach(rec, host)
        game._engine.check(keep)

    def _cannot_enchant(self, aura: Record, host: Record) -> str:
        """Why the Aura ``aura`` could not enchant ``host`` (an enchant creature Aura), or
        ``""``."""
        game = self.game
        a, h = game._characteristics(aura), game._characteristics(host)
        if "Aura" not in a.subtypes:
            return ""
        return cannot_enchant(a.name, a.colors, h.name, h.types, h.keywords)

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The rules of :meth:`Game.auras_on <flipcards.Game.auras_on>`."""
        game = self.game
        ref = game._rec(obj).ref
        return [game._handle(r) for r in game._battlefield()
                if r.status.attached_to == ref and "Aura" in game._characteristics(r).subtypes]

    # --- rule 707: copy effects -------------------------------------------------------------
    def become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                    keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.become_copy <flipcards.Game.become_copy>`."""
        source = self.game._rec(of)
        if source.zone is None:
            raise IllegalActionError(f"{self.game._gone(source)}: there is nothing to copy",
                                     argument="of")
        self._become_copy(obj, of, until_end_of_turn=until_end_of_turn)
        self.game._engine.check(keep)

    def _become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                     also: str = "") -> None:
        """:meth:`become_copy`, as part of an action; ``also``: the half whose activated
        abilities the copy keeps ("except it has this ability")."""
        game = self.game
        rec, source = game._rec(obj), game._rec(of)
        before = game._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"only a permanent can become a copy; {before} is "
                                     f"{game._zone_phrase(rec.zone, rec.owner)}")
        copied = copiable_card(source.card, source.status)
        if also:
            copied = with_ability(copied, also)
        timestamp = game._tick()
        if until_end_of_turn:
            game._copies_until_end_of_turn.append(
                (rec.ref, timestamp, rec.status.copy_of, rec.status.copied_at, before))
        game._set_status(rec, copy_of=copied, copied_at=timestamp)
        until = " until end of turn" if until_end_of_turn else ""
        keeps = f", except it has {possessive(also)} ability" if also else ""
        game._say(f"{before} becomes a copy of {game._characteristics(source).name}{until}"
                  f"{keeps}: it is now {game._characteristics(rec).name}.", "copy",
                  "ruling-6" if copied.is_flip_card else "",
                  (game._handle(rec), game._handle(source)))

    # --- life --------------------------------------------------------------------------------
    def gain_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.gain_life <flipcards.Game.gain_life>`."""
        game = self.game
        game._life[game._in_game(player)] += count_of(amount)
        game._say(f"{player} gains {amount} life ({game._life[player]} life).", about=(player,))
        game._engine.check(keep)

    def lose_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.lose_life <flipcards.Game.lose_life>`."""
        game = self.game
        game._life[game._in_game(player)] -= count_of(amount)
        game._say(f"{player} loses {amount} life ({game._life[player]} life).", about=(player,))
        game._engine.check(keep)

    def concede(self, player: str, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.concede <flipcards.Game.concede>`."""
        game = self.game
        game._in_game(player)
        game._say(f"{player} concedes the game, and so loses it "
                  f"({game._today('104.3a')}).", "lost", "104.3a", (player,))
        game._sba._lose({player: CONCEDED})
        game._engine.check(keep)

    def gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool = False,
                     keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.gain_control <flipcards.Game.gain_control>`."""
        game = self.game
        rec = game._rec(obj)
        game._in_game(player, "player")
        name = game._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"only a permanent's control changes; {name} is "
                                     f"{game._zone_phrase(rec.zone, rec.owner)}")
        if rec.controller == player:
            # A later control effect of the same player (613.7): it goes on applying when an
            # earlier one ends (a steal until end of turn, then one for the rest of the game).
            game._say(f"{player} gains control of {name}, which {player} controls already: "
                      f"this effect applies after the earlier ones ({game._today('613.7')}).")
        self._gain_control(obj, player, until_end_of_turn=until_end_of_turn)
        if until_end_of_turn:
            back = self._control_after(rec.ref, lambda entry: entry[3])
            game._say(f"It lasts until end of turn: then {name} goes back to {back}.")
        game._engine.check(keep)

    # --- rules 601 and 602: spells and activated abilities ------------------------------------
    @property
    def spells_cast_this_turn(self) -> int:
        """The rules of :meth:`Game.spells_cast_this_turn
        <flipcards.Game.spells_cast_this_turn>`."""
        return self.game._spells_this_turn

    def play_land(self, land: str | GameObject, player: str | None = None, *,
                  keep: Iterable[GameObject] = ()) -> GameObject:
        """The rules of :meth:`Game.play_land <flipcards.Game.play_land>`."""
        game = self.game
        if isinstance(land, str):
            data = card(land)
            owner = game._in_game(player if player is not None else game.active_player,
                                  "player")
            # The card of that name in the player's hand, the oldest; else a new one there.
            held = [r for r in game._records.values() if r.zone == "hand"
                    and r.owner == owner and r.card.name == data.name]
            rec = min(held, key=lambda r: r.order) if held else None
        else:
            rec = game._rec(land)
            data, owner = rec.card, rec.owner
            if player is not None and game._player(player) != owner:
                raise IllegalActionError(f"{player} cannot play a land from {owner}'s hand "
                                         f"({game._today('305.1')})")
            if rec.zone != "hand":
                raise IllegalActionError(f"{game._characteristics(rec).name} is "
                                         f"{game._zone_phrase(rec.zone, rec.owner)}; a land is "
                                         f"played from its owner's hand ({game._today('305.1')})")
        if "Land" not in data.normal.types:
            raise IllegalActionError(f"{data.name} is not a land; a spell is "
                                     f"{game._wording('cast', 'played')} with game.cast()")
        # (2004 CR 305.4 says all of it: in a main phase, the stack empty, once a turn.)
        rule, turn_rule, once_rule = (("rule 305.1", "rule 305.3", "rule 305.2")
                                      if game.edition == "current" else ("2004 CR 305.4",) * 3)
        step = game._beginning_step or {"combat": "combat phase",
                                         "end": game._wording("end step", "end of turn step"),
                                         "cleanup": "cleanup step"}.get(game.step, game.step)
        if owner != game.active_player:
            whose = possessive(game.active_player)
            raise IllegalActionError(f"{owner} cannot play a land in {whose} turn: a player "
                                     f"plays lands only in their own ({turn_rule})")
        if game._engine.items:
            raise IllegalActionError(f"{owner} cannot play a land while something waits on the "
                                     f"stack: a land is played only while it is empty ({rule}); "
                                     "let it resolve first (game.resolve_stack())")
        if game.step != "main":
            way = {"combat": "; end the combat first (game.end_combat())",
                   "end": "; the next main phase is next turn's (game.next_turn())",
                   "cleanup": "; the next main phase is next turn's (game.next_turn())"}
            raise IllegalActionError(f"{owner} cannot play a land in the {step}: a land is "
                                     f"played only in a main phase ({rule})"
                                     f"{way.get(game.step, '')}")
        if game._lands_played.get(owner, 0) >= 1:
            raise IllegalActionError(f"{owner} has played a land this turn already: a player "
                                     f"plays one land a turn ({once_rule})")
        if rec is None:
            rec = game._new_record(data, owner, owner, "hand")
        game._lands_played[owner] = game._lands_played.get(owner, 0) + 1
        game._say(f"{owner} plays {data.name}, their land for the turn; playing a land uses "
                  f"no stack ({rule}).", rule="305.1", about=(game._handle(rec),))
        game._zones._zone_change(rec, "battlefield")
        game._engine.check(keep)
        return game._handle(rec)

    def cast(self, spell: str | GameObject, player: str | None = None, *,
             target: GameObject | str | None = None, naming: str | None = None,
             copying: GameObject | None = None, choose: GameObject | None = None,
             decline: Iterable[GameObject] = (), keep: Iterable[GameObject] = ()) -> GameObject:
        """The rules of :meth:`Game.cast <flipcards.Game.cast>`."""
        game = self.game
        data = card(spell) if isinstance(spell, str) else game._rec(spell).card
        if "Land" in data.normal.types:
            why = game._wording(
                "a land is played, not cast, and it does not use the stack (rule 305.1)",
                "a land is not a spell, and playing it does not use the stack (2004 CR 305.4)")
            raise IllegalActionError(f"{data.name} is a land: {why}; play it "
                                     "(game.play_land()) instead")
        effect = cards.record(data.name).spell
        choices = Choices(target=target, naming=naming, copying=copying, choose=choose)
        # An Aura spell targets what it will enchant (303.4a; 2004: a local enchantment).
        aura = effect is None and "Aura" in data.normal.subtypes
        if effect is None:
            for name in SPELL_CHOICES:
                if getattr(choices, name) is not None and name != "copying" \
                        and not (aura and name == "target"):
                    raise UnusedChoiceError(
                        f"{data.name} takes no {name} here: of the spells, only "
                        f"{', '.join(cards.having('spell'))} do what they say",
                        argument=name)
        if isinstance(spell, str):
            owner = game._in_game(
                player if player is not None else game.active_player, "player",
                then="" if player is not None else
                f"; it is still their turn: say who {game._wording('casts', 'plays')} it")
            self._may_cast(owner)
            if copying is not None and effect is None:
                game._zones._copying(data, copying, owner)
            rec = game._new_record(data, owner, owner, "stack")
            before = None
        else:
            rec = game._rec(spell)
            if rec.zone != "hand":
                raise IllegalActionError(f"{game._characteristics(rec).name} is "
                                         f"{game._zone_phrase(rec.zone, rec.owner)}; a spell is "
                                         f"{game._wording('cast', 'played')} from a hand")
            if player is not None and game._player(player) != rec.owner:
                raise IllegalActionError(f"{player} cannot {game._wording('cast', 'play')} a card "
                                         f"from {rec.owner}'s hand")
            self._may_cast(rec.owner)
            if copying is not None and effect is None:
                game._zones._copying(rec.card, copying, rec.owner)
            before = rec.incarnation, rec.order
            rec.zone, rec.incarnation, rec.order, rec.cache = "stack", rec.incarnation + 1, \
                game._tick(), None
        caster = rec.owner
        chars = game._characteristics(rec)
        try:
            # Targets and choices (601.2c), then the costs (601.2g-h).
            if game.costs == "paid":
                self._check_timing(caster, chars.types, chars.name)
            if effect is not None:
                effect.refuse_others(game._handle(rec), choices)
                if not effect.idle(choices):
                    choices = effect.choose(game._card_rules, game._handle(rec), choices)
            elif aura:
                choices = self._aura_target(rec, choices)
            if game.costs == "paid":
                with game._one_action():
                    self._pay_mana(caster, copiable_card(rec.card, rec.status).mana_cost,
                                   f"for {chars.name}")
        except FlipCardsError:
            # An illegal cast is undone (601.2): the card is where it was before.
            if before is None:
                del game._records[rec.key]
            else:
                rec.zone, (rec.incarnation, rec.order), rec.cache = "hand", before, None
            game._battlefield_changed()
            raise
        game._spells_this_turn += 1
        game._spells_by_player[caster] += 1
        number, own = game._spells_this_turn, game._spells_by_player[caster]
        # The player's own count too where it differs: Erayo's Essence counts each player's.
        game._say(f"{caster} {game._wording('casts', 'plays')} {chars.name} "
                  f"({_ordinal(number)} spell this turn"
                  f"{'' if own == number else f', {possessive(caster)} {_ordinal(own)}'}).",
                  about=(game._handle(rec), caster))
        spell_ref = rec.ref

        def resolve_spell(item: StackItem) -> None:
            if rec.ref != spell_ref or rec.zone != "stack":
                return
            permanent = bool(PERMANENT_TYPES & set(chars.types))
            # (A player who has left the game is no longer a legal target: 800.4a.)
            if (effect is not None and not effect.idle(choices) and (
                    (isinstance(choices.target, str) and choices.target in game._lost)
                    or effect.target_gone(game._card_rules, item, choices))) or (
                    aura and target_gone(game._card_rules, item, choices)):
                game._say(game._wording(
                    f"{chars.name} does not resolve: its target is no longer legal "
                                        "(rule 608.2b).",
                    f"{chars.name} is countered on resolution: its target is no longer legal "
                    "(2004 CR 413.2a)."))
                game._zones._zone_change(rec, "graveyard")
                return
            game._say(f"{chars.name} resolves.")
            if effect is not None and effect.idle(choices):
                game._say(f"{chars.name} does nothing: it was "
                          f"{game._wording('cast', 'played')} with no "
                          f"{effect.idle_words()} chosen.")
            elif effect is not None:
                effect.resolve(game._card_rules, item, choices)
                if rec.ref != spell_ref or rec.zone != "stack":
                    return
            copy = None
            if permanent and copying is not None:
                try:
                    copy = game._zones._copying(rec.card, copying, caster)
                except IllegalActionError as gone:
                    game._say(f"It cannot be the copy chosen ({gone}): it "
                              f"{game._wording('enters', 'comes into play')} as itself.")
            game._zones._zone_change(rec, "battlefield" if permanent else "graveyard", copy=copy,
                                     host_given=aura)
            if aura:    # it enters attached to the object it targeted (303.4d)
                game._zones._attach(rec, game._rec(choices.target_object))

        aimed = aura or (effect is not None and not effect.idle(choices))
        game._engine.push(StackItem(game._handle(rec), f"the spell {chars.name}", resolve_spell,
                                    kind="spell", follows_source=False, controller=caster,
                                    source_ref=spell_ref,
                                    does=effect.text if effect and not effect.idle(choices) else "",
                                    targets=(target,) if aimed and target is not None else ()))
        # (What waited on the stack resolves within the step too: its "may" abilities are
        # declined as the step says.)
        with game._engine.declining(decline):
            game._engine.event(Event("cast", player=caster, ref=spell_ref, subtypes=chars.subtypes,
                                     number=number, name=chars.name,
                                     nth_for_player=game._spells_by_player[caster]))
            game._engine.check(keep)
        return game._handle(rec)

    def _aura_target(self, rec: Record, choices: Choices) -> Choices:
        """The target of an Aura spell: what it will enchant, a creature it could enchant
        (every Aura here enchants a creature); one is needed (303.4a)."""
        game = self.game
        name = game._characteristics(rec).name
        if choices.target is None:
            raise IllegalActionError(
                f"{name} is an Aura spell: it targets the creature it will enchant "
                f"({game._today('303.4a')}), and none was chosen", argument="target")
        return target_creature(game._card_rules, game._handle(rec), choices)

    def _may_cast(self, player: str) -> None:
        """A player under an epic spell's restriction casts no spells (702.50a)."""
        epic = next((spell for who, spell, _, _ in self.game._epics if who == player), None)
        if epic is not None:
            raise IllegalActionError(f"{player} cannot {self.game._wording('cast', 'play')} spells "
                                     "for the rest of the game: "
                                     f"the epic of {epic.name}")

    def _epic(self, player: str, spell: GameObject,
              copy: Callable[[StackItem], object], choice: str = "") -> None:
        """Epic (702.50a): for the rest of the game ``player`` casts no spells, and at the
        beginning of each of their upkeeps a copy of ``spell`` without epic (``copy``, making
        ``choice`` as it resolves) goes on the stack."""
        game = self.game
        game._epics.append((player, spell, copy, choice))
        game._say(f"{player} can {game._wording('cast', 'play')} no more spells this game; at "
                  "the beginning of each of "
                  f"{possessive(player)} upkeeps, {spell.name} is copied.")

    def _check_timing(self, caster: str, types: tuple[str, ...], name: str) -> None:
        """When the game pays costs, a spell other than an instant is cast only by the active
        player in a main phase with an empty stack (rule 307.1, 301.1)."""
        game = self.game
        if "Instant" in types:
            return
        if caster != game.active_player or game._engine.items or game.step != "main":
            held = ""
            if caster == game.active_player and not game._engine.items \
                    and (step := game._beginning_step):
                held = (f"; it is still {possessive(caster)} {step}, as priority was held: "
                        "resolve with the stack empty (every player passes) to begin the main "
                        "phase")
            raise IllegalActionError(f"{name} can be {game._wording('cast', 'played')} only by the "
                                     "active player in a main phase while the stack is empty "
                                     f"(it is not an instant; {game._today('117.1a')})" + held)

    @staticmethod
    def _granting_half(ability: str, granted: Mapping[str, object]) -> str:
        """The half named by ``ability`` (either half's name, or "A // B", in any letter
        case) as ``granted`` names it, if it is one of them; else ``ability`` as given. A name
        that is no card's is a slip (an :class:`UnknownNameError`, with the nearest names)."""
        if not isinstance(ability, str):
            raise FlipCardsError(f"ability names the card that grants it, not {ability!r}",
                                 argument="ability")
        try:
            data = card(ability)
        except UnknownNameError as e:
            e.argument = "ability"
            raise
        wanted = {ability.casefold()}
        wanted |= {face.name.casefold() for face in (data.normal, data.flipped) if face}
        return next((half for half in granted if half.casefold() in wanted), ability)

    def _names_its_card(self, rec: Record, name: str) -> bool:
        """Whether ``name`` (a card's name, either half's or "A // B", any letter case) is the
        card the permanent ``rec`` is printed as, or, a copy, the one it copies."""
        game = self.game
        data = card(name)
        printed = card(game._printed_abilities(rec))
        return data.name == printed.name or data.name == rec.card.name

    def _activatable(self, rec: Record) -> list[tuple[str, str, Activated]]:
        """The activated abilities permanent ``rec`` has now, as ``(how, half, ability)`` in
        the order :meth:`activate` takes one when none is named: its own half's (``"own"``),
        those another permanent of its controller grants a creature (``"granted"``: Homura's
        Essence), and those a copy keeps ("except it has this ability": ``"kept"``), each
        half once. None off the battlefield."""
        game = self.game
        if rec.zone != "battlefield":
            return []
        printed = game._printed_abilities(rec)
        own = cards.record(printed).activated
        found = [("own", printed, own)] if own is not None else []
        now = game._characteristics(rec)
        if "Creature" in now.types:
            # A grant has its source's timestamp (613.7a): an effect that removed all the
            # creature's abilities after it removed it too (613.1f, in timestamp order).
            found += [("granted", half, given.granted)
                      for half, given in cards.having("granted").items()
                      if given.granted is not None
                      and any(game._printed_abilities(r) == half and r.controller == rec.controller
                              and r.status.timestamp > now.lost_at
                              for r in game._battlefield())]
        if printed:
            named = {half for how, half, _ in found if how == "granted"}
            found += [("kept", half, kept) for half in copiable_card(rec.card, rec.status).also
                      if (kept := cards.record(half).activated) is not None and half not in named]
        return found

    def _choice_words(self, field: str) -> str:
        """How an error names the activation's choice ``field``, in the game's edition."""
        return self._battlefield_words(ACTIVATION_CHOICES[field])

    def _battlefield_words(self, text: str) -> str:
        """``text``, written in today's words, with "onto the battlefield" as the game's
        edition says it (2004: "into play")."""
        return text.replace("onto the battlefield",
                            self.game._zone_phrase("battlefield", "", into=True))

    def _ability_words(self, ability: Activated) -> str:
        """What ``ability`` does, in the game's edition: the abilities' texts are written in
        today's words; 2004 says "into play", and puts tokens into play rather than creating
        them."""
        text = self._battlefield_words(ability.text)
        if self.game.edition == "2004":
            text = re.sub(r"\bcreate (an?) ", r"put into play \1 ", text)
        return text

    def activate(self, obj: GameObject, *, target: GameObject | str | None = None,
                 land: GameObject | None = None, discard: GameObject | None = None,
                 to: GameObject | None = None, sacrifice: GameObject | None = None,
                 tap: GameObject | None = None, pays: bool = False, ability: str | None = None,
                 player: str | None = None, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.activate <flipcards.Game.activate>`."""
        game = self.game
        rec = game._rec(obj)
        name = game._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"{name} is {game._zone_phrase(rec.zone, rec.owner)}; only "
                                     "a permanent's ability can be activated here")
        if player is not None and game._in_game(player, "player") != rec.controller:
            raise IllegalActionError(
                f"{player} cannot {game._wording('activate', 'play')} an ability of {name}: "
                f"only its controller, {rec.controller}, can ({game._today('602.2')})",
                argument="player")
        found = self._activatable(rec)
        own = next((given for how, _, given in found if how == "own"), None)
        granted = {half: given for how, half, given in found if how != "own"}
        if ability is not None:
            ability = self._granting_half(ability, granted)
            if ability not in granted and own is not None and self._names_its_card(
                    rec, ability):
                ability = None       # its own card named: its own ability
        chosen = (granted.get(ability) if ability is not None
                  else own or next(iter(granted.values()), None))
        if ability is not None and chosen is None:
            raise IllegalActionError(f"{name} has no ability granted by {ability}; "
                                     f"{series(granted) or 'nothing'} grants it one",
                                     argument="ability")
        if chosen is None and game._characteristics(rec).lost_abilities:
            raise IllegalActionError(f"{name} has lost all its abilities to an effect: it has "
                                     "none to activate")
        if chosen is None:
            raise IllegalActionError(f"{name} has no activated ability the model knows; these "
                                     f"do: {series(cards.having('activated'))}")
        choices = Choices(target=target, land=land, discard=discard, to=to,
                          sacrifice=sacrifice, tap=tap, pays=pays)
        for field in ACTIVATION_CHOICES:
            if getattr(choices, field) not in (None, False) and field not in chosen.takes:
                takes = series(self._choice_words(f) for f in chosen.takes)
                raise UnusedChoiceError(
                    f"{possessive(name)} ability ({self._ability_words(chosen)}) has no "
                    f"{self._choice_words(field)} (it takes: {takes or 'nothing but its costs'})",
                    argument=field)
        me = game._handle(rec)
        ref = rec.ref        # the object that activates it, whatever its costs do to it
        said = len(game.log)
        # 2004: an activated ability is played (2004 CR 409), as a spell is.
        game._say(f"{rec.controller} {game._wording('activates', 'plays')} {possessive(name)} "
                  "ability.", about=(me,))
        # If a cost cannot be paid, the activation is undone (602.2, 601.2h): the mana is
        # paid first and given back if another cost or a target turns out illegal.
        pool = dict(game._pool[rec.controller])
        try:
            with game._one_action():
                self._pay_mana(rec.controller, chosen.mana, f"for {possessive(name)} ability")
                paid = chosen.pay(game._card_rules, me, choices)
        except FlipCardsError:
            game._pool[rec.controller] = pool
            game._unsay(said)
            raise
        ability_ = chosen
        text = self._ability_words(ability_)
        def resolve(item: StackItem) -> None:
            made = paid if item.chosen is None else paid.made(ability_.choice, item.chosen)
            ability_.resolve(game._card_rules, item, made)

        legal = ability_.legal_choice
        game._engine.push(StackItem(me, text, resolve, kind="activated", follows_source=False,
                                    controller=rec.controller, source_ref=ref,
                                    # sacrificed to pay for it: named as it was (113.7a)
                                    left_as=name if rec.ref != ref else "",
                                    targets=(target,) if target is not None else (),
                                    choice=ability_.choice,
                                    legal_choice=None if legal is None else
                                    lambda item, obj: legal(game._card_rules, item, paid, obj)))
        game._engine.check(keep)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _parse_mana(text: str, *, generic: bool, cite: str = "rule 106.1") -> dict[str, int]:
    """``"{2}{U}{U}"`` -> ``{"generic": 2, "U": 2}``; a clear error for anything else
    (``cite``: how the rule on mana's types is cited in the game's edition)."""
    if not isinstance(text, str):
        raise FlipCardsError(f"mana is written as symbols such as '{{R}}{{R}}', not {text!r}")
    found: dict[str, int] = {}
    rest = text.strip()
    while rest:
        end = rest.find("}")
        if not rest.startswith("{") or end < 0:
            example = "'{2}{R}'" if generic else "'{R}{R}' or '{C}{G}'"
            raise FlipCardsError(f"mana is written as symbols such as {example}, not {text!r}")
        symbol, rest = rest[1:end].upper(), rest[end + 1:].lstrip()
        if symbol.isdigit() and generic:
            found["generic"] = found.get("generic", 0) + int(symbol)
        elif symbol in MANA_SYMBOLS:
            found[symbol] = found.get(symbol, 0) + 1
        elif symbol.isdigit() and len(symbol) <= 2 and 0 < int(symbol) <= 10:
            # Mana in a pool has a type (106.1): two mana of no color is {C}{C}.
            raise FlipCardsError(f"{{{symbol}}} in {text!r} is a cost, not mana: mana in a "
                                 f"pool has a color or is colorless; {symbol} colorless mana "
                                 f"is {'{C}' * int(symbol)} ({cite})")
        else:
            what = "W, U, B, R, G, C or a number" if generic else "W, U, B, R, G or C"
            raise FlipCardsError(f"unknown mana symbol {{{symbol}}} in {text!r}; use {what}")
        if sum(found.values()) > LIMIT:
            raise FlipCardsError(f"too much mana in {text!r}")
    return found


def _paid_from(pool: Mapping[str, int], cost: str) -> dict[str, int] | None:
    """The mana ``pool`` after paying ``cost`` from it (generic mana from colorless first),
    or None if it holds too little."""
    needed = _parse_mana(cost, generic=True)
    left = dict(pool)
    for symbol in MANA_SYMBOLS:
        if symbol != "C" and needed.get(symbol, 0):
            if left[symbol] < needed[symbol]:
                return None
            left[symbol] -= needed[symbol]
    generic = needed.get("generic", 0)
    for symbol in ("C", *[s for s in MANA_SYMBOLS if s != "C"]):
        take = min(generic, max(left[symbol], 0))
        left[symbol] -= take
        generic -= take
    return None if generic > 0 else left

def _show_pool(pool: dict[str, int]) -> str:
    return "".join(f"{{{s}}}" * n for s, n in pool.items() if n)


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
    if k == "set_types":
        if not effect.types and not effect.subtypes:
            return "loses its card types and subtypes"
        return "becomes " + (" ".join(effect.types) or "of no card type") + (
            " — " + " ".join(effect.subtypes) if effect.subtypes else "")
    if k == "remove_all_abilities":
        return "loses all abilities"
    return "is also " + " ".join(effect.supertypes + effect.types + effect.subtypes)
