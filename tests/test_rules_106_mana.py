"""Mana (106): paying costs from the pool when the game pays costs, mana abilities, and when the
pools empty: at the end of each step and phase today (500.4), at the end of each phase with
mana burn under the 2004 rules (300.3).
"""

from __future__ import annotations

import pytest
from helpers import ready

from flipcards import FlipCardsError, Game, IllegalActionError, ScenarioError, run_scenario


def test_106_assumed_costs_are_the_default_and_say_nothing_of_mana(game: Game) -> None:
    assert game.costs == "assumed"
    jushi = game.put("Jushi Apprentice")
    game.activate(jushi)
    assert jushi.tapped and not any("pays" in line for line in game.log)


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


def test_106_scenario_bad_mana_says_where() -> None:
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError, match=r"steps\[0\]\.mana: unknown mana symbol \{Q\}"):
        run_scenario({"rules": "current", "steps": [{"add_mana": "Alice", "mana": "{Q}"}]})


def test_106_1_two_mana_floating_is_written_with_its_type() -> None:
    """A judge's "Bob has two mana floating": {2} in a pool was refused as an unknown
    symbol, with a list of letters; mana in a pool has a type, and the message says how to
    write two colorless."""
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError, match=r"steps\[0\]\.mana: \{2\} in '\{2\}' is a cost, "
                                            r"not mana: .* 2 colorless mana is \{C\}\{C\}"):
        run_scenario({"rules": "current", "steps": [{"add_mana": "Bob", "mana": "{2}"}]})


def test_106_1_the_example_of_how_mana_is_written_is_mana_a_pool_can_hold() -> None:
    """"RR" was answered with "such as '{2}{R}'", which the same field then refused as a
    cost; a cost's own example stays '{2}{R}'."""
    game = Game("current")
    with pytest.raises(FlipCardsError, match=r"such as '\{R\}\{R\}' or '\{C\}\{G\}', not 'RR'"):
        game.add_mana("Alice", "RR")
    game.add_mana("Alice", "{R}{R}")
    game.add_mana("Alice", "{C}{G}")
    assert game.mana_pool("Alice") == {"R": 2, "C": 1, "G": 1}


def test_106_scenario_pays_costs_and_shows_the_pool() -> None:
    out = run_scenario({"rules": "current", "costs": "paid", "steps": [
        {"put": "Forest", "as": "forest"},
        {"tap_for_mana": "forest"},
        {"add_mana": "Alice", "mana": "{G}"},
        {"expect": {"players": {"Alice": {"mana_pool": {"G": 2}}}}},
    ]})
    assert out["failures"] == [] and out["players"]["Alice"]["mana_pool"] == {"G": 2}


@pytest.mark.parametrize(("pool", "fails"), [
    ({}, True), ({"R": 2}, True), ({"R": 2, "G": 1}, False), ({"R": 2, "G": 1, "U": 0}, False),
])
def test_106_4_an_expected_mana_pool_is_compared_whole(pool: dict[str, int], fails: bool) -> None:
    """``{}`` expected a pool of {R}{R}{G} to be empty, and passed: a pool is compared whole,
    as counters are, a symbol with 0 counting as absent."""
    out = run_scenario({"rules": "current", "steps": [
        {"add_mana": "Alice", "mana": "{R}{R}{G}"},
        {"expect": {"players": {"Alice": {"mana_pool": pool}}}},
    ]})
    assert bool(out["failures"]) is fails


@pytest.mark.parametrize("pool", [{"X": 0}, {"R": "2"}, {"R": -1}, {"R": True}])
def test_106_4_an_expected_mana_pool_names_mana_symbols_with_whole_numbers(
        pool: dict[str, object]) -> None:
    with pytest.raises(ScenarioError, match=r"steps\[1\]\.expect\.players\.Alice\.mana_pool: "
                                            "a mana pool is mana symbols"):
        run_scenario({"rules": "current", "steps": [
            {"add_mana": "Alice", "mana": "{R}"},
            {"expect": {"players": {"Alice": {"mana_pool": pool}}}},
        ]})


def test_2004_300_3_mana_burn_hits_every_player_with_unused_mana() -> None:
    """2004 mana burn applies to each player whose pool still holds mana as a phase ends, not
    only the active player: Bob's {U}{U} added in Alice's main phase burns Bob for 2 as her
    main phase ends (her end step begins)."""
    game = Game("2004", costs="paid")
    game.add_mana("Bob", "{U}{U}")
    game.end_step()
    assert (game.life("Alice"), game.life("Bob")) == (20, 18)
    assert any("Mana burn" in line and "Bob" in line for line in game.log)


