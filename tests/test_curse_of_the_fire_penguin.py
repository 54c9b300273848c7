"""Curse of the Fire Penguin // Curse of the Fire Penguin Creature: an Aura that makes the
enchanted creature a 6/5 Penguin with trample; the flipped half is that creature, whose death
brings the Curse back.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import obj, run

from flipcards import EDITIONS, Game, GameObject, IllegalActionError


@pytest.mark.parametrize("edition", EDITIONS)
def test_curse_of_the_fire_penguin_creature_dies_and_looks_back_as_flipped(edition: str) -> None:
    """Curse of the Fire Penguin Creature: "When it dies, the Curse comes back from your
    graveyard onto the battlefield." It died flipped, so its flipped ability triggers (603.10
    looks back); the card comes back as a new object, with only its normal half: the Aura."""
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.flip(curse)
    assert curse.flipped and "Creature" in curse.types
    game.damage(curse, 5)
    assert curse.zone == "battlefield"
    assert not curse.flipped
    assert curse.name == "Curse of the Fire Penguin"


def test_curse_of_the_fire_penguin_has_no_condition_but_flips_and_returns(game: Game) -> None:
    bears = game.put("Grizzly Bears", owner="Bob")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(curse)
    game.end_step()
    assert not curse.flipped
    game.flip(curse)
    assert (curse.types, curse.subtypes, curse.power, curse.toughness) == (
        ("Creature",), ("Penguin",), 6, 5)
    assert curse.attached_to is None             # no longer an Aura: it becomes unattached
    game.damage(curse, 5)                        # dies, and comes back as an Aura
    assert (curse.zone, curse.name, curse.attached_to) == (
        "battlefield", "Curse of the Fire Penguin", bears)


def test_curse_of_the_fire_penguin_makes_the_enchanted_creature_a_6_5_penguin(
        game: Game) -> None:
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.put("Curse of the Fire Penguin", attached_to=kenzo)
    assert (kenzo.power, kenzo.toughness) == (6, 5)
    assert kenzo.types == ("Creature",) and kenzo.subtypes == ("Penguin",)
    assert kenzo.keywords == ("Trample",)                          # double strike is gone
    assert kenzo.name == "Kenzo the Hardhearted"                    # the lower half has no name


def test_curse_of_the_fire_penguin_returning_with_no_creature_stays_in_the_graveyard() -> None:
    """303.4g: an Aura put onto the battlefield other than by resolving as an Aura spell,
    with nothing it could legally enchant, stays in its zone. The Penguin was the only
    creature: the Curse's return finds no creature, so the Curse stays in the graveyard and
    never enters the battlefield (to leave again by a state-based action)."""
    game = Game("current")
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.damage(bears, 5)
    assert curse.zone == "graveyard"
    returns = [line for line in game.log
               if line.startswith("Curse of the Fire Penguin is put onto the battlefield")]
    assert returns == [], returns


def test_curse_of_the_fire_penguin_returns_only_from_its_controllers_graveyard_when_it_dies(
        game: Game) -> None:
    mine = game.put("Grizzly Bears")
    other = game.put("Runeclaw Bear")
    curse = game.put("Curse of the Fire Penguin", attached_to=mine)
    game.damage(mine, 5)
    assert mine.zone == "graveyard"
    assert curse.zone == "battlefield" and curse.attached_to == other
    assert (other.power, other.toughness) == (6, 5)
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.attach(curse, theirs)
    game.move(other, "graveyard")
    game.damage(theirs, 5)                                         # Bob's graveyard: no Curse
    assert curse.zone == "graveyard"
    assert any("nothing returns" in line for line in game.log)


def penguin_beside_toktok(edition: str) -> tuple[Game, GameObject, GameObject, GameObject]:
    """Bob's Tok-Tok, Volcano Born (protection from red) first, then Alice's Grizzly Bears
    with the Curse, flipped: the Curse is the creature now, and the Bears is unenchanted."""
    game = Game(edition)
    toktok = game.put("Akki Lavarunner", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.flip(curse)
    return game, toktok, bears, curse


@pytest.mark.parametrize("edition", EDITIONS)
def test_curse_of_the_fire_penguin_creature_returns_onto_a_creature_it_could_enchant(
        edition: str) -> None:
    """Curse of the Fire Penguin Creature dies, and the Curse comes back without being cast:
    it must enter attached to a creature it could legally enchant (303.4f). Bob's Tok-Tok has
    protection from red, so it cannot be enchanted by the red Curse (702.16c), although it is
    the oldest creature; the Curse is attached to Alice's Grizzly Bears instead."""
    game, toktok, bears, curse = penguin_beside_toktok(edition)
    game.damage(curse, 5)
    assert (curse.zone, curse.attached_to) == ("battlefield", bears)
    assert toktok.keywords == ("Protection",)          # from red


