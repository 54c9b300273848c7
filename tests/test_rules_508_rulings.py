"""The rulings printed with rule 508, as far as they are about flipping itself.

Ruling 1 (only name, types, text and power/toughness change), ruling 2 (counters, effects,
damage and Auras stay on a permanent that flips), ruling 3 (flipping twice is flipping once),
ruling 5 (either half may be named; the flipped name belongs only to a flipped permanent) and
ruling 7 (the status can be seen). Ruling 4, the legend rule, is tested in
test_rules_704_5j_legend_rule.py; ruling 6, copies, in test_rules_707_copies.py.
"""

from __future__ import annotations

import pytest
from helpers import flips, obj, run, with_ki

import flipcards
from flipcards import EDITIONS, Filter, Game, IllegalActionError

FLIP_NAMES = [data.normal.name for data in flipcards.all_cards() if data.is_flip_card]


def test_508_ruling_1_only_name_types_text_and_pt_change(game: Game) -> None:
    erayo = game.put("Erayo, Soratami Ascendant")
    game.flip(erayo)
    assert (erayo.mana_cost, erayo.mana_value, erayo.colors) == ("{1}{U}", 2, ("U",))
    assert (erayo.name, erayo.types, erayo.power) == ("Erayo's Essence", ("Enchantment",), None)


def test_508_ruling_2_counters_stay_when_it_flips_into_a_2_3_it_becomes_3_4(game: Game) -> None:
    # Jushi Apprentice is printed 1/2 and flips into a 2/3 (Tomoya the Revealer): with a
    # +1/+1 counter the flipped creature is 3/4, as in the ruling.
    apprentice = game.put("Jushi Apprentice")
    game.add_counters(apprentice, "+1/+1", 1)
    assert (apprentice.power, apprentice.toughness) == (2, 3)
    game.flip(apprentice)
    assert (apprentice.name, apprentice.power, apprentice.toughness) == (
        "Tomoya the Revealer", 3, 4)
    assert apprentice.counters == {"+1/+1": 1}


