"""Audit 8: interactions of flip cards with control, copies, zones, combat and triggers.

Written from rule 508 (2004), its rulings, today's rule 710 and the printed card facts only.
Each docstring quotes the rule or ruling sentence the case rests on.
"""

from __future__ import annotations

import pytest

import flipcards
from flipcards import EDITIONS, Filter, Game, IllegalActionError

FLIP_NAMES = [data.normal.name for data in flipcards.all_cards() if data.is_flip_card]


# --------------------------------------------------------------------------------------------
# Characteristics after flipping
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", FLIP_NAMES)
def test_flip_changes_only_the_listed_characteristics(edition: str, name: str) -> None:
    """Ruling 1: "Only the characteristics name, type, subtype, supertype, rules text,
    abilities, power, and toughness are affected ... The mana cost ... appl[ies] to the
    permanent regardless of whether it has been flipped." 508.1c: color and mana cost don't
    change."""
    data = flipcards.card(name)
    game = Game(edition)
    if "Aura" in data.normal.subtypes:  # Curse of the Fire Penguin needs a creature to enchant
        card = game.put(name, attached_to=game.put("Grizzly Bears", owner="Bob"))
    else:
        card = game.put(name)
    before = (card.mana_cost, card.mana_value, card.colors)
    assert game.flip(card) is True
    assert card.name == data.flipped.name
    assert tuple(card.supertypes) == tuple(data.flipped.supertypes)
    assert tuple(card.types) == tuple(data.flipped.types)
    assert tuple(card.subtypes) == tuple(data.flipped.subtypes)
    assert card.power == data.flipped.power
    assert card.toughness == data.flipped.toughness
    assert (card.mana_cost, card.mana_value, card.colors) == before
    assert card.mana_cost == data.mana_cost


@pytest.mark.parametrize("edition", EDITIONS)
def test_counter_example_of_ruling_2(edition: str) -> None:
    """Ruling 2: "When you flip a permanent, any counters or other effects remain on it."
    Jushi Apprentice 1/2 with a +1/+1 counter is 2/3; Tomoya 2/3 with it is 3/4."""
    game = Game(edition)
    jushi = game.put("Jushi Apprentice")
    game.add_counters(jushi, "+1/+1", 1)
    assert (jushi.power, jushi.toughness) == (2, 3)
    game.flip(jushi)
    assert jushi.name == "Tomoya the Revealer"
    assert (jushi.power, jushi.toughness) == (3, 4)
    assert jushi.counters == {"+1/+1": 1}


@pytest.mark.parametrize("edition", EDITIONS)
def test_damage_and_tapped_status_kept_through_flip(edition: str) -> None:
    """508.3 / ruling 2: flipping is not leaving play; "any counters or other effects remain
    on it" — damage marked and the tapped status stay (flipped and tapped are separate)."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.damage(mystic, 2)
    game.tap(mystic)
    game.flip(mystic)
    assert mystic.name == "Autumn-Tail, Kitsune Sage"
    assert mystic.damage == 2
    assert mystic.tapped is True
    assert mystic.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_external_pt_setting_effect_still_applies_after_flip(edition: str) -> None:
    """508.1c: "Also, any changes to it by external effects will still apply." A "base
    power and toughness 0/1" effect created before the flip still sets Kenzo's P/T."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("set_pt", hero, power=0, toughness=1)
    game.flip(hero)
    assert hero.name == "Kenzo the Hardhearted"
    assert (hero.power, hero.toughness) == (0, 1)


@pytest.mark.parametrize("edition", EDITIONS)
def test_external_color_and_type_effects_still_apply_after_flip(edition: str) -> None:
    """508.1c: "A flip card's color ... [doesn't] change ... Also, any changes to it by
    external effects will still apply." A "becomes blue" and an "is also an Artifact" effect
    survive the flip."""
    game = Game(edition)
    hero = game.put("Initiate of Blood")
    game.add_effect("set_colors", hero, colors=["U"])
    game.add_effect("add_types", hero, types=["Artifact"])
    game.flip(hero)
    assert hero.name == "Goka the Unjust"
    assert tuple(hero.colors) == ("U",)
    assert "Artifact" in hero.types and "Creature" in hero.types


@pytest.mark.parametrize("edition", EDITIONS)
def test_legendary_filter_matches_hero_only_once_flipped(edition: str) -> None:
    """508.2 example: "An effect that says 'legendary creatures get +2/+2' affects a hero in
    play only if the creature has been flipped." """
    game = Game(edition)
    hero = game.put("Nezumi Shortfang")
    game.add_effect("modify_pt", Filter(supertypes=["Legendary"], types=["Creature"]),
                    power=2, toughness=2)
    assert (hero.power, hero.toughness) == (1, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness) == (5, 5)


