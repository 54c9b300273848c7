"""Dimir Doppelganger: "{1}{U}{B}: Exile target creature card from a graveyard. Dimir
Doppelganger becomes a copy of that card, except it has this ability."

Rules: 707.2 (copiable values of a card in a graveyard: the printed card, both halves), 707.3
(today the copy's own status picks the half: a flipped Doppelganger shows the flipped half of the
next flip card it copies; 2004 gives the normal characteristics), 707.9b (the exception "it has
this ability" is part of the copiable values, so it survives later copies and is copied along),
110.5 (flipped is a status the permanent keeps from copy to copy), 608.2b.
"""

from __future__ import annotations

import pytest
from helpers import snapshot

from flipcards import EDITIONS, Game, IllegalActionError


def test_dimir_doppelganger_copy_flip_and_copy_again_today() -> None:
    game = Game("current")
    jushi = game.put("Jushi Apprentice", zone="graveyard")
    shortfang = game.put("Nezumi Shortfang", zone="graveyard", owner="Bob")
    bear = game.put("Runeclaw Bear", zone="graveyard")
    doppelganger = game.put("Dimir Doppelganger")
    game.activate(doppelganger, target=jushi)
    assert (doppelganger.name, jushi.zone) == ("Jushi Apprentice", "exile")
    game.flip(doppelganger)
    assert doppelganger.name == "Tomoya the Revealer"
    # Tomoya has an ability of its own: the kept one is named.
    game.activate(doppelganger, target=bear, ability="Dimir Doppelganger")
    assert (doppelganger.name, doppelganger.flipped) == ("Runeclaw Bear", True)
    game.activate(doppelganger, target=shortfang)
    assert (doppelganger.name, doppelganger.power) == ("Stabwhisker the Odious", 3)


def test_dimir_doppelganger_flipped_under_the_2004_rules_copies_the_normal_half() -> None:
    game = Game("2004")
    doppelganger = game.put("Dimir Doppelganger", flipped=True)
    game.activate(doppelganger, target=game.put("Cunning Bandit", zone="graveyard"))
    assert (doppelganger.name, doppelganger.flipped) == ("Cunning Bandit", True)


def test_dimir_doppelganger_kept_ability_is_copied_along() -> None:
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    game.activate(doppelganger, target=game.put("Grizzly Bears", zone="graveyard"))
    clone = game.put("Clone", copying=doppelganger)
    game.activate(clone, target=game.put("Budoka Pupil", zone="graveyard"))
    assert clone.name == "Budoka Pupil"
    # A plain copy without the exception has no such ability.
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Runeclaw Bear", zone="graveyard"))
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(bears, target=game.put("Akki Lavarunner", zone="graveyard"))


def test_dimir_doppelganger_target_must_be_a_creature_card_in_a_graveyard() -> None:
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    for wrong in (game.put("Grizzly Bears"), game.put("Pacifism", zone="graveyard")):
        with pytest.raises(IllegalActionError, match="needs a target creature card in a "
                           "graveyard"):
            game.activate(doppelganger, target=wrong)
    assert doppelganger.name == "Dimir Doppelganger"


def test_dimir_doppelganger_target_gone_from_the_graveyard_or_the_doppelganger_gone() -> None:
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    card = game.put("Bushi Tenderfoot", zone="graveyard")
    with game.holding_priority():
        game.activate(doppelganger, target=card)
    game.move(card, "hand")
    game.resolve()
    assert (doppelganger.name, card.zone) == ("Dimir Doppelganger", "hand")
    game.move(card, "graveyard")
    with game.holding_priority():
        game.activate(doppelganger, target=card)
    game.move(doppelganger, "hand")
    game.resolve()
    # The card is exiled all the same; the Doppelganger, gone, copies nothing.
    assert (card.zone, doppelganger.name) == ("exile", "Dimir Doppelganger")


def test_a_cytoshaped_dimir_doppelganger_has_no_ability_until_cleanup() -> None:
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    game.cast("Cytoshape", target=dd, copying=game.put("Runeclaw Bear"))
    card = game.put("Bushi Tenderfoot", zone="graveyard")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(dd, target=card)
    assert snapshot(game) == before


