"""Both halves do what they say: each printed ability of the 21 cards, with its near miss.

Tests are named after the card and the ability, and the rule the ability uses: static
abilities in layers (613), upkeep triggers (503), prevention and replacement (615, 614),
control changes (layer 2), activated abilities with their costs (602), mana (106).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flipcards import EDITIONS, FlipCardsError, Game, IllegalActionError, all_cards, run_scenario


def flipped(game: Game, name: str, **kwargs: str):  # type: ignore[no-untyped-def]
    return game.put(name, flipped=True, **kwargs)


# --- static abilities (613) --------------------------------------------------------------------

def test_tobita_gives_every_creature_its_controller_controls_flying_613_layer_6(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    student = game.put("Student of Elements")
    assert "Flying" not in bears.keywords
    game.add_effect("add_keyword", student, keyword="Flying")   # flips into Tobita
    assert student.name == "Tobita, Master of Winds"
    assert "Flying" in bears.keywords and "Flying" in student.keywords
    assert "Flying" not in theirs.keywords                       # not the opponent's
    game.move(student, "graveyard")
    assert "Flying" not in bears.keywords                        # it ends with Tobita


def test_homuras_essence_pumps_and_gives_flying_to_its_controllers_creatures(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    flipped(game, "Homura, Human Ascendant")
    assert (bears.power, bears.toughness) == (4, 4) and "Flying" in bears.keywords
    assert (theirs.power, theirs.toughness) == (2, 2) and "Flying" not in theirs.keywords


def test_homuras_essence_grants_r_plus_one_plus_zero_until_end_of_turn(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    flipped(game, "Homura, Human Ascendant")
    game.activate(bears)
    game.activate(bears)
    assert bears.power == 6
    game.next_turn()
    assert bears.power == 4


def test_homuras_essence_grants_nothing_without_the_essence(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(bears)


def test_homura_returns_as_the_essence_and_its_static_ability_applies(game: Game) -> None:
    homura = game.put("Homura, Human Ascendant")
    bears = game.put("Grizzly Bears")
    game.damage(homura, 4)
    assert homura.name == "Homura's Essence"
    assert bears.power == 4


# --- replacement and prevention (614, 615) ----------------------------------------------------

def test_tok_tok_adds_one_to_damage_a_red_source_deals_to_a_player_614(game: Game) -> None:
    flipped(game, "Akki Lavarunner")
    shock = game.put("Shock", "graveyard")
    bears = game.put("Grizzly Bears")
    game.deal_damage(shock, "Bob", 2)
    assert game.life("Bob") == 17
    game.deal_damage(bears, "Bob", 2)                              # green: not increased
    assert game.life("Bob") == 15
    tough = game.put("Runeclaw Bear", owner="Bob")
    game.add_effect("modify_pt", tough, power=0, toughness=5)
    game.deal_damage(shock, tough, 2)                              # creatures: not increased
    assert tough.damage == 2


def test_tok_tok_has_protection_from_red_702_16(game: Game) -> None:
    toktok = flipped(game, "Akki Lavarunner")
    game.deal_damage(game.put("Shock", "graveyard"), toktok, 2)
    assert toktok.zone == "battlefield" and toktok.damage == 0
    game.deal_damage(game.put("Grizzly Bears"), toktok, 2)         # green damage is dealt
    assert toktok.zone == "graveyard"


def test_rune_tails_essence_prevents_damage_to_its_controllers_creatures_615(
        game: Game) -> None:
    flipped(game, "Rune-Tail, Kitsune Ascendant")
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    shock = game.put("Shock", "graveyard", owner="Bob")
    game.deal_damage(shock, mine, 2)
    game.deal_damage(shock, theirs, 2)
    game.deal_damage(shock, "Alice", 2)                            # players are not covered
    assert mine.zone == "battlefield" and theirs.zone == "graveyard"
    assert game.life("Alice") == 18


def test_prevented_damage_is_not_dealt_so_bushi_does_not_count_it_615(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    flipped(game, "Rune-Tail, Kitsune Ascendant", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    game.move(bears, "graveyard")
    assert not bushi.flipped


# --- upkeep (503) -------------------------------------------------------------------------------

def test_stabwhisker_opponent_loses_life_for_each_card_short_of_three(game: Game) -> None:
    flipped(game, "Nezumi Shortfang")
    game.put("Island", "hand", owner="Bob")
    game.next_turn()                                               # Bob's upkeep
    assert game.life("Bob") == 18
    game.next_turn()                                               # Alice's own: nothing
    assert game.life("Alice") == 20


def test_stabwhisker_three_cards_in_hand_is_enough(game: Game) -> None:
    flipped(game, "Nezumi Shortfang")
    for _ in range(3):
        game.put("Island", "hand", owner="Bob")
    game.next_turn()
    assert game.life("Bob") == 20


def test_kuons_essence_each_player_sacrifices_a_creature_at_their_upkeep(game: Game) -> None:
    flipped(game, "Kuon, Ogre Ascendant")
    old = game.put("Grizzly Bears", owner="Bob")
    chosen = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn(sacrifice=[chosen])
    assert chosen.zone == "graveyard" and old.zone == "battlefield"
    game.next_turn()                                               # Alice has no creature
    assert any("controls no creature to sacrifice" in line for line in game.log)


# --- Erayo's Essence (603) ----------------------------------------------------------------------

def test_erayos_essence_counters_each_opponents_first_spell_of_the_turn(game: Game) -> None:
    flipped(game, "Erayo, Soratami Ascendant")
    first = game.cast("Grizzly Bears", "Bob")
    second = game.cast("Runeclaw Bear", "Bob")
    mine = game.cast("Grizzly Bears", "Alice")
    assert first.zone == "graveyard"                               # countered
    assert second.zone == "battlefield"                            # the second is not
    assert mine.zone == "battlefield"                              # nor its controller's


# --- activated abilities of the flipped halves (602) --------------------------------------------

def test_kaiso_removes_a_ki_counter_to_prevent_all_damage_to_a_creature(game: Game) -> None:
    kaiso = flipped(game, "Faithful Squire")
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="no ki counter"):
        game.activate(kaiso, target=bears)
    game.add_counters(kaiso, "ki", 1)
    game.activate(kaiso, target=bears)
    assert kaiso.counters == {}
    game.deal_damage(game.put("Shock", "graveyard"), bears, 2)
    assert bears.zone == "battlefield"
    game.next_turn()
    game.deal_damage(game.put("Shock", "graveyard"), bears, 2)     # only this turn
    assert bears.zone == "graveyard"


def test_ichiga_removes_a_ki_counter_to_give_plus_two(game: Game) -> None:
    ichiga = flipped(game, "Budoka Pupil")
    game.add_counters(ichiga, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(ichiga, target=bears)
    assert bears.power == 4
    game.next_turn()
    assert bears.power == 2


def test_scarmaker_gives_fear_until_end_of_turn(game: Game) -> None:
    scarmaker = flipped(game, "Hired Muscle")
    game.add_counters(scarmaker, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(scarmaker, target=bears)
    assert "Fear" in bears.keywords
    game.next_turn()
    assert "Fear" not in bears.keywords


def test_azamuki_takes_control_until_end_of_turn_layer_2(game: Game) -> None:
    azamuki = flipped(game, "Cunning Bandit")
    game.add_counters(azamuki, "ki", 1)
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=theirs)
    assert theirs.controller == "Alice"
    game.next_turn()
    assert theirs.controller == "Bob"


def test_azamuki_control_change_meets_todays_legend_rule() -> None:
    game = Game("current")
    mine = flipped(game, "Bushi Tenderfoot")
    theirs = flipped(game, "Bushi Tenderfoot", owner="Bob")        # two Kenzos, two players
    azamuki = flipped(game, "Cunning Bandit")
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=theirs, keep=[mine])
    assert mine.zone == "battlefield" and theirs.zone == "graveyard"


def test_jaraku_counters_a_spell_unless_its_controller_pays_two(game: Game) -> None:
    jaraku = flipped(game, "Callow Jushi")
    game.add_counters(jaraku, "ki", 2)
    with game.holding_priority():
        spell = game.cast("Grizzly Bears", "Bob")
        game.activate(jaraku, target=spell)
    game.resolve_stack()
    assert spell.zone == "graveyard"
    with game.holding_priority():
        paid = game.cast("Runeclaw Bear", "Bob")
        game.activate(jaraku, target=paid, pays=True)
    game.resolve_stack()
    assert paid.zone == "battlefield"


def test_jaraku_needs_a_spell_on_the_stack(game: Game) -> None:
    jaraku = flipped(game, "Callow Jushi")
    game.add_counters(jaraku, "ki", 1)
    with pytest.raises(IllegalActionError, match="target spell"):
        game.activate(jaraku, target=game.put("Grizzly Bears"))


def test_goka_deals_four_to_a_creature_dealt_damage_this_turn(game: Game) -> None:
    goka = flipped(game, "Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=3)     # a 2/5
    with pytest.raises(IllegalActionError, match="not dealt damage"):
        game.activate(goka, target=bears)
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.activate(goka, target=bears)
    assert bears.zone == "graveyard" and goka.tapped


def test_shidako_sacrifices_a_creature_to_give_plus_three(game: Game) -> None:
    shidako = flipped(game, "Orochi Eggwatcher")
    fodder = game.put("Runeclaw Bear")
    bears = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError, match="sacrificed"):
        game.activate(shidako, target=bears)
    game.activate(shidako, target=bears, sacrifice=fodder)
    assert fodder.zone == "graveyard" and bears.power == 5


def test_dokai_makes_an_elemental_as_big_as_its_controllers_lands(game: Game) -> None:
    dokai = flipped(game, "Budoka Gardener")
    for _ in range(4):
        game.put("Forest")
    game.activate(dokai)
    token = game.objects("battlefield", "Alice")[-1]
    assert (token.name, token.power, token.toughness) == ("Elemental", 4, 4)
    game.put("Forest")
    assert token.power == 4                                        # set as it was created


def test_nighteyes_reanimates_a_creature_card_under_its_controllers_control(
        game: Game) -> None:
    nighteyes = flipped(game, "Nezumi Graverobber")
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    assert bears.zone == "battlefield" and bears.controller == "Alice" and bears.owner == "Bob"


def test_tomoya_makes_a_player_draw_one_card_per_card_in_your_hand(game: Game) -> None:
    tomoya = flipped(game, "Jushi Apprentice")
    for _ in range(2):
        game.put("Island", "hand")
    for _ in range(3):
        game.put("Shock", "library", owner="Bob")
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 2 and tomoya.tapped


def test_autumn_tail_moves_an_aura_onto_another_creature(game: Game) -> None:
    autumn = flipped(game, "Kitsune Mystic")
    bears = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=autumn)
    game.activate(autumn, target=pacifism, to=bears)
    assert pacifism.attached_to == bears


# --- summoning sickness (302.6) -----------------------------------------------------------------

def test_302_6_a_creature_that_arrived_this_turn_cannot_use_a_tap_ability(game: Game) -> None:
    initiate = game.put("Initiate of Blood", "hand")
    game.cast(initiate)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(initiate, target=bears)
    game.next_turn()
    game.next_turn()
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.activate(initiate, target=bears)
    assert bears.zone == "graveyard"


# --- mana (106) and paying costs ----------------------------------------------------------------

def test_106_costs_are_paid_from_the_pool_when_the_game_pays_costs() -> None:
    game = Game("current", costs="paid")
    jushi = game.put("Jushi Apprentice")
    game.put("Shock", "library")
    with pytest.raises(IllegalActionError, match=r"cannot pay \{2\}\{U\}"):
        game.activate(jushi)
    assert not jushi.tapped                                       # nothing was paid
    for _ in range(3):
        game.tap_for_mana(game.put("Island"))
    assert game.mana_pool("Alice") == {"U": 3}
    game.activate(jushi)
    assert game.mana_pool("Alice") == {} and len(game.objects("hand", "Alice")) == 1


def test_106_mana_empties_between_steps() -> None:
    game = Game("current", costs="paid")
    game.add_mana("Alice", "{R}{R}")
    game.end_step()
    assert game.mana_pool("Alice") == {}


def test_307_paid_costs_cast_creatures_only_at_sorcery_speed() -> None:
    game = Game("current", costs="paid")
    game.add_mana("Bob", "{G}{G}")
    with pytest.raises(IllegalActionError, match="active player"):
        game.cast("Grizzly Bears", "Bob")
    game.add_mana("Alice", "{G}{G}")
    assert game.cast("Grizzly Bears", "Alice").zone == "battlefield"


def test_sasayas_essence_adds_mana_for_each_other_land_with_the_same_name(game: Game) -> None:
    flipped(game, "Sasaya, Orochi Ascendant")
    forests = [game.put("Forest") for _ in range(3)]
    game.tap_for_mana(forests[0])
    assert game.mana_pool("Alice") == {"G": 3}


def test_assumed_costs_are_the_default_and_say_nothing_of_mana(game: Game) -> None:
    assert game.costs == "assumed"
    jushi = game.put("Jushi Apprentice")
    game.activate(jushi)
    assert jushi.tapped and not any("pays" in line for line in game.log)


def test_scenario_pays_costs_and_shows_the_pool() -> None:
    out = run_scenario({"rules": "current", "costs": "paid", "steps": [
        {"put": "Forest", "as": "forest"},
        {"tap_for_mana": "forest"},
        {"add_mana": "Alice", "mana": "{G}"},
        {"expect": {"players": {"Alice": {"mana_pool": {"G": 2}}}}},
    ]})
    assert out["failures"] == [] and out["players"]["Alice"]["mana_pool"] == {"G": 2}


def test_scenario_bad_mana_says_where() -> None:
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError, match=r"steps\[0\]\.mana: unknown mana symbol \{Q\}"):
        run_scenario({"rules": "current", "steps": [{"add_mana": "Alice", "mana": "{Q}"}]})


# --- Curse of the Fire Penguin ------------------------------------------------------------------

def test_curse_of_the_fire_penguin_makes_the_enchanted_creature_a_6_5_penguin(
        game: Game) -> None:
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.put("Curse of the Fire Penguin", attached_to=kenzo)
    assert (kenzo.power, kenzo.toughness) == (6, 5)
    assert kenzo.types == ("Creature",) and kenzo.subtypes == ("Penguin",)
    assert kenzo.keywords == ("Trample",)                          # double strike is gone
    assert kenzo.name == "Kenzo the Hardhearted"                    # the lower half has no name


def test_curse_returns_when_the_penguin_dies_only_from_its_controllers_graveyard(
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


# --- random games keep the invariants ------------------------------------------------------------

_NAMES = [c.name for c in all_cards() if c.is_flip_card] + ["Grizzly Bears", "Forest", "Shock"]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), data=st.data())
def test_random_games_with_abilities_and_mana_keep_the_invariants(edition: str,
                                                                  data: st.DataObject) -> None:
    game = Game(edition, costs=data.draw(st.sampled_from(["assumed", "paid"])))
    for _ in range(data.draw(st.integers(5, 25))):
        objs = game.objects("battlefield")
        action = data.draw(st.sampled_from(["put", "damage", "mana", "activate", "turn", "cast"]))
        life_before = {p: game.life(p) for p in game.players}
        try:
            if action == "put" or not objs:
                game.put(data.draw(st.sampled_from(_NAMES)), flipped=data.draw(st.booleans()),
                         owner=data.draw(st.sampled_from(game.players)))
            elif action == "damage":
                source = data.draw(st.sampled_from(objs))
                target = data.draw(st.sampled_from([*objs, *game.players]))
                amount = data.draw(st.integers(0, 6))
                game.deal_damage(source, target, amount)
                if isinstance(target, str):
                    # Prevention never makes damage negative; only Tok-Tok adds to it.
                    assert 0 <= life_before[target] - game.life(target) <= amount + 2
            elif action == "mana":
                game.add_mana(data.draw(st.sampled_from(game.players)), "{R}{G}")
            elif action == "activate":
                me = data.draw(st.sampled_from(objs))
                target = data.draw(st.sampled_from([None, *objs, *game.players]))
                game.activate(me, target=target)
            elif action == "cast":
                game.cast(data.draw(st.sampled_from(_NAMES)), game.active_player)
            else:
                game.next_turn()
        except FlipCardsError:
            pass
        for player in game.players:
            assert all(n >= 0 for n in game.mana_pool(player).values())
        for o in game.objects("battlefield"):
            assert o.damage >= 0
        assert game.stack == ()


@pytest.mark.parametrize(("edition", "life"), [("2004", 18), ("current", 20)])
def test_300_3_mana_burn_only_under_the_2004_rules(edition: str, life: int) -> None:
    game = Game(edition, costs="paid")
    game.add_mana("Alice", "{R}{R}")
    game.end_step()
    assert game.mana_pool("Alice") == {} and game.life("Alice") == life