@pytest.mark.parametrize("edition", EDITIONS)
def test_aura_stays_on_hero_that_flips_and_still_works(edition: str) -> None:
    """Ruling 2: "any counters or other effects remain on it". Pacifism stays attached to a
    Tenderfoot that flips into Kenzo, and Kenzo still can't attack."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    pacifism = game.put("Pacifism", attached_to=hero)
    game.flip(hero)
    assert pacifism.zone == "battlefield"
    assert game.auras_on(hero) == [pacifism]
    with pytest.raises(IllegalActionError):
        game.attack([hero])


@pytest.mark.parametrize("edition", EDITIONS)
def test_summoning_sickness_kept_and_haste_lost_on_flip(edition: str) -> None:
    """508.2: once flipped the normal text box no longer applies. Akki Lavarunner cast this
    turn has haste; flipped into Tok-Tok (no haste) it is the same permanent that came this
    turn, so it cannot attack."""
    game = Game(edition)
    akki = game.cast("Akki Lavarunner")
    assert akki.zone == "battlefield"
    game.flip(akki)
    assert akki.name == "Tok-Tok, Volcano Born"
    assert "Haste" not in akki.keywords
    with pytest.raises(IllegalActionError):
        game.attack([akki])


# --------------------------------------------------------------------------------------------
# Flipping twice, flipping what is not there
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipping_a_second_time_does_nothing(edition: str) -> None:
    """Ruling 3: "Flipping a flip permanent a second time has no effect." 508.4: "it's
    impossible to flip the permanent back again." """
    game = Game(edition)
    hero = game.put("Cunning Bandit", flipped=True)
    game.add_counters(hero, "ki", 1)
    assert game.flip(hero) is False
    assert hero.flipped is True
    assert hero.name == "Azamuki, Treachery Incarnate"
    assert hero.counters == {"ki": 1}


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("zone", ["hand", "graveyard", "library", "exile"])
def test_a_card_outside_play_cannot_flip(edition: str, zone: str) -> None:
    """508.1b: the alternative characteristics "are used only if the permanent is in play";
    508.2: "In every zone other than the in-play zone ... only the normal characteristics"."""
    game = Game(edition)
    card = game.put("Bushi Tenderfoot", zone=zone)
    assert game.flip(card) is False
    assert card.name == "Bushi Tenderfoot"
    assert card.flipped is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_ki_trigger_resolving_after_the_bandit_flipped_already(edition: str) -> None:
    """Ruling 3: "Flipping a flip permanent a second time has no effect." The end-step ki
    ability resolves after the Bandit was flipped in response: nothing more happens."""
    game = Game(edition)
    bandit = game.put("Cunning Bandit")
    game.add_counters(bandit, "ki", 2)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        assert game.flip(bandit) is True
    game.resolve_stack()
    assert bandit.flipped is True
    assert bandit.name == "Azamuki, Treachery Incarnate"
    assert bandit.counters == {"ki": 2}
    assert bandit.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_flip_trigger_does_not_flip_the_new_object(edition: str) -> None:
    """508.4: "if a flipped permanent leaves play, it forgets its previous existence." The
    Lavarunner's trigger ("flip it") resolves after the card left and came back: the new
    object is not the one the ability refers to, so it stays unflipped."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        assert len(game.stack) == 1
        game.move(akki, "graveyard")
        game.move(akki, "battlefield")
    game.resolve_stack()
    assert akki.zone == "battlefield"
    assert akki.flipped is False
    assert akki.name == "Akki Lavarunner"


# --------------------------------------------------------------------------------------------
# Zone changes
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("zone", ["hand", "graveyard", "exile", "library"])
def test_flipped_card_leaving_play_has_normal_characteristics(edition: str, zone: str) -> None:
    """508.2: "In every zone other than the in-play zone ... a flip card has only the normal
    characteristics"; 508.4: "if a flipped permanent leaves play, it forgets its previous
    existence." Counters and damage go too."""
    game = Game(edition)
    hero = game.put("Hired Muscle", flipped=True)
    game.add_counters(hero, "ki", 2)
    game.damage(hero, 1)
    game.move(hero, zone)
    assert hero.zone == zone
    assert hero.name == "Hired Muscle"
    assert hero.flipped is False
    assert "Legendary" not in hero.supertypes
    assert tuple(hero.subtypes) == ("Human", "Warrior")
    assert hero.counters == {}
    assert hero.damage == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipped_card_returning_to_play_is_unflipped_and_unenchanted(edition: str) -> None:
    """508.4: "if a flipped permanent leaves play, it forgets its previous existence." Kenzo
    exiled and returned is an unflipped Bushi Tenderfoot; its Aura went to the graveyard and
    the pump that applied to it does not follow it."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot", flipped=True)
    pacifism = game.put("Pacifism", attached_to=hero)
    game.add_effect("modify_pt", hero, power=3, toughness=3, until_end_of_turn=True)
    game.add_counters(hero, "+1/+1", 2)
    game.move(hero, "exile")
    assert pacifism.zone == "graveyard"
    game.move(hero, "battlefield")
    assert hero.flipped is False
    assert hero.name == "Bushi Tenderfoot"
    assert (hero.power, hero.toughness) == (1, 1)
    assert hero.counters == {}
    assert game.auras_on(hero) == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_time_of_need_finds_ascendant_but_not_hero(edition: str) -> None:
    """508.2 example: "search your library for a legendary card" won't find a hero; an
    Ascendant's normal half is legendary itself, so it is found."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot", zone="library")
    ascendant = game.put("Kuon, Ogre Ascendant", zone="library")
    game.cast("Time of Need")
    assert ascendant.zone == "hand"
    assert hero.zone == "library"


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_returns_flipped_as_new_object(edition: str) -> None:
    """Homura's text returns it to play flipped; 508.4: a permanent that left play "forgets
    its previous existence" — its counters are gone and it is now Homura's Essence."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    game.add_counters(homura, "+1/+1", 1)
    game.damage(homura, 5)
    game.resolve_stack()
    assert homura.zone == "battlefield"
    assert homura.flipped is True
    assert homura.name == "Homura's Essence"
    assert homura.counters == {}
    assert homura.damage == 0
    assert homura.power is None


# --------------------------------------------------------------------------------------------
# Copies
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_copy_of_flipped_permanent_is_normal_version(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version.
    That copy may flip later if certain conditions are met." Counters and status are not
    copied."""
    game = Game(edition)
    hero = game.put("Jushi Apprentice", flipped=True)
    game.tap(hero)
    game.add_counters(hero, "+1/+1", 1)
    token = game.copy(hero, controller="Bob")
    assert token.name == "Jushi Apprentice"
    assert token.flipped is False
    assert token.tapped is False
    assert token.counters == {}
    assert (token.power, token.toughness) == (1, 2)
    assert token.mana_cost == "{1}{U}"
    assert "Legendary" not in token.supertypes
    game.move(hero, "graveyard")  # no second Tomoya for the legend rule
    assert game.flip(token) is True
    assert token.name == "Tomoya the Revealer"


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipping_original_does_not_flip_copy_and_vice_versa(edition: str) -> None:
    """508.4: flipping is done to one permanent; ruling 6: the copy "may flip later if
    certain conditions are met" — on its own."""
    game = Game(edition)
    original = game.put("Kitsune Mystic")
    token = game.copy(original, controller="Bob")
    game.flip(original)
    assert original.flipped is True and token.flipped is False
    assert token.name == "Kitsune Mystic"
    game = Game(edition)
    original = game.put("Kitsune Mystic")
    token = game.copy(original, controller="Bob")
    game.flip(token)
    assert token.name == "Autumn-Tail, Kitsune Sage"
    assert original.flipped is False and original.name == "Kitsune Mystic"