def test_508_ruling_2_a_1_1_with_a_counter_keeps_it_through_the_flip(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")      # 1/1, flips into a 3/4
    game.add_counters(hero, "+1/+1", 1)
    game.damage(hero, 1)
    game.flip(hero)
    assert (hero.power, hero.toughness, hero.damage) == (4, 5, 1)


def test_508_ruling_2_effects_and_damage_and_auras_stay_when_it_flips(game: Game) -> None:
    hero = game.put("Kitsune Mystic")
    aura = game.put("Pacifism", attached_to=hero)
    game.damage(hero, 2)
    game.flip(hero)
    assert hero.damage == 2
    assert aura.attached_to == hero


def test_508_ruling_3_flipping_a_second_time_has_no_effect(game: Game) -> None:
    hero = game.put("Student of Elements")
    assert game.flip(hero) and not game.flip(hero)
    assert hero.name == "Tobita, Master of Winds"
    assert game.log[-1].endswith("flipping it again does nothing.")


def test_508_ruling_5_naming_either_half_is_legal(game: Game) -> None:
    in_library = game.put("Bushi Tenderfoot", "library")
    named = game.name_card("Kenzo the Hardhearted")
    assert named.legal and named.matches == ()
    assert game.name_card("Bushi Tenderfoot").matches == (in_library,)


def test_508_ruling_5_the_card_has_the_flipped_name_only_once_flipped_in_play(game: Game) -> None:
    hero = game.put("Bushi Tenderfoot")
    assert game.name_card("Kenzo the Hardhearted").matches == ()
    game.flip(hero)
    assert game.name_card("Kenzo the Hardhearted").matches == (hero,)
    assert game.name_card("Bushi Tenderfoot").matches == ()


def test_508_ruling_5_the_combined_name_is_not_a_card_name(game: Game) -> None:
    assert game.name_card("Bushi Tenderfoot // Kenzo the Hardhearted").legal is False


def test_508_ruling_7_status_is_visible_in_the_summary(game: Game) -> None:
    hero = game.put("Orochi Eggwatcher")
    assert "flipped" not in str(hero)
    game.flip(hero)
    assert str(hero).endswith("· flipped")


def test_508_ruling_2_saviors_flip_into_legendary_enchantments_aura_falls_off_counters_stay(
        game: Game) -> None:
    kuon = game.put("Kuon, Ogre Ascendant")
    pacifism = game.put("Pacifism", attached_to=kuon)
    game.add_counters(kuon, "+1/+1", 2)
    game.flip(kuon)
    assert (kuon.name, kuon.supertypes, kuon.types) == ("Kuon's Essence", ("Legendary",),
                                                        ("Enchantment",))
    assert (kuon.power, kuon.toughness) == (None, None)
    assert kuon.counters == {"+1/+1": 2}
    assert pacifism.zone == "graveyard"
    # The counters count again as soon as it is a creature again.
    game.add_effect("add_types", kuon, types=["Creature"])
    game.add_effect("set_pt", kuon, power=4, toughness=4)
    assert (kuon.power, kuon.toughness) == (6, 6)


def test_508_ruling_1_2004_mana_cost_and_expansion_symbol_apply_to_both_sides() -> None:
    """Ruling 1: the mana cost and expansion symbol are printed on one side each but apply to
    the permanent whether or not it has flipped. A flipped Goka keeps {3}{R}, red, CHK."""
    out = run("2004", [
        {"put": "Initiate of Blood", "as": "i"}, {"flip": "i"},
        {"expect": {"i": {"name": "Goka the Unjust", "mana_cost": "{3}{R}", "mana_value": 4,
                          "colors": ["R"], "flipped": True}}}])
    assert obj(out, "i")["supertypes"] == ["Legendary"]
    assert (flipcards.card("Goka the Unjust").set_code
            == flipcards.card("Initiate of Blood").set_code == "CHK")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("name", FLIP_NAMES)
def test_508_ruling_1_flip_changes_only_the_listed_characteristics(edition: str, name: str) -> None:
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


def test_508_ruling_2_2004_ki_and_minus_counters_stay_through_the_flip() -> None:
    """Ruling 2: when you flip a permanent, any counters or other effects remain on it. A
    Budoka Pupil (2/2) with two ki counters and a -1/-1 counter flips into Ichiga (4/3):
    it keeps both kinds of counters and is a 3/2."""
    out = run("2004", [
        {"put": "Budoka Pupil", "as": "p"},
        {"counters": "p", "kind": "ki", "add": 2},
        {"counters": "p", "kind": "-1/-1", "add": 1},
        {"flip": "p"},
        {"expect": {"p": {"name": "Ichiga, Who Topples Oaks", "power": 3, "toughness": 2,
                          "counters": {"ki": 2, "-1/-1": 1}}}}])
    assert "play" in "\n".join(out["log"])


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_2_aura_stays_on_hero_that_flips_and_still_works(edition: str) -> None:
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


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_ruling_2_damage_marked_before_the_flip_stays_and_kills_an_animated_essence(
        rules: str) -> None:
    """508 ruling: flipping is no zone change, what was on the permanent stays — damage too
    (it stays marked until the cleanup step). Kuon, Ogre Ascendant (2/4) is dealt 1 damage and
    flips into Kuon's Essence; made a 1/1 creature later the same turn it has lethal damage
    and goes to the graveyard (704.5g), where it is the normal card again."""
    out = run(rules, [
        {"put": "Kuon, Ogre Ascendant", "as": "kuon"},
        {"damage": "kuon", "amount": 1},
        {"flip": "kuon"},
        {"expect": {"kuon": {"name": "Kuon's Essence", "damage": 1, "zone": "battlefield"}}},
        {"effect": "size", "kind": "set_pt", "affects": "kuon", "power": 1, "toughness": 1},
        {"effect": "animate", "kind": "add_types", "affects": "kuon", "types": ["Creature"]},
    ])
    kuon = obj(out, "kuon")
    assert (kuon["zone"], kuon["name"], kuon["damage"]) == (
        "graveyard", "Kuon, Ogre Ascendant", 0)


def test_508_ruling_2_giant_growth_stays_through_the_flip_and_is_not_copied(game: Game) -> None:
    """Ruling 2 ("any counters or other effects remain on it") with Giant Growth's +3/+3
    until end of turn: a Bushi Tenderfoot 4/4 flips into Kenzo 6/7; a token copy made now is
    a plain 1/1 (707.2: effects are not copied); at the cleanup step the effect ends and
    Kenzo is 3/4."""
    hero = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", hero, power=3, toughness=3, until_end_of_turn=True,
                    label="Giant Growth")
    assert (hero.power, hero.toughness) == (4, 4)
    game.flip(hero)
    assert (hero.name, hero.power, hero.toughness) == ("Kenzo the Hardhearted", 6, 7)
    token = game.copy(hero, controller="Bob")
    assert (token.power, token.toughness) == (1, 1)
    game.next_turn()
    assert (hero.power, hero.toughness) == (3, 4)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_2_giant_growth_survives_the_flip_then_shock(edition: str) -> None:
    """Giant Growth on Cunning Bandit in response; then the trigger flips it: "any ... effects
    remain on it" (ruling), so Azamuki is 5/2 +3/+3 = 8/5, and a later Shock does not kill it."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.cast("Giant Growth", target=bandit)
    assert bandit.flipped
    assert (bandit.power, bandit.toughness) == (8, 5)
    game.cast("Shock", player="Bob", target=bandit)
    assert bandit.zone == "battlefield" and bandit.damage == 2


def test_508_ruling_3_2004_flip_twice_logs_nothing_new() -> None:
    """Ruling 3: flipping a second time has no effect — to flip is to go from the top half to
    the bottom half, not to turn over. The second flip is no event: Kenzo stays Kenzo."""
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "b"}, {"flip": "b"}, {"flip": "b"},
        {"expect": {"b": {"name": "Kenzo the Hardhearted", "flipped": True}}}])
    assert sum("flips:" in line for line in out["log"]) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_3_cunning_bandit_flipped_by_something_else_while_its_trigger_waits(
        edition: str) -> None:
    """Ruling: "Flipping a flip permanent a second time has no effect." The waiting ki
    trigger resolves on an already flipped permanent: it stays flipped, keeps its counters."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.flip(bandit)
    assert len(game.stack) == 0
    assert bandit.flipped
    assert bandit.name == "Azamuki, Treachery Incarnate"
    assert bandit.counters == {"ki": 2}
    assert sum("flips" in line for line in game.log) == 1


