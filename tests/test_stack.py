"""The stack and triggered abilities, checked against the rules and rulings.

Each test is named after the rule it checks: APNAP order (2004 CR 410; today 603.3b and
101.4), the controller of a triggered ability (603.3a), intervening "if" clauses (603.4),
delayed triggers that follow objects (603.7c, 400.7), state triggers (603.8), leaves-play
abilities (603.10), 0 damage (120.8), "flipped" as a status (110.5, 707.3), the legend rule's
choice wherever it applies (704.5j), and the stack itself (405, 608): responses, choices made
as an ability resolves (608.2, 608.2d), a source that leaves first (113.7a, 608.2b).
"""

from __future__ import annotations

import signal
from collections.abc import Iterator

import pytest
from helpers import enchanted_mystic, flips, kill_bears, line_index, with_ki, with_ki_counters

from flipcards import (
    EDITIONS,
    Filter,
    Game,
    GameObject,
    IllegalActionError,
    ScenarioError,
    run_scenario,
)


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


def test_603_3b_the_log_says_which_resolves_first(game: Game) -> None:
    jushi = ki_card(game, "Callow Jushi")
    squire = ki_card(game, "Faithful Squire")
    muscle = ki_card(game, "Hired Muscle")
    with game.holding_priority():
        game.end_step()
        game.order_triggers(squire, muscle, jushi)
    assert game.log[-1] == ("Alice orders their abilities: Faithful Squire's resolves first, "
                            "then Hired Muscle's, then Callow Jushi's.")


