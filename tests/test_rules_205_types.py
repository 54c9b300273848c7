"""Rule 205 (type line): what subtypes an effect can give an object."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Filter, Game


def test_205_3d_a_creature_does_not_gain_a_land_subtype() -> None:
    """An effect adding the subtype Forest to Kenzo the Hardhearted made him a "Human Samurai
    Forest" that a search for Forests found. Today an object cannot gain a subtype that does
    not correspond to one of its types (205.3d): the Forest part does nothing; the creature
    type in the same effect applies."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.add_effect("add_types", kenzo, subtypes=["Forest", "Spirit"])
    assert "Forest" not in kenzo.subtypes and "Spirit" in kenzo.subtypes
    assert game.search("battlefield", "Alice", Filter(subtypes=["Forest"])) == []
    forest = game.put("Forest")
    game.add_effect("set_pt", forest, power=2, toughness=2)
    game.add_effect("add_types", forest, types=["Creature"], subtypes=["Treefolk", "Forest"])
    assert forest.subtypes == ("Forest", "Treefolk")   # a creature land has both kinds


def test_205_3d_an_enchantment_gains_a_creature_type_only_with_the_creature_type() -> None:
    """Rune-Tail's Essence is an enchantment: "is also a Spirit" gives it nothing; once an
    effect also makes it a creature, the Spirit applies (types apply before subtypes are
    checked, in the same effect and in a later one)."""
    game = Game("current")
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    game.add_effect("add_types", essence, subtypes=["Spirit"])
    assert "Spirit" not in essence.subtypes
    game.add_effect("set_pt", essence, power=2, toughness=2)
    game.add_effect("add_types", essence, types=["Creature"], subtypes=["Fox"])
    assert {"Spirit", "Fox"} <= set(essence.subtypes)


@pytest.mark.parametrize("edition", EDITIONS)
def test_205_3_a_subtype_given_twice_is_had_once(edition: str) -> None:
    """A subtype is either on the type line or not: ``["Samurai", "Samurai"]`` listed Kenzo
    as "Human Soldier Samurai Samurai"."""
    game = Game(edition)
    bushi = game.put("Bushi Tenderfoot")
    game.add_effect("add_types", bushi, subtypes=["Samurai", "Samurai"],
                    supertypes=["Legendary", "Legendary"])
    assert bushi.subtypes == ("Human", "Soldier", "Samurai")
    assert bushi.supertypes == ("Legendary",)
    assert "Samurai Samurai" not in game.log[-1]