@pytest.mark.parametrize("edition", EDITIONS)
def test_clone_entering_as_copy_of_flipped_hero(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version."
    A Clone copying Kenzo enters as a Bushi Tenderfoot with the card's mana cost and color."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    clone = game.put("Clone", copying=kenzo, owner="Bob")
    assert clone.name == "Bushi Tenderfoot"
    assert clone.flipped is False
    assert (clone.power, clone.toughness) == (1, 1)
    assert clone.mana_cost == "{W}"
    assert tuple(clone.colors) == ("W",)
    assert kenzo.zone == "battlefield"


def test_copy_of_kenzo_flipping_kills_both_in_2004() -> None:
    """Ruling 4: "If another legendary permanent with the same name is in play, all of them
    will be put into their owners' graveyards." Bob's token copy flips into a second Kenzo."""
    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo, controller="Bob")
    assert kenzo.zone == "battlefield"
    game.flip(token)
    assert kenzo.zone == "graveyard"
    assert token.zone is None


def test_own_copy_of_kenzo_flipping_today_keeps_one() -> None:
    """704.5j: if a player controls two or more legendary permanents with the same name, that
    player chooses one and puts the rest into their owners' graveyards."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo)
    game.flip(token, keep=[kenzo])
    assert kenzo.zone == "battlefield"
    assert token.zone is None


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipped_permanent_becoming_copy_of_flip_card(edition: str) -> None:
    """2004 gives a copy the copied card's normal characteristics (ruling 6); today 707.3
    modifies copiable values by the copy's status, so a flipped Kenzo copying Akki shows
    Tok-Tok. Either way the permanent stays flipped and is Kenzo after the effect ends."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    akki = game.put("Akki Lavarunner")
    game.become_copy(kenzo, akki, until_end_of_turn=True)
    expected = "Akki Lavarunner" if edition == "2004" else "Tok-Tok, Volcano Born"
    assert kenzo.name == expected
    assert kenzo.flipped is True
    assert kenzo.mana_cost == "{3}{R}"
    game.next_turn()
    assert kenzo.name == "Kenzo the Hardhearted"
    assert kenzo.mana_cost == "{W}"