@pytest.mark.parametrize("since", ["one resolved", "another was put on the stack"])
def test_603_3b_the_order_is_chosen_as_they_go_on_the_stack_not_later(
        game: Game, since: str) -> None:
    """A player could order their abilities after seeing one resolve, or under a response."""
    jushi = ki_card(game, "Callow Jushi")
    ki_card(game, "Faithful Squire")
    muscle = ki_card(game, "Hired Muscle")
    with game.holding_priority():
        game.end_step()
        if since == "one resolved":
            game.resolve()
        else:
            game.cast("Giant Growth", target=game.put("Grizzly Bears"))
        before = [item.source.name for item in game.stack]
        with pytest.raises(IllegalActionError, match=r"was chosen as they were put on the stack"):
            game.order_triggers(muscle, jushi)
        assert [item.source.name for item in game.stack] == before


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
    game.deal_damage(game.put("Runeclaw Bear"), giant, 1)
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
    game.deal_damage(game.put("Runeclaw Bear"), giant, 1)
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
    game.deal_damage(game.put("Runeclaw Bear"), bears, 0)
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
    a loop of mandatory actions, and 104.4b makes the game a draw: it ends there (the model
    used to say "a draw" and let the game go on), no player having lost."""
    doc = {"rules": "2004", "players": ["Alice", "Bob"], "steps": [
        {"put": "Akki Lavarunner", "as": "akki"}, {"flip": "akki"},
        *ENDLESS[copied],
        {"become_copy": "akki", "of": "other"},
        {"expect": {"players": {"Alice": {"lost": None}, "Bob": {"lost": None}}}},
    ]}
    out = run_scenario(doc)
    assert out["failures"] == []
    akki = out["objects"]["akki"]
    assert (akki["name"], akki["flipped"]) == (copied, True)
    since_copy = out["log"][next(i for i, line in enumerate(out["log"])
                                 if "becomes a copy of" in line):]
    assert sum("ability triggers" in line for line in since_copy) == 1
    # (A 2004 game: the rule is cited by today's number.)
    assert sum("today's rule 104.4b" in line for line in since_copy) == 1
    assert since_copy[-1].endswith("(today's rule 104.4b). The game is over.")
    assert out["over"] == "it is a draw (a loop of mandatory actions, today's rule 104.4b)"
    with pytest.raises(ScenarioError, match=r"^steps\[\d+\]: the game is over: it is a draw "
                       r"\(a loop of mandatory actions, today's rule 104\.4b\); nothing more can "
                       "happen in it$"):
        run_scenario({**doc, "steps": [*doc["steps"], {"gain_life": "Alice", "amount": 1}]})


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
        "it has two or more ki counters at the "
        + ("end of turn" if game.edition == "2004" else "end step")]
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

def test_405_scenario_hold_resolve_and_expect_the_stack() -> None:
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


def test_603_3b_scenario_order_triggers_and_resolve_all() -> None:
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


def test_405_scenario_output_lists_what_waits_on_the_stack() -> None:
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"deal_damage": "akki", "to": "Bob", "amount": 1, "hold": True},
    ]})
    assert out["stack"] == [{"source": "akki", "name": "Akki Lavarunner", "kind": "triggered",
                             "controller": "Alice",
                             "text": "it dealt damage to Bob, an opponent",
                             "does": "flip it", "may": False, "targets": []}]


@pytest.mark.parametrize(("step", "message"), [
    ({"resolve": "bottom"}, 'steps[0].resolve: expected "top"'),
    ({"order_triggers": []}, "steps[0].order_triggers: list the ids"),
    ({"order_triggers": ["nobody"]}, 'steps[0].order_triggers[0]: no object "nobody"'),
    ({"resolve": "top", "hold": "yes"}, "steps[0].hold: expected true or false"),
])
def test_405_scenario_stack_steps_say_what_is_wrong(step: dict[str, object], message: str) -> None:
    from flipcards import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [step]})
    assert str(caught.value).startswith(message)


def test_405_a_spell_that_leaves_the_stack_does_not_resolve(game: Game) -> None:
    with game.holding_priority():
        spell = game.cast("Grizzly Bears")
    assert [i.source for i in game.stack] == [spell]
    game.move(spell, "graveyard")                          # countered, say
    assert game.stack == ()
    assert spell.zone == "graveyard"
    assert "from the stack" in game.log[-1]


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
    assert "the spell Shock (2 damage to any target), targeting Grizzly Bears (Alice)" in str(game)


def test_603_3_what_waits_on_the_stack_says_what_it_will_do() -> None:
    """A player deciding whether to respond reads what the ability does, not only what made
    it trigger: Homura returns, Erayo's Essence counters, Stabwhisker's upkeep costs life, a
    ki counter is put on, and a spell says its effect (an activated ability's text is its
    effect already)."""
    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Homura, Human Ascendant", "as": "homura"},
        {"destroy": "homura", "hold": True},
        {"expect": {"stack": [{"source": "homura", "text": "it was put into a graveyard from play",
                               "does": "return it to play flipped"}]}},
    ]})
    assert out["failures"] == []
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Erayo, Soratami Ascendant", "flipped": True, "as": "erayo"},
        {"put": "Nezumi Shortfang", "flipped": True, "as": "stab"},
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Shock", "owner": "Bob", "zone": "hand", "as": "shock"},
        {"next_turn": True, "hold": True},
        {"expect": {"stack": [{"source": "stab", "text": "Bob's upkeep began",
                               "does": "Bob loses 1 life for each card fewer than three in "
                                       "their hand"}]}},
        {"resolve": "all"},
        {"cast": "shock", "target": "bears", "hold": True},
        {"expect": {"stack": [{"source": "erayo", "does": "counter Shock"},
                              {"source": "shock", "text": "the spell Shock",
                               "does": "2 damage to any target"}]}},
    ]})
    assert out["failures"] == []
    game = Game("current")
    game.put("Budoka Pupil")
    with game.holding_priority():
        game.cast("Kami of Ancient Law")
    assert [(i.kind, i.text, i.does) for i in game.stack] == [
        ("triggered", "its controller cast a Spirit or Arcane spell", "put a ki counter on it"),
        ("spell", "the spell Kami of Ancient Law", "")]


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


# --- more triggers and responses (603, 608) ---------------------------------------------------

def test_120_8_a_zero_power_akki_lavarunner_deals_no_damage_and_does_not_flip(game: Game) -> None:
    """A creature with 0 power assigns no combat damage (510.1a), and 0 damage is no damage
    (120.8; under 2004 it would assign 0, which deals no damage either): an unblocked Akki at
    0/1 leaves Bob at 20, no damage event happens, and it does not flip."""
    akki = game.put("Akki Lavarunner")
    game.add_effect("modify_pt", akki, power=-1, toughness=0)
    game.attack([akki])
    game.combat_damage()
    assert game.life("Bob") == 20
    assert akki.name == "Akki Lavarunner"


@pytest.mark.parametrize("edition", EDITIONS)
def test_405_5_flip_trigger_above_shock_resolves_first(edition: str) -> None:
    """Stack order (2004 CR 408.1 / today 405.5, last in first out): Shock targets Student of
    Elements (1/1); in response it gains flying; its flip trigger resolves first and Tobita
    (3/3) survives the Shock."""
    game = Game(edition)
    student = game.put("Student of Elements")
    with game.holding_priority():
        game.cast("Shock", player="Bob", target=student)
        game.add_effect("add_keyword", student, keyword="Flying")
        assert [item.kind for item in game.stack] == ["triggered", "spell"]
    game.resolve_stack()
    assert student.zone == "battlefield" and student.flipped
    assert (student.power, student.toughness, student.damage) == (3, 3, 2)


def test_405_a_trigger_during_the_end_step_goes_on_top_of_the_waiting_one(game: Game) -> None:
    """405.2 / 603.3 (2004: 408, 410): an ability that triggers while another waits goes on
    the stack above it and resolves first. Kitsune Mystic's end-step ability waits; in
    response a creature Bushi Tenderfoot damaged dies. Tenderfoot's ability resolves first
    (the Mystic is still unflipped then), and then the Mystic's."""
    mystic = enchanted_mystic(game)
    bushi = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bushi, bears, 1)
    with game.holding_priority():
        game.end_step()
        assert [item.source for item in game.stack] == [mystic]
        game.damage(bears, 1)
        assert [item.source for item in game.stack] == [bushi, mystic]
        game.resolve()
        assert bushi.flipped and not mystic.flipped
    game.resolve_stack()
    assert mystic.name == "Autumn-Tail, Kitsune Sage"