def test_508_ruling_3_flip_in_response_then_the_trigger_finds_it_flipped(game: Game) -> None:
    """Ruling 3: if a flip card flips while its flip ability waits on the stack, the ability
    resolves and does nothing more (it is already flipped); nothing flips it back."""
    bandit = game.put("Cunning Bandit")
    game.add_counters(bandit, "ki", 2)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        assert game.flip(bandit)
    game.resolve_stack()
    assert (bandit.name, bandit.flipped) == ("Azamuki, Treachery Incarnate", True)


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_3_flipping_a_second_time_does_nothing(edition: str) -> None:
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
def test_508_ruling_3_ki_trigger_resolving_after_the_cunning_bandit_flipped_already(
        edition: str) -> None:
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


def test_508_ruling_3_two_flip_triggers_of_one_permanent_the_second_does_nothing(
        game: Game) -> None:
    """Two creatures Bushi Tenderfoot damaged die at once: its ability triggers twice. The
    first flips it; the second finds it flipped, and flipping again has no effect."""
    tenderfoot = game.put("Bushi Tenderfoot")
    one = game.put("Grizzly Bears", owner="Bob")
    two = game.put("Runeclaw Bear", owner="Bob")
    game.damage(one, 1)
    game.damage(two, 1)
    with game.holding_priority():
        game.deal_damage(tenderfoot, one, 1)
        game.deal_damage(tenderfoot, two, 1)
    assert one.zone == two.zone == "graveyard"
    assert len(game.stack) == 2
    game.resolve_stack()
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert flips(game) == ["Bushi Tenderfoot"]
    assert any("already flipped" in line for line in game.log)


def test_508_ruling_5_2004_naming_either_side_and_who_has_the_name() -> None:
    """Ruling 5: you can name either side, but the card has only its normal name unless it is
    in play and flipped. Naming "Goka the Unjust" matches only the flipped Initiate in play,
    not the one in a hand nor an unflipped one in play."""
    out = run("2004", [
        {"put": "Initiate of Blood", "as": "flipped", "flipped": True},
        {"put": "Initiate of Blood", "as": "hand", "zone": "hand", "owner": "Bob"},
        {"put": "Initiate of Blood", "as": "unflipped", "owner": "Bob"},
        {"name_card": "Goka the Unjust", "as": "goka"},
        {"name_card": "Initiate of Blood", "as": "initiate"},
        {"expect": {"results": {"goka": {"legal": True, "matches": ["flipped"]},
                                "initiate": {"legal": True,
                                             "matches": ["hand", "unflipped"]}}}}])
    assert out["failures"] == []


@pytest.mark.parametrize(("rules", "name"), [
    ("2004", "Bushi Tenderfoot"), ("current", "Kenzo the Hardhearted")])
