"""Actions on objects: flipping (508), status, counters, damage (120), continuous effects
(613), copy effects (707), life, casting spells (601) and activating abilities (602).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import cached_property
from typing import Any

from . import cards
from ._card_rules import SPELL_CHOICES, Choices, GameRules
from ._cards import COLOR_WORDS, card, possessive, protected_from, with_ability
from ._characteristics import compute, copiable_card, face
from ._effects import EFFECT_KINDS, Effect, Filter
from ._errors import FlipCardsError, IllegalActionError, UnknownNameError
from ._events import Event, StackItem
from ._objects import LIMIT, GameObject, Record, Ref, count_of
from ._state import MANA_SYMBOLS
from ._zones import Zones

__all__ = ["Actions"]

_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}


class Actions(Zones):
    """What players and effects do to objects."""

    @cached_property
    def _card_rules(self) -> GameRules:
        """What the cards' abilities may do to this game (:class:`~._card_rules.CardRules`)."""
        return GameRules(self)

    # --- rule 508: flipping ------------------------------------------------------------
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
                      "only a permanent can flip, so nothing happens.", "no_flip", "508.2",
                      (obj,))
            return False
        if not copiable_card(rec.card, rec.status).is_flip_card:
            self._say(f"{before} is not a flip card; nothing happens.", "no_flip", "508.1",
                      (obj,))
            return False
        if rec.status.flipped:
            self._say(f"{before} has already flipped; flipping it again does nothing.",
                      "flip_again", "ruling-3", (obj,))
            return False
        self._set_status(rec, flipped=True, flipped_at=self._tick())
        self._say(f"{before} flips: it is now {self._characteristics(rec).name}.", "flip",
                  "508.2", (obj,))
        self._engine.check(keep)
        return True

    def _flip_source(self, item: StackItem) -> bool:
        """"Flip [this card]" in an ability: only the object the ability came from flips; if
        it has left the battlefield, even to come back, it is a new object (400.7, 508.4)."""
        if item.source_ref is not None and self._ref(item.source) != item.source_ref:
            self._say(f"{possessive(item.source.name)} ability cannot flip it: the permanent "
                      f"it came from has left {self.battlefield_words}, and this is a new "
                      "object.")
            return False
        return self.flip(item.source)

    def _endless_state_trigger(self, item: StackItem, name: str) -> None:
        """A state trigger's "flip it" did nothing to the permanent it came from, which is
        still there. If the permanent flipped meanwhile (an instruction flipped it while the
        ability waited), it shows the other half, which has no such ability: nothing more
        happens. Otherwise it already has flipped status and still shows the half ``name``
        with the ability (under the 2004 rules, one that flipped and then became a copy of
        Student of Elements or Rune-Tail): it can never flip, so while its condition holds
        the ability would trigger again at once, forever (603.8). That is a loop of
        mandatory actions no player can stop, and rule 104.4b makes such a game a draw; the
        model says so and does not let the ability trigger again."""
        rec = self._rec(item.source)
        if (item.source_ref != rec.ref or rec.zone != "battlefield" or not rec.status.flipped
                or self._printed_abilities(rec) != name):
            return
        self._endless.add(rec.ref)
        self._say(f"{possessive(self._characteristics(rec).name)} ability would trigger again "
                  "and again without end, as it can never flip this permanent: a loop of "
                  "mandatory actions, which makes the game a draw (rule 104.4b). It does not "
                  "trigger again here.")

    # --- status, counters, damage --------------------------------------------------------
    def tap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a permanent (flipped and tapped are separate statuses, rule 508.3)."""
        self._status_action(obj, "tap", tapped=True)
        self._engine.check(keep)

    def untap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Untap a permanent."""
        self._status_action(obj, "untap", tapped=False)
        self._engine.check(keep)

    def _status_action(self, obj: GameObject, verb: str, **changes: Any) -> Record:
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(
                f"cannot {verb} {name}: it is {self._zone_phrase(rec.zone, rec.owner)}, "
                f"not {self._zone_phrase('battlefield', '')}")
        self._set_status(rec, **changes)
        self._say(f"{rec.controller} {verb}s {name}.", about=(self._handle(rec),))
        return rec

    def _tap_for_cost(self, obj: GameObject) -> None:
        """The cost {T}: it must be untapped, and a creature must have been under its
        controller's control since their most recent turn began, unless it has haste
        (302.6). Cards put in with :meth:`put` count as having been there all along."""
        rec = self._rec(obj)
        c = self._characteristics(rec)
        name = c.name
        if rec.status.tapped:
            raise IllegalActionError(f"{name} is tapped; its ability needs it untapped ({{T}})")
        if "Creature" in c.types and self._summoning_sick(rec) and "Haste" not in c.keywords:
            raise IllegalActionError(f"{name} has not been under {possessive(rec.controller)} "
                                     f"control since {possessive(rec.controller)} most recent "
                                     "turn began: a creature cannot use a {T} ability until its "
                                     "controller's next turn (summoning sickness, rule 302.6)")
        self._set_status(rec, tapped=True)
        self._say(f"{rec.controller} taps {name}.", about=(self._handle(rec),))

    def _summoning_sick(self, rec: Record) -> bool:
        """True unless the permanent has been under its controller's control continuously
        since their most recent turn began (302.6; 2004: 212.3d). On another player's turn
        that is the controller's last turn, not the current one: a creature that arrived
        during its controller's turn stays sick through the other players' turns."""
        since = rec.status.since_turn
        if since == 0:
            return False               # set up with put: there since before the game began
        behind = (self.players.index(self.active_player)
                  - self.players.index(rec.controller)) % len(self.players)
        return since >= self.turn - behind

    def add_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                     keep: Iterable[GameObject] = ()) -> None:
        """Put ``n`` counters of ``kind`` (``"+1/+1"``, ``"-1/-1"``, ``"ki"``, …) on a permanent."""
        self._change_counters(obj, kind, count_of(n))
        self._engine.check(keep)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                        keep: Iterable[GameObject] = ()) -> None:
        """Remove up to ``n`` counters of ``kind`` from a permanent."""
        self._change_counters(obj, kind, -count_of(n))
        self._engine.check(keep)

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
            self._say(f"{abs(changed)} {noun} put on {name}.", "counters", "ruling-2", (obj,))
        else:
            self._say(f"{abs(changed)} {noun} removed from {name}.", "counters", "ruling-2",
                      (obj,))

    def damage(self, obj: GameObject, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """Mark ``amount`` damage on a creature, from no source; lethal damage is checked right
        after. Marking 0 damage marks nothing."""
        rec = self._rec(obj)
        amount = count_of(amount)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"damage is marked on permanents; {name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        self._set_status(rec, damage=rec.status.damage + amount)
        self._say(f"{amount} damage is marked on {name}.")
        self._engine.check(keep)

    def deal_damage(self, source: GameObject, target: GameObject | str, amount: int, *,
                    keep: Iterable[GameObject] = ()) -> None:
        """``source`` deals ``amount`` damage to a permanent or to a player (by name).

        Damage to a player is life loss; damage to a permanent is marked on it. Who dealt
        damage to what is remembered until the turn ends (Bushi Tenderfoot, Initiate of Blood).
        A source that would deal 0 damage deals no damage (rule 120.8): nothing is remembered
        and nothing triggers.
        """
        src = self._rec(source)
        amount = count_of(amount)
        if isinstance(target, str):
            self._player(target)
        else:
            rec = self._rec(target)
            victim = self._characteristics(rec).name
            if rec.zone != "battlefield":
                raise IllegalActionError(f"damage is dealt to permanents or players; {victim} is "
                                         f"{self._zone_phrase(rec.zone, rec.owner)}")
        self._deal(src, target, amount)
        self._engine.check(keep)

    def _deal(self, src: Record, target: GameObject | str, amount: int, *,
              combat: bool = False, source: Ref | None = None) -> int:
        """One source deals damage to one permanent or player (rule 120.3), as part of an
        action: nothing else is checked here. Returns the damage actually dealt.

        0 damage is no damage (rule 120.8): nothing is remembered and nothing triggers.
        ``combat``: it is combat damage (rule 510.2). ``source``: the object that deals it,
        if not the card as it is now (2004 combat damage on the stack is dealt by the
        creature that assigned it, even if that card has since become a new object).
        """
        source = src.ref if source is None else source
        name = self._characteristics(src).name
        if isinstance(target, str):
            victim = target
        else:
            rec = self._rec(target)
            victim = self._characteristics(rec).name
        if amount and not isinstance(target, str):
            why = self._damage_prevented(self._handle(src), target)
            if why:
                self._say(f"{name} would deal {amount} damage to {victim}, but it is "
                          f"prevented: {why}.")
                return 0
        if amount and isinstance(target, str):
            for increase, color in self._damage_increases(self._handle(src)):
                amount += 1
                self._say(f"{increase}: damage from a {color} source to {target} is increased "
                          f"by 1 (rule 614.1a).")
        if amount == 0:
            self._say(f"{name} would deal 0 damage to {victim}: it deals no damage (rule 120.8).")
            return 0
        if isinstance(target, str):
            player = target
            self._life[player] -= amount
            self._damage_this_turn.append((source, player))
            self._say(f"{name} deals {amount} damage to {player} ({self._life[player]} life).",
                      about=(self._handle(src), player))
            event = Event("damage", player=player, source=source, amount=amount, combat=combat)
        else:
            self._set_status(rec, damage=rec.status.damage + amount)
            self._damage_this_turn.append((source, rec.ref))
            self._say(f"{name} deals {amount} damage to {victim}.",
                      about=(self._handle(src), self._handle(rec)))
            event = Event("damage", ref=rec.ref, source=source, amount=amount, combat=combat)
        self._engine.event(event)
        return amount

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """True if this object was dealt damage this turn (by any source)."""
        ref = self._rec(obj).ref
        return ref in {t for _, t in self._damage_this_turn} or self._rec(obj).status.damage > 0

    def _shield(self, obj: GameObject) -> None:
        """Prevent all damage that would be dealt to it this turn (615.1, Kaiso)."""
        self._shields.append(self._ref(obj))
        self._say(f"All damage that would be dealt to {obj.name} this turn will be prevented.")

    def _shielded(self, obj: GameObject) -> bool:
        return self._ref(obj) in self._shields

    def _damage_increases(self, source: GameObject) -> list[tuple[str, str]]:
        """The replacement effects (614.1a) that make ``source`` deal 1 more damage to a
        player: one (the permanent's name, the color's word) for each permanent whose half
        increases damage from a source of a color ``source`` has."""
        found = []
        for o in self._may_have(cards.having("damage_change")):
            change = cards.record(self._ability_name(o)).damage_change
            if change is not None and change.increase_color in source.colors:
                found.append((o.name, COLOR_WORDS[change.increase_color]))
        return found

    def _damage_prevented(self, source: GameObject, target: GameObject) -> str:
        """Why damage from ``source`` to the permanent ``target`` is prevented, or ``""``.

        Protection from a color (702.16e): damage from sources of that color is prevented.
        A half that prevents damage to its controller's creatures (615.1), and the shields
        of an ability that prevents all damage to a creature this turn (615.1).
        """
        color = protected_from(target.keywords, source.colors, target.name)
        if color:
            return f"{target.name} has protection from {color} (rule 702.16e)"
        if "Creature" in target.types:
            for o in self._may_have(cards.having("damage_change")):
                half = self._ability_name(o)
                change = cards.record(half).damage_change
                if (o.controller == target.controller and change is not None
                        and change.protects_own_creatures):
                    return (f"{half} prevents damage to creatures {target.controller} "
                            "controls (rule 615.1)")
        if self._shielded(target):
            return f"a shield prevents all damage to {target.name} this turn (rule 615.1)"
        return ""

    def _sacrifice(self, obj: GameObject) -> None:
        """Its controller sacrifices it: it goes to its owner's graveyard (701.21)."""
        rec = self._rec(obj)
        if rec.zone != "battlefield":
            raise IllegalActionError(f"only a permanent can be sacrificed; {obj.name} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        self._say(f"{rec.controller} sacrifices {obj.name}.")
        self._zone_change(rec, "graveyard")

    def _destroy(self, obj: GameObject, by: str) -> None:
        """Destroy a permanent: it goes to its owner's graveyard (701.8)."""
        rec = self._rec(obj)
        self._say(f"{by} destroys {self._characteristics(rec).name}.")
        self._zone_change(rec, "graveyard")

    def _counter_spell(self, spell: Ref, why: str) -> None:
        """Counter a spell: it leaves the stack for its owner's graveyard (701.6)."""
        rec = self._records[spell[0]]
        if rec.ref != spell or rec.zone != "stack":
            self._say(f"{why} does nothing: the spell has left the stack.")
            return
        self._say(f"{why} counters {self._characteristics(rec).name}.")
        self._zone_change(rec, "graveyard")

    def _gain_control(self, obj: GameObject, player: str, *, until_end_of_turn: bool) -> None:
        """A control-changing effect (layer 2, rule 613.1b): ``player`` controls it now; it
        may not attack or use {T} abilities until it has been under their control since the
        start of their turn (302.6)."""
        rec = self._rec(obj)
        self._control.append((rec.ref, player, rec.controller, until_end_of_turn))
        self._set_controller(rec, player)

    def _set_controller(self, rec: Record, player: str) -> None:
        if rec.controller == player:
            return
        before = rec.controller
        rec.controller = player
        # The clock moves: a creature whose control changes leaves combat (506.4), and
        # combat looks again at who is in it only when the clock or the effects change.
        self._tick()
        self._set_status(rec, since_turn=self.turn)
        self._battlefield_changed()
        self._effects_changed()
        self._say(f"{player} gains control of {self._characteristics(rec).name} from {before}.")

    def _create_sized_token(self, name: str, controller: str, size: int) -> GameObject:
        """A token whose power and toughness are set as it is created (Dokai's X/X)."""
        from dataclasses import replace

        from ._cards import token

        data = token(name)
        data = replace(data, normal=replace(data.normal, power=size, toughness=size))
        rec = self._new_record(data, controller, controller, "battlefield", token=True)
        self._enter(rec, False)
        self._say(self._wording(f"{controller} creates a {size}/{size} {data.name} token.",
                                f"{controller} puts a {size}/{size} {data.name} token into "
                                "play."))
        return self._handle(rec)

    # --- mana (106) -----------------------------------------------------------------------------
    def add_mana(self, player: str, mana: str, *, keep: Iterable[GameObject] = ()) -> None:
        """Add mana to ``player``'s pool, written as symbols: ``"{R}{R}"``, ``"{G}{C}"``."""
        added = _parse_mana(mana, generic=False)
        pool = self._pool[self._player(player)]
        for symbol, n in added.items():
            pool[symbol] += n
        self._say(f"{player} adds {mana} ({_show_pool(pool)} in the pool).")
        self._engine.check(keep)

    def tap_for_mana(self, land: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a land for mana (a mana ability, 605): its mana goes to its controller's pool.

        Sasaya's Essence, a triggered mana ability, adds one more mana of that type for each
        other land its controller controls with the same name (605.1b, 605.4: it resolves at
        once, without the stack).
        """
        rec = self._rec(land)
        c = self._characteristics(rec)
        # A basic land type's mana is that of the basic land of its name (305.6).
        symbol = next((m for s in c.subtypes if (m := cards.record(s).mana)),
                      cards.record(c.name).mana or None)
        if rec.zone != "battlefield" or symbol is None:
            raise IllegalActionError(f"{c.name} is not a land "
                                     f"{self._zone_phrase('battlefield', '')} that taps for mana")
        if rec.status.tapped:
            raise IllegalActionError(f"{c.name} is tapped; it cannot be tapped for mana")
        self._set_status(rec, tapped=True)
        pool = self._pool[rec.controller]
        pool[symbol] += 1
        self._say(f"{rec.controller} taps {c.name} for {{{symbol}}}.")
        same = sum(1 for r in self._battlefield() if r is not rec and r.controller ==
                   rec.controller and self._characteristics(r).name == c.name)
        for r in self._battlefield():
            adding = self._printed_abilities(r)
            if (r.controller == rec.controller and same
                    and cards.record(adding).mana_per_same_named_land):
                pool[symbol] += same
                self._say(f"{adding} adds {{{symbol}}} {same} more time"
                          f"{'s' * (same != 1)}: {rec.controller} "
                          f"controls {same} other land{'s' * (same != 1)} named {c.name}.")
        self._say(f"{possessive(rec.controller)} mana pool: {_show_pool(pool)}.")
        self._engine.check(keep)

    def _pay_mana(self, player: str, cost: str, why: str) -> None:
        """Pay a mana cost from ``player``'s pool (601.2g, 602.2b) when the game pays costs;
        refuse with the cost and the pool when it cannot be paid."""
        if self.costs != "paid" or not cost:
            return
        needed = _parse_mana(cost, generic=True)
        pool = self._pool[player]
        left = dict(pool)
        short = False
        for symbol in MANA_SYMBOLS:
            if symbol != "C" and needed.get(symbol, 0):
                if left[symbol] < needed[symbol]:
                    short = True
                left[symbol] -= needed.get(symbol, 0)
        generic = needed.get("generic", 0)
        for symbol in ("C", *[s for s in MANA_SYMBOLS if s != "C"]):
            take = min(generic, max(left[symbol], 0))
            left[symbol] -= take
            generic -= take
        if short or generic > 0:
            raise IllegalActionError(f"{player} cannot pay {cost} {why}: the mana pool has "
                                     f"{_show_pool(pool) or 'no mana'}")
        self._pool[player] = left
        self._say(f"{player} pays {cost} {why}.")

    def _empty_mana_pools(self) -> None:
        """Mana empties from the pools at the end of each step and phase (500.4). Under the
        2004 rules a player also loses 1 life for each mana lost this way: mana burn (2004
        rule 300.3; it was taken out of the rules in 2009)."""
        for player, pool in self._pool.items():
            lost = sum(pool.values())
            for symbol in pool:
                pool[symbol] = 0
            if lost and self.edition == "2004":
                self._life[player] -= lost
                self._say(f"Mana burn: {player} loses {lost} life for the unused mana "
                          f"({self._life[player]} life).")

    def _static_effects(self) -> list[Effect]:
        found: list[Effect] = []
        for rec in self._able(cards.having("aura_static")):
            half = face(rec.card, rec.status, self.edition)
            host = rec.status.attached_to
            aura_static = cards.record(half.name).aura_static
            if aura_static is not None and host is not None:
                found.extend(aura_static(half.name, host, rec.status.timestamp))
        # A permanent that lost all its abilities (layer 6) has no static ability either. The
        # effects that could remove them are the ones started by actions and the Auras'
        # above: the static abilities below only add keywords and P/T.
        removing = [*self._effects, *found]
        if not any(e.kind == "remove_all_abilities" for e in removing):
            removing = []
        removing.sort(key=lambda e: e.sort_key)
        # An effect from a static ability has its source's timestamp (613.7a).
        for rec in self._able(cards.having("static")):
            half = face(rec.card, rec.status, self.edition)
            static = cards.record(half.name).static
            if static is not None and not (removing and compute(
                    rec.card, rec.status, self.edition, rec.controller, rec.ref,
                    removing).lost_abilities):
                found.extend(static(half.name, rec.controller, rec.status.timestamp))
        return found

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
        """Start a continuous effect with a new timestamp (rule 613).

        Kinds: ``modify_pt`` and ``set_pt`` (``power``, ``toughness``), ``switch_pt``,
        ``add_keyword`` / ``remove_keyword`` (``keyword``), ``remove_all_abilities`` (the
        permanent then has none of its half's abilities, flip abilities included),
        ``add_types`` (``supertypes``, ``types``, ``subtypes``), ``set_types`` (``types``,
        ``subtypes``: they replace the card types and subtypes), ``set_colors`` (``colors``).
        ``affects`` is one object (the effect ends when it leaves the battlefield) or a
        :class:`Filter`. An effect ``until_end_of_turn`` ends in the cleanup step (514.2).
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
                                         f"{LIMIT:,}, not {v!r}", argument=p)
                values[p] = v
            elif p == "keyword":
                v = params.get(p)
                if not isinstance(v, str) or not v.strip():
                    raise FlipCardsError(f"effect kind {kind!r} needs a keyword, e.g. 'Flying'",
                                         argument="keyword")
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
                        filter=filter_, target=target, until_end_of_turn=until_end_of_turn,
                        **values)
        self._effects = sorted([*self._effects, effect], key=lambda e: e.sort_key)
        self._effects_changed()
        until = " until end of turn" if until_end_of_turn else ""
        self._say(f"Effect {label!r} ({_describe_effect(effect)}) starts to apply to {whom}"
                  f"{until}.")
        self._engine.check(keep)
        return effect

    def end_effect(self, effect: Effect, *, keep: Iterable[GameObject] = ()) -> None:
        """End a continuous effect."""
        if effect in self._effects:
            self._effects = [e for e in self._effects if e is not effect]
            self._effects_changed()
            self._say(f"Effect {effect.label!r} ends.")
        else:
            self._say(f"Effect {effect.label!r} has already ended.")
        self._engine.check(keep)

    def _effects_changed(self) -> None:
        self._statics = None
        for rec in self._records.values():
            rec.cache = None

    def attach(self, aura: GameObject, to: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Attach an Aura on the battlefield to a permanent.

        An Aura cannot be attached to a permanent it could not enchant (every Aura here
        enchants a creature, and protection from the Aura's color forbids it): it does not
        move (701.3b)."""
        rec, host = self._rec(aura), self._rec(to)
        why = self._cannot_enchant(rec, host) if rec.zone == host.zone == "battlefield" else ""
        if why:
            self._say(f"{why}: it does not move (rule 701.3b).")
            return
        self._attach(rec, host)
        self._engine.check(keep)

    def _cannot_enchant(self, aura: Record, host: Record) -> str:
        """Why the Aura ``aura`` could not enchant ``host`` (an enchant creature Aura), or
        ``""``."""
        a, h = self._characteristics(aura), self._characteristics(host)
        if "Aura" not in a.subtypes:
            return ""
        if "Creature" not in h.types:
            return f"{a.name} can enchant only a creature, and {h.name} is not one"
        color = protected_from(h.keywords, a.colors, h.name)
        return (f"{h.name} has protection from {color}, so {a.name} cannot enchant it"
                if color else "")

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The Auras attached to a permanent."""
        ref = self._rec(obj).ref
        return [self._handle(r) for r in self._battlefield()
                if r.status.attached_to == ref and "Aura" in self._characteristics(r).subtypes]

    # --- rule 707: copy effects -------------------------------------------------------------
    def become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                    keep: Iterable[GameObject] = ()) -> None:
        """An existing permanent becomes a copy of another object (in any zone).

        2004: it gets the copied card's normal characteristics. Current rules (707.3): its own
        status applies to the copied values, so an already flipped permanent shows the flipped
        half of a copied flip card. A copy effect ``until_end_of_turn`` (Cytoshape's) ends in
        the cleanup step (514.2): the permanent is again what it was, and its status (flipped
        or not) is what it is by then.
        """
        self._become_copy(obj, of, until_end_of_turn=until_end_of_turn)
        self._engine.check(keep)

    def _become_copy(self, obj: GameObject, of: GameObject, *, until_end_of_turn: bool = False,
                     also: str = "") -> None:
        """:meth:`become_copy`, as part of an action; ``also``: the half whose activated
        abilities the copy keeps ("except it has this ability")."""
        rec, source = self._rec(obj), self._rec(of)
        before = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"only a permanent can become a copy; {before} is "
                                     f"{self._zone_phrase(rec.zone, rec.owner)}")
        copied = copiable_card(source.card, source.status)
        if also:
            copied = with_ability(copied, also)
        timestamp = self._tick()
        if until_end_of_turn:
            self._copies_until_end_of_turn.append(
                (rec.ref, timestamp, rec.status.copy_of, rec.status.copied_at))
        self._set_status(rec, copy_of=copied, copied_at=timestamp)
        until = " until end of turn" if until_end_of_turn else ""
        keeps = f", except it has {possessive(also)} ability" if also else ""
        self._say(f"{before} becomes a copy of {self._characteristics(source).name}{until}"
                  f"{keeps}: it is now {self._characteristics(rec).name}.", "copy", "ruling-6",
                  (self._handle(rec), self._handle(source)))

    # --- life --------------------------------------------------------------------------------
    def gain_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` gains ``amount`` life."""
        self._life[self._player(player)] += count_of(amount)
        self._say(f"{player} gains {amount} life ({self._life[player]} life).", about=(player,))
        self._engine.check(keep)

    def lose_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` loses ``amount`` life (losing the game is not modelled)."""
        self._life[self._player(player)] -= count_of(amount)
        self._say(f"{player} loses {amount} life ({self._life[player]} life).", about=(player,))
        self._engine.check(keep)

    # --- rules 601 and 602: spells and activated abilities ------------------------------------
    @property
    def spells_cast_this_turn(self) -> int:
        """How many spells have been cast this turn, by all players."""
        return self._spells_this_turn

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
        ``target`` is its target (a creature, or a player's name); ``naming`` the card name
        Cranial Extraction names; ``copying`` the permanent a Clone or Spark Double will enter
        as a copy of (chosen as it enters: if that permanent is gone by then, it enters as
        itself), or the creature Cytoshape's target becomes a copy of; ``choose`` the card a
        search puts where it says (by default the first found). ``decline`` lists permanents
        whose "may" abilities their controller declines.
        """
        data = card(spell) if isinstance(spell, str) else self._rec(spell).card
        effect = cards.record(data.name).spell
        choices = Choices(target=target, naming=naming, copying=copying, choose=choose)
        if effect is None:
            for name in SPELL_CHOICES:
                if getattr(choices, name) is not None and name != "copying":
                    raise IllegalActionError(
                        f"{data.name} takes no {name} here: of the spells, only "
                        f"{', '.join(cards.having('spell'))} do what they say",
                        argument=name)
        if isinstance(spell, str):
            owner = self._player(player if player is not None else self.active_player)
            self._may_cast(owner)
            if copying is not None and effect is None:
                self._copying(data, copying, owner)
            rec = self._new_record(data, owner, owner, "stack")
            before = None
        else:
            rec = self._rec(spell)
            if rec.zone != "hand":
                raise IllegalActionError(f"{self._characteristics(rec).name} is "
                                         f"{self._zone_phrase(rec.zone, rec.owner)}; a spell is "
                                         "cast from a hand")
            if player is not None and self._player(player) != rec.owner:
                raise IllegalActionError(f"{player} cannot cast a card from {rec.owner}'s hand")
            self._may_cast(rec.owner)
            if copying is not None and effect is None:
                self._copying(rec.card, copying, rec.owner)
            before = rec.incarnation, rec.order
            rec.zone, rec.incarnation, rec.order, rec.cache = "stack", rec.incarnation + 1, \
                self._tick(), None
        caster = rec.owner
        chars = self._characteristics(rec)
        try:
            # Targets and choices (601.2c), then the costs (601.2g-h).
            if self.costs == "paid":
                self._check_timing(caster, chars.types, chars.name)
            if effect is not None:
                effect.refuse_others(self._handle(rec), choices)
                if not effect.idle(choices):
                    choices = effect.choose(self._card_rules, self._handle(rec), choices)
            if self.costs == "paid":
                with self._one_action():
                    self._pay_mana(caster, copiable_card(rec.card, rec.status).mana_cost,
                                   f"for {chars.name}")
        except FlipCardsError:
            # An illegal cast is undone (601.2): the card is where it was before.
            if before is None:
                del self._records[rec.key]
            else:
                rec.zone, (rec.incarnation, rec.order), rec.cache = "hand", before, None
            self._battlefield_changed()
            raise
        self._spells_this_turn += 1
        self._spells_by_player[caster] += 1
        number = self._spells_this_turn
        self._say(f"{caster} casts {chars.name} ({_ordinal(number)} spell this turn).",
                  about=(self._handle(rec), caster))
        spell_ref = rec.ref

        def resolve_spell(item: StackItem) -> None:
            if rec.ref != spell_ref or rec.zone != "stack":
                return
            permanent = bool(_PERMANENT_TYPES & set(chars.types))
            if effect is not None and not effect.idle(choices) and \
                    effect.target_gone(self._card_rules, item, choices):
                self._say(self._wording(
                    f"{chars.name} does not resolve: its target is no longer legal "
                    "(rule 608.2b).",
                    f"{chars.name} is countered on resolution: its target is no longer legal."))
                self._zone_change(rec, "graveyard")
                return
            self._say(f"{chars.name} resolves.")
            if effect is not None and effect.idle(choices):
                self._say(f"{chars.name} does nothing: it was cast with no "
                          f"{effect.idle_words()} chosen.")
            elif effect is not None:
                effect.resolve(self._card_rules, item, choices)
                if rec.ref != spell_ref or rec.zone != "stack":
                    return
            copy = None
            if permanent and copying is not None:
                try:
                    copy = self._copying(rec.card, copying, caster)
                except IllegalActionError as gone:
                    self._say(f"It cannot be the copy chosen ({gone}): it enters as itself.")
            self._zone_change(rec, "battlefield" if permanent else "graveyard", copy=copy)

        aimed = effect is not None and not effect.idle(choices)
        self._engine.push(StackItem(self._handle(rec), f"the spell {chars.name}", resolve_spell,
                             kind="spell", follows_source=False, controller=caster,
                             source_ref=spell_ref,
                             targets=(target,) if aimed and target is not None else ()))
        with self._declining(decline):
            self._engine.event(Event("cast", player=caster, ref=spell_ref, subtypes=chars.subtypes,
                              number=number, name=chars.name,
                              nth_for_player=self._spells_by_player[caster]))
        self._engine.check(keep)
        return self._handle(rec)

    def _may_cast(self, player: str) -> None:
        """A player under an epic spell's restriction casts no spells (702.50a)."""
        epic = next((spell for who, spell, _ in self._epics if who == player), None)
        if epic is not None:
            raise IllegalActionError(f"{player} cannot cast spells for the rest of the game: "
                                     f"the epic of {epic.name}")

    def _epic(self, player: str, spell: GameObject,
              copy: Callable[[StackItem], object]) -> None:
        """Epic (702.50a): for the rest of the game ``player`` casts no spells, and at the
        beginning of each of their upkeeps a copy of ``spell`` without epic (``copy``) goes on
        the stack."""
        self._epics.append((player, spell, copy))
        self._say(f"{player} can cast no more spells this game; at the beginning of each of "
                  f"{possessive(player)} upkeeps, {spell.name} is copied.")

    def _check_timing(self, caster: str, types: tuple[str, ...], name: str) -> None:
        """When the game pays costs, a spell other than an instant is cast only by the active
        player in a main phase with an empty stack (rule 307.1, 301.1)."""
        if "Instant" in types:
            return
        if caster != self.active_player or self._engine.items or self.step != "main":
            raise IllegalActionError(f"{name} can be cast only by the active player in a main "
                                     "phase while the stack is empty (it is not an instant)")

    def activate(self, obj: GameObject, *, target: GameObject | str | None = None,
                 land: GameObject | None = None, discard: GameObject | None = None,
                 to: GameObject | None = None, sacrifice: GameObject | None = None,
                 tap: GameObject | None = None, pays: bool = False, ability: str | None = None,
                 keep: Iterable[GameObject] = ()) -> None:
        """Activate an ability of a permanent (rule 602): its own half's, or one another
        permanent grants it (Homura's Essence's "{R}: +1/+0"), or one a copy kept ("except it
        has this ability": Dimir Doppelganger's); name that half as ``ability`` when the
        permanent has an ability of its own too.

        ``target`` is the ability's target (a card, a creature, a spell or a player's name);
        ``land`` the land card Budoka Gardener puts (optional); ``discard`` the card Nezumi
        Shortfang's target discards (by default the oldest card in that hand); ``to`` the
        creature Autumn-Tail moves an Aura to; ``sacrifice`` the creature Shidako's cost
        sacrifices; ``tap`` the untapped legendary permanent Honor-Worn Shaku's cost taps;
        ``pays``: the controller of the spell Jaraku targets pays {2}. The costs
        are paid at once ({T} taps it, removing a ki counter, sacrificing, revealing a hand;
        mana when the game pays costs) and the ability goes on the stack (602.2); it resolves
        when the step is over unless priority is held.
        """
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(f"{name} is {self._zone_phrase(rec.zone, rec.owner)}; only "
                                     "a permanent's ability can be activated here")
        own = cards.record(self._printed_abilities(rec)).activated
        # Granted by another permanent, or kept by a copy ("except it has this ability").
        granted = {half: given.granted for half, given in cards.having("granted").items()
                   if given.granted is not None
                   and "Creature" in self._characteristics(rec).types
                   and any(self._printed_abilities(r) == half and r.controller == rec.controller
                           for r in self._battlefield())}
        if self._printed_abilities(rec):
            for half in copiable_card(rec.card, rec.status).also:
                kept = cards.record(half).activated
                if kept is not None:
                    granted.setdefault(half, kept)
        chosen = (granted.get(ability) if ability is not None
                  else own or next(iter(granted.values()), None))
        if ability is not None and chosen is None:
            raise IllegalActionError(f"{name} has no ability granted by {ability}; "
                                     f"{', '.join(granted) or 'nothing'} grants it one")
        if chosen is None:
            raise IllegalActionError(f"{name} has no activated ability the model knows; these "
                                     f"do: {', '.join(cards.having('activated'))}")
        choices = Choices(target=target, land=land, discard=discard, to=to,
                          sacrifice=sacrifice, tap=tap, pays=pays)
        me = self._handle(rec)
        said = len(self.log)
        self._say(f"{rec.controller} activates {possessive(name)} ability.", about=(me,))
        # If a cost cannot be paid, the activation is undone (602.2, 601.2h): the mana is
        # paid first and given back if another cost or a target turns out illegal.
        pool = dict(self._pool[rec.controller])
        try:
            with self._one_action():
                self._pay_mana(rec.controller, chosen.mana, f"for {possessive(name)} ability")
                paid = chosen.pay(self._card_rules, me, choices)
        except FlipCardsError:
            self._pool[rec.controller] = pool
            self._unsay(said)
            raise
        ability_ = chosen
        # The abilities' texts are written in today's words; 2004 text says "into play" and
        # puts tokens into play rather than creating them.
        text = ability_.text.replace("onto the battlefield",
                                     self._zone_phrase("battlefield", "", into=True))
        if self.edition == "2004":
            text = re.sub(r"\bcreate (an?) ", r"put into play \1 ", text)
        def resolve(item: StackItem) -> None:
            made = paid if item.chosen is None else paid.made(ability_.choice, item.chosen)
            ability_.resolve(self._card_rules, item, made)

        legal = ability_.legal_choice
        self._engine.push(StackItem(me, text, resolve, kind="activated", follows_source=False,
                             controller=rec.controller, source_ref=rec.ref,
                             targets=(target,) if target is not None else (),
                             choice=ability_.choice,
                             legal_choice=None if legal is None else
                             lambda item, obj: legal(self._card_rules, item, paid, obj)))
        self._engine.check(keep)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def _parse_mana(text: str, *, generic: bool) -> dict[str, int]:
    """``"{2}{U}{U}"`` -> ``{"generic": 2, "U": 2}``; a clear error for anything else."""
    if not isinstance(text, str):
        raise FlipCardsError(f"mana is written as symbols such as '{{R}}{{R}}', not {text!r}")
    found: dict[str, int] = {}
    rest = text.strip()
    while rest:
        end = rest.find("}")
        if not rest.startswith("{") or end < 0:
            raise FlipCardsError(f"mana is written as symbols such as '{{2}}{{R}}', not {text!r}")
        symbol, rest = rest[1:end].upper(), rest[end + 1:].lstrip()
        if symbol.isdigit() and generic:
            found["generic"] = found.get("generic", 0) + int(symbol)
        elif symbol in MANA_SYMBOLS:
            found[symbol] = found.get(symbol, 0) + 1
        else:
            what = "W, U, B, R, G, C or a number" if generic else "W, U, B, R, G or C"
            raise FlipCardsError(f"unknown mana symbol {{{symbol}}} in {text!r}; use {what}")
        if sum(found.values()) > LIMIT:
            raise FlipCardsError(f"too much mana in {text!r}")
    return found


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
        return "becomes " + " ".join(effect.types) + (
            " — " + " ".join(effect.subtypes) if effect.subtypes else "")
    if k == "remove_all_abilities":
        return "loses all abilities"
    return "is also " + " ".join(effect.supertypes + effect.types + effect.subtypes)