def test_601_the_ki_trigger_still_gives_its_counter_when_the_spirit_is_countered(
        game: Game) -> None:
    """The ki ability triggers when the spell is cast and goes on the stack above it. Bob
    answers with Jaraku's ability (countering the Spirit, Alice does not pay {2}); it goes
    on top and resolves first. The spell is countered, and Faithful Squire's ability, which
    does not depend on the spell, still resolves: one ki counter."""
    squire = game.put("Faithful Squire")
    jaraku = with_ki(game, "Callow Jushi", 1, flipped=True, owner="Bob")
    with game.holding_priority():
        kami = game.cast("Kami of Ancient Law")
        assert [item.kind for item in game.stack] == ["triggered", "spell"]
        game.activate(jaraku, target=kami)
        assert [item.source for item in game.stack] == [jaraku, squire, kami]
    game.resolve_stack()
    assert kami.zone == "graveyard"
    assert squire.counters == {"ki": 1}


def test_603_3a_control_changes_while_the_flip_trigger_waits_it_still_flips(
        game: Game) -> None:
    """Kitsune Mystic's end-step trigger is Alice's (603.3a). In response Bob's Azamuki takes
    control of the Mystic: the ability still flips "it", the same object. At cleanup it goes
    back to Alice, still flipped (flipping is not undone by control changes)."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    with game.holding_priority():
        game.end_step()
        assert [item.controller for item in game.stack] == ["Alice"]
        game.activate(azamuki, target=mystic)
        game.resolve()                                    # Azamuki's ability
        assert mystic.controller == "Bob"
    game.resolve_stack()
    assert mystic.name == "Autumn-Tail, Kitsune Sage" and mystic.controller == "Bob"
    game.next_turn()
    assert mystic.controller == "Alice" and mystic.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3a_stolen_ki_card_triggers_for_new_controller(edition: str) -> None:
    """603.3a: the controller of the source when it triggers controls the ability. Alice
    controls Bob's Hired Muscle (until end of turn, i.e. through the end step) when her end
    step begins, so the ability is Alice's."""
    game = Game(edition)
    muscle = with_ki(game, "Hired Muscle", 2, owner="Bob")
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    game.activate(azamuki, target=muscle)
    assert muscle.controller == "Alice"
    with game.holding_priority():
        game.end_step()
        assert [(item.source, item.controller) for item in game.stack] == [(muscle, "Alice")]
    game.resolve_stack()
    assert muscle.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3a_trigger_controller_keeps_ability_after_control_change(edition: str) -> None:
    """603.3a: a triggered ability is controlled by the player who controlled its source when
    it triggered. Bob's Hired Muscle triggers at Alice's end step; Alice takes control of it
    in response (Azamuki); Bob's ability still resolves and flips it."""
    game = Game(edition)
    muscle = with_ki(game, "Hired Muscle", 2, owner="Bob")
    azamuki = with_ki(game, "Cunning Bandit", 1, flipped=True)
    with game.holding_priority():
        game.end_step()
        assert [(item.source, item.controller) for item in game.stack] == [(muscle, "Bob")]
        game.activate(azamuki, target=muscle)
        assert game.stack[0].source == azamuki
        game.resolve()
        assert muscle.controller == "Alice"
        assert game.stack[0].controller == "Bob"
    game.resolve_stack()
    assert muscle.flipped
    assert muscle.name == "Scarmaker"


