"""The stack and triggered abilities, checked against the rules and rulings.

Each test is named after the rule it checks: APNAP order (2004 CR 410; today 603.3b and
101.4), delayed triggers that follow objects (603.7c, 400.7), 0 damage (120.8), the controller
of a returning permanent (603.3a, 110.2a), "flipped" as a status (110.5, 707.3), the legend
rule's choice wherever it applies (704.5j), state triggers (603.8), and the stack itself (405,
608): responses, an intervening "if" failing on resolution, a source that leaves first.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest

from flipcards import (
    EDITIONS,
    Filter,
    Game,
    GameObject,
    IllegalActionError,
    ScenarioError,
    run_scenario,
)
from flipcards._scenario import STEP_OPTIONS, VERBS


def flips(game: Game) -> list[str]:
    """The names that flipped, in the order they flipped."""
    return [line.split(" flips:")[0] for line in game.log if " flips: it is now " in line]


def ki_card(game: Game, name: str, owner: str = "Alice", counters: int = 2) -> GameObject:
    card = game.put(name, owner=owner)
    game.add_counters(card, "ki", counters)
    return card


# --- 1. APNAP order -----------------------------------------------------------------------------

def test_603_3b_non_active_players_triggers_resolve_first(game: Game) -> None:
    alice = ki_card(game, "Callow Jushi")
    bob = ki_card(game, "Hired Muscle", owner="Bob")
    game.end_step()
    assert alice.flipped and bob.flipped
    assert flips(game) == ["Hired Muscle", "Callow Jushi"]


def test_603_3b_apnap_stack_has_the_active_players_abilities_at_the_bottom(game: Game) -> None:
    ki_card(game, "Callow Jushi")
    ki_card(game, "Faithful Squire")
    ki_card(game, "Hired Muscle", owner="Bob")
    with game.holding_priority():
        game.end_step()
    assert [(item.source.name, item.controller) for item in game.stack] == [
        ("Hired Muscle", "Bob"), ("Callow Jushi", "Alice"), ("Faithful Squire", "Alice")]
    game.resolve_stack()
    assert flips(game) == ["Hired Muscle", "Callow Jushi", "Faithful Squire"]


def test_603_3b_apnap_on_the_other_players_turn(game: Game) -> None:
    game.next_turn()                               # Bob is the active player now
    ki_card(game, "Callow Jushi")
    ki_card(game, "Hired Muscle", owner="Bob")
    game.end_step()
    assert flips(game) == ["Callow Jushi", "Hired Muscle"]


def test_603_3b_a_player_orders_their_own_simultaneous_triggers(game: Game) -> None:
    jushi = ki_card(game, "Callow Jushi")
    squire = ki_card(game, "Faithful Squire")
    with game.holding_priority():
        game.end_step()
        game.order_triggers(squire, jushi)
    game.resolve_stack()
    assert flips(game) == ["Faithful Squire", "Callow Jushi"]


def test_603_3b_only_one_players_simultaneous_triggers_can_be_ordered(game: Game) -> None:
    jushi = ki_card(game, "Callow Jushi")
    muscle = ki_card(game, "Hired Muscle", owner="Bob")
    with game.holding_priority():
        game.end_step()
        with pytest.raises(IllegalActionError, match=r"603\.3b"):
            game.order_triggers(jushi, muscle)


# --- 2. delayed triggers follow objects -------------------------------------------------------

def test_603_7c_delayed_trigger_does_not_flip_a_new_initiate(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    giant = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", giant, power=0, toughness=3)   # a 2/5
    game.deal_damage(game.put("Shock"), giant, 1)
    game.activate(initiate, target=giant)                # 2 damage on a 2/5: it survives
    assert giant.zone == "battlefield"
    game.move(initiate, "hand")
    game.move(initiate, "battlefield")                   # a new object (400.7)
    game.damage(giant, 3)                                 # now it dies, this turn
    assert giant.zone == "graveyard"
    assert not initiate.flipped
    assert initiate.name == "Initiate of Blood"


def test_603_7c_delayed_trigger_flips_the_same_initiate(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    giant = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", giant, power=0, toughness=3)
    game.deal_damage(game.put("Shock"), giant, 1)
    game.activate(initiate, target=giant)
    game.damage(giant, 3)
    assert initiate.name == "Goka the Unjust"


# --- 3. 0 damage is no damage ------------------------------------------------------------------

def test_120_8_zero_damage_does_not_count_for_bushi_tenderfoot(game: Game) -> None:
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 0)
    game.damage(bears, 2)                                  # it dies, but Bushi dealt nothing
    assert bears.zone == "graveyard"
    assert not bushi.flipped
    assert any("deals no damage" in line for line in game.log)


def test_120_8_zero_damage_does_not_make_a_legal_target_for_initiate(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(game.put("Shock"), bears, 0)
    assert not game.was_damaged_this_turn(bears)
    with pytest.raises(IllegalActionError, match="not dealt damage"):
        game.activate(initiate, target=bears)


def test_120_8_zero_damage_to_an_opponent_does_not_flip_akki(game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, "Bob", 0)
    assert not akki.flipped and game.life("Bob") == 20


# --- 4. who controls a returning permanent ------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3a_stolen_homura_returns_under_the_abilitys_controller(edition: str) -> None:
    # Today 110.2a; in 2004, "a permanent's controller is the player who put it into play".
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant", owner="Alice", controller="Bob")
    game.damage(homura, 4)
    assert homura.zone == "battlefield" and homura.name == "Homura's Essence"
    assert homura.controller == "Bob" and homura.owner == "Alice"


# --- 5. "return it flipped" is about status ------------------------------------------------------

@pytest.mark.parametrize(("edition", "later"), [("current", "Kenzo the Hardhearted"),
                                                ("2004", "Bushi Tenderfoot")])
def test_110_5_copy_of_homura_returns_as_itself_with_flipped_status(edition: str,
                                                                    later: str) -> None:
    game = Game(edition)
    doppelganger = game.put("Dimir Doppelganger")
    homura = game.put("Homura, Human Ascendant", "graveyard")
    game.become_copy(doppelganger, homura)
    assert doppelganger.name == "Homura, Human Ascendant"
    game.damage(doppelganger, 4)                          # it dies as a copy of Homura
    assert doppelganger.zone == "battlefield"
    assert doppelganger.name == "Dimir Doppelganger" and doppelganger.flipped
    # 707.3: once it becomes a copy of a flip card, its flipped status picks the flipped half
    # today; under the 2004 rules it gets the normal half.
    game.become_copy(doppelganger, game.put("Bushi Tenderfoot", "library"))
    assert doppelganger.name == later


# --- 6. the legend rule's choice wherever it applies -------------------------------------------

def test_704_5j_keep_is_honoured_when_two_legends_flip_at_the_end_step() -> None:
    game = Game("current")
    older = ki_card(game, "Budoka Pupil")
    newer = ki_card(game, "Budoka Pupil")
    game.end_step(keep=[older])
    assert older.zone == "battlefield" and older.name == "Ichiga, Who Topples Oaks"
    assert newer.zone == "graveyard"


def test_704_5j_keep_is_honoured_when_a_legend_flips_as_an_ability_resolves() -> None:
    game = Game("current")
    kept = game.put("Akki Lavarunner", flipped=True)       # Tok-Tok, Volcano Born already
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, "Bob", 1, keep=[kept])
    assert akki.zone == "graveyard" and kept.zone == "battlefield"


def test_704_5j_without_a_choice_the_newest_is_kept() -> None:
    game = Game("current")
    older = ki_card(game, "Budoka Pupil")
    newer = ki_card(game, "Budoka Pupil")
    game.end_step()
    assert older.zone == "graveyard" and newer.zone == "battlefield"


def test_420_5e_2004_legend_rule_takes_both_whatever_is_kept() -> None:
    game = Game("2004")
    older = ki_card(game, "Budoka Pupil")
    newer = ki_card(game, "Hired Muscle", owner="Bob")
    bob_pupil = ki_card(game, "Budoka Pupil", owner="Bob")
    game.end_step(keep=[older])
    assert older.zone == bob_pupil.zone == "graveyard"
    assert newer.name == "Scarmaker"


# --- 8. state triggers (603.8) -------------------------------------------------------------------

def test_603_8_state_trigger_resolves_even_if_the_state_no_longer_holds(game: Game) -> None:
    student = game.put("Student of Elements")
    with game.holding_priority():
        wings = game.add_effect("add_keyword", student, keyword="Flying")
        assert [item.source for item in game.stack] == [student]
        game.end_effect(wings)                            # in response: no more flying
    game.resolve()
    assert student.name == "Tobita, Master of Winds"


def test_603_8_state_trigger_does_not_trigger_again_while_it_waits(game: Game) -> None:
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        game.gain_life("Alice", 1)
    assert len(game.stack) == 1
    game.resolve_stack()
    assert rune_tail.flipped


#: 2004: a flip card flips, then becomes a copy of a flipped state-trigger card and shows its
#: normal half, whose state holds (Tobita gives it flying; its controller has 30 life).
ENDLESS = {
    "Student of Elements": [
        {"put": "Student of Elements", "as": "other"}, {"flip": "other"},
    ],
    "Rune-Tail, Kitsune Ascendant": [
        {"gain_life": "Alice", "amount": 10},
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "other"},       # flips at once
    ],
}


@pytest.mark.parametrize("copied", list(ENDLESS))
def test_104_4b_a_state_trigger_that_can_never_flip_its_permanent_stops(
        copied: str, no_hang: None) -> None:
    """Tok-Tok becomes a copy of the flipped card and shows its normal half: "flip it"
    triggers and flips nothing, as it already has flipped status. Triggering again forever is
    a loop of mandatory actions (a draw, 104.4b): the model says so once and goes on."""
    doc = {"rules": "2004", "players": ["Alice", "Bob"], "steps": [
        {"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akki"},
        *ENDLESS[copied],
        {"become_copy": "akki", "of": "other"},
        {"damage": "other", "amount": 0},       # another state check: no new trigger
    ]}
    out = run_scenario(doc)
    akki = out["objects"]["akki"]
    assert (akki["name"], akki["flipped"]) == (copied, True)
    since_copy = out["log"][next(i for i, line in enumerate(out["log"])
                                 if "becomes a copy of" in line):]
    assert sum("ability triggers" in line for line in since_copy) == 1
    assert sum("rule 104.4b" in line for line in since_copy) == 1


@pytest.fixture
def no_hang() -> Iterator[None]:
    """A game that would run forever fails the test instead (after 20 s)."""
    def stop(*_: object) -> None:
        raise TimeoutError("the game did not end")
    previous = signal.signal(signal.SIGALRM, stop)
    signal.alarm(20)
    yield
    signal.alarm(0)
    signal.signal(signal.SIGALRM, previous)


# --- the stack: responses (405, 608) -------------------------------------------------------------

def test_405_removing_ki_counters_in_response_makes_the_intervening_if_fail(game: Game) -> None:
    bandit = ki_card(game, "Cunning Bandit")
    with game.holding_priority():
        game.end_step()
    assert [item.text for item in game.stack] == [
        "it has two or more ki counters at the end step"]
    game.remove_counters(bandit, "ki", 1)                 # a response; then the stack resolves
    assert not bandit.flipped
    assert "its condition no longer holds" in game.log[-1]


def test_405_source_that_leaves_before_its_flip_ability_resolves_does_not_flip(
        game: Game) -> None:
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 2)
        game.move(akki, "hand")
        game.move(akki, "battlefield")                    # the same card, a new object
    game.resolve()
    assert not akki.flipped
    assert "has left" in game.log[-1]


def test_405_an_activated_ability_waits_on_the_stack(game: Game) -> None:
    jushi = game.put("Jushi Apprentice")
    for _ in range(8):
        game.put("Island", "hand")
    game.put("Shock", "library")
    with game.holding_priority():
        game.activate(jushi)
    assert jushi.tapped                                   # the cost is paid at once
    assert [(i.kind, i.source) for i in game.stack] == [("activated", jushi)]
    assert len(game.objects("hand", "Alice")) == 8
    game.discard(game.objects("hand", "Alice")[0])        # in response
    game.resolve_stack()
    assert not jushi.flipped                              # 8 cards after the draw


def test_405_a_spell_waits_below_the_abilities_its_cast_triggers(game: Game) -> None:
    jushi = game.put("Callow Jushi")
    with game.holding_priority():
        spell = game.cast("Cranial Extraction")            # an Arcane sorcery
    assert [(i.kind, i.source) for i in game.stack] == [("triggered", jushi), ("spell", spell)]
    assert spell.zone == "stack"
    game.resolve()
    assert jushi.counters == {"ki": 1} and spell.zone == "stack"
    game.resolve()
    assert spell.zone == "graveyard" and game.stack == ()


def test_405_resolve_on_an_empty_stack_says_so(game: Game) -> None:
    assert game.resolve() is None
    assert game.log[-1] == "The stack is empty; nothing resolves."


def test_405_stack_is_listed_top_first(game: Game) -> None:
    student = game.put("Student of Elements")
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.add_effect("add_keyword", Filter(types=["Creature"]), keyword="Flying")
        game.deal_damage(akki, "Bob", 1)
    assert [item.source for item in game.stack] == [akki, student]
    assert "The stack (top first):" in str(game)


# --- 7. the scenario format ---------------------------------------------------------------------

def test_scenario_no_verb_has_another_verb_as_a_field_both_ways() -> None:
    for verb, fields in VERBS.items():
        for field in fields:
            if field in VERBS:
                assert verb not in VERBS[field], (verb, field)
        assert not set(fields) & set(STEP_OPTIONS), verb


@pytest.mark.parametrize("edition", EDITIONS)
def test_scenario_activate_with_a_discard_field_is_an_activate_step(edition: str) -> None:
    out = run_scenario({"rules": edition, "steps": [
        {"put": "Nezumi Shortfang", "as": "rat"},
        {"put": "Island", "zone": "hand", "owner": "Bob", "as": "island"},
        {"put": "Forest", "zone": "hand", "owner": "Bob", "as": "forest"},
        {"activate": "rat", "target": "Bob", "discard": "forest"},
        {"expect": {"forest": {"zone": "graveyard"}, "island": {"zone": "hand"},
                    "rat": {"flipped": False}}},
    ]})
    assert out["failures"] == []


def test_scenario_hold_resolve_and_expect_the_stack() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Cunning Bandit", "as": "bandit"},
        {"counters": "bandit", "kind": "ki", "add": 2},
        {"end_step": True, "hold": True},
        {"expect": {"stack": [{"source": "bandit", "kind": "triggered",
                               "controller": "Alice"}]}},
        {"counters": "bandit", "kind": "ki", "remove": 1, "hold": True},
        {"resolve": "top"},
        {"expect": {"stack": [], "bandit": {"flipped": False}}},
    ]})
    assert out["failures"] == []
    assert out["stack"] == []


def test_scenario_order_triggers_and_resolve_all() -> None:
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Callow Jushi", "as": "jushi"},
        {"put": "Faithful Squire", "as": "squire"},
        {"counters": "jushi", "kind": "ki", "add": 2},
        {"counters": "squire", "kind": "ki", "add": 2},
        {"end_step": True, "hold": True},
        {"order_triggers": ["squire", "jushi"], "hold": True},
        {"expect": {"stack": [{"source": "squire"}, {"source": "jushi"}]}},
        {"resolve": "all"},
    ]})
    assert out["failures"] == []
    flipped = [line for line in out["log"] if " flips: " in line]
    assert flipped[0].startswith("Faithful Squire")


def test_scenario_output_lists_what_waits_on_the_stack() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"deal_damage": "akki", "to": "Bob", "amount": 1, "hold": True},
    ]})
    assert out["stack"] == [{"source": "akki", "name": "Akki Lavarunner", "kind": "triggered",
                             "controller": "Alice",
                             "text": "it dealt damage to Bob, an opponent", "may": False,
                             "targets": []}]


@pytest.mark.parametrize(("step", "message"), [
    ({"resolve": "bottom"}, 'steps[0].resolve: expected "top"'),
    ({"order_triggers": []}, "steps[0].order_triggers: list the ids"),
    ({"order_triggers": ["nobody"]}, 'steps[0].order_triggers[0]: no object "nobody"'),
    ({"resolve": "top", "hold": "yes"}, "steps[0].hold: expected true or false"),
])
def test_scenario_stack_steps_say_what_is_wrong(step: dict[str, object], message: str) -> None:
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [step]})
    assert str(caught.value).startswith(message)


def test_scenario_move_under_another_players_control() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "zone": "graveyard", "as": "bears"},
        {"move": "bears", "to": "battlefield", "controller": "Bob"},
        {"expect": {"bears": {"controller": "Bob", "owner": "Alice"}}},
    ]})
    assert out["failures"] == []


def test_405_a_spell_that_leaves_the_stack_does_not_resolve(game: Game) -> None:
    with game.holding_priority():
        spell = game.cast("Grizzly Bears")
    assert [i.source for i in game.stack] == [spell]
    game.move(spell, "graveyard")                          # countered, say
    assert game.stack == ()
    assert spell.zone == "graveyard"
    assert "from the stack" in game.log[-1]


def test_514_2_until_end_of_turn_effects_end_in_the_cleanup_step(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    game.add_effect("modify_pt", bears, power=3, toughness=3, until_end_of_turn=True)
    lasting = game.add_effect("modify_pt", bears, power=1, toughness=1)
    assert (bears.power, bears.toughness) == (6, 6)
    game.next_turn()
    assert (bears.power, bears.toughness) == (3, 3)
    assert game.effects == (lasting,)


def test_608_2d_a_may_ability_waiting_on_the_stack_is_chosen_as_it_resolves(game: Game) -> None:
    pupil = game.put("Budoka Pupil")
    with game.holding_priority():
        game.cast("Kami of Ancient Law")          # a Spirit: the pupil's "may" triggers
    assert [item.source for item in game.stack][:1] == [pupil]
    game.resolve(decline=[pupil])                 # the choice is made now, not when it triggered
    assert pupil.counters == {}
    assert "chooses not to use Budoka Pupil's ability" in game.log[-1]
    game.resolve_stack()
    with game.holding_priority():
        game.cast("Kami of Ancient Law")
    game.resolve_stack()                          # not declined this time
    assert pupil.counters == {"ki": 1}


def test_608_2d_a_scenario_declines_a_held_may_ability_on_its_resolve_step() -> None:
    steps: list[dict[str, object]] = [
        {"put": "Callow Jushi", "as": "jushi"}, {"counters": "jushi", "kind": "ki", "add": 2},
        {"end_step": True, "hold": True}]
    declined = run_scenario({"rules": "current", "steps": [
        *steps, {"resolve": "top", "decline": ["jushi"]},
        {"expect": {"jushi": {"flipped": False}}}]})
    assert declined["objects"]["jushi"]["flipped"] is False
    taken = run_scenario({"rules": "current", "steps": [*steps, {"resolve": "top"}]})
    assert taken["objects"]["jushi"]["flipped"] is True


@pytest.mark.parametrize("look", [
    lambda game: game.search("library", "Alice"),
    lambda game: game.name_card("Bushi Tenderfoot"),
    lambda game: game.reveal_hand("Bob"),
])
def test_405_a_held_stack_goes_on_waiting_while_a_player_only_looks(look: object) -> None:
    """A search, a naming or a revealed hand changes nothing: the ability that waits on the
    stack is still there to be answered, as after an ``expect``."""
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    with game.holding_priority():
        game.deal_damage(bushi, game.put("Grizzly Bears", owner="Bob"), 2)
    assert [item.source for item in game.stack] == [bushi]
    look(game)  # type: ignore[operator]
    assert [item.source for item in game.stack] == [bushi]
    assert not bushi.flipped
    game.resolve_stack()
    assert bushi.flipped


@pytest.mark.parametrize("look", [{"search": "library"}, {"name_card": "Bushi Tenderfoot"},
                                  {"reveal_hand": "Bob"}])
def test_405_a_scenarios_look_step_resolves_nothing_that_waits(look: dict[str, str]) -> None:
    output = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "bushi"},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"deal_damage": "bushi", "to": "bears", "amount": 2, "hold": True},
        look,
        {"expect": {"bushi": {"flipped": False}}},
        {"resolve": "all"},
        {"expect": {"bushi": {"flipped": True}}},
    ]})
    assert output["failures"] == []


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_10a_bushi_tenderfoot_dying_with_its_victim_still_triggers(edition: str) -> None:
    """603.10a / 603.6c (2004: 410.10d): "Whenever [something] is put into a graveyard from
    play" is a leaves-play ability and looks back in time: Bushi Tenderfoot, dying at the same
    time as the Grizzly Bears it damaged, still had the ability just before, so it triggers;
    "flip Bushi Tenderfoot" then finds it in the graveyard and does nothing."""
    game = Game(edition)
    bushi = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.damage(bears, 1)
    with game.holding_priority():
        game.attack([bears])
        game.block(bushi, bears)
        game.combat_damage()
        if game.stack and game.stack[0].kind == "combat_damage":
            game.resolve()  # 2004: the damage waits on the stack first
        assert bushi.zone == "graveyard" and bears.zone == "graveyard"
        assert [item.source for item in game.stack] == [bushi]
    game.resolve_stack()
    assert not bushi.flipped


# --- what waits on the stack shows its targets (601.2c, 602.2b) ------------------------------

def test_601_2c_a_waiting_spell_and_ability_show_their_targets() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Jushi Apprentice", "flipped": True, "as": "tomoya"},
        {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
        {"activate": "tomoya", "target": "Bob", "hold": True},
        {"cast": "Shock", "target": "bears", "as": "shock", "hold": True},
        {"expect": {"stack": [{"source": "shock", "targets": ["bears"]},
                              {"source": "tomoya", "targets": ["Bob"]}]}},
    ]})
    assert out["failures"] == []
    assert [item["targets"] for item in out["stack"]] == [["bears"], ["Bob"]]
    game = Game("current")
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.cast("Shock", target=bears)
    assert game.stack[0].targets == (bears,)
    assert "the spell Shock, targeting Grizzly Bears (Alice)" in str(game)


def test_601_2c_a_triggered_ability_without_a_target_lists_none() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"deal_damage": "akki", "to": "Bob", "amount": 1, "hold": True},
        {"expect": {"stack": [{"source": "akki", "targets": []}]}},
    ]})
    assert out["failures"] == []


# --- passing priority one object at a time (117.4, 608.1) -----------------------------------

def test_608_1_one_trigger_resolves_and_the_next_is_answered() -> None:
    """Two end-step abilities wait; the top one (Faithful Squire's) resolves alone, then a ki
    counter is removed from Callow Jushi in response to its ability, whose "if" then fails."""
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Callow Jushi", "as": "jushi"},
        {"put": "Faithful Squire", "as": "squire"},
        {"counters": "jushi", "kind": "ki", "add": 2},
        {"counters": "squire", "kind": "ki", "add": 2},
        {"end_step": True, "hold": True},
        {"order_triggers": ["squire", "jushi"], "hold": True},
        {"resolve": "top", "hold": True},
        {"expect": {"squire": {"flipped": True}, "stack": [{"source": "jushi"}]}},
        {"counters": "jushi", "kind": "ki", "remove": 1, "hold": True},
        {"expect": {"stack": [{"source": "jushi"}]}},
        {"resolve": "top"},
        {"expect": {"jushi": {"flipped": False}, "stack": []}},
    ]})
    assert out["failures"] == []
    assert "Callow Jushi's ability does nothing: its condition no longer holds." in out["log"]


# --- choices made as an ability resolves (608.2) --------------------------------------------

AUTUMN_TAIL: list[dict[str, object]] = [
    {"put": "Kitsune Mystic", "flipped": True, "as": "autumn"},
    {"put": "Grizzly Bears", "as": "bears"},
    {"put": "Runeclaw Bear", "as": "runeclaw"},
    {"put": "Grizzly Bears", "owner": "Bob", "as": "theirs"},
    {"put": "Pacifism", "attached_to": "bears", "as": "pacifism"},
]


def test_608_2_autumn_tail_targets_the_aura_and_chooses_the_creature_as_it_resolves() -> None:
    """Only the Aura is a target. The creature announced at activation gains protection from
    white in response; as the ability resolves its controller chooses another creature."""
    out = run_scenario({"rules": "current", "steps": [
        *AUTUMN_TAIL,
        {"activate": "autumn", "target": "pacifism", "to": "theirs", "hold": True},
        {"expect": {"stack": [{"source": "autumn", "targets": ["pacifism"]}]}},
        {"effect": "ward", "kind": "add_keyword", "affects": "theirs",
         "keyword": "Protection from white", "hold": True},
        {"resolve": "top", "choose": "runeclaw"},
        {"expect": {"pacifism": {"attached_to": "runeclaw"}}},
    ]})
    assert out["failures"] == []
    assert "Alice chooses Runeclaw Bear as the ability resolves." in out["log"]


def test_608_2_a_choice_on_resolution_that_the_rules_refuse_names_the_field() -> None:
    steps = [*AUTUMN_TAIL, {"activate": "autumn", "target": "pacifism", "hold": True},
             {"resolve": "top", "choose": "bears"}]
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": steps})
    assert str(caught.value) == ("steps[6].choose: Grizzly Bears cannot be chosen: Pacifism is "
                                 "already attached to Grizzly Bears: choose another creature")
    steps[-1] = {"resolve": "top", "choose": "theirs"}
    steps[-2] = {"put": "Akki Lavarunner", "as": "akki"}
    steps.insert(-1, {"deal_damage": "akki", "to": "Bob", "amount": 1, "hold": True})
    with pytest.raises(ScenarioError, match=r"steps\[7\]\.choose: Akki Lavarunner's ability on "
                                            "top of the stack makes no choice as it resolves"):
        run_scenario({"rules": "current", "steps": steps})


def test_608_2_without_a_choice_autumn_tail_moves_the_aura_to_the_oldest_other_creature(
        ) -> None:
    out = run_scenario({"rules": "2004", "steps": [
        *AUTUMN_TAIL, {"activate": "autumn", "target": "pacifism"},
        {"expect": {"pacifism": {"attached_to": "autumn"}}},
    ]})
    assert out["failures"] == []


def test_608_2_budoka_gardener_chooses_its_land_as_the_ability_resolves() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Budoka Gardener", "as": "gardener"},
        {"put": "Forest", "zone": "hand", "as": "forest"},
        {"put": "Forest", "zone": "hand", "as": "other"},
        {"activate": "gardener", "hold": True},
        {"resolve": "top", "choose": "other"},
        {"expect": {"other": {"zone": "battlefield"}, "forest": {"zone": "hand"}}},
    ]})
    assert out["failures"] == []