@pytest.mark.parametrize("edition", EDITIONS)
def test_unflipped_permanent_becoming_copy_of_flipped_hero(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version.
    That copy may flip later." Grizzly Bears becoming a copy of Kenzo is a Bushi Tenderfoot,
    and it can flip into a Kenzo of its own."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, kenzo)
    assert bears.name == "Bushi Tenderfoot"
    assert bears.flipped is False
    assert (bears.power, bears.toughness) == (1, 1)
    game.move(kenzo, "hand")  # no second Kenzo for the legend rule
    assert game.flip(bears) is True
    assert bears.name == "Kenzo the Hardhearted"


def test_spark_double_copy_of_flipped_hero_is_never_legendary() -> None:
    """Ruling 6 (copy is unflipped); Spark Double's copy gets a +1/+1 counter and "isn't
    legendary": after flipping, Alice has two Kenzos and no legend rule applies."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    assert double.name == "Bushi Tenderfoot"
    assert (double.power, double.toughness) == (2, 2)
    game.flip(double)
    assert double.name == "Kenzo the Hardhearted"
    assert "Legendary" not in double.supertypes
    assert (double.power, double.toughness) == (4, 5)
    assert kenzo.zone == "battlefield" and double.zone == "battlefield"


# --------------------------------------------------------------------------------------------
# The legend rule
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipped_and_unflipped_hero_of_same_card_coexist(edition: str) -> None:
    """Ruling 4: it "becomes legendary" when it flips; an unflipped Tenderfoot is neither
    legendary nor named Kenzo, so a Kenzo and a Tenderfoot coexist."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot")
    assert kenzo.zone == "battlefield" and tenderfoot.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_ascendant_and_its_essence_have_different_names(edition: str) -> None:
    """508.2: once flipped "the normal name ... [doesn't] apply". Rune-Tail's Essence and an
    unflipped Rune-Tail, Kitsune Ascendant are legendary with different names: both stay.
    When the second flips, the two Essences share a name."""
    game = Game(edition)
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    ascendant = game.put("Rune-Tail, Kitsune Ascendant")
    assert essence.zone == "battlefield" and ascendant.zone == "battlefield"
    game.flip(ascendant, keep=[essence])
    if edition == "2004":
        assert essence.zone == "graveyard" and ascendant.zone == "graveyard"
    else:
        assert essence.zone == "battlefield" and ascendant.zone == "graveyard"


def test_legend_rule_2004_across_players() -> None:
    """Ruling 4: "If another legendary permanent with the same name is in play, all of them
    will be put into their owners' graveyards." Bob flips his Tenderfoot while Alice has
    Kenzo."""
    game = Game("2004")
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(bobs)
    assert alices.zone == "graveyard" and bobs.zone == "graveyard"
    assert alices in game.objects("graveyard", "Alice")
    assert bobs in game.objects("graveyard", "Bob")


def test_stolen_kenzo_makes_two_under_alice_today() -> None:
    """704.5j (today): a player who controls two legendary permanents with the same name keeps
    one; the other goes to its OWNER's graveyard. Alice's Azamuki steals Bob's Kenzo."""
    game = Game("current")
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.activate(azamuki, target=bobs, keep=[alices])
    game.resolve_stack(keep=[alices])
    assert alices.zone == "battlefield"
    assert bobs.zone == "graveyard"
    assert bobs in game.objects("graveyard", "Bob")