def test_603_3b_a_player_orders_two_upkeep_triggers(game: Game) -> None:
    """603.3b: Alice's Stabwhisker and Alice's Kuon's Essence trigger together at Bob's
    upkeep; she chooses their order. She puts Kuon's Essence's ability to resolve first:
    Bob sacrifices before he loses life."""
    stabwhisker = game.put("Nezumi Shortfang", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert {item.source for item in game.stack} == {stabwhisker, essence}
        game.order_triggers(essence, stabwhisker)
        assert [item.source for item in game.stack] == [essence, stabwhisker]
    game.resolve_stack()
    assert line_index(game, "Bob sacrifices") < line_index(game, "Bob loses 3 life")


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3b_apnap_active_player_triggers_go_first_resolve_last(edition: str) -> None:
    """603.3b: the active player puts their triggers on the stack first, then the nonactive
    player; so Bob's (nonactive) resolves first. Alice's Kitsune Mystic and Bob's Kuon."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    kuon = game.put("Kuon, Ogre Ascendant", owner="Bob")
    kill_bears(game, 3, owner="Alice")
    with game.holding_priority():
        game.end_step()
        assert [item.source for item in game.stack] == [kuon, mystic]
        game.resolve()
        assert kuon.flipped and not mystic.flipped
    game.resolve_stack()
    assert mystic.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3b_apnap_on_bobs_turn(edition: str) -> None:
    """603.3b on Bob's turn: Bob is active, so Alice's trigger is on top and resolves first.
    "At the beginning of the end step" triggers in every player's end step."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    muscle = with_ki(game, "Hired Muscle", 2, owner="Bob")
    game.end_step(decline=[bandit, muscle])
    game.next_turn()
    assert not bandit.flipped and not muscle.flipped
    with game.holding_priority():
        game.end_step()
        assert [(item.source, item.controller) for item in game.stack] == [
            (bandit, "Alice"),
            (muscle, "Bob"),
        ]
    game.resolve_stack()
    assert bandit.flipped and muscle.flipped


def test_603_3b_apnap_three_players_the_last_in_turn_order_resolves_first() -> None:
    """603.3b: the active player puts theirs on the stack first, then each other player in
    turn order; so on Bob's turn Bob's resolves last, Alice's (the last in turn order after
    Bob, Carol) first."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.next_turn()                                      # Bob's turn
    for owner, name in (("Alice", "Callow Jushi"), ("Bob", "Hired Muscle"),
                        ("Carol", "Budoka Pupil")):
        with_ki_counters(game, name, owner=owner)
    with game.holding_priority():
        game.end_step()
    assert [item.controller for item in game.stack] == ["Alice", "Carol", "Bob"]
    game.resolve_stack()
    assert flips(game) == ["Callow Jushi", "Budoka Pupil", "Hired Muscle"]


def test_603_3b_cast_triggers_of_two_players_bobs_ki_and_alices_erayo(game: Game) -> None:
    """On Bob's turn, after three spells, Bob casts Kami of Ancient Law, a Spirit and the
    fourth spell of the turn. His Hired Muscle's ki ability and Alice's Erayo's ability
    trigger together; Bob, the active player, puts his on the stack first, Alice's goes on
    top (603.3b). Both resolve before the spell: Erayo flips, Hired Muscle gets its counter,
    then the Kami enters."""
    erayo = game.put("Erayo, Soratami Ascendant")
    muscle = game.put("Hired Muscle", owner="Bob")
    game.next_turn()                                      # Bob's turn
    for _ in range(3):
        game.cast("Shock")                                # Alice's instants, on Bob's turn
    with game.holding_priority():
        kami = game.cast("Kami of Ancient Law", player="Bob")
        assert [item.source for item in game.stack] == [erayo, muscle, kami]
        game.resolve()
        assert erayo.name == "Erayo's Essence" and muscle.counters == {}
    game.resolve_stack()
    assert muscle.counters == {"ki": 1} and kami.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3b_controller_orders_own_simultaneous_triggers(edition: str) -> None:
    """603.3b: each player puts their own triggers on the stack "in any order they choose".
    Alice chooses Squire's to resolve first; Bob's is above both (APNAP)."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    squire = with_ki(game, "Faithful Squire", 2)
    muscle = with_ki(game, "Hired Muscle", 2, owner="Bob")
    with game.holding_priority():
        game.end_step()
        game.order_triggers(squire, bandit)
        assert [item.source for item in game.stack] == [muscle, squire, bandit]
        game.order_triggers(bandit, squire)
        assert [item.source for item in game.stack] == [muscle, bandit, squire]
        game.resolve()
        game.resolve()
        assert bandit.flipped and not squire.flipped
    game.resolve_stack()
    assert squire.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_3b_order_triggers_cannot_reorder_other_players_abilities(edition: str) -> None:
    """603.3b: a player orders only their own abilities; Alice's choice cannot put her ability
    above Bob's, which went on the stack after hers."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    muscle = with_ki(game, "Hired Muscle", 2, owner="Bob")
    with game.holding_priority():
        game.end_step()
        with pytest.raises(IllegalActionError):
            game.order_triggers(bandit, muscle)
        assert [item.source for item in game.stack] == [muscle, bandit]
    game.resolve_stack()


def test_603_3b_upkeep_triggers_of_three_players_in_apnap_order() -> None:
    """603.3b: at Bob's upkeep, Alice's and Carol's Stabwhisker (each opponent's upkeep) and
    Bob's own Kuon's Essence (each player's upkeep) trigger. Bob, the active player, puts
    his on the stack first, then Carol, then Alice: Alice's resolves first and Bob's last.
    Bob has one card in hand, so each Stabwhisker makes him lose 2; then he sacrifices his
    Grizzly Bears. (Today's rules only: under the 2004 legend rule the two Stabwhiskers
    could not both be in play; the APNAP order of 2004 rule 410 is the same.)"""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.put("Nezumi Shortfang", flipped=True)
    game.put("Nezumi Shortfang", owner="Carol", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.put("Island", "hand", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert [item.controller for item in game.stack] == ["Alice", "Carol", "Bob"]
        assert game.stack[-1].source == essence
    game.resolve_stack()
    assert game.life("Bob") == 16
    assert bears.zone == "graveyard"
    assert line_index(game, "Bob loses 2 life") < line_index(game, "Bob sacrifices")


def test_603_4_a_second_ki_counter_during_the_end_step_is_too_late(game: Game) -> None:
    """603.4: "At the beginning of the end step, if there are two or more ki counters on
    it": with one counter as the end step begins, the ability does not trigger, even if a
    Spirit spell gives it a second during the end step. It can flip at the next end step
    (every player's)."""
    squire = with_ki_counters(game, "Faithful Squire", counters=1)
    game.end_step()
    game.cast("Kami of Ancient Law")
    assert squire.counters == {"ki": 2} and not squire.flipped
    game.next_turn()
    game.end_step()                                       # Bob's end step
    assert squire.name == "Kaiso, Memory of Loyalty"


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_4_ki_extra_counter_in_response_still_flips(edition: str) -> None:
    """603.4: the condition is checked again on resolution; three ki counters are still "two
    or more", so it flips (counters stay on it: "any counters ... remain on it")."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.add_counters(bandit, "ki", 1)
    assert bandit.flipped
    assert bandit.name == "Azamuki, Treachery Incarnate"
    assert bandit.counters == {"ki": 3}


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_4_ki_if_false_at_start_of_end_step_does_not_trigger(edition: str) -> None:
    """603.4: "the ability won't trigger unless [the condition] is true" when the event (the
    beginning of the end step) occurs. With one ki counter nothing goes on the stack, and a
    second counter added later in that end step does not make it trigger."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 1)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
        game.add_counters(bandit, "ki", 1)
        assert len(game.stack) == 0
    game.resolve_stack()
    assert not bandit.flipped
    game.next_turn()  # the end step has already begun: it is not played again
    assert not bandit.flipped
    assert bandit.counters == {"ki": 2}


@pytest.mark.parametrize("edition", EDITIONS)
def test_603_4_ki_if_true_at_trigger_false_on_resolution(edition: str) -> None:
    """603.4 (2004: 410.7): an intervening "if" is checked when the trigger event occurs and
    again on resolution; "if it isn't [true], the ability does nothing". A ki counter removed
    in response leaves one: "if there are two or more ki counters on it, you may flip it"."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
        assert [item.source for item in game.stack] == [bandit]
    game.remove_counters(bandit, "ki", 1)
    assert len(game.stack) == 0
    assert not bandit.flipped
    assert bandit.name == "Cunning Bandit"


def test_603_4_kitsune_mystic_checks_at_each_end_step_and_its_auras_may_be_anyones(
        game: Game) -> None:
    """Kitsune Mystic: a second Aura attached during the end step is too late (603.4); at the
    next end step, on the opponent's turn, it flips."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic, owner="Bob")
    game.end_step()
    game.put("Pacifism", attached_to=mystic)
    assert not mystic.flipped
    game.next_turn()
    game.end_step()
    assert mystic.name == "Autumn-Tail, Kitsune Sage"


def test_603_4_kuon_flips_at_an_opponents_end_step_at_exactly_three_deaths(game: Game) -> None:
    """Kuon: "At the beginning of the end step, if three or more creatures died this turn":
    every end step, whoever's turn it is; creatures of any controller count."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.next_turn()                                      # Bob's turn
    for owner in ("Alice", "Bob", "Bob"):
        game.move(game.put("Grizzly Bears", owner=owner), "graveyard")
    game.end_step()
    assert kuon.name == "Kuon's Essence"


def test_603_8_a_new_object_has_its_own_state_trigger_while_the_old_ones_waits(
        game: Game) -> None:
    """603.8 and 400.7: a state trigger does not trigger again while *its* ability waits.
    Student of Elements gets flying from an effect on every creature Alice controls; in
    response to the trigger the Student leaves and returns: it is a new object with flying,
    whose own ability triggers at once. The old trigger then does nothing."""
    student = game.put("Student of Elements")
    with game.holding_priority():
        game.add_effect("add_keyword", Filter(types=["Creature"], controller="Alice"),
                        keyword="Flying")
        assert len(game.stack) == 1
        game.move(student, "exile")
        game.move(student, "battlefield")
        assert "Flying" in student.keywords and not student.flipped
        assert len(game.stack) == 2
    game.resolve()                        # the new object's trigger, on top
    assert student.name == "Tobita, Master of Winds"
    game.resolve()
    assert "has left" in game.log[-1] or "new object" in game.log[-1]


def test_603_8_rune_tail_of_each_player_checks_its_own_controllers_life(game: Game) -> None:
    """Rune-Tail: "When you have 30 or more life": "you" is its controller. Bob's Rune-Tail
    does not flip when Alice reaches 30, and flips when Bob does."""
    theirs = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    game.gain_life("Alice", 10)
    assert not theirs.flipped
    game.gain_life("Bob", 9)
    assert not theirs.flipped                             # 29: one short
    game.gain_life("Bob", 1)
    assert theirs.flipped


def test_603_8_rune_tails_state_trigger_goes_above_a_waiting_spell(game: Game) -> None:
    """603.8: Rune-Tail's "when you have 30 or more life, flip it" triggers as soon as Alice
    reaches 30, and goes on the stack the next time a player would receive priority: above
    the Shock that already waits. It resolves first; the Shock is still on the stack when
    Rune-Tail flips."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    game.gain_life("Alice", 9)
    with game.holding_priority():
        shock = game.cast("Shock")
        game.gain_life("Alice", 1)
        assert [item.source for item in game.stack] == [rune_tail, shock]
        game.resolve()
        assert rune_tail.name == "Rune-Tail's Essence" and shock.zone == "stack"
    game.resolve_stack()
    assert shock.zone == "graveyard"


def test_603_a_waiting_flip_trigger_does_nothing_to_a_permanent_now_a_copy_of_a_plain_card(
        game: Game) -> None:
    """As in test_603_a_waiting_flip_trigger_flips_the_permanent_that_became_a_copy_of_another_hero,
    but in response the Mystic becomes a copy of Grizzly Bears: the flip instruction finds a
    permanent that is not a flip card, and nothing happens."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", owner="Bob", attached_to=mystic)
    game.put("Pacifism", owner="Bob", attached_to=mystic)
    model = game.put("Grizzly Bears", zone="library", owner="Bob")
    with game.holding_priority():
        game.end_step()
        game.become_copy(mystic, model)
    game.resolve_stack()
    assert (mystic.name, mystic.flipped, mystic.power) == ("Grizzly Bears", False, 2)


def test_603_a_waiting_flip_trigger_flips_the_permanent_that_became_a_copy_of_another_hero(
        game: Game) -> None:
    """Kitsune Mystic, enchanted by two Pacifisms, triggers at the end step. In response it
    becomes a copy of Bushi Tenderfoot: it is still the same object, still enchanted by two
    Auras, so the ability resolves and flips it — and a flipped copy of Bushi Tenderfoot is
    Kenzo the Hardhearted (the flip came after the copy effect, so in both editions)."""
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", owner="Bob", attached_to=mystic)
    game.put("Pacifism", owner="Bob", attached_to=mystic)
    model = game.put("Bushi Tenderfoot", zone="library", owner="Bob")
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        game.become_copy(mystic, model)
    game.resolve_stack()
    assert (mystic.name, mystic.flipped) == ("Kenzo the Hardhearted", True)
    assert len(game.auras_on(mystic)) == 2


def test_603_kuons_essence_trigger_resolves_after_the_essence_left(game: Game) -> None:
    """A triggered ability exists on the stack independently of its source (113.7a): Kuon's
    Essence leaves play while its upkeep ability waits; the ability still resolves and Bob
    sacrifices a creature. (Only an ability about the object itself, such
    as "flip it", needs the same object.)"""
    essence = game.put("Kuon, Ogre Ascendant", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert [item.source for item in game.stack] == [essence]
        game.move(essence, "graveyard")
    game.resolve_stack()
    assert bears.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_608_2b_log_names_left_object_ability_by_last_known_name(edition: str) -> None:
    """608.2b / 113.7a: an ability on the stack exists independently of its source, and uses
    its source's last known information once it has left. When the old Rune-Tail's ability
    resolves after its card came back and flipped, it is Rune-Tail, Kitsune Ascendant's
    ability, not an ability of Rune-Tail's Essence (508.2: the Essence's text box is the
    bottom half's)."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        game.move(rune_tail, "exile")
        game.move(rune_tail, "battlefield")
    game.resolve_stack()
    assert rune_tail.flipped
    assert not any(line.startswith("Rune-Tail's Essence's ability") for line in game.log)


@pytest.mark.parametrize("edition", EDITIONS)
def test_608_2d_may_declined_on_resolution(edition: str) -> None:
    """"... you may flip it": the choice is made on resolution (608.2d); declining leaves the
    card unflipped with its counters."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    squire = with_ki(game, "Faithful Squire", 2)
    with game.holding_priority():
        game.end_step()
    game.resolve_stack(decline=[bandit])
    assert not bandit.flipped and bandit.counters == {"ki": 2}
    assert squire.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_608_an_instant_cast_in_response_to_stabwhisker_resolves_first(edition: str) -> None:
    """The stack is last in, first out (405.5, 608.1). Bob has three cards at his upkeep;
    in response to Stabwhisker's ability he casts one of them, Shock (an instant, legal with
    a trigger on the stack; he pays its {R}). Shock resolves first; Stabwhisker's ability then
    counts two cards (it counts as it resolves) and Bob loses 1."""
    game = Game(edition, costs="paid")
    game.put("Nezumi Shortfang", flipped=True)
    shock = game.put("Shock", "hand", owner="Bob")
    for _ in range(2):
        game.put("Island", "hand", owner="Bob")
    with game.holding_priority():
        game.next_turn()
        game.add_mana("Bob", "{R}")
        game.cast(shock)
        assert [item.kind for item in game.stack] == ["spell", "triggered"]
    game.resolve_stack()
    assert shock.zone == "graveyard"
    assert game.life("Bob") == 19


@pytest.mark.parametrize("edition", EDITIONS)
def test_113_7a_an_ability_is_named_after_its_source_as_it_last_was_once_the_source_left(
        edition: str) -> None:
    """An activated or triggered ability exists apart from its source (113.7a):
    once Autumn-Tail leaves the battlefield, its ability on the stack is still Autumn-Tail's,
    though the card in the graveyard is Kitsune Mystic; Shidako sacrificed to pay for its own
    ability stays Shidako in the log."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True)
    bears, runeclaw = game.put("Grizzly Bears"), game.put("Runeclaw Bear")
    pacifism = game.put("Pacifism", attached_to=bears)
    with game.holding_priority():
        game.activate(autumn, target=pacifism, to=runeclaw)
        game.move(autumn, "graveyard")
        assert repr(game.stack[0]).startswith("<activated Autumn-Tail, Kitsune Sage:")
        assert game.stack[0].named == "Autumn-Tail, Kitsune Sage"
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    game.add_mana("Alice", "{G}")
    game.activate(shidako, target=shidako, sacrifice=shidako)
    assert game.log[-1].startswith("Shidako, Broodmistress' ability does nothing")


@pytest.mark.parametrize("rules", ["current", "2004"])
def test_405_a_spell_is_on_the_stack_not_in_it(rules: str) -> None:
    """The rules put a spell "on the stack" (405.1): a spell's description and the log of a
    flip that does nothing said "in the stack"."""
    game = Game(rules)
    with game.holding_priority():
        spell = game.cast("Bushi Tenderfoot")
    assert str(spell).endswith("· on the stack")
    assert not game.flip(spell)
    assert game.log[-1].startswith("Bushi Tenderfoot is on the stack, not ")
    game.resolve_stack()
    assert game.log[-1].endswith(" from the stack.")