def test_2004_300_3_mana_burn_none_when_the_mana_is_spent() -> None:
    """Mana burn counts only unused mana: Alice adds {G}{G}, casts Grizzly Bears ({1}{G}) with
    it, and loses no life as the phase ends."""
    game = Game("2004", costs="paid")
    game.put("Grizzly Bears", zone="hand")
    game.add_mana("Alice", "{G}{G}")
    game.cast("Grizzly Bears")
    game.end_step()
    assert game.life("Alice") == 20


def test_2004_300_3_mana_burn_not_between_combat_steps_only_when_combat_ends() -> None:
    """2004 rule 300.3: mana empties from pools at the end of each PHASE (with mana burn), not
    each step. {G} added in the declare attackers step is still there in the combat damage
    step; when the combat phase ends Alice loses 1 life."""
    game = Game("2004", costs="paid")
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.add_mana("Alice", "{G}")
    game.combat_damage()
    assert game.mana_pool("Alice") == {"G": 1}
    assert game.life("Alice") == 20
    game.end_combat()
    assert game.life("Alice") == 19
    assert not game.mana_pool("Alice")


def test_2004_420_2_a_player_burned_to_0_as_the_main_phase_ends_loses_before_attacking() -> None:
    """The main phase ends and Alice's unused {R} burns her from 1 life to 0 (2004 CR 300.3);
    the beginning of combat step gives priority, and state-based effects are checked first
    (420.2): she loses there, and her Grizzly Bears never attack."""
    game = Game("2004", costs="paid")
    bears = game.put("Grizzly Bears")
    ready(game)
    game.lose_life("Alice", 19)
    game.add_mana("Alice", "{R}")
    game.attack([bears])
    assert game.over and game.winner == "Bob"
    assert not bears.tapped and not any("attacks" in line for line in game.log)


@pytest.mark.parametrize(("edition", "life"), [("2004", 18), ("current", 20)])
def test_300_3_mana_burn_only_under_the_2004_rules(edition: str, life: int) -> None:
    game = Game(edition, costs="paid")
    game.add_mana("Alice", "{R}{R}")
    game.end_step()
    assert game.mana_pool("Alice") == {} and game.life("Alice") == life


@pytest.mark.parametrize(("edition", "life"), [("2004", 19), ("current", 20)])
def test_300_3_mana_made_in_the_end_step_is_lost_by_the_next_turn(edition: str,
                                                                  life: int) -> None:
    """Mana made during the end step can still be spent in it; it is gone by the next
    turn. Under the 2004 rules the end phase ends with 1 mana unspent: Alice loses 1 life
    to mana burn. Today there is no mana burn."""
    game = Game(edition, costs="paid")
    game.end_step()
    game.add_mana("Alice", "{R}")
    assert game.mana_pool("Alice") == {"R": 1}
    game.next_turn()
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == life


