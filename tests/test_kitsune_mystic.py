"""Kitsune Mystic // Autumn-Tail, Kitsune Sage: at the beginning of the end step, if it is
enchanted by two or more Auras, it flips; Autumn-Tail moves an Aura onto another creature.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable

import pytest
from helpers import flipped, flips

from flipcards import EDITIONS, Game, GameObject, IllegalActionError


def test_autumn_tail_cannot_attach_an_aura_to_a_creature_it_cannot_enchant(game: Game) -> None:
    """Autumn-Tail ruling and 701.3b: the new creature is not targeted, but the Aura must
    be able to legally enchant it; if an effect tries to attach an Aura to an object it
    can't enchant, the Aura does not move. Pacifism (white) cannot enchant a creature with
    protection from white (702.16c; 2004: 502.7c): it stays on Autumn-Tail. (Refusing the
    activation outright would also leave Pacifism where it is; what must not happen is
    Pacifism ending up elsewhere.)"""
    autumn = game.put("Kitsune Mystic", flipped=True)
    pacifism = game.put("Pacifism", attached_to=autumn)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("add_keyword", bears, keyword="Protection from white")
    with contextlib.suppress(IllegalActionError):
        game.activate(autumn, target=pacifism, to=bears)
    assert pacifism.zone == "battlefield"
    assert pacifism.attached_to == autumn


@pytest.mark.parametrize("edition", EDITIONS)
def test_autumn_tail_feeds_a_second_kitsune_mystic_that_flips_into_a_second_legend(
        edition: str) -> None:
    """Autumn-Tail moves one of its two Pacifisms onto Alice's other Kitsune Mystic, which
    now has two Auras at the end step and flips: a second Autumn-Tail. 2004 (420.5e): both go
    to the graveyard. Today (704.5j): Alice keeps one (the original here); the other goes, and
    the Auras on it go to the graveyard as state-based actions."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Pacifism", attached_to=autumn)
    moved = game.put("Pacifism", attached_to=autumn)
    mystic = game.put("Kitsune Mystic")
    other = game.put("Pacifism", attached_to=mystic)
    game.activate(autumn, target=moved, to=mystic)
    assert len(game.auras_on(mystic)) == 2 and len(game.auras_on(autumn)) == 1
    game.end_step(keep=[autumn])
    assert flips(game) == ["Kitsune Mystic"]
    assert mystic.zone == "graveyard" and moved.zone == other.zone == "graveyard"
    if edition == "2004":
        assert autumn.zone == "graveyard" and first.zone == "graveyard"
    else:
        assert autumn.zone == "battlefield" and first.attached_to == autumn


def test_autumn_tail_has_no_tap_cost_and_moving_an_aura_keeps_its_controller(
        game: Game) -> None:
    """Autumn-Tail's ability costs only {1}: a Kitsune Mystic cast this turn and flipped can
    use it at once, and again. Attaching is not a control change: Bob's Pacifism stays
    Bob's wherever it goes."""
    autumn = game.cast("Kitsune Mystic")
    game.flip(autumn)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", owner="Bob", attached_to=mine)
    game.activate(autumn, target=pacifism, to=theirs)
    assert pacifism.attached_to == theirs and pacifism.controller == "Bob"
    game.activate(autumn, target=pacifism, to=autumn)
    assert pacifism.attached_to == autumn and pacifism.controller == "Bob"


def test_autumn_tail_refuses_a_creature_announced_that_the_aura_cannot_enchant(
        game: Game) -> None:
    """Autumn-Tail with another creature the Aura could go to: Curse of the Fire Penguin (red)
    on Grizzly Bears, and Tok-Tok (protection from red) named as where it goes. The Aura could
    not go there (701.3b), so the activation is refused at ``to``, saying why; the Curse does
    not end up on a creature nobody chose (Autumn-Tail itself)."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    bears = game.put("Grizzly Bears")
    toktok = game.put("Akki Lavarunner", flipped=True, owner="Bob")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    with pytest.raises(IllegalActionError, match="protection from red") as refused:
        game.activate(autumn, target=curse, to=toktok)
    assert refused.value.argument == "to"
    assert curse.attached_to == bears
    assert not game.stack


def test_autumn_tail_says_why_the_announced_creature_is_not_chosen_as_it_resolves(
        game: Game) -> None:
    """The creature is chosen as the ability resolves (608.2d). One announced at activation
    that the Aura can no longer enchant by then is not chosen, and the log says why before it
    names the creature chosen instead."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=bears)
    with game.holding_priority():
        game.activate(autumn, target=pacifism, to=runeclaw)
        game.add_effect("add_keyword", runeclaw, keyword="Protection from white")
    game.resolve_stack()
    assert pacifism.attached_to == autumn
    said = [line for line in game.log if "cannot choose" in line]
    assert said == ["Alice cannot choose Runeclaw Bear now: Runeclaw Bear has protection from "
                    "white, so Pacifism cannot enchant it."]


