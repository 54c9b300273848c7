"""The activated abilities of three ordinary cards of the data, each a rules example in play:

- Kami of Ancient Law ("Sacrifice: destroy target enchantment"): an Essence is an enchantment
  only once its Ascendant has flipped (508.2 / 710.2);
- Okina, Temple to the Grandfathers ("{1}{G}, {T}: target legendary creature gets +1/+1 until end
  of turn"): an unflipped hero is not legendary, the flipped one is (508.2's own example);
- Legacy Weapon ("{W}{U}{B}{R}{G}: exile target permanent").

Also 602.2 (costs are paid as the ability is activated: Kami is gone even if its target is
later gone), 608.2b (an illegal target: the ability does nothing), 400.7 (a zone change makes a
new object, unflipped).
"""

from __future__ import annotations

import pytest

from flipcards import Game, IllegalActionError


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_kami_destroys_an_essence_only_once_it_has_flipped(edition: str) -> None:
    game = Game(edition)
    erayo = game.put("Erayo, Soratami Ascendant", owner="Bob")
    kami = game.put("Kami of Ancient Law")
    with pytest.raises(IllegalActionError, match="needs a target enchantment"):
        game.activate(kami, target=erayo)
    assert kami.zone == "battlefield"   # a refused activation costs nothing
    game.flip(erayo)
    game.activate(kami, target=erayo)
    assert (kami.zone, erayo.zone, erayo.name, erayo.flipped) == (
        "graveyard", "graveyard", "Erayo, Soratami Ascendant", False)


def test_kami_destroys_pacifism_and_the_creature_is_free() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears, owner="Bob")
    game.activate(game.put("Kami of Ancient Law"), target=pacifism)
    assert pacifism.zone == "graveyard" and game.auras_on(bears) == []


def test_kami_is_sacrificed_even_if_the_enchantment_leaves_first() -> None:
    game = Game("current")
    essence = game.put("Kuon, Ogre Ascendant", flipped=True, owner="Bob")
    kami = game.put("Kami of Ancient Law")
    with game.holding_priority():
        game.activate(kami, target=essence)
    assert kami.zone == "graveyard"
    game.move(essence, "hand")
    game.resolve()
    assert essence.zone == "hand"
    assert "Kami of Ancient Law's ability does nothing: its target is no longer legal" in (
        "\n".join(game.log))


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_okina_pumps_a_hero_only_once_it_is_legendary(edition: str) -> None:
    game = Game(edition)
    okina = game.put("Okina, Temple to the Grandfathers")
    hero = game.put("Bushi Tenderfoot")
    with pytest.raises(IllegalActionError, match="needs a target legendary creature"):
        game.activate(okina, target=hero)
    assert not okina.tapped
    game.flip(hero)
    game.activate(okina, target=hero)
    assert (okina.tapped, hero.power, hero.toughness) == (True, 4, 5)
    with pytest.raises(IllegalActionError, match="is tapped"):
        game.activate(okina, target=hero)
    game.next_turn()
    assert (hero.power, hero.toughness) == (3, 4)


def test_okina_costs_mana_when_the_game_pays_costs() -> None:
    game = Game("current", costs="paid")
    okina = game.put("Okina, Temple to the Grandfathers")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    with pytest.raises(IllegalActionError, match=r"cannot pay \{1\}\{G\}"):
        game.activate(okina, target=kenzo)
    assert not okina.tapped   # nothing paid
    game.add_mana("Alice", "{G}{G}")
    game.activate(okina, target=kenzo)
    assert (kenzo.power, game.mana_pool("Alice")) == (4, {})


def test_legacy_weapon_exiles_a_flipped_hero_which_forgets() -> None:
    game = Game("2004")
    weapon = game.put("Legacy Weapon")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.activate(weapon, target=kenzo)
    assert (kenzo.zone, kenzo.name, kenzo.flipped) == ("exile", "Bushi Tenderfoot", False)
    assert ("Kenzo the Hardhearted is put into the removed-from-the-game zone from play; it is a "
            "new object: Bushi Tenderfoot.") in game.log
    with pytest.raises(IllegalActionError, match="needs a target permanent"):
        game.activate(weapon, target=kenzo)