def test_508_ruling_5_a_permanent_answers_to_the_name_it_copies_not_to_its_own(
        rules: str, name: str) -> None:
    """Naming matches the current name. A Grizzly Bears with flipped status (it returned
    flipped) becomes a copy of a Bushi Tenderfoot card: today its name is Kenzo the
    Hardhearted (707.3), in 2004 Bushi Tenderfoot. Naming Grizzly Bears does not find it on
    the battlefield; once it has left, the card in the graveyard is a Grizzly Bears again. (The
    copied Tenderfoot card in the library answers to its normal name throughout.)"""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "model", "zone": "library", "owner": "Bob"},
        {"become_copy": "bears", "of": "model"},
        {"name_card": name, "as": "copied"},
        {"name_card": "Grizzly Bears", "as": "own"},
        {"move": "bears", "to": "graveyard"},
        {"name_card": "Grizzly Bears", "as": "after"},
        {"name_card": name, "as": "copied_after"},
    ])
    res = out["results"]
    in_library = ["model"] if name == "Bushi Tenderfoot" else []   # the card in the library
    assert res["copied"] == {"legal": True, "matches": ["bears", *in_library]}
    assert res["own"] == {"legal": True, "matches": []}
    assert res["after"] == {"legal": True, "matches": ["bears"]}
    assert res["copied_after"] == {"legal": True, "matches": in_library}


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_5_cranial_extraction_naming_flipped_name_finds_nothing(edition: str) -> None:
    """Ruling 5: "the card only has its normal name unless it's in play and has flipped."
    Cranial Extraction naming Kenzo finds no Tenderfoot in Bob's hand, library, graveyard."""
    game = Game(edition)
    cards = [game.put("Bushi Tenderfoot", zone=zone, owner="Bob")
             for zone in ("hand", "library", "graveyard")]
    game.cast("Cranial Extraction", target="Bob", naming="Kenzo the Hardhearted")
    assert [card.zone for card in cards] == ["hand", "library", "graveyard"]


def test_508_ruling_5_cranial_extraction_naming_kenzo_finds_no_card_outside_the_battlefield(
        game: Game) -> None:
    """Ruling 5 (710.5 today): Alice casts Cranial Extraction and names "Kenzo the
    Hardhearted" — a legal name — but Bob's Tenderfoots in hand, library and graveyard are
    named Bushi Tenderfoot there, so the search of those zones finds nothing; only the
    flipped one on the battlefield (which Cranial Extraction does not search) has the name.
    Bob's Grizzly Bears that became a copy of Kenzo and was put into the graveyard by the
    legend rule (Bob keeps his real Kenzo today; 2004: both go) is a Grizzly Bears card in
    the graveyard: found only by that name."""
    for zone in ("hand", "library", "graveyard"):
        game.put("Bushi Tenderfoot", zone=zone, owner="Bob")
    kenzo = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(bears, game.put("Bushi Tenderfoot", zone="exile", owner="Bob"))
    game.flip(bears, keep=[kenzo])         # legend rule: the copy goes (2004: both go)
    assert bears.zone == "graveyard"
    named = game.name_card("Kenzo the Hardhearted")
    assert named.legal
    if game.edition == "current":
        assert named.matches == (kenzo,)
    else:
        assert kenzo.zone == "graveyard" and named.matches == ()
    for zone in ("hand", "library", "graveyard"):
        assert game.search(zone, "Bob", Filter(name="Kenzo the Hardhearted")) == []
    assert game.search("graveyard", "Bob", Filter(name="Grizzly Bears")) == [bears]
    assert bears not in game.search("graveyard", "Bob", Filter(name="Bushi Tenderfoot"))


@pytest.mark.parametrize("rules", EDITIONS)
def test_508_ruling_5_naming_either_half_is_legal_a_combined_name_is_not_matches_by_current_name(
        rules: str) -> None:
    """508 ruling: when asked to name a card you may name either side of a flip card, but the
    card has only its normal name unless it is in play and flipped. "A // B" is not the name
    of either side, so it is not a legal choice and nothing has it. A token copy of a flipped
    hero is the unflipped version (ruling), so it answers to the normal name."""
    out = run(rules, [
        {"put": "Hired Muscle", "as": "dead", "flipped": True, "owner": "Bob"},
        {"move": "dead", "to": "graveyard"},
        {"put": "Hired Muscle", "as": "lib", "zone": "library"},
        {"put": "Hired Muscle", "as": "flipped", "flipped": True},
        {"copy": "flipped", "as": "tok", "controller": "Bob"},
        {"name_card": "scarmaker", "as": "flipped_name"},
        {"name_card": "Hired Muscle", "as": "normal_name"},
        {"name_card": "Hired Muscle // Scarmaker", "as": "combined"},
    ])
    res = out["results"]
    assert res["flipped_name"]["legal"] is True
    assert sorted(res["flipped_name"]["matches"]) == ["flipped"]
    assert res["normal_name"]["legal"] is True
    assert sorted(res["normal_name"]["matches"]) == ["dead", "lib", "tok"]
    assert res["combined"] == {"legal": False, "matches": []}


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_5_naming_the_flipped_name(edition: str) -> None:
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


def test_508_ruling_5_naming_the_flipped_name_matches_only_a_flipped_permanent(game: Game) -> None:
    """Ruling 5: either name may be chosen; only an object whose current name it is
    matches (not the card in a hand, not the unflipped permanent)."""
    flipped = game.put("Cunning Bandit", flipped=True)
    game.put("Cunning Bandit")
    game.put("Cunning Bandit", "hand")
    named = game.name_card("Azamuki, Treachery Incarnate")
    assert named.legal and named.matches == (flipped,)
    assert len(game.name_card("Cunning Bandit").matches) == 2