def test_autumn_tail_moves_an_aura_onto_another_creature(game: Game) -> None:
    autumn = flipped(game, "Kitsune Mystic")
    bears = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=autumn)
    game.activate(autumn, target=pacifism, to=bears)
    assert pacifism.attached_to == bears


def test_autumn_tail_moves_aura(game: Game) -> None:
    """Autumn-Tail: "{1}: Move an Aura that is attached to a creature onto a different
    creature." """
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    game.activate(autumn, target=pacifism, to=second)
    assert game.auras_on(second) == [pacifism]
    assert game.auras_on(first) == []


def test_autumn_tail_needs_a_different_creature(game: Game) -> None:
    """Autumn-Tail: "... onto a different creature." -- the same creature is not a choice."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    with pytest.raises(IllegalActionError):
        game.activate(autumn, target=pacifism, to=first)
    assert game.auras_on(first) == [pacifism]


@pytest.mark.parametrize(("edition", "keyword", "rule"), [
    ("current", "Shroud", "702.18a"), ("2004", "Shroud", "702.18a"),
    ("current", "Hexproof", "702.11b"),
    ("current", "Protection from white", "702.16b"), ("2004", "Protection from white", "502.7b"),
])
def test_autumn_tail_cannot_target_an_aura_with_shroud_hexproof_or_protection_from_white(
        edition: str, keyword: str, rule: str) -> None:
    """Autumn-Tail's Aura is its one target: an Aura with shroud, with hexproof (Autumn-Tail
    being an opponent's), or with protection from white (Autumn-Tail is white) cannot be it.
    The activation is refused, saying why, and the Aura stays where it is."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True, owner="Bob")
    first = game.put("Grizzly Bears")
    second = game.put("Runeclaw Bear")
    pacifism = game.put("Pacifism", attached_to=first)
    game.add_effect("add_keyword", pacifism, keyword=keyword)
    with pytest.raises(IllegalActionError, match=f"cannot target it .*{re.escape(rule)}"):
        game.activate(autumn, target=pacifism, to=second)
    assert pacifism.attached_to == first


#: What happens to the target Aura while Autumn-Tail's ability waits, and what the log says.
AURA_NO_LONGER_LEGAL: dict[str, tuple[Callable[[Game, GameObject], object], str]] = {
    "leaves": (lambda game, aura: game.move(aura, "graveyard"), "its target Aura has left"),
    "gains-shroud": (lambda game, aura: game.add_effect("add_keyword", aura, keyword="Shroud"),
                     "its target is no longer legal (rule 608.2b"),
    "is-no-longer-an-aura": (lambda game, aura: game.add_effect("set_types", aura,
                                                                types=["Artifact"]),
                             "no longer an Aura attached to a creature"),
}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("change", list(AURA_NO_LONGER_LEGAL))
def test_autumn_tail_does_nothing_if_its_aura_is_no_longer_a_legal_target(
        edition: str, change: str) -> None:
    """Autumn-Tail: "Move an Aura that is attached to a creature" (608.2b): as the ability
    resolves, an Aura that left, gained shroud in response, or stopped being an Aura (an
    effect made it an artifact only) is no longer a legal target, and nothing moves."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    act, said = AURA_NO_LONGER_LEGAL[change]
    with game.holding_priority():
        game.activate(autumn, target=pacifism, to=second)
        act(game, pacifism)
    game.resolve_stack()
    assert game.auras_on(second) == []
    assert said in game.log[-1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_kitsune_mystic_aura_leaves_in_response(edition: str) -> None:
    """Kitsune Mystic: "At the beginning of the end step, if Kitsune Mystic is enchanted by two
    or more Auras, flip it." An Aura leaving in response makes the re-check fail (603.4)."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    first = game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
    game.move(first, "graveyard")
    assert len(game.stack) == 0
    assert not mystic.flipped


