"""The combat phase: declaring attackers and blockers, combat damage, the end of combat.

Rule numbers are today's Comprehensive Rules (506 to 511; the keyword abilities in 702), with
the 2004 rules' numbers where they differ (306 to 311; keywords in 502). Note that today's rule
508 is *declare attackers*; the flip-card rule 508 of 2004 is today's 710.

Where the two editions differ, the model follows each:

- **Combat damage and the stack.** In 2004 the assigned combat damage went on the stack as one
  object and was dealt when it resolved (2004 CR 310.1, 310.4): players could respond to it,
  and a creature that left play meanwhile still dealt its damage (310.4a), while one that
  would have received damage and had left play received none (310.4c). Today combat damage
  does not use the stack: it is dealt as the step begins (510.2).
- **The second damage step.** In 2004 it is for the creatures that did not assign damage in
  the first step, plus those with double strike (502.2b); today for those that had neither
  first strike nor double strike as the first step began, plus those with double strike
  (510.4). They differ only for a creature that had first strike but assigned no damage.

How a blocked creature divides its damage is the attacking player's choice: 2004 (310.2c)
and today's rules (510.1c) let them divide it freely among its blockers, and with trample
give the player what is left once every blocker is assigned lethal damage (702.19b; 2004:
502.9b; lethal counts damage already marked and damage other creatures assign to it in the
same step). ``combat_damage(assign=...)`` takes that choice and checks it. Without one, the
model chooses for the player: lethal damage to each blocker in the order they were declared
(what the rules of 2009 to 2024 required, damage assignment order) and the rest to the last
blocker or, with trample, to the player. A creature blocks one attacker here, so blocking
creatures assign all their damage to the creature they block.

Restrictions that cards print in words (rather than as keywords) are in the small tables
below, keyed by the name of the half or Aura that prints them.
"""

from __future__ import annotations

import re
from collections.abc import Container, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from . import cards
from ._cards import (
    COLOR_WORDS,
    has_keyword,
    landwalk,
    possessive,
    printed_keyword,
    protection_colors,
    series,
)
from ._effects import Effect
from ._errors import FlipCardsError, IllegalActionError
from ._events import StackItem
from ._objects import GameObject, Record, Ref

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["Combat"]

_BUSHIDO = re.compile(r"bushido (\d+)")

#: How one creature's combat damage is divided: each recipient (a blocker, or a player's
#: name) and the damage assigned to it.
Division = Mapping[GameObject | str, int]


@dataclass
class _Attacker:
    ref: Ref
    controller: str
    defender: str
    blocked: bool = False
    blockers: list[int] = field(default_factory=list)     # record keys, in declared order


@dataclass
class _Blocker:
    ref: Ref
    controller: str
    attacker: int                                         # the record key of what it blocks


@dataclass
class _CombatState:
    """One combat phase: who attacks and blocks, and which damage steps have happened."""

    attackers: dict[int, _Attacker] = field(default_factory=dict)
    blockers: dict[int, _Blocker] = field(default_factory=dict)
    stage: str = "blockers"      # "blockers", then "first_strike" (if any), then "damage"
    blocks_begun: bool = False   # the declare blockers step has begun
    had_first: set[int] = field(default_factory=set)       # first or double strike at step 1
    assigned_first: set[int] = field(default_factory=set)  # assigned damage in step 1
    # When removal from combat was last checked: the game's clock and its list of effects.
    checked_at: int = -1
    checked_effects: list[Effect] | None = None