def test_cytoshape_copy_of_a_dimir_doppelganger_copy_has_its_ability_until_end_of_turn() -> None:
    # 707.9b: "except it has this ability" is copied along by Cytoshape's copy effect.
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    runeclaw = game.put("Runeclaw Bear")
    game.cast("Cytoshape", target=runeclaw, copying=dd)
    assert runeclaw.name == "Grizzly Bears"
    pupil = game.put("Budoka Pupil", zone="graveyard")
    game.activate(runeclaw, target=pupil)
    assert (runeclaw.name, pupil.zone) == ("Budoka Pupil", "exile")
    # The Doppelganger's copy effect is later and has no duration: it outlasts Cytoshape's.
    game.next_turn()
    assert runeclaw.name == "Budoka Pupil"


def test_dimir_doppelganger_ability_and_cytoshape_in_either_order() -> None:
    for cytoshape_first in (True, False):
        game = Game("current")
        dd = game.put("Dimir Doppelganger")
        card = game.put("Bushi Tenderfoot", zone="graveyard")
        bears = game.put("Grizzly Bears")
        with game.holding_priority():
            if cytoshape_first:
                game.cast("Cytoshape", target=dd, copying=bears)
                game.activate(dd, target=card)       # on top: resolves first
            else:
                game.activate(dd, target=card)
                game.cast("Cytoshape", target=dd, copying=bears)
        game.resolve_stack()
        assert dd.name == ("Grizzly Bears" if cytoshape_first else "Bushi Tenderfoot")
        game.next_turn()
        # Either way, once Cytoshape's effect ends it is the Bushi Tenderfoot copy, and still
        # has the Doppelganger's ability.
        assert dd.name == "Bushi Tenderfoot"
        other = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
        game.activate(dd, target=other)
        assert dd.name == "Grizzly Bears"


def test_dimir_doppelganger_cannot_target_the_curse_of_the_fire_penguin_card() -> None:
    # 508.2: in a graveyard Curse of the Fire Penguin is only an Aura, not a creature card.
    game = Game("current", costs="paid")
    dd = game.put("Dimir Doppelganger")
    curse = game.put("Curse of the Fire Penguin", zone="graveyard")
    game.add_mana("Alice", "{U}{B}{G}")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="needs a target creature card in a graveyard"):
        game.activate(dd, target=curse)
    assert snapshot(game) == before


def test_dimir_doppelganger_copying_a_clone_card_is_a_0_0_and_dies() -> None:
    # Clone's "enter as a copy" applies only as Clone itself enters; the Doppelganger becomes
    # a copy of the Clone card: a 0/0 Shapeshifter, put into the graveyard (704.5f).
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    clone = game.put("Clone", zone="graveyard")
    game.activate(dd, target=clone)
    assert (clone.zone, dd.zone, dd.name) == ("exile", "graveyard", "Dimir Doppelganger")


@pytest.mark.parametrize("edition", EDITIONS)
def test_dimir_doppelganger_copying_a_legendary_card_meets_the_legend_rule(edition: str) -> None:
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    dd = game.put("Dimir Doppelganger")
    card = game.put("Rune-Tail, Kitsune Ascendant", zone="graveyard", owner="Bob")
    game.activate(dd, target=card, keep=[dd])
    assert card.zone == "exile"
    if edition == "2004":
        assert (rune_tail.zone, dd.zone, dd.name) == ("graveyard", "graveyard",
                                                      "Dimir Doppelganger")
    else:
        assert (rune_tail.zone, dd.zone, dd.name) == ("graveyard", "battlefield",
                                                      "Rune-Tail, Kitsune Ascendant")


@pytest.mark.parametrize("edition", EDITIONS)
def test_dimir_doppelganger_copying_hero_in_graveyard_gets_normal_half(edition: str) -> None:
    """508.2: "In every zone other than the in-play zone ... a flip card has only the normal
    characteristics". Dimir Doppelganger copying a dead Kenzo becomes a Bushi Tenderfoot."""
    game = Game(edition)
    dead = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.move(dead, "graveyard")
    doppel = game.put("Dimir Doppelganger")
    game.activate(doppel, target=dead)
    game.resolve_stack()
    assert dead.zone == "exile"
    assert doppel.name == "Bushi Tenderfoot"
    assert (doppel.power, doppel.toughness) == (1, 1)
    assert "Legendary" not in doppel.supertypes


def test_spark_double_of_a_dimir_doppelganger_copy_keeps_the_ability_and_its_counter() -> None:
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    double = game.put("Spark Double", copying=dd)
    game.activate(double, target=game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob"))
    assert (double.name, double.counters, double.power) == ("Bushi Tenderfoot", {"+1/+1": 1}, 2)