# --------------------------------------------------------------------------------------------
# Control changes
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_flipped_hero_stays_flipped_when_control_returns(edition: str) -> None:
    """508.4: flipping is one-way and only leaving play resets it; a control change is not
    leaving play. Azamuki takes Bob's Autumn-Tail until end of turn; it comes back flipped."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    sage = game.put("Kitsune Mystic", flipped=True, owner="Bob")
    game.damage(sage, 1)
    game.activate(azamuki, target=sage)
    game.resolve_stack()
    assert sage.controller == "Alice"
    assert sage.flipped is True and sage.damage == 1
    game.next_turn()
    assert sage.controller == "Bob"
    assert sage.flipped is True
    assert sage.name == "Autumn-Tail, Kitsune Sage"


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_unflipped_hero_flipped_by_thief_stays_flipped(edition: str) -> None:
    """508.4: "Once a permanent has been flipped, it's impossible to flip the permanent back
    again." Alice steals Bob's Tenderfoot, it flips under her control, Bob gets back Kenzo."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    game.activate(azamuki, target=foot)
    game.resolve_stack()
    assert foot.controller == "Alice"
    game.flip(foot)
    game.next_turn()
    assert foot.controller == "Bob"
    assert foot.name == "Kenzo the Hardhearted"


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_ki_hero_flips_at_thiefs_end_step(edition: str) -> None:
    """Ki heroes: "At end of turn, if there are two or more ki counters on it, you may flip
    it" — "you" is its controller then. Alice's stolen Hired Muscle flips at her end step and
    Bob gets Scarmaker back."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    muscle = game.put("Hired Muscle", owner="Bob")
    game.add_counters(muscle, "ki", 2)
    game.activate(azamuki, target=muscle)
    game.resolve_stack()
    game.next_turn()
    assert muscle.name == "Scarmaker"
    assert muscle.controller == "Bob"
    assert muscle.counters == {"ki": 2}


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_counts_its_controllers_life(edition: str) -> None:
    """Rune-Tail: "When you have 30 or more life, flip Rune-Tail" — "you" is its controller.
    Alice owns it, Bob controls it: Alice reaching 30 does nothing, Bob reaching 30 flips it."""
    game = Game(edition)
    rune = game.put("Rune-Tail, Kitsune Ascendant", controller="Bob")
    game.gain_life("Alice", 10)
    assert rune.flipped is False
    game.gain_life("Bob", 10)
    assert rune.flipped is True
    assert rune.controller == "Bob"


@pytest.mark.parametrize("edition", EDITIONS)
def test_tobita_gives_flying_to_its_controllers_creatures(edition: str) -> None:
    """Tobita: "Creatures you control have flying." Alice owns it, Bob controls it: Bob's
    creatures fly, Alice's don't."""
    game = Game(edition)
    game.put("Student of Elements", flipped=True, controller="Bob")
    bobs = game.put("Grizzly Bears", owner="Bob")
    alices = game.put("Runeclaw Bear")
    assert "Flying" in bobs.keywords
    assert "Flying" not in alices.keywords


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_flips_when_it_comes_under_tobitas_controller(edition: str) -> None:
    """Student of Elements: "When Student of Elements has flying, flip it." Bob's Student,
    stolen by Alice who controls Tobita, gains flying and flips into a second Tobita. Ruling 4
    (2004): "all of them will be put into their owners' graveyards"; today (704.5j) Alice
    keeps one and the other goes to its owner's graveyard."""
    game = Game(edition)
    tobita = game.put("Student of Elements", flipped=True)
    student = game.put("Student of Elements", owner="Bob")
    assert student.flipped is False and "Flying" not in student.keywords
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=student, keep=[tobita])
    game.resolve_stack(keep=[tobita])
    assert student.zone == "graveyard"
    assert student in game.objects("graveyard", "Bob")
    assert tobita.zone == ("graveyard" if edition == "2004" else "battlefield")


@pytest.mark.parametrize("edition", EDITIONS)
def test_stabwhisker_under_bobs_control_hits_alice(edition: str) -> None:
    """Stabwhisker: "At the beginning of each opponent's upkeep, that player loses 1 life for
    each card fewer than three in his or her hand." Opponent of its controller (Bob)."""
    game = Game(edition)
    game.put("Nezumi Shortfang", flipped=True, controller="Bob")
    game.next_turn()  # Bob's upkeep: Bob is its controller, not an opponent
    assert game.life("Bob") == 20
    game.next_turn()  # Alice's upkeep: Alice has no cards
    assert game.life("Alice") == 17
    assert game.life("Bob") == 20


@pytest.mark.parametrize("edition", EDITIONS)
def test_shortfang_controlled_by_bob_targets_alice_and_flips(edition: str) -> None:
    """Nezumi Shortfang: "Target opponent discards a card. Then if that player has no cards in
    hand, flip Nezumi Shortfang." Bob controls Alice's Shortfang; Alice is the opponent."""
    game = Game(edition)
    game.next_turn()  # Bob's turn, so his sorcery-speed timing doesn't matter
    shortfang = game.put("Nezumi Shortfang", controller="Bob")
    card = game.put("Shock", zone="hand")
    game.activate(shortfang, target="Alice")
    game.resolve_stack()
    assert card.zone == "graveyard"
    assert shortfang.flipped is True
    assert shortfang.controller == "Bob"


