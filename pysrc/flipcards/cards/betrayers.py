"""Betrayers of Kamigawa (BOK): the records of its five flip cards' halves.

Each unflipped half prints the same two abilities (a ki counter for each Spirit or Arcane
spell its controller casts; at the end step, with two or more ki counters, it may flip); each
flipped half's ability costs removing a ki counter.
"""

from __future__ import annotations

from .._abilities import creature_target, not_a_target, pump, still_legal
from .._card_rules import CardRules, Choices
from .._cards import possessive
from .._errors import IllegalActionError
from .._events import Event, StackItem
from .._heroes import Activated, flip_trigger
from .._objects import GameObject
from ._record import CardRecord

__all__ = ["RECORDS"]


def betrayer(game: CardRules, me: GameObject, event: Event) -> StackItem | None:
    """Whenever you cast a Spirit or Arcane spell, you may put a ki counter on it. At the
    beginning of the end step, if there are two or more ki counters on it, you may flip it.

    Both abilities are "may": the controller can decline either (``decline=``).
    """
    if (event.kind == "cast" and event.player == me.controller
            and ({"Spirit", "Arcane"} & set(event.subtypes))):
        return StackItem(me, f"its controller {game.wording('cast', 'played')} a Spirit or "
                         "Arcane spell",
                         lambda item: game.add_counters(me, "ki", 1), may=True,
                         does="put a ki counter on it")
    if event.kind == "end_step":
        def two_ki() -> bool:
            return me.counters.get("ki", 0) >= 2

        if two_ki():
            return flip_trigger(game, me, "it has two or more ki counters at the "
                                + game.wording("end step", "end of turn"),
                                condition=two_ki, may=True)
    return None


def _remove_ki(game: CardRules, me: GameObject) -> None:
    """The cost "remove a ki counter from it"."""
    if me.counters.get("ki", 0) < 1:
        raise IllegalActionError(f"{me.name} has no ki counter to remove; its ability costs one")
    game.remove_counters(me, "ki", 1)


def _ki_creature(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    choices = creature_target(game, me, choices)
    _remove_ki(game, me)
    return choices


def _ki_spell(game: CardRules, me: GameObject, choices: Choices) -> Choices:
    spell = choices.target
    if not isinstance(spell, GameObject) or spell.zone != "stack":
        raise IllegalActionError(f"{possessive(me.name)} ability needs a target spell on the "
                                 "stack" + not_a_target(game, spell, "spell", "stack"),
                                 argument="target")
    choices = choices.with_target_ref(game.ref(spell))
    _remove_ki(game, me)
    return choices


def _resolve_kaiso(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Kaiso: prevent all damage that would be dealt to target creature this turn."""
    target = still_legal(game, item, choices)
    if target is not None:
        game.shield(target)


def _resolve_jaraku(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Jaraku: counter target spell unless its controller pays {2} (the spell's controller
    chooses: ``pays=True``; when the game pays costs, {2} comes from their pool, and from
    their untapped lands tapped then, 605.3a). A player who would pay but has not the mana as
    the ability resolves cannot pay (118.3): the spell is countered."""
    spell = choices.target_object
    if game.ref(spell) != choices.target_ref or spell.zone != "stack":
        game.say(f"{possessive(item.named)} ability does nothing: the spell has left the "
                 "stack.")
        return
    if choices.pays:
        try:
            said = game.pay_mana(spell.controller, "{2}",
                                 f"to keep {spell.name} from being countered")
        except IllegalActionError as unpaid:
            game.say(f"{unpaid}; so {spell.controller} does not pay.")
        else:
            # (Paid from the pool, the payment is said already.)
            game.say(f"{spell.name} is not countered." if said else
                     f"{spell.controller} pays {{2}}: {spell.name} is not countered.")
            return
    game.counter_spell(choices.target_ref, f"{possessive(item.named)} ability")


def _resolve_scarmaker(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Scarmaker: target creature gains fear until end of turn."""
    target = still_legal(game, item, choices)
    if target is not None:
        game.add_effect("add_keyword", target, keyword="Fear", until_end_of_turn=True,
                        label="Scarmaker's fear")


def _resolve_azamuki(game: CardRules, item: StackItem, choices: Choices) -> None:
    """Azamuki: gain control of target creature until end of turn (layer 2)."""
    target = still_legal(game, item, choices)
    if target is not None:
        game.gain_control(target, item.controller, until_end_of_turn=True)


RECORDS = (
    CardRecord("Faithful Squire", triggered=betrayer, may=True),
    CardRecord("Kaiso, Memory of Loyalty", activated=Activated(
        "prevent all damage to the target creature this turn", _ki_creature, _resolve_kaiso,
        takes=("target",))),
    CardRecord("Callow Jushi", triggered=betrayer, may=True),
    CardRecord("Jaraku the Interloper", activated=Activated(
        "counter the target spell unless its controller pays {2}", _ki_spell, _resolve_jaraku,
        takes=("target", "pays"))),
    CardRecord("Hired Muscle", triggered=betrayer, may=True),
    CardRecord("Scarmaker", activated=Activated(
        "the target creature gains fear until end of turn", _ki_creature, _resolve_scarmaker,
        takes=("target",))),
    CardRecord("Cunning Bandit", triggered=betrayer, may=True),
    CardRecord("Azamuki, Treachery Incarnate", activated=Activated(
        "gain control of the target creature until end of turn", _ki_creature,
        _resolve_azamuki, takes=("target",))),
    CardRecord("Budoka Pupil", triggered=betrayer, may=True),
    CardRecord("Ichiga, Who Topples Oaks", activated=Activated(
        "the target creature gets +2/+2 until end of turn", _ki_creature, pump(2, 2),
        takes=("target",))),
)