def test_2004_300_3_mana_stays_through_the_combat_steps_and_burns_when_combat_ends() -> None:
    """2004 CR 300.3: mana is lost only when a *phase* ends, with mana burn. Mana added in the
    declare attackers step stays through blockers and combat damage and burns 1 life when the
    combat phase ends."""
    game = Game("2004", costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{R}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == {"R": 1}
    game.combat_damage()
    assert game.mana_pool("Alice") == {"R": 1} and game.life("Alice") == 20
    game.end_combat()
    assert game.mana_pool("Alice") == {} and game.life("Alice") == 19


@pytest.mark.parametrize(("edition", "after_block"), [("2004", {"G": 1}), ("current", {})])
def test_500_4_mana_between_the_combat_steps(edition: str, after_block: dict[str, int]) -> None:
    """Today (500.4) mana empties at the end of each step: {G} made in the declare attackers
    step is gone in the declare blockers step. Under the 2004 rules (300.3) it empties only
    as a phase ends: the {G} stays through the combat phase and burns as combat ends (1
    life)."""
    game = Game(edition, costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{G}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == after_block
    game.combat_damage()
    game.end_combat()
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == (19 if edition == "2004" else 20)


@pytest.mark.parametrize(("edition", "life"), [("2004", 17), ("current", 20)])
def test_500_4_mana_empties_as_the_combat_phase_begins_and_ends(edition: str,
                                                                   life: int) -> None:
    """Mana empties from the pools at the end of each phase (2004: 300.3, with mana burn) and
    today of each step too (500.4): mana made in the first main phase is gone in combat, and
    mana made in combat is gone in the second main phase."""
    game = Game(edition, costs="paid")
    bears = game.put("Grizzly Bears")
    game.add_mana("Alice", "{G}{G}")
    game.attack([bears])
    assert game.mana_pool("Alice") == {}
    game.add_mana("Alice", "{R}")
    game.combat_damage()
    game.end_combat()
    assert game.mana_pool("Alice") == {} and game.life("Alice") == life


@pytest.mark.parametrize(("edition", "life"), [("2004", 16), ("current", 17)])
def test_500_4_mana_made_in_the_upkeep_is_gone_by_the_main_phase(edition: str,
                                                                  life: int) -> None:
    """500.4: mana empties from the pools at the end of each step (2004 rule 300.3: at the
    end of each phase, the beginning phase here, with 1 life lost per mana: mana burn). Bob
    taps an Island in response to Stabwhisker's upkeep ability and does not use the mana.
    Once the ability has resolved and the turn is in its main phase, the mana is gone; under
    the 2004 rules Bob also lost 1 life to mana burn (3 to Stabwhisker, 1 to burn)."""
    game = Game(edition, costs="paid")
    game.put("Nezumi Shortfang", flipped=True)
    island = game.put("Island", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
    game.tap_for_mana(island)                             # a response; then it resolves
    assert not game.stack
    assert game.mana_pool("Bob") == {}
    assert game.life("Bob") == life


def test_500_4_today_mana_made_in_declare_attackers_is_gone_when_blockers_are_declared() -> None:
    """Today mana empties at the end of each *step* (500.4). Mana Alice adds after declaring
    attackers (in the declare attackers step) is gone once blockers have been declared (the
    declare blockers step), with no life lost."""
    game = Game("current", costs="paid")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.add_mana("Alice", "{R}")
    game.block(runeclaw, bears)
    assert game.mana_pool("Alice") == {}
    assert game.life("Alice") == 20


def test_500_4_today_mana_made_in_the_first_strike_step_is_gone_in_the_regular_step() -> None:
    """Today the first-strike combat damage step and the combat damage step are two steps
    (510.4), and mana empties between them (500.4)."""
    game = Game("current", costs="paid")
    bears = game.put("Grizzly Bears")
    game.add_effect("add_keyword", bears, keyword="First strike")
    other = game.put("Runeclaw Bear")
    game.attack([bears, other])
    with game.holding_priority():
        game.combat_damage()                          # the first-strike step
    game.add_mana("Alice", "{G}")
    game.combat_damage()                              # the regular step
    assert game.mana_pool("Alice") == {}
    assert game.life("Bob") == 16


def test_honor_worn_shaku_taps_for_one_colorless_mana(game: Game) -> None:
    """Honor-Worn Shaku is a colorless, nonlegendary artifact whose first ability adds {1}
    (colorless mana). Tapped for mana, it adds {C} to its controller's pool and is tapped."""
    shaku = game.put("Honor-Worn Shaku")
    assert (shaku.types, shaku.supertypes, shaku.colors, shaku.mana_value) == (
        ("Artifact",), (), (), 3)
    game.tap_for_mana(shaku)
    assert shaku.tapped
    assert game.mana_pool("Alice") == {"C": 1}


@pytest.mark.parametrize("mana", ["", "   "])
def test_106_4_adding_no_mana_is_refused_as_a_slip(mana: str) -> None:
    """An empty "mana" was taken, and logged "Alice adds  ( in the pool)."."""
    game = Game("current")
    with pytest.raises(FlipCardsError, match="give at least one mana symbol"):
        game.add_mana("Alice", mana)
    with pytest.raises(ScenarioError, match=r"^steps\[0\]\.mana: no mana to add"):
        run_scenario({"rules": "current", "steps": [{"add_mana": "Alice", "mana": mana}]})


def test_106_4_added_mana_is_logged_as_the_pool_holds_it() -> None:
    game = Game("current")
    game.add_mana("Alice", "{r} {G}")
    assert game.log[-1] == "Alice adds {R}{G} ({R}{G} in the pool)."