# --------------------------------------------------------------------------------------------
# Combat
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_blocked_attacker_flips_mid_combat_and_stays_in_combat(edition: str) -> None:
    """Flipping is not a zone change (508.4: only leaving play resets it), so an attacking,
    blocked Tenderfoot that flips is an attacking, blocked Kenzo with double strike. Its
    bushido does not trigger: it became blocked before it had bushido."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([hero])
    game.block(bears, hero)
    game.flip(hero)
    assert game.attacking(hero) == "Bob"
    assert game.is_blocked(hero) is True
    assert game.blockers(hero) == [bears]
    assert (hero.power, hero.toughness) == (3, 4)
    game.combat_damage()
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert hero.damage == 0  # first strike killed the bear first
    assert hero.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_blocker_flips_mid_combat_keeps_damage_and_blocks(edition: str) -> None:
    """Ruling 2: counters and effects remain; damage marked stays. A blocking Kitsune Mystic
    with 2 damage flips into a 4/5 and is still blocking."""
    game = Game(edition)
    game.next_turn()  # Bob attacks
    bears = game.put("Grizzly Bears", owner="Bob")
    mystic = game.put("Kitsune Mystic")
    game.attack([bears])
    game.block(mystic, bears)
    game.damage(mystic, 2)
    game.flip(mystic)
    assert game.blocking(mystic) == bears
    assert mystic.damage == 2
    assert (mystic.power, mystic.toughness) == (4, 5)
    game.combat_damage()
    game.resolve_stack()
    assert mystic.zone == "battlefield"
    assert mystic.damage == 4
    assert bears.zone == "graveyard"


def test_2004_damage_on_stack_then_flip_uses_assigned_amounts() -> None:
    """2004 CR 310.1: combat damage is assigned and put on the stack; a flip in response
    changes toughness (Goka 4/4) but not the damage already assigned (Initiate's 2)."""
    game = Game("2004")
    game.next_turn()
    attacker = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", attacker, power=0, toughness=3)
    initiate = game.put("Initiate of Blood")
    game.attack([attacker])
    game.block(initiate, attacker)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack[0].kind == "combat_damage"
        game.flip(initiate)
    game.resolve_stack()
    assert initiate.name == "Goka the Unjust"
    assert initiate.zone == "battlefield"
    assert initiate.damage == 2
    assert attacker.damage == 2
    assert attacker.zone == "battlefield"


# --------------------------------------------------------------------------------------------
# Naming, and abilities that look for "legendary"
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_naming_the_flipped_name(edition: str) -> None:
    """Ruling 5: "you can name either side of a flip card. However, the card only has its
    normal name unless it's in play and has flipped." """
    game = Game(edition)
    in_library = game.put("Bushi Tenderfoot", zone="library")
    unflipped = game.put("Bushi Tenderfoot")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    naming = game.name_card("Kenzo the Hardhearted")
    assert naming.legal is True
    assert list(naming.matches) == [kenzo]
    by_normal = game.name_card("Bushi Tenderfoot")
    assert len(by_normal.matches) == 2
    assert in_library in by_normal.matches and unflipped in by_normal.matches
    assert kenzo not in by_normal.matches


@pytest.mark.parametrize("edition", EDITIONS)
def test_cranial_extraction_naming_flipped_name_finds_nothing(edition: str) -> None:
    """Ruling 5: "the card only has its normal name unless it's in play and has flipped."
    Cranial Extraction naming Kenzo finds no Tenderfoot in Bob's hand, library, graveyard."""
    game = Game(edition)
    cards = [game.put("Bushi Tenderfoot", zone=zone, owner="Bob")
             for zone in ("hand", "library", "graveyard")]
    game.cast("Cranial Extraction", target="Bob", naming="Kenzo the Hardhearted")
    assert [card.zone for card in cards] == ["hand", "library", "graveyard"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_honor_worn_shaku_needs_a_flipped_hero(edition: str) -> None:
    """508.2: heroes' base versions are not legendary. Honor-Worn Shaku's cost "tap an
    untapped legendary permanent you control" can't use an unflipped hero, a flipped one
    can."""
    game = Game(edition)
    shaku = game.put("Honor-Worn Shaku")
    game.tap(shaku)
    hero = game.put("Orochi Eggwatcher")
    with pytest.raises(IllegalActionError):
        game.activate(shaku, tap=hero)
    assert hero.tapped is False
    game.flip(hero)
    game.activate(shaku, tap=hero)
    game.resolve_stack()
    assert hero.tapped is True
    assert shaku.tapped is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_kami_of_ancient_law_can_target_essence_only(edition: str) -> None:
    """508.2: an Ascendant in play before flipping is a creature, not an enchantment; its
    Essence is an enchantment. Kami of Ancient Law ("destroy target enchantment")."""
    game = Game(edition)
    kami = game.put("Kami of Ancient Law")
    ascendant = game.put("Kuon, Ogre Ascendant", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(kami, target=ascendant)
    game.flip(ascendant)
    assert ascendant.name == "Kuon's Essence"
    game.activate(kami, target=ascendant)
    game.resolve_stack()
    assert ascendant.zone == "graveyard"
    assert ascendant.name == "Kuon, Ogre Ascendant"


@pytest.mark.parametrize("edition", EDITIONS)
def test_aura_falls_off_ascendant_flipping_into_enchantment(edition: str) -> None:
    """508.2: once flipped the alternative type line applies: Rune-Tail's Essence is no
    longer a creature, so Pacifism (enchant creature) goes to the graveyard; the Essence
    stays."""
    game = Game(edition)
    rune = game.put("Rune-Tail, Kitsune Ascendant")
    pacifism = game.put("Pacifism", attached_to=rune)
    game.add_counters(rune, "+1/+1", 1)
    game.flip(rune)
    assert pacifism.zone == "graveyard"
    assert rune.zone == "battlefield"
    assert rune.power is None
    assert rune.counters == {"+1/+1": 1}


# --------------------------------------------------------------------------------------------
# More interactions
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_attacking_ascendant_flipping_into_enchantment_leaves_combat(edition: str) -> None:
    """508.2: once flipped the alternative type line applies; Rune-Tail's Essence is not a
    creature, and a permanent that stops being a creature is removed from combat."""
    game = Game(edition)
    rune = game.put("Rune-Tail, Kitsune Ascendant")
    game.attack([rune])
    assert game.attacking(rune) == "Bob"
    game.gain_life("Alice", 10)
    assert rune.name == "Rune-Tail's Essence"
    assert game.attacking(rune) is None
    assert rune not in game.attackers


@pytest.mark.parametrize("edition", EDITIONS)
def test_token_copy_of_flipped_essence_is_the_ascendant(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version."
    A copy of Homura's Essence is a Homura, Human Ascendant creature; its name differs from
    the Essence's, so no legend rule applies."""
    game = Game(edition)
    essence = game.put("Homura, Human Ascendant", flipped=True)
    token = game.copy(essence)
    assert token.name == "Homura, Human Ascendant"
    assert "Creature" in token.types and "Legendary" in token.supertypes
    assert token.flipped is False
    assert essence.zone == "battlefield" and token.zone == "battlefield"
    # Homura's Essence: "Creatures you control get +2/+2" applies to the 4/4 token.
    assert (token.power, token.toughness) == (6, 6)


@pytest.mark.parametrize("edition", EDITIONS)
def test_copy_effect_on_flipped_permanent_copying_ordinary_creature(edition: str) -> None:
    """Ruling 3: flipping again "has no effect". A flipped Kenzo that becomes a copy of
    Grizzly Bears is a Grizzly Bears (no flip card to show); it cannot flip (it already has)
    and is Kenzo again when the effect ends."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(kenzo, bears, until_end_of_turn=True)
    assert kenzo.name == "Grizzly Bears"
    assert (kenzo.power, kenzo.toughness) == (2, 2)
    assert game.flip(kenzo) is False
    game.next_turn()
    assert kenzo.name == "Kenzo the Hardhearted"


@pytest.mark.parametrize("edition", EDITIONS)
def test_bears_copying_tenderfoot_flips_then_copy_ends(edition: str) -> None:
    """Ruling 6: a copy "may flip later". When a temporary copy effect ends, the permanent is
    its own card again: Grizzly Bears (a card with no alternative half)."""
    game = Game(edition)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, foot, until_end_of_turn=True)
    assert bears.name == "Bushi Tenderfoot"
    assert game.flip(bears) is True
    assert bears.name == "Kenzo the Hardhearted"
    game.next_turn()
    assert bears.name == "Grizzly Bears"
    assert (bears.power, bears.toughness) == (2, 2)
    assert "Legendary" not in bears.supertypes


@pytest.mark.parametrize("edition", EDITIONS)
def test_doppelganger_copying_hero_in_graveyard_gets_normal_half(edition: str) -> None:
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_ki_counter_goes_to_controllers_bandit_only(edition: str) -> None:
    """Cunning Bandit: "Whenever you cast a Spirit or Arcane spell, you may put a ki counter on
    Cunning Bandit" — "you" is its controller. Alice owns it, Bob controls it."""
    game = Game(edition)
    bandit = game.put("Cunning Bandit", controller="Bob")
    game.cast("Cranial Extraction", "Alice", target="Bob", naming="Shock")
    assert bandit.counters == {}
    game.next_turn()
    game.cast("Cranial Extraction", "Bob", target="Alice", naming="Shock")
    assert bandit.counters == {"ki": 1}


@pytest.mark.parametrize("edition", EDITIONS)
def test_day_of_destiny_counts_flipped_heroes_its_controller_controls(edition: str) -> None:
    """508.2 example: "legendary creatures get +2/+2" affects a hero only once flipped; Day of
    Destiny gives the bonus to legendary creatures ITS CONTROLLER controls."""
    game = Game(edition)
    game.put("Day of Destiny")
    mine = game.put("Budoka Gardener")
    theirs = game.put("Orochi Eggwatcher", owner="Bob", flipped=True)
    assert (mine.power, mine.toughness) == (2, 1)
    game.flip(mine)
    assert (mine.power, mine.toughness) == (5, 5)
    assert (theirs.power, theirs.toughness) == (3, 3)


def test_copy_of_flipped_ascendant_today_is_ascendant_under_other_controller() -> None:
    """Ruling 6 (copy of a flipped permanent is the normal version) and today's per-player
    legend rule: Bob's token copy of Alice's Erayo's Essence is a legendary Erayo, Soratami
    Ascendant; both stay."""
    game = Game("current")
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    clone = game.copy(essence, controller="Bob")
    assert clone.name == "Erayo, Soratami Ascendant"
    assert "Flying" in clone.keywords and "Legendary" in clone.supertypes
    assert essence.zone == "battlefield" and clone.zone == "battlefield"


def test_2004_flip_to_double_strike_after_damage_is_on_the_stack() -> None:
    """2004 CR 310.1: combat damage is assigned as the step begins and put on the stack. A
    blocked Tenderfoot assigned 1 damage and then flipped in response (Kenzo, double strike)
    deals the 1 assigned; the first-strike step was not played, none had first strike."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    wall = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", wall, power=0, toughness=9)
    game.attack([hero])
    game.block(wall, hero)
    with game.holding_priority():
        game.combat_damage()
        assert len(game.stack) == 1
        game.flip(hero)
    game.resolve_stack()
    assert hero.name == "Kenzo the Hardhearted"
    assert wall.damage == 1
    assert hero.damage == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_tenderfoot_that_left_play_is_a_new_object_for_its_trigger(edition: str) -> None:
    """508.4: a permanent that leaves play "forgets its previous existence". Tenderfoot damages
    a creature, is bounced and replayed; when that creature dies the new Tenderfoot has
    dealt it no damage, so it does not flip."""
    game = Game(edition)
    hero = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(hero, bears, 1)
    game.move(hero, "hand")
    game.move(hero, "battlefield")
    game.damage(bears, 1)
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert hero.flipped is False


@pytest.mark.parametrize("edition", EDITIONS)
def test_tenderfoot_control_change_keeps_its_damage_memory(edition: str) -> None:
    """A control change is not leaving play (508.4), so the same Tenderfoot still "dealt
    damage this turn" to the creature: when it dies, the Tenderfoot flips — for its new
    controller."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    victim = game.put("Runeclaw Bear")
    game.deal_damage(foot, victim, 1)
    game.activate(azamuki, target=foot)
    game.resolve_stack()
    assert foot.controller == "Alice"
    game.damage(victim, 1)
    game.resolve_stack()
    assert victim.zone == "graveyard"
    assert foot.name == "Kenzo the Hardhearted"
    assert foot.controller == "Alice"


@pytest.mark.parametrize("edition", EDITIONS)
def test_erayos_essence_counters_opponents_of_its_controller(edition: str) -> None:
    """Erayo's Essence: "Whenever an opponent casts a spell for the first time in a turn,
    counter that spell" — opponents of its controller (Bob), so Alice's first spell is
    countered."""
    game = Game(edition)
    game.put("Erayo, Soratami Ascendant", flipped=True, controller="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.cast("Shock", "Alice", target=bears)
    assert bears.damage == 0
    game.cast("Shock", "Alice", target=bears)
    assert bears.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_homura_returns_under_the_abilitys_controller(edition: str) -> None:
    """Homura: "When Homura ... is put into a graveyard from play, return it to play
    flipped." The card comes back as a new object (508.4) under the control of the player who
    put it into play — the controller of the triggered ability, who controlled Homura when it
    died (2004 glossary: "A permanent's controller is whoever put it into play unless the
    spell or ability that put the permanent into play states otherwise"; today 110.2a)."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant", owner="Bob", controller="Alice")
    game.damage(homura, 4)
    game.resolve_stack()
    assert homura.zone == "battlefield"
    assert homura.name == "Homura's Essence"
    assert homura.owner == "Bob"
    assert homura.controller == "Alice"


@pytest.mark.parametrize("edition", EDITIONS)
def test_azamuki_cannot_target_a_flipped_essence(edition: str) -> None:
    """508.2: once flipped the Essence's type line applies — it is an enchantment, not a
    creature, so Azamuki's "gain control of target creature" can't target it; the unflipped
    Ascendant, a creature, can be."""
    game = Game(edition)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 2)
    essence = game.put("Kuon, Ogre Ascendant", flipped=True, owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(azamuki, target=essence)
    assert essence.controller == "Bob"
    ascendant = game.put("Sasaya, Orochi Ascendant", owner="Bob")
    game.activate(azamuki, target=ascendant)
    game.resolve_stack()
    assert ascendant.controller == "Alice"


def test_spark_double_copy_of_legendary_ascendant_is_not_legendary() -> None:
    """Ruling 6 (a copy is the normal version, and may flip later) and Spark Double's "isn't
    legendary": Alice keeps her Erayo and a non-legendary copy; the copy's Essence is not
    legendary either."""
    game = Game("current")
    erayo = game.put("Erayo, Soratami Ascendant")
    double = game.put("Spark Double", copying=erayo)
    assert double.name == "Erayo, Soratami Ascendant"
    assert "Legendary" not in double.supertypes
    assert erayo.zone == "battlefield" and double.zone == "battlefield"
    game.flip(double)
    assert double.name == "Erayo's Essence"
    assert "Legendary" not in double.supertypes
    assert double.counters == {"+1/+1": 1}


@pytest.mark.parametrize("edition", EDITIONS)
def test_cytoshape_may_copy_unflipped_hero_but_not_flipped_one(edition: str) -> None:
    """508.2: a hero's "base versions are not" legendary. Cytoshape's "nonlegendary creature"
    to copy may be an unflipped Tenderfoot, not Kenzo."""
    game = Game(edition)
    target = game.put("Grizzly Bears")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    with pytest.raises(IllegalActionError):
        game.cast("Cytoshape", target=target, copying=kenzo)
    assert target.name == "Grizzly Bears"
    foot = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=target, copying=foot)
    assert target.name == "Bushi Tenderfoot"
    game.next_turn()
    assert target.name == "Grizzly Bears"
