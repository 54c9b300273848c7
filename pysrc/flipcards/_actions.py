"""Actions on objects: flipping (508), status, counters, damage (120), continuous effects
(613), copy effects (707), life, casting spells (601) and activating abilities (602).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from . import _heroes
from ._cards import card, possessive
from ._characteristics import copiable_card
from ._effects import EFFECT_KINDS, Effect, Filter
from ._errors import FlipCardsError, IllegalActionError, UnknownNameError
from ._events import Event, StackItem
from ._objects import LIMIT, GameObject, Record, count_of
from ._zones import Zones

__all__ = ["Actions"]

_PERMANENT_TYPES = {"Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle"}


class Actions(Zones):
    """What players and effects do to objects."""

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

    def _flip_source(self, item: StackItem) -> bool:
        """"Flip [this card]" in an ability: only the object the ability came from flips; if
        it has left the battlefield, even to come back, it is a new object (400.7, 508.4)."""
        if item.source_ref is not None and self._ref(item.source) != item.source_ref:
            self._say(f"{possessive(item.source.name)} ability cannot flip it: the permanent "
                      f"it came from has left {self.battlefield_words}, and this is a new "
                      "object.")
            return False
        return self.flip(item.source)

    # --- status, counters, damage --------------------------------------------------------
    def tap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Tap a permanent (flipped and tapped are separate statuses, rule 508.3)."""
        self._status_action(obj, "tap", tapped=True)
        self._check(keep)

    def untap(self, obj: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Untap a permanent."""
        self._status_action(obj, "untap", tapped=False)
        self._check(keep)

    def _status_action(self, obj: GameObject, verb: str, **changes: Any) -> Record:
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.zone != "battlefield":
            raise IllegalActionError(
                f"cannot {verb} {name}: it is {self._zone_phrase(rec.zone, rec.owner)}, "
                f"not {self._zone_phrase('battlefield', '')}")
        self._set_status(rec, **changes)
        self._say(f"{rec.controller} {verb}s {name}.")
        return rec

    def _tap_for_cost(self, obj: GameObject) -> None:
        rec = self._rec(obj)
        name = self._characteristics(rec).name
        if rec.status.tapped:
            raise IllegalActionError(f"{name} is tapped; its ability needs it untapped ({{T}})")
        self._set_status(rec, tapped=True)
        self._say(f"{rec.controller} taps {name}.")

    def add_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                     keep: Iterable[GameObject] = ()) -> None:
        """Put ``n`` counters of ``kind`` (``"+1/+1"``, ``"-1/-1"``, ``"ki"``, …) on a permanent."""
        self._change_counters(obj, kind, count_of(n))
        self._check(keep)

    def remove_counters(self, obj: GameObject, kind: str, n: int = 1, *,
                        keep: Iterable[GameObject] = ()) -> None:
        """Remove up to ``n`` counters of ``kind`` from a permanent."""
        self._change_counters(obj, kind, -count_of(n))
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
        self._check(keep)

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
        self._check(keep)

    def _deal(self, src: Record, target: GameObject | str, amount: int, *,
              combat: bool = False) -> int:
        """One source deals damage to one permanent or player (rule 120.3), as part of an
        action: nothing else is checked here. Returns the damage actually dealt.

        0 damage is no damage (rule 120.8): nothing is remembered and nothing triggers.
        ``combat``: it is combat damage (rule 510.2).
        """
        name = self._characteristics(src).name
        if isinstance(target, str):
            victim = target
        else:
            rec = self._rec(target)
            victim = self._characteristics(rec).name
        if amount == 0:
            self._say(f"{name} would deal 0 damage to {victim}: it deals no damage (rule 120.8).")
            return 0
        if isinstance(target, str):
            player = target
            self._life[player] -= amount
            self._damage_this_turn.append((src.ref, player))
            self._say(f"{name} deals {amount} damage to {player} ({self._life[player]} life).")
            event = Event("damage", player=player, source=src.ref, amount=amount, combat=combat)
        else:
            self._set_status(rec, damage=rec.status.damage + amount)
            self._damage_this_turn.append((src.ref, rec.ref))
            self._say(f"{name} deals {amount} damage to {victim}.")
            event = Event("damage", ref=rec.ref, source=src.ref, amount=amount, combat=combat)
        self._event(event)
        return amount

    def was_damaged_this_turn(self, obj: GameObject) -> bool:
        """True if this object was dealt damage this turn (by any source)."""
        ref = self._rec(obj).ref
        return ref in {t for _, t in self._damage_this_turn} or self._rec(obj).status.damage > 0

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
                        filter=filter_, target=target, until_end_of_turn=until_end_of_turn,
                        **values)
        self._effects = sorted([*self._effects, effect], key=lambda e: e.sort_key)
        self._effects_changed()
        until = " until end of turn" if until_end_of_turn else ""
        self._say(f"Effect {label!r} ({_describe_effect(effect)}) starts to apply to {whom}"
                  f"{until}.")
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

    def attach(self, aura: GameObject, to: GameObject, *, keep: Iterable[GameObject] = ()) -> None:
        """Attach an Aura on the battlefield to a permanent."""
        self._attach(self._rec(aura), self._rec(to))
        self._check(keep)

    def auras_on(self, obj: GameObject) -> list[GameObject]:
        """The Auras attached to a permanent."""
        ref = self._rec(obj).ref
        return [self._handle(r) for r in self._battlefield()
                if r.status.attached_to == ref and "Aura" in self._characteristics(r).subtypes]

    # --- rule 707: copy effects -------------------------------------------------------------
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
        self._field = None          # what it can do has changed (see Stack._able)
        self._say(f"{before} becomes a copy of {self._characteristics(source).name}: "
                  f"it is now {self._characteristics(rec).name}.")
        self._check(keep)

    # --- life --------------------------------------------------------------------------------
    def gain_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` gains ``amount`` life."""
        self._life[self._player(player)] += count_of(amount)
        self._say(f"{player} gains {amount} life ({self._life[player]} life).")
        self._check(keep)

    def lose_life(self, player: str, amount: int, *, keep: Iterable[GameObject] = ()) -> None:
        """``player`` loses ``amount`` life (losing the game is not modelled)."""
        self._life[self._player(player)] -= count_of(amount)
        self._say(f"{player} loses {amount} life ({self._life[player]} life).")
        self._check(keep)

    # --- rules 601 and 602: spells and activated abilities ------------------------------------
    @property
    def spells_cast_this_turn(self) -> int:
        """How many spells have been cast this turn, by all players."""
        return self._spells_this_turn

    def cast(self, spell: str | GameObject, player: str | None = None, *,
             decline: Iterable[GameObject] = (), keep: Iterable[GameObject] = ()) -> GameObject:
        """Cast a spell: a card from a hand, or a card by name (it starts in the caster's hand).

        The spell goes on the stack (rule 601.2a); abilities that trigger on the cast (ki
        counters, Erayo) go on the stack above it and resolve first; then the spell resolves: a
        permanent spell enters the battlefield, an instant or sorcery goes to the graveyard
        (what the spell itself does is not modelled). ``decline`` lists permanents whose "may"
        abilities their controller declines.
        """
        if isinstance(spell, str):
            owner = self._player(player if player is not None else self.active_player)
            rec = self._new_record(card(spell), owner, owner, "stack")
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
        spell_ref = rec.ref

        def resolve_spell(item: StackItem) -> None:
            if rec.ref != spell_ref or rec.zone != "stack":
                return
            self._say(f"{chars.name} resolves.")
            self._zone_change(rec, "battlefield" if _PERMANENT_TYPES & set(chars.types)
                              else "graveyard")

        self._push(StackItem(self._handle(rec), f"the spell {chars.name}", resolve_spell,
                             kind="spell", follows_source=False, controller=caster,
                             source_ref=spell_ref))
        with self._declining(decline):
            self._event(Event("cast", player=caster, ref=spell_ref, subtypes=chars.subtypes,
                              number=number))
        self._check(keep)
        return self._handle(rec)

    def activate(self, obj: GameObject, *, target: GameObject | str | None = None,
                 land: GameObject | None = None, discard: GameObject | None = None,
                 keep: Iterable[GameObject] = ()) -> None:
        """Activate the ability of a flip card's normal half that checks its flip condition.

        ``target`` is the ability's target (a card, a creature or a player's name); ``land``
        is the land card Budoka Gardener puts (optional); ``discard`` the card Nezumi
        Shortfang's target discards (by default the oldest card in that hand). The costs are
        paid at once ({T} taps it; revealing a hand reveals it; mana is not modelled) and the
        ability goes on the stack (rule 602.2); it resolves when the step is over unless
        priority is held.
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
        choices = {"target": target, "land": land, "discard": discard}
        me = self._handle(rec)
        self._say(f"{rec.controller} activates {possessive(name)} ability.")
        self._depth += 1
        try:
            ability.pay(self, me, choices)
        finally:
            self._depth -= 1
        self._push(StackItem(me, ability.text, lambda item: ability.resolve(self, item, choices),
                             kind="activated", follows_source=False, controller=rec.controller,
                             source_ref=rec.ref))
        self._check(keep)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


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