def test_kitsune_mystic_does_not_flip_at_the_end_step_if_an_aura_falls_off_first(
        game: Game) -> None:
    """An intervening "if" checked at the beginning of the end step: the Mystic has two
    Pacifisms during the turn, but one is moved away by Autumn-Tail before the end step: at
    the end step it has one, and the ability does not even trigger."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    moved = game.put("Pacifism", attached_to=mystic)
    game.activate(autumn, target=moved, to=autumn)
    with game.holding_priority():
        game.end_step()
        assert list(game.stack) == []
    assert not mystic.flipped


def test_kitsune_mystic_flips_with_two_auras_of_any_controller(game: Game) -> None:
    """Kitsune Mystic: Auras count whoever controls them; it flips into Autumn-Tail and the
    Auras stay attached."""
    mystic = game.put("Kitsune Mystic")
    first = game.put("Pacifism", attached_to=mystic, owner="Bob")
    second = game.put("Pacifism", attached_to=mystic)
    game.end_step()
    assert mystic.name == "Autumn-Tail, Kitsune Sage"
    assert (first.attached_to, second.attached_to) == (mystic, mystic)


def test_kitsune_mystic_intervening_if_aura_gone_before_resolution(game: Game) -> None:
    """603.4: Kitsune Mystic's end-step ability checks "if it is enchanted by two or more
    Auras" when it triggers and again when it resolves."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    second = game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        game.move(second, "graveyard")
    game.resolve_stack()
    assert not mystic.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kitsune_mystic_is_not_optional(edition: str) -> None:
    """Kitsune Mystic says "flip it", not "you may": declining is not a choice it offers."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    game.end_step(decline=[mystic])
    assert mystic.flipped
    # The log says the decline changed nothing (a judge's slip is not taken in silence).
    rule = "today's rule 603.5" if edition == "2004" else "rule 603.5"
    assert game.log[-1] == ("No \"may\" ability of Kitsune Mystic triggers or resolves here: "
                            "declining it changes nothing (only a \"may\" ability can be "
                            f"declined, {rule}).")


def test_kitsune_mystic_one_aura_is_not_enough(game: Game) -> None:
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.end_step()
    assert not mystic.flipped
    game.put("Pacifism", attached_to=mystic)
    assert not mystic.flipped                    # only at the beginning of the end step
    game.next_turn()                             # Bob's turn: its end step counts too
    game.end_step()
    assert mystic.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kitsune_mystic_one_aura_then_second_in_end_step(edition: str) -> None:
    """603.4: with one Aura as the end step begins, the ability does not trigger; attaching a
    second Aura during the end step is too late for this end step."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
    game.put("Pacifism", attached_to=mystic)
    game.resolve_stack()
    assert not mystic.flipped


def test_kitsune_mystic_unflipped_has_no_aura_ability(game: Game) -> None:
    """Kitsune Mystic: "No abilities other than the one that flips it." """
    mystic = game.put("Kitsune Mystic")
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    with pytest.raises(IllegalActionError):
        game.activate(mystic, target=pacifism, to=second)
    assert game.auras_on(first) == [pacifism]


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_kitsune_mystic_autumn_tail_moves_the_aura_only_where_it_could_enchant(
        edition: str) -> None:
    """With no creature announced, Autumn-Tail took the oldest other creature, itself with
    protection from white, and Pacifism did not move; Bob's Runeclaw Bear was a legal home.
    Announced, a creature the Aura could not enchant is refused as the ability resolves."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True)
    game.add_effect("add_keyword", autumn, keyword="Protection from white")
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears)
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.activate(autumn, target=pacifism)
    assert pacifism.attached_to == runeclaw
    with game.holding_priority():
        game.activate(autumn, target=pacifism)
        with pytest.raises(IllegalActionError, match="protection from white"):
            game.resolve(choose=autumn)