class Combat:
    """Rules 506 to 511 (2004: 306 to 311): attacking, blocking and combat damage.

    The part of the engine that :class:`~flipcards.Game` delegates combat to. It holds the
    combat going on (``current``), the last turn that had a combat phase and the attacking
    player's divisions of damage still to be used, and acts on the game it is made for
    (``game``: its objects, the log, the turn, and the game's ``Stack`` for the end of each
    action).
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.current: _CombatState | None = None
        self.last_turn = 0            # the last turn that had a combat phase
        # The attacking player's divisions of damage still to be used: attacker key -> one
        # division for each damage step it deals damage in (see combat_damage).
        self._division: dict[int, list[Division]] = {}

    # --- what the reader can ask -------------------------------------------------------------
    @property
    def attackers(self) -> list[GameObject]:
        """:attr:`Game.attackers <flipcards.Game.attackers>`."""
        game = self.game
        combat = self.live()
        return [game._handle(game._records[k]) for k in combat.attackers] if combat else []

    def attacking(self, obj: GameObject) -> str | None:
        """The rules of :meth:`Game.attacking <flipcards.Game.attacking>`."""
        game = self.game
        rec = game._rec(obj)
        combat = self.live()
        entry = combat.attackers.get(rec.key) if combat else None
        return entry.defender if entry else None

    def blocking(self, obj: GameObject) -> GameObject | None:
        """The rules of :meth:`Game.blocking <flipcards.Game.blocking>`."""
        game = self.game
        rec = game._rec(obj)
        combat = self.live()
        entry = combat.blockers.get(rec.key) if combat else None
        if entry is None or combat is None or entry.attacker not in combat.attackers:
            return None
        return game._handle(game._records[entry.attacker])

    def blockers(self, attacker: GameObject) -> list[GameObject]:
        """The rules of :meth:`Game.blockers <flipcards.Game.blockers>`."""
        game = self.game
        rec = game._rec(attacker)
        combat = self.live()
        entry = combat.attackers.get(rec.key) if combat else None
        if entry is None or combat is None:
            return []
        return [game._handle(game._records[k]) for k in entry.blockers if k in combat.blockers]

    def is_blocked(self, attacker: GameObject) -> bool:
        """The rules of :meth:`Game.is_blocked <flipcards.Game.is_blocked>`."""
        game = self.game
        rec = game._rec(attacker)
        combat = self.live()
        entry = combat.attackers.get(rec.key) if combat else None
        return bool(entry and entry.blocked)

    # --- declare attackers (508; 2004: 308) ----------------------------------------------------
    def attack(self, attackers: Iterable[GameObject], defender: str | None = None, *,
               keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.attack <flipcards.Game.attack>`."""
        game = self.game
        if self.current is not None and self.current.attackers:
            raise IllegalActionError(
                "attackers are declared already in this combat: a player declares all their "
                f"attackers at once ({game._today('508.1a')}); the combat goes on with "
                "blockers and combat damage")
        if self.current is not None or self.last_turn == game.turn:
            raise IllegalActionError(f"{possessive(game.active_player)} turn {game.turn} has "
                                     "already had its combat phase; pass the turn first "
                                     "(game.next_turn())")
        if game._end_step_turn == game.turn:
            raise IllegalActionError(
                f"the {game._wording('end step', 'end of turn step')} of turn {game.turn} "
                "has already begun, and no combat phase "
                "follows the ending phase (" + game._wording("rule 500.1", "2004 CR 300.1")
                + "); pass the turn first (game.next_turn())")
        game._engine.step_may_end("combat")
        game._turns.upkeep_may_end(passed=True)
        if game.over:
            return
        attacker = game.active_player
        if defender is None:
            defender = game._next_player(attacker)
        else:
            game._in_game(defender, argument="defender")
        if defender == attacker:
            raise IllegalActionError(f"{attacker} cannot attack themselves; the defending player "
                                     "is an opponent (rule 506.2; 2004: 306.3)")
        if not isinstance(attackers, Iterable) or isinstance(attackers, (str, GameObject)):
            raise IllegalActionError("attack takes a list of creatures, e.g. "
                                     "game.attack([bears])")
        recs: list[Record] = []
        declared: set[int] = set()
        # What has an Aura (or anything) attached: only those can be restricted by one.
        attached = {r.status.attached_to for r in game._battlefield()
                    if r.status.attached_to is not None}
        for obj in attackers:
            rec = game._rec(obj)
            name = game._characteristics(rec).name
            if rec.key in declared:
                raise IllegalActionError(f"{name} is declared as an attacker twice")
            declared.add(rec.key)
            why = self.cannot_attack(rec, attached)
            if why:
                raise IllegalActionError(f"{name} can't attack: {why}")
            recs.append(rec)
        self.last_turn = game.turn
        # The main phase has ended: its mana empties (500.4; 2004: 300.3, with mana burn).
        if game._actions._empty_mana_pools():
            # The beginning of combat step gives priority before attackers are declared, and
            # state-based effects are checked first (2004 CR 420.2): a player burned to 0
            # loses there, and a player out of the game declares no attackers.
            game._engine.check(keep)
            if game.over or attacker in game._lost:
                return
        if not recs:
            game._say(f"{attacker} declares no attackers; the declare blockers and combat "
                      "damage steps are skipped.")
            game._engine.check(keep)
            return
        combat = self.current = _CombatState()
        game.step = "combat"
        # Attacking taps a creature, unless it has vigilance (508.1f, 702.20b).
        watchful = [r for r in recs if has_keyword(game._characteristics(r).keywords, "Vigilance")]
        for rec in recs:
            combat.attackers[rec.key] = _Attacker(rec.ref, rec.controller, defender)
            if rec not in watchful:
                game._set_status(rec, tapped=True)
        names = series((game._characteristics(r).name for r in recs), "and")
        tapped = [game._characteristics(r).name for r in recs if r not in watchful]
        said = f"{attacker} attacks {defender} with {names}"
        if not watchful:
            said += f"; attacking taps {'it' if len(recs) == 1 else 'them'}"
        else:
            if tapped:
                said += f"; attacking taps {series(tapped, 'and')}"
            one = len(watchful) == 1
            said += (f"; {series((game._characteristics(r).name for r in watchful), 'and')} "
                     f"{'has' if one else 'have'} vigilance and {'stays' if one else 'stay'} "
                     f"untapped ({game._today('702.20b')})")
        game._say(f"{said}.", about=(*(game._handle(r) for r in recs), defender))
        game._engine.check(keep)

    def cannot_attack(self, rec: Record,
                       attached: Container[tuple[int, int]] | None = None) -> str:
        """Why this permanent can't attack now, or ``""`` if it can. ``attached``: the
        permanents that something is attached to, if known (a declaration of many attackers
        looks them up once)."""
        game = self.game
        c = game._characteristics(rec)
        why = self._not_ready(rec, "attack", game.active_player,
                              f"only the active player ({game.active_player}) attacks",
                              "508.1a; 2004: 308.2a")
        if why:
            return why
        if game._actions._sick_without_haste(rec):
            return (f"it came under {possessive(rec.controller)} control this turn and has no "
                    "haste (summoning sickness, rule 302.6; 2004: 212.3d)")
        if has_keyword(c.keywords, "Defender"):
            return f"it has defender ({game._today('702.3b')})"
        restricted = attached is None or rec.ref in attached
        aura = self._restricting_aura(rec, "attack") if restricted else ""
        if aura:
            return f"it is enchanted by {aura}"
        return ""

    def _not_ready(self, rec: Record, verb: str, player: str, only: str, rule: str) -> str:
        """What attacking and blocking both need: an untapped creature on the battlefield,
        controlled by ``player`` (506.3 and ``rule``); ``""`` if it is one."""
        game = self.game
        # Today's numbers, said so in a 2004 game (there 508.1a is the flip-card rule).
        today = "today's " if game.edition == "2004" else ""
        if rec.zone != "battlefield":
            return f"it is {game._zone_phrase(rec.zone, rec.owner)} ({today}rule {rule})"
        if "Creature" not in game._characteristics(rec).types:
            return (f"it is not a creature; only creatures {verb} ({today}rules 506.3 and "
                    f"{rule})")
        if rec.controller != player:
            return f"{rec.controller} controls it, and {only} ({today}rule {rule})"
        if rec.status.tapped:
            return f"it is tapped ({today}rule {rule})"
        return ""

    def _restricting_aura(self, rec: Record, what: str) -> str:
        """The name of an Aura on the creature whose static ability says it can't ``what``
        ("attack", "block"), or ``""``; an Aura that lost all its abilities says nothing
        (613.1f)."""
        game = self.game
        for aura in game.auras_on(game._handle(rec)):
            if what in cards.record(game._ability_name(aura)).enchanted_cant:
                return aura.name
        return ""

    def _damage_fate(self) -> str:
        """What has become of the combat's damage once its step has begun: dealt, or, in 2004,
        put on the stack, where it waits to be dealt (players may still respond to it)."""
        if any(item.kind == "combat_damage" for item in self.game._engine.items):
            return "assigned and put on the stack, to be dealt as it resolves (2004 CR 310.1)"
        return "dealt"

    # --- declare blockers (509; 2004: 309) -----------------------------------------------------
    def block(self, blocker: GameObject, attacker: GameObject, *,
              keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.block <flipcards.Game.block>`."""
        game = self.game
        combat = self.live()
        if combat is None or combat.stage != "blockers":
            raise IllegalActionError("blockers are declared after attackers and before combat "
                                     "damage; no creature is attacking now" if combat is None
                                     else f"combat damage has already been {self._damage_fate()}"
                                     "; it is too late to block")
        b_rec, a_rec = game._rec(blocker), game._rec(attacker)
        b_name = game._characteristics(b_rec).name
        a_name = game._characteristics(a_rec).name
        entry = combat.attackers.get(a_rec.key)
        if entry is None:
            raise IllegalActionError(f"{a_name} is not attacking, so it cannot be blocked")
        why = self._cannot_block(b_rec, a_rec, entry, combat)
        if why:
            raise IllegalActionError(f"{b_name} can't block {a_name}: {why}")
        if not combat.blocks_begun:
            combat.blocks_begun = True
            self._combat_step_ends()              # the declare attackers step
        combat.blockers[b_rec.key] = _Blocker(b_rec.ref, b_rec.controller, a_rec.key)
        entry.blockers.append(b_rec.key)
        newly_blocked = not entry.blocked
        entry.blocked = True
        game._say(f"{b_rec.controller} blocks {game._whose(a_rec, a_name)} with {b_name}.",
                  about=(game._handle(b_rec), game._handle(a_rec)))
        self._bushido(b_rec, "it blocks")
        if newly_blocked:
            self._bushido(a_rec, "it became blocked")
        game._engine.check(keep)

    def _cannot_block(self, rec: Record, a_rec: Record, entry: _Attacker,
                      combat: _CombatState) -> str:
        """Why this permanent can't block that attacker, or ``""`` if it can."""
        game = self.game
        c, a = game._characteristics(rec), game._characteristics(a_rec)
        why = self._not_ready(rec, "block", entry.defender,
                              f"only {entry.defender}, the player {a.name} attacks, blocks it",
                              "509.1a; 2004: 309.2a")
        if why:
            return why
        if rec.key in combat.blockers:
            other = game._characteristics(game._records[combat.blockers[rec.key].attacker]).name
            return f"it is already blocking {other}; a creature blocks one attacker (509.1a)"
        if cards.record(game._printed_abilities(rec)).cant_block:
            return f"{c.name} can't block (its printed ability)"
        aura = self._restricting_aura(rec, "block")
        if aura:
            return f"it is enchanted by {aura}"
        if has_keyword(a.keywords, "Flying") and not (has_keyword(c.keywords, "Flying")
                                               or has_keyword(c.keywords, "Reach")):
            # Reach is a keyword of later rules (2007): in 2004 only flying could block flying.
            return (f"{a.name} has flying, and {c.name} does not (2004 CR 502.4b)"
                    if game.edition == "2004" else
                    f"{a.name} has flying, and {c.name} has neither flying nor reach "
                    "(rule 702.9b; 2004: 502.4b)")
        if has_keyword(a.keywords, "Fear") and not ("Artifact" in c.types or "B" in c.colors):
            return (f"{a.name} has fear, and {c.name} is neither an artifact creature nor black "
                    f"({game._today('702.36b')})")
        for color in self._protections(a_rec):
            if color in c.colors:
                return (f"{a.name} has protection from {COLOR_WORDS[color]}, and {c.name} is "
                        f"{COLOR_WORDS[color]} (rule 702.16f; 2004: 502.7f)")
        for keyword in a.keywords:
            land = landwalk(keyword)
            if land and any(r.controller == entry.defender
                            and land in game._characteristics(r).subtypes
                            and "Land" in game._characteristics(r).types
                            for r in game._battlefield()):
                return (f"{a.name} has {keyword.lower()}, and {entry.defender} controls a "
                        f"{land} ({game._today('702.14c')})")
        return ""

    def _lethal(self, attacker: Record, blocker: Record, pending: Mapping[int, int]) -> int:
        """The damage ``attacker`` must assign ``blocker`` before it may assign more elsewhere:
        its toughness less the damage marked on it and assigned to it already (702.19b; 2004:
        502.9b); from a source with deathtouch any damage is lethal, so 1 (702.2c)."""
        game = self.game
        toughness = game._characteristics(blocker).toughness or 0
        lethal = max(0, toughness - blocker.status.damage - pending.get(blocker.key, 0))
        if lethal and has_keyword(game._characteristics(attacker).keywords, "Deathtouch"):
            return 1
        return lethal

    def _protections(self, rec: Record) -> list[str]:
        """The colors this permanent has protection from (letters W U B R G)."""
        game = self.game
        c = game._characteristics(rec)
        return protection_colors(c.keywords, c.name)

    def _bushido(self, rec: Record, why: str) -> None:
        """Bushido N (702.45a): "whenever this creature blocks or becomes blocked, it gets
        +N/+N until end of turn" — a triggered ability, so it goes on the stack."""
        game = self.game
        c = game._characteristics(rec)
        for keyword in c.keywords:
            match = _BUSHIDO.fullmatch(keyword.casefold())
            if match is None and keyword.casefold() == "bushido":
                # The keyword list says "Bushido"; the printed text says how much.
                match = _BUSHIDO.fullmatch(printed_keyword(c.name, keyword).casefold())
            n = int(match.group(1)) if match else 0
            if n <= 0:
                continue
            me = game._handle(rec)

            def pump(item: StackItem, me: GameObject = me, n: int = n) -> None:
                game.add_effect("modify_pt", me, power=n, toughness=n, until_end_of_turn=True,
                                label=f"bushido {n} ({me.name})")

            game._engine.trigger(StackItem(me, f"bushido {n}: {why}, so it gets +{n}/+{n} "
                                           "until end of turn", pump), rec.controller)

    # --- combat damage (510; 2004: 310) --------------------------------------------------------
    def combat_damage(self, *, assign: Mapping[GameObject, Division | Sequence[Division]]
                      | None = None, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.combat_damage <flipcards.Game.combat_damage>`."""
        game = self.game
        if assign is not None and not isinstance(assign, Mapping):
            raise FlipCardsError("assign takes each attacker's division of its damage, such as "
                                 f"{{kenzo: {{wall: 3, 'Bob': 2}}}}, not {assign!r}",
                                 argument="assign")
        for attacker, division in (assign or {}).items():
            game._rec(attacker)
            if not isinstance(division, Mapping) and (
                    not isinstance(division, Sequence) or isinstance(division, str)
                    or not all(isinstance(d, Mapping) for d in division)):
                raise FlipCardsError(
                    f"assign gives {game._characteristics(game._rec(attacker)).name} a division "
                    "of its damage, such as {wall: 3, 'Bob': 2} (or a list of two, one for "
                    f"each damage step), not {division!r}", argument="assign")
        self._division = {game._rec(a).key: ([d] if isinstance(d, Mapping) else list(d))
                          for a, d in (assign or {}).items()}
        for key, divisions in self._division.items():
            combat = self.live()
            rec = game._records[key]
            if combat is None or key not in combat.attackers:
                raise IllegalActionError(
                    f"{game._characteristics(rec).name} is not attacking: only "
                    "an attacking creature's damage is divided (a blocker deals all of its "
                    "damage to the creature it blocks)", argument="assign")
            if len(divisions) > 1 and not self._strikes_first(rec):
                raise IllegalActionError(
                    f"{game._characteristics(rec).name} has neither first strike nor double "
                    f"strike: it deals combat damage in one step only, so it takes one "
                    f"division, not {len(divisions)} (510.4)", argument="assign")
        combat = self.live()
        if combat is None:
            raise IllegalActionError("no creature is attacking: declare attackers first "
                                     "(game.attack([...]))")
        if combat.stage == "damage":
            raise IllegalActionError("this combat's damage has already been "
                                     f"{self._damage_fate()}")
        if game._engine.items:
            raise IllegalActionError("the stack is not empty: a step ends only when it has "
                                     "resolved (game.resolve_stack())")
        if combat.stage == "blockers":
            self._combat_step_ends()              # the declare blockers step
            in_combat = [*combat.attackers, *combat.blockers]
            first = {k for k in in_combat if self._strikes_first(game._records[k])}
            if first:
                combat.had_first = first
                combat.stage = "first_strike"
                with self._refused_division(combat, "blockers"):
                    self._damage_step(combat, first_step=True, keep=keep)
                if game._engine.holding or self.live() is None or game.over:
                    return
                combat = self.live() or combat
        if combat.stage == "first_strike":
            self._combat_step_ends()              # the first-strike combat damage step
        before, combat.stage = combat.stage, "damage"
        with self._refused_division(combat, before):
            self._damage_step(combat, first_step=False, keep=keep)

    @contextmanager
    def _refused_division(self, combat: _CombatState, stage: str) -> Iterator[None]:
        """A division of damage the rules do not allow is refused before any damage of the
        step is assigned: the step has not happened, and can be asked for again."""
        try:
            yield
        except IllegalActionError:
            combat.stage = stage
            if stage == "blockers":
                combat.had_first = set()
            raise

    def _combat_step_ends(self) -> None:
        """A step of combat ends. Today mana empties at the end of each step (500.4); under
        the 2004 rules only at the end of each phase (300.3), so not between combat's steps."""
        game = self.game
        if game.edition == "current":
            game._actions._empty_mana_pools()

    def _strikes_first(self, rec: Record) -> bool:
        game = self.game
        keywords = game._characteristics(rec).keywords
        return has_keyword(keywords, "First strike") or has_keyword(keywords, "Double strike")

    def _deals_damage_now(self, combat: _CombatState, key: int, first_step: bool) -> bool:
        """Whether this creature deals combat damage in this step (510.4; 2004: 502.2b)."""
        game = self.game
        rec = game._records[key]
        if first_step:
            return key in combat.had_first
        if not combat.had_first:
            return True
        if has_keyword(game._characteristics(rec).keywords, "Double strike"):
            return True
        if game.edition == "2004":
            return key not in combat.assigned_first
        return key not in combat.had_first

    def _damage_step(self, combat: _CombatState, *, first_step: bool,
                     keep: Iterable[GameObject]) -> None:
        game = self.game
        label = "first-strike combat damage step" if first_step else "combat damage step"
        pending: dict[int, int] = {}
        assigned: list[tuple[Record, GameObject | str, int]] = []
        assigned_now: set[int] = set()

        left_game: list[str] = []

        def assign(src: Record, target: Record | str, amount: int) -> None:
            if isinstance(target, str) and target in game._lost:
                # The player has left the game (a first-strike step killed them): nothing
                # more happens to them (800.4a).
                left_game.append(f"{game._characteristics(src).name} attacks {target}, who "
                                 "has lost the game and left it: it assigns them no damage.")
            elif isinstance(target, str):
                assigned.append((src, target, amount))
            else:
                pending[target.key] = pending.get(target.key, 0) + amount
                assigned.append((src, game._handle(target), amount))

        for key, entry in combat.attackers.items():
            rec = game._records[key]
            power = game._characteristics(rec).power or 0
            if not self._deals_damage_now(combat, key, first_step) or power <= 0:
                continue
            if first_step:
                assigned_now.add(key)
            trample = has_keyword(game._characteristics(rec).keywords, "Trample")
            blockers = [game._records[k] for k in entry.blockers if k in combat.blockers]
            chosen = self._division.get(key)
            if chosen:
                for recipient, amount in self._chosen_division(
                        rec, entry, blockers, chosen.pop(0), power, trample, pending):
                    assign(rec, recipient, amount)
                continue
            if not entry.blocked:
                assign(rec, entry.defender, power)            # 510.1b; 2004: 310.2b
                continue
            if not blockers:
                if trample:                                   # 702.19d; 2004: 502.9c
                    assign(rec, entry.defender, power)
                continue                                      # 510.1c; 2004: 310.2c
            left = power
            for i, b in enumerate(blockers):
                last = i == len(blockers) - 1
                lethal = self._lethal(rec, b, pending)
                give = left if last and not trample else min(left, lethal)
                if give:
                    assign(rec, b, give)
                    left -= give
                if not left:
                    break
            if left:                                          # trample: 702.19b; 2004: 502.9b
                assign(rec, entry.defender, left)
        for key, blocking in combat.blockers.items():
            rec = game._records[key]
            power = game._characteristics(rec).power or 0
            if (not self._deals_damage_now(combat, key, first_step) or power <= 0
                    or blocking.attacker not in combat.attackers):
                continue                                      # 510.1d; 2004: 310.2d
            if first_step:
                assigned_now.add(key)
            assign(rec, game._records[blocking.attacker], power)
        # Every assignment was legal: the step happens.
        combat.assigned_first |= assigned_now

        game._say(f"The {label} of {possessive(game.active_player)} turn {game.turn} begins.")
        for line in left_game:
            game._say(line)
        if not assigned:
            game._say("No creature deals combat damage in it.")
            game._engine.check(keep)
            return
        if game.edition == "2004":
            self._damage_on_the_stack(assigned, label)
            game._engine.check(keep)
            return
        with game._one_action():
            for src, target, amount in assigned:
                game._actions._deal(src, target, amount, combat=True)
        game._engine.check(keep)

    def _chosen_division(self, rec: Record, entry: _Attacker, blockers: list[Record],
                         division: Division, power: int, trample: bool,
                         pending: Mapping[int, int]) -> list[tuple[Record | str, int]]:
        """The attacking player's division of one creature's damage, checked against the
        rules (510.1; 2004: 310.2; trample 702.19b; 2004: 502.9b)."""
        game = self.game
        name = game._characteristics(rec).name
        out: list[tuple[Record | str, int]] = []
        total = 0
        for target, amount in division.items():
            if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
                raise IllegalActionError(f"{name}'s damage is divided in whole numbers of 0 "
                                         f"or more, not {amount!r}", argument="assign")
            total += amount
            if isinstance(target, str):
                if target != entry.defender:
                    raise IllegalActionError(f"{name} attacks {entry.defender}: it cannot "
                                             f"assign damage to {target}", argument="assign")
                out.append((target, amount))
                continue
            held = game._rec(target)
            if held not in blockers:
                raise IllegalActionError(f"{game._characteristics(held).name} is not blocking "
                                         f"{name}: {name} assigns its damage only to "
                                         "the creatures blocking it" + (
                                             f" or {entry.defender}" if not entry.blocked
                                             or trample else ""), argument="assign")
            out.append((held, amount))
        if total != power:
            raise IllegalActionError(f"{name} assigns all of its combat damage, {power} (its "
                                     f"power), not {total} (" + game._wording(
                                         "rule 510.1a", "2004 CR 310.2a") + ")",
                                     argument="assign")
        to_player = sum(a for t, a in out if isinstance(t, str))
        if to_player and entry.blocked and blockers:
            if not trample:
                raise IllegalActionError(f"{name} is blocked and has no trample: it assigns no "
                                         f"damage to {entry.defender}", argument="assign")
            given = {t.key: a for t, a in out if not isinstance(t, str)}
            for b in blockers:
                c = game._characteristics(b)
                lethal = self._lethal(rec, b, pending)
                if given.get(b.key, 0) < lethal:
                    raise IllegalActionError(
                        f"{name} has trample, but it assigns damage to {entry.defender} only "
                        f"once each blocker is assigned lethal damage: {c.name} needs {lethal} "
                        "(" + game._wording("rule 702.19b", "2004 CR 502.9b") + ")",
                        argument="assign")
        if entry.blocked and not blockers and not trample and total:
            raise IllegalActionError(f"{name} is blocked but no creature blocks it any more: "
                                     "it assigns no combat damage", argument="assign")
        return [(t, a) for t, a in out if a]

    def _damage_on_the_stack(self, assigned: list[tuple[Record, GameObject | str, int]],
                             label: str) -> None:
        """2004 CR 310.1-310.4: the assigned damage goes on the stack as one object and is
        dealt, all at once, when it resolves."""
        game = self.game
        targets = [(src, src.ref, target, amount,
                    target if isinstance(target, str) else game._ref(target))
                   for src, target, amount in assigned]
        what = "; ".join(f"{game._characteristics(src).name} deals {amount} to "
                         f"{target if isinstance(target, str) else target.name}"
                         for src, target, amount in assigned)
        text = f"{'first-strike ' if label.startswith('first') else ''}combat damage: {what}"

        def deal(item: StackItem) -> None:
            for src, source, target, amount, ref in targets:
                if not isinstance(target, str) and (
                        game._ref(target) != ref or "Creature" not in target.types):
                    game._say(f"{target.name} is no longer a creature in play: the damage "
                              "assigned to it is not dealt (2004 CR 310.4c).")
                    continue
                # Dealt by the creature that assigned it, as it last existed: a card that
                # left play and came back is a new object that dealt nothing (400.7).
                game._actions._deal(src, target, amount, combat=True, source=source)

        game._say(f"The combat damage goes on the stack as one object (2004 CR 310.1): {what}.")
        game._engine.push(StackItem(game._handle(assigned[0][0]), text, deal, kind="combat_damage",
                                    follows_source=False, controller=game.active_player,
                                    source_ref=assigned[0][0].ref))

    # --- end of combat (511; 2004: 311) --------------------------------------------------------
    def end_combat(self, *, keep: Iterable[GameObject] = ()) -> None:
        """The rules of :meth:`Game.end_combat <flipcards.Game.end_combat>`."""
        game = self.game
        if self.current is None:
            raise IllegalActionError("no combat is going on")
        if self.current.stage != "damage":
            # The combat damage step is not skipped (506.1; 2004: 306.1): ending a combat
            # whose damage is still to come goes through it, even if each attacker has since
            # been removed from combat (only declaring none skips it, 508.8); its triggers
            # resolve too, unless priority is held (the combat then ends with the next
            # end_combat).
            game._engine.step_may_end("the combat damage step")
            self.combat_damage(keep=keep)
            # (Held priority stops it in a damage step: what triggered there waits, or the
            # regular combat damage step is still to come after the first-strike one, 510.4.)
            if game.over or game._engine.items or self.current is None or (
                    game._engine.holding and self.current.stage == "first_strike"):
                return
        game._engine.step_may_end("the second main phase")
        self.current = None
        # The combat phase ends (its mana empties) and the second main phase begins.
        game._actions._empty_mana_pools()
        game.step = "main"
        game._say("Combat ends: no creature is attacking or blocking any more.")
        game._engine.check(keep)

    def end_if_going_on(self, keep: Iterable[GameObject] = ()) -> bool:
        """A combat still going on ends (as the end step begins: the game gives it to
        ``Turns`` as ``before_end_step``), the legend rule keeping ``keep``; False if it goes
        on (priority is held in one of its damage steps)."""
        if self.current is not None:
            self.end_combat(keep=keep)
        return self.current is None

    # --- removal from combat (506.4; 2004: 306.2) ------------------------------------------------
    def live(self) -> _CombatState | None:
        """The combat, after removing from it every creature that has left the battlefield,
        changed control or stopped being a creature (506.4; 2004: 306.2). Once removed, a
        creature stays out of combat even if its control changes back."""
        game = self.game
        combat = self.current
        if combat is None:
            return None
        # Leaving, entering, flipping, copies and new continuous effects (control-changing
        # ones too) advance the game's clock, and an effect that ends replaces the list of
        # effects; damage, counters and tapping cannot take a creature out of combat. So there
        # is nothing to look at while neither has changed.
        if combat.checked_at == game._clock and combat.checked_effects is game._effects:
            return combat
        combat.checked_at, combat.checked_effects = game._clock, game._effects
        for table in (combat.attackers, combat.blockers):
            for key in [k for k, e in table.items() if not self._still_in_combat(k, e.ref,
                                                                                  e.controller)]:
                del table[key]
        return combat

    def _still_in_combat(self, key: int, ref: Ref, controller: str) -> bool:
        game = self.game
        rec = game._records[key]
        return (rec.ref == ref and rec.zone == "battlefield"
                and game._handle(rec).controller == controller
                and "Creature" in game._characteristics(rec).types)

    def describe(self, rec: Record, text: str) -> str:
        """``text``, the description of a permanent, with what it does in the combat going
        on (attacking whom, blocked; blocking what)."""
        if self.current is None or rec.zone != "battlefield":
            return text
        handle = self.game._handle(rec)
        defender = self.attacking(handle)
        if defender is not None:
            blocked = " (blocked)" if self.is_blocked(handle) else ""
            return f"{text} · attacking {defender}{blocked}"
        blocked_one = self.blocking(handle)
        if blocked_one is not None:
            return f"{text} · blocking {blocked_one.name}"
        return text
