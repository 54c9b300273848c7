"""Dimir Doppelganger's ability: "{1}{U}{B}: Exile target creature card from a graveyard. Dimir
Doppelganger becomes a copy of that card, except it has this ability."

Rules: 707.2 (copiable values of a card in a graveyard: the printed card, both halves), 707.3
(today the copy's own status picks the half: a flipped Doppelganger shows the flipped half of the
next flip card it copies; 2004 gives the normal characteristics), 707.9b (the exception "it has
this ability" is part of the copiable values, so it survives later copies and is copied along),
110.5 (flipped is a status the permanent keeps from copy to copy), 608.2b.
"""

from __future__ import annotations

import pytest

from flipcards import Game, IllegalActionError


def test_copy_flip_and_copy_again_today() -> None:
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


def test_under_the_2004_rules_a_flipped_doppelganger_copies_the_normal_half() -> None:
    game = Game("2004")
    doppelganger = game.put("Dimir Doppelganger", flipped=True)
    game.activate(doppelganger, target=game.put("Cunning Bandit", zone="graveyard"))
    assert (doppelganger.name, doppelganger.flipped) == ("Cunning Bandit", True)


def test_the_kept_ability_is_copied_along() -> None:
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


def test_the_target_must_be_a_creature_card_in_a_graveyard() -> None:
    game = Game("current")
    doppelganger = game.put("Dimir Doppelganger")
    for wrong in (game.put("Grizzly Bears"), game.put("Pacifism", zone="graveyard")):
        with pytest.raises(IllegalActionError, match="needs a target creature card in a "
                           "graveyard"):
            game.activate(doppelganger, target=wrong)
    assert doppelganger.name == "Dimir Doppelganger"


def test_a_target_gone_from_the_graveyard_or_a_doppelganger_gone() -> None:
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