@pytest.mark.parametrize("edition", EDITIONS)
def test_curse_of_the_fire_penguin_creature_returns_with_only_a_protected_creature_left(
        edition: str) -> None:
    """With no creature the Curse could enchant (Tok-Tok, Volcano Born has protection from
    red), the Curse stays in the graveyard (303.4g): it never enters the battlefield, and the
    log says why."""
    game, toktok, bears, curse = penguin_beside_toktok(edition)
    game.damage(bears, 2)
    game.damage(curse, 5)
    assert curse.zone == "graveyard"
    assert toktok.attached_to is None and not any(
        o.attached_to == toktok for o in game.objects("battlefield"))
    assert any("no creature Curse of the Fire Penguin could enchant" in line
               and "303.4g" in line for line in game.log), game.log[-5:]
    assert not any(line.startswith("Curse of the Fire Penguin is put onto the battlefield")
                   or line.startswith("Curse of the Fire Penguin is put into play")
                   for line in game.log[-4:]), game.log[-6:]


@pytest.mark.parametrize("rules", EDITIONS)
def test_curse_of_the_fire_penguin_a_clone_of_it_flipped_enters_attached_303_4f(
        rules: str) -> None:
    """A Clone copying the flipped Curse is the Curse, an Aura (a copy of a flipped permanent
    is its normal version, ruling 6), entering by a spell that is not an Aura spell: it
    enters attached to a creature its controller chooses (303.4f; the oldest it could
    enchant), instead of going to the graveyard as an Aura attached to nothing."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Curse of the Fire Penguin", "as": "penguin", "owner": "Bob", "flipped": True},
        {"cast": "Clone", "as": "clone", "copying": "penguin"},
    ])
    assert (obj(out, "clone")["zone"], obj(out, "clone")["attached_to"]) == ("battlefield",
                                                                            "bears")
    assert (obj(out, "bears")["power"], obj(out, "bears")["toughness"]) == (6, 5)
    # The log says what was chosen, and why that creature.
    assert ("Alice chooses Grizzly Bears for Curse of the Fire Penguin to enchant as it enters: "
            "the oldest creature it could enchant (") in "\n".join(out["log"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_curse_of_the_fire_penguin_303_4f_the_player_chooses_what_the_returning_curse_enchants(
        edition: str) -> None:
    """The Curse returns "to the battlefield" not as a spell: the player putting it there
    chooses a creature it could enchant as it enters (303.4f). With its return waiting,
    ``resolve`` takes that choice (it was refused as "makes no choice", and the oldest creature
    was always the one); a creature the red Curse could not enchant, or one off the
    battlefield, is refused, saying why. Both returns: the Aura's (its creature died) and the
    flipped Curse's own."""
    for aura in (True, False):
        game = Game(edition)
        first = game.put("Runeclaw Bear")
        toktok = game.put("Akki Lavarunner", flipped=True)     # protection from red
        chosen = game.put("Grizzly Bears")
        in_hand = game.put("Grizzly Bears", zone="hand")
        if aura:
            dying = game.put("Grizzly Bears")
            curse = game.put("Curse of the Fire Penguin", attached_to=dying)
        else:
            dying = curse = game.put("Curse of the Fire Penguin", flipped=True)
        with game.holding_priority():
            game.destroy(dying)
        with pytest.raises(IllegalActionError, match="Tok-Tok, Volcano Born cannot be chosen"):
            game.resolve(choose=toktok)
        with pytest.raises(IllegalActionError, match=r"Grizzly Bears cannot be chosen: the Curse "
                           r"enters attached to a creature (on the battlefield|in play)"):
            game.resolve(choose=in_hand)
        game.resolve(choose=chosen)
        assert (curse.zone, curse.attached_to) == ("battlefield", chosen), game.log[-4:]
        assert first.power == 2 and chosen.power == 6
