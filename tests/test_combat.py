"""Combat, checked against the rules: today's 506 to 511 (declaring attackers and blockers,
combat damage, removal from combat) and the 2004 rules' 306 to 311 where they differ (combat
damage on the stack, 310: assigned as the step begins and dealt as it resolves).

Each test is named after the rule it checks. Most run under both editions (the ``game``
fixture); the ones named ``2004`` or ``today`` show where the editions differ. The keywords
of 702 are tested in test_rules_702_combat_keywords.py.
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest
from helpers import combat, flipped_ki_card, ready, tenderfoot_blocked_by_wounded_bears, wall
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, card, run_scenario
from flipcards._scenario import OBJECT_FIELDS


def _combat(game: Game, attacker_name: str, blocker_name: str):
    attacker = game.put(attacker_name)
    blocker = game.put(blocker_name, owner="Bob")
    ready(game)
    game.attack([attacker])
    game.block(blocker, attacker)
    return attacker, blocker


# --- declare attackers (508; 2004: 308) ---------------------------------------------------------

def test_508_1_attacking_taps_and_an_unblocked_creature_damages_the_defender(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    assert bears.tapped
    assert game.attacking(bears) == "Bob"
    assert game.attackers == [bears]
    assert "attacking Bob" in str(bears)
    game.combat_damage()
    assert game.life("Bob") == 18
    assert game.life("Alice") == 20


@pytest.mark.parametrize(("setup", "message"), [
    ("tapped", r"it is tapped"),
    ("bob's", r"Bob controls it, and only the active player \(Alice\) attacks"),
    ("in hand", r"it is in Alice's hand"),
    ("pacifism", r"it is enchanted by Pacifism"),
])
def test_508_1a_what_cannot_attack(game: Game, setup: str, message: str) -> None:
    zone = "hand" if setup == "in hand" else "battlefield"
    bears = game.put("Grizzly Bears", zone, owner="Bob" if setup == "bob's" else "Alice")
    if setup == "pacifism":
        game.put("Pacifism", attached_to=bears)
    ready(game)
    if setup == "tapped":
        game.tap(bears)
    with pytest.raises(IllegalActionError, match="Grizzly Bears can't attack: " + message):
        game.attack([bears])


def test_508_1_an_illegal_declaration_declares_nothing(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    sick = game.cast("Runeclaw Bear")                 # it arrives this turn
    with pytest.raises(IllegalActionError, match="Runeclaw Bear can't attack"):
        game.attack([bears, sick])
    assert not bears.tapped and game.attackers == []
    game.attack([bears])                              # the combat phase has not been used up


def test_508_1a_a_second_declaration_in_the_same_combat_says_attackers_are_declared_at_once(
        game: Game) -> None:
    """A second attack while the combat goes on was refused as "has already had its combat
    phase", with no rule: the combat had not ended. All attackers are declared at once."""
    bears, claw = game.put("Grizzly Bears"), game.put("Runeclaw Bear")
    ready(game)
    game.attack([bears])
    with pytest.raises(IllegalActionError, match=r"^attackers are declared already in this "
                       r"combat: a player declares all their attackers at once \((today's )?"
                       r"rule 508\.1a\)"):
        game.attack([claw])
    assert game.attackers == [bears]


def test_506_one_combat_phase_each_turn(game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.combat_damage()
    game.end_combat()
    assert game.attacking(bears) is None
    with pytest.raises(IllegalActionError, match="already had its combat phase"):
        game.attack([bears])


def test_506_2_the_defending_player_is_an_opponent() -> None:
    game = Game("current", ["Alice", "Bob", "Carol"])
    bears = game.put("Grizzly Bears")
    ready(game)
    game.next_turn()                                  # three players: Alice's turn again
    with pytest.raises(IllegalActionError, match="cannot attack themselves"):
        game.attack([bears], "Alice")
    game.attack([bears], "Carol")
    game.combat_damage()
    assert (game.life("Bob"), game.life("Carol")) == (20, 18)


# --- declare blockers (509; 2004: 309) and evasion ----------------------------------------------

def test_homura_human_ascendant_cannot_block(game: Game) -> None:
    bears, homura = combat(game, "Grizzly Bears", "Homura, Human Ascendant")
    with pytest.raises(IllegalActionError, match="Homura, Human Ascendant can't block"):
        game.block(homura, bears)
    runeclaw = game.put("Runeclaw Bear", owner="Bob")           # near miss
    game.block(runeclaw, bears)


def test_pacifism_enchanted_creature_cannot_block(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.put("Pacifism", owner="Bob", attached_to=runeclaw)
    with pytest.raises(IllegalActionError, match="enchanted by Pacifism"):
        game.block(runeclaw, bears)


@pytest.mark.parametrize(("case", "message"), [
    ("tapped", "it is tapped"),
    ("attacker's own", "Alice controls it, and only Bob"),
    ("twice", "already blocking"),
])
def test_509_1a_what_cannot_block(game: Game, case: str, message: str) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    if case == "tapped":
        game.tap(runeclaw)
        blocker = runeclaw
    elif case == "attacker's own":
        blocker = game.put("Kami of Ancient Law")
    else:
        game.block(runeclaw, bears)
        blocker = runeclaw
    with pytest.raises(IllegalActionError, match=message):
        game.block(blocker, bears)


def test_509_blocks_only_an_attacking_creature_and_only_before_damage(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    with pytest.raises(IllegalActionError, match="Runeclaw Bear is not attacking"):
        game.block(bears, runeclaw)
    game.combat_damage()
    with pytest.raises(IllegalActionError, match="too late to block"):
        game.block(runeclaw, bears)


# --- becoming blocked (509.3c) ------------------------------------------------------------------

def test_509_3c_becoming_blocked_by_two_creatures_triggers_bushido_once(game: Game) -> None:
    kenzo, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    game.block(bears, kenzo)
    game.block(game.put("Runeclaw Bear", owner="Bob"), kenzo)
    assert (kenzo.power, kenzo.toughness) == (5, 6)


# --- combat damage (510; 2004: 310) -------------------------------------------------------------

def test_510_2_combat_damage_is_dealt_at_once_two_bears_trade(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    game.combat_damage()
    assert bears.zone == "graveyard" and runeclaw.zone == "graveyard"


@pytest.mark.parametrize(("edition", "second_step_damage"), [("2004", 3), ("current", 0)])
def test_510_4_a_first_striker_that_assigned_no_damage(edition: str,
                                                       second_step_damage: int) -> None:
    """2004 (502.2b): the second step is for creatures that did not assign damage in the
    first; today (510.4): for creatures that had neither first strike nor double strike."""
    game = Game(edition)
    striker, wall = combat(game, "Grizzly Bears", "Kami of Ancient Law",
                           attacker_keyword="First strike")
    game.add_effect("set_pt", striker, power=0, toughness=5)
    game.add_effect("set_pt", wall, power=0, toughness=9)
    game.block(wall, striker)
    with game.holding_priority():
        game.combat_damage()                          # the first-strike step only
    game.resolve_stack()
    game.add_effect("modify_pt", striker, power=3, toughness=0)
    game.combat_damage()
    assert wall.damage == second_step_damage


def test_510_1c_without_trample_a_blocked_creature_damages_only_its_blockers(
        game: Game) -> None:
    big, bears = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("modify_pt", big, power=4, toughness=4)
    runeclaw = game.put("Grizzly Bears", owner="Bob")
    game.block(bears, big)
    game.block(runeclaw, big)
    game.combat_damage()
    # Lethal to the first blocker in order, the rest to the last one; none to the player.
    assert game.life("Bob") == 20
    assert bears.zone == runeclaw.zone == "graveyard"
    assert "Alice's Grizzly Bears deals 4 damage to Bob's Grizzly Bears." in game.log


def test_509_1h_a_blocked_creature_stays_blocked_when_its_blocker_leaves(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    game.move(runeclaw, "hand")
    assert game.blockers(bears) == [] and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_a_creature_that_leaves_the_battlefield_is_removed_from_combat(
        game: Game) -> None:
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.move(bears, "exile")
    game.move(bears, "battlefield")                    # back, a new object
    assert game.attacking(bears) is None and game.attackers == []
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_a_creature_that_stops_being_a_creature_is_removed_from_combat(
        game: Game) -> None:
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    ready(game)
    game.attack([rune_tail])
    game.flip(rune_tail)                               # Rune-Tail's Essence: an enchantment
    assert game.attackers == [] and "attacking" not in str(rune_tail)
    game.combat_damage()
    assert game.life("Bob") == 20


# --- the editions: combat damage and the stack ---------------------------------------------------

def test_2004_310_combat_damage_waits_on_the_stack_and_a_gone_attacker_still_deals_it() -> None:
    game = Game("2004")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        assert [i.kind for i in game.stack] == ["combat_damage"]
        assert runeclaw.damage == 0
        game.move(bears, "graveyard")                 # "sacrificed" with damage on the stack
    game.resolve_stack()
    assert runeclaw.zone == "graveyard"               # 310.4a: its damage is dealt anyway


def test_2004_310_1_a_refusal_while_the_damage_waits_says_it_is_on_the_stack() -> None:
    """A late block or a second combat damage step, refused while the damage waits on the
    stack undealt, said it "has already been dealt"."""
    game = Game("2004")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    other = game.put("Grizzly Bears", owner="Bob")
    game.block(runeclaw, bears)
    waiting = r"already been assigned and put on the stack, to be dealt as it resolves " \
        r"\(2004 CR 310\.1\)"
    with game.holding_priority():
        game.combat_damage()
        with pytest.raises(IllegalActionError, match=waiting + "; it is too late to block"):
            game.block(other, bears)
        with pytest.raises(IllegalActionError, match="this combat's damage has " + waiting):
            game.combat_damage()
    assert runeclaw.damage == 0   # the refusals changed nothing
    game.resolve_stack()
    with pytest.raises(IllegalActionError, match="damage has already been dealt; it is too late"):
        game.block(other, bears)


def test_2004_310_4c_damage_to_a_creature_no_longer_in_play_is_not_dealt() -> None:
    game = Game("2004")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        game.move(runeclaw, "hand")
    game.resolve_stack()
    assert bears.zone == "graveyard"                  # the blocker's damage is dealt (310.4a)
    assert any("310.4c" in line for line in game.log)


def test_510_2_today_combat_damage_does_not_use_the_stack() -> None:
    game = Game("current")
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack == ()
        assert bears.zone == runeclaw.zone == "graveyard"


def test_510_the_stack_must_be_empty_before_combat_damage(game: Game) -> None:
    kenzo, bears = combat(game, "Bushi Tenderfoot", "Grizzly Bears", flipped=True)
    with game.holding_priority():
        game.block(bears, kenzo)
        with pytest.raises(IllegalActionError, match="the stack is not empty"):
            game.combat_damage()


def test_511_3_end_of_combat_and_a_new_turn_remove_creatures_from_combat(game: Game) -> None:
    bears, runeclaw = combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("set_pt", runeclaw, power=0, toughness=5)
    game.block(runeclaw, bears)
    game.next_turn()
    assert game.attacking(bears) is None and game.blocking(runeclaw) is None
    assert "Combat ends: no creature is attacking or blocking any more." in game.log
    with pytest.raises(IllegalActionError, match="no creature is attacking"):
        game.combat_damage()


# --- flip conditions see combat damage --------------------------------------------------------

def test_bushi_tenderfoot_flips_after_the_creature_it_blocked_dies_in_combat(game: Game) -> None:
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_counters(tenderfoot, "+1/+1", 1)
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.block(tenderfoot, akki)
    game.combat_damage()
    assert akki.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (4, 5, 1)


def test_initiate_of_blood_targets_a_creature_damaged_in_combat(game: Game) -> None:
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    ready(game)
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    game.block(bears, akki)
    game.combat_damage()
    assert bears.damage == 1
    game.activate(initiate, target=bears)
    assert bears.zone == "graveyard" and initiate.name == "Goka the Unjust"


# --- scenarios ------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_506_scenario_combat_verbs_and_output(edition: str) -> None:
    out = run_scenario({"rules": edition, "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"next_turn": True}, {"next_turn": True},
        {"attack": ["kenzo"], "defender": "Bob"},
        {"block": "bears", "attacker": "kenzo"},
        {"expect": {"kenzo": {"attacking": "Bob", "blocked_by": ["bears"], "power": 5},
                    "bears": {"blocking": "kenzo", "attacking": None}}},
        {"combat_damage": True},
        {"expect": {"bears": {"zone": "graveyard"}, "players": {"Bob": {"life": 20}}}},
        {"end_combat": True},
        {"expect": {"kenzo": {"attacking": None, "blocked_by": []}}},
    ]})
    assert out["failures"] == []
    assert {"attacking", "blocking", "blocked_by"} <= set(OBJECT_FIELDS)


@pytest.mark.parametrize(("step", "message"), [
    ({"attack": {"x": 1}}, "steps[3].attack: expected a list of object ids"),
    ({"attack": ["akky"]}, 'steps[3].attack[0]: no object "akky"; did you mean "akki"?'),
    ({"attack": ["akki"], "defender": "Carol"}, 'steps[3].defender: no player "Carol"'),
    ({"block": "erayo"}, 'steps[3]: missing "attacker"'),
    ({"combat_damage": True}, "steps[3]: no creature is attacking"),
])
def test_506_scenario_combat_steps_say_what_is_wrong(step: dict[str, Any], message: str) -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            {"put": "Akki Lavarunner", "as": "akki"},
            {"put": "Erayo, Soratami Ascendant", "as": "erayo", "owner": "Bob"},
            {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"}, step]})
    assert str(caught.value).startswith(message)


def test_702_9b_scenario_an_illegal_block_names_the_step_and_the_rule() -> None:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
            {"put": "Akki Lavarunner", "as": "akki"},
            {"effect": "wings", "kind": "add_keyword", "affects": "akki", "keyword": "Flying"},
            {"attack": "akki"},
            {"block": "bears", "attacker": "akki"}]})
    assert str(caught.value) == (
        "steps[4]: Grizzly Bears can't block Akki Lavarunner: Akki Lavarunner has flying, and "
        "Grizzly Bears does not (2004 CR 502.4b)")


# --- random combats ---------------------------------------------------------------------------

CREATURES = ["Grizzly Bears", "Bushi Tenderfoot", "Akki Lavarunner", "Initiate of Blood",
             "Erayo, Soratami Ascendant", "Homura, Human Ascendant", "Nezumi Graverobber",
             "Curse of the Fire Penguin", "Kami of Ancient Law", "Faithful Squire"]
KEYWORDS = ["Flying", "Reach", "Fear", "First strike", "Double strike", "Trample", "Haste",
            "Protection from red", "Bushido 1"]


def damage_to(game: Game, player: str, since: int) -> int:
    """The damage the log says was dealt to ``player`` since log line ``since``."""
    total = 0
    for line in game.log[since:]:
        head, sep, _ = line.partition(f" damage to {player} (")
        if sep:
            total += int(head.rsplit(" ", 1)[1])
    return total


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), data=st.data())
def test_506_random_combats_keep_the_invariants(edition: str, data: st.DataObject) -> None:
    """No player loses more life than the damage dealt to them; damage is never negative; no
    creature is both attacking and blocking; the legend rule holds after every combat; a
    player brought to 0 life ends the game (704.5a; 2004: 420.5a)."""
    game = Game(edition)
    for player in game.players:
        for _ in range(data.draw(st.integers(1, 5))):
            name = data.draw(st.sampled_from(CREATURES))
            # (A flip card that is an Aura unflipped is put flipped, as a creature: an Aura
            # needs something it could enchant, 303.4f.)
            flipped = data.draw(st.booleans()) or "Aura" in card(name).normal.subtypes
            obj = game.put(name, owner=player, flipped=flipped)
            if data.draw(st.booleans()) and obj.zone == "battlefield":
                game.add_effect("add_keyword", obj, keyword=data.draw(st.sampled_from(
                    [k for k in KEYWORDS if edition == "current" or k != "Reach"])))
    game.next_turn()
    for _ in range(data.draw(st.integers(1, 4))):
        if game.over:                    # a player at 0 life lost: nothing more happens
            assert any(game.life(p) <= 0 for p in game.players)
            break
        game.next_turn()
        attacker, defender = game.active_player, game.players[game.turn % 2]
        mine = [o for o in game.objects("battlefield", attacker) if "Creature" in o.types]
        chosen = data.draw(st.lists(st.sampled_from(mine), unique=True) if mine else st.just([]))
        while chosen:                                  # an illegal declaration declares
            try:                                       # nothing: drop one and try again
                game.attack(chosen)
                break
            except IllegalActionError:
                chosen = chosen[1:]
        legal = game.attackers
        theirs = [o for o in game.objects("battlefield", defender) if "Creature" in o.types]
        if legal and theirs:
            for blocker in data.draw(st.lists(st.sampled_from(theirs), unique=True)):
                with contextlib.suppress(IllegalActionError):   # an illegal block is refused
                    game.block(blocker, data.draw(st.sampled_from(legal)))
        life = {p: game.life(p) for p in game.players}
        since = len(game.log)
        if legal:
            for obj in game.attackers:
                assert game.blocking(obj) is None
            game.combat_damage()
        for player in game.players:
            dealt = damage_to(game, player, since)
            assert 0 <= life[player] - game.life(player) <= dealt
        for obj in game.objects("battlefield"):
            assert obj.damage >= 0
        for line in game.log[since:]:
            head, sep, _ = line.partition(" damage to ")
            if sep and " deals " in head:
                assert int(head.rsplit(" ", 1)[1]) > 0
        assert legend_violations(game) == []
        assert game.over == any(game.life(p) <= 0 for p in game.players)


def legend_violations(game: Game) -> list[tuple[str, ...]]:
    groups: dict[tuple[str, ...], int] = {}
    for obj in game.objects("battlefield"):
        if "Legendary" in obj.supertypes:
            key = (obj.name,) if game.edition == "2004" else (obj.controller, obj.name)
            groups[key] = groups.get(key, 0) + 1
    return [key for key, n in groups.items() if n > 1]


# --- more combats: removal from combat (506.4), blocks, damage on the stack (2004: 310) -------

def test_2004_310_4_akki_lavarunner_flipped_with_combat_damage_on_stack() -> None:
    """2004 CR 310.1/310.4: combat damage goes on the stack and is dealt as it resolves. Akki
    flips in response; Tok-Tok then deals the assigned 1, increased by its own "Damage that a
    red source deals to a player is increased by 1": Bob goes to 18."""
    game = Game("2004")
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.attack([akki])
        game.combat_damage()
        assert [item.kind for item in game.stack] == ["combat_damage"]
        game.flip(akki)
    game.resolve_stack()
    assert akki.name == "Tok-Tok, Volcano Born"
    assert game.life("Bob") == 18


def test_2004_310_4a_a_blocker_stolen_with_damage_on_the_stack_still_trades() -> None:
    """2004 CR 310.4a: combat damage is dealt as assigned even if the creature receiving it
    has left combat; 310.4c withholds it only from a creature no longer in play or no
    longer a creature. Alice's Azamuki takes Bob's blocking Runeclaw with the damage on the
    stack: it is still in play, so it takes the Bears' 2 and deals its own 2. Both die."""
    game = Game("2004")
    azamuki = flipped_ki_card(game, "Cunning Bandit")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    with game.holding_priority():
        game.combat_damage()
        game.activate(azamuki, target=runeclaw)
    game.resolve_stack()
    assert bears.zone == "graveyard" and runeclaw.zone == "graveyard"


@pytest.mark.parametrize(("edition", "blocker_damage"), [("2004", 2), ("current", 4)])
def test_310_4a_a_pump_after_damage_is_on_the_stack_does_not_add_damage(
        edition: str, blocker_damage: int) -> None:
    """2004 CR 310.4a: combat damage is dealt as originally assigned even if the creature's
    power has changed. Alice's Bears (2/2) are blocked by a 2/5. In 2004 the damage goes on
    the stack; Ichiga then gives the Bears +2/+2: they survive (4/4, 2 damage) but still deal
    only 2. Today there is no stack for combat damage: the same pump, cast in the declare
    blockers step, makes the Bears deal 4."""
    game = Game(edition)
    ichiga = flipped_ki_card(game, "Budoka Pupil")
    bears = game.put("Grizzly Bears")
    big = wall(game)
    game.attack([bears])
    game.block(big, bears)
    if edition == "2004":
        with game.holding_priority():
            game.combat_damage()
            assert game.stack[0].kind == "combat_damage"
            game.activate(ichiga, target=bears)
        game.resolve_stack()
    else:
        game.activate(ichiga, target=bears)
        game.combat_damage()
    assert big.damage == blocker_damage
    assert bears.zone == "battlefield" and bears.damage == 2


@pytest.mark.parametrize(("edition", "attacker_zone"),
                         [("2004", "graveyard"), ("current", "battlefield")])
def test_310_4a_shidako_sacrifices_a_blocker_whose_damage_is_on_the_stack(
        edition: str, attacker_zone: str) -> None:
    """The 2004 "damage on the stack" trick: Bob's Runeclaw blocks Alice's Bears; with the
    combat damage on the stack Bob sacrifices the Runeclaw to Shidako (+3/+3 on Shidako). The
    Runeclaw's 2 damage is still dealt (310.4a, 310.4b): Alice's Bears die. Today the blocker
    sacrificed before combat damage deals none (510.1d): the Bears live, and stay blocked."""
    game = Game(edition)
    shidako = game.put("Orochi Eggwatcher", owner="Bob", flipped=True)
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(runeclaw, bears)
    if edition == "2004":
        with game.holding_priority():
            game.combat_damage()
            game.activate(shidako, target=shidako, sacrifice=runeclaw)
        game.resolve_stack()
    else:
        game.activate(shidako, target=shidako, sacrifice=runeclaw)
        game.combat_damage()
    assert runeclaw.zone == "graveyard"
    assert (shidako.power, shidako.toughness) == (6, 6)
    assert bears.zone == attacker_zone
    assert game.life("Bob") == 20


@pytest.mark.parametrize(("then_leaves", "life"), [(False, 18), (True, 19)])
def test_2004_310_4b_akki_lavarunner_flipped_with_damage_on_the_stack_deals_it_as_tok_tok(
        then_leaves: bool, life: int) -> None:
    """2004 CR 310.4a-b: the damage is dealt as assigned (1), by the creature as it exists
    when the damage resolves: Tok-Tok, a red source. Tok-Tok's own replacement makes it 2 to
    Bob (the Akki flipped in response by another instruction). If Tok-Tok then leaves play,
    the damage is dealt by Tok-Tok as it last existed (1: its +1 left with it), and the log
    names Tok-Tok, not the Akki Lavarunner card in the graveyard."""
    game = Game("2004")
    akki = game.put("Akki Lavarunner")
    game.attack([akki])
    with game.holding_priority():
        game.combat_damage()
        game.flip(akki)
        if then_leaves:
            game.move(akki, "graveyard")
    game.resolve_stack()
    assert game.life("Bob") == life
    assert game.log[-1] == f"Tok-Tok, Volcano Born deals {20 - life} damage to Bob ({life} life)."


def test_2004_310_4b_tok_tok_arriving_with_damage_on_the_stack_adds_one() -> None:
    """2004 CR 310.4: combat damage on the stack is *dealt* when it resolves, so replacement
    effects in force then apply. Alice's unblocked Initiate of Blood assigns 2 to Bob; in
    response her other Akki Lavarunner flips into Tok-Tok. The 2 become 3: Bob 17."""
    game = Game("2004")
    initiate = game.put("Initiate of Blood")
    spare = game.put("Akki Lavarunner")
    game.attack([initiate])
    with game.holding_priority():
        game.combat_damage()
        game.flip(spare)
    game.resolve_stack()
    assert spare.name == "Tok-Tok, Volcano Born"
    assert game.life("Bob") == 17


def test_2004_310_a_bushi_tenderfoot_that_left_with_damage_on_the_stack_is_a_new_object(
        ) -> None:
    """2004 CR 310 and 400.7: a Bushi Tenderfoot that left play and came back with its combat
    damage on the stack is a new object: the blocker that damage kills was not dealt damage
    by it, so it does not flip."""
    game = Game("2004")
    tenderfoot, bears = tenderfoot_blocked_by_wounded_bears(game)
    with game.holding_priority():
        game.combat_damage()
        game.move(tenderfoot, "exile")
        game.move(tenderfoot, "battlefield")
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert (tenderfoot.zone, tenderfoot.flipped) == ("battlefield", False)


def test_2004_310_combat_damage_blocker_removed_attacker_deals_no_damage_to_player() -> None:
    """2004 combat: a blocked attacker stays blocked. If the blocker leaves play with the
    damage on the stack, the damage assigned to it is not dealt and none goes to the player,
    while the blocker's own damage (already on the stack) is still dealt to the attacker."""
    game = Game("2004")
    bears, blocker = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    with game.holding_priority():
        game.combat_damage()
        game.move(blocker, "hand")
    game.resolve_stack()
    assert game.life("Bob") == 20
    assert bears.zone == "graveyard"


def test_2004_310_combat_damage_bushi_tenderfoot_flips_with_damage_waiting_and_survives() -> None:
    """2004 combat and 508 flipping: Bushi Tenderfoot (1/1) blocked by a 2/2; with the combat
    damage on the stack it flips into Kenzo (3/4). Flipping is no zone change, so it is the
    same creature: it still deals its 1 and takes 2, and survives as Kenzo."""
    game = Game("2004")
    hero, bears = _combat(game, "Bushi Tenderfoot", "Grizzly Bears")
    with game.holding_priority():
        game.combat_damage()
        assert game.flip(hero)
    game.resolve_stack()
    assert (hero.zone, hero.name, hero.damage) == ("battlefield", "Kenzo the Hardhearted", 2)
    assert (bears.zone, bears.damage) == ("battlefield", 1)


def test_2004_310_combat_damage_pump_after_assignment_does_not_add_damage() -> None:
    """2004 combat: the amount of combat damage is locked in when it goes on the stack. A
    +3/+3 given to the attacker after that does not raise the damage it deals: the 2/2 blocker
    with +0/+9 takes 2, not 5."""
    game = Game("2004")
    bears, blocker = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("modify_pt", blocker, power=0, toughness=9)
    with game.holding_priority():
        game.combat_damage()
        game.add_effect("modify_pt", bears, power=3, toughness=3, until_end_of_turn=True)
    game.resolve_stack()
    assert blocker.damage == 2
    assert (bears.power, bears.damage) == (5, 2)


def test_2004_310_combat_damage_pumped_blocker_deals_only_its_assigned_damage() -> None:
    """Companion of test_2004_310_combat_damage_toughness_pump_in_response_saves_the_blocker:
    the blocker's damage was locked in at 2 as well, so its +3/+3 in response does not kill a
    2/4 attacker (Bears with +0/+2)."""
    game = Game("2004")
    bears, blocker = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    with game.holding_priority():
        game.combat_damage()
        game.add_effect("modify_pt", blocker, power=3, toughness=3, until_end_of_turn=True)
    game.resolve_stack()
    assert bears.zone == "battlefield" and bears.damage == 2


def test_2004_310_combat_damage_sacrificed_attacker_still_deals_its_damage() -> None:
    """2004 combat: damage is assigned and goes on the stack; a creature that leaves play with
    its damage on the stack still deals it. Alice sacrifices her attacking Bears to Shidako in
    response: Bob's blocking Runeclaw Bear (2/2) still takes 2 and is put into a graveyard."""
    game = Game("2004")
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears, runeclaw = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    with game.holding_priority():
        game.combat_damage()
        assert game.stack[0].kind == "combat_damage"
        game.activate(shidako, sacrifice=bears, target=shidako)
    game.resolve_stack()
    assert bears.zone == "graveyard"
    assert runeclaw.zone == "graveyard"


def test_2004_310_combat_damage_toughness_pump_in_response_saves_the_blocker() -> None:
    """2004 combat: after damage is on the stack, a toughness boost in response (Giant Growth
    style, +3/+3) saves a blocker that was assigned lethal damage: it takes 2 as a 5/5."""
    game = Game("2004")
    bears, blocker = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    with game.holding_priority():
        game.combat_damage()
        game.add_effect("modify_pt", blocker, power=3, toughness=3, until_end_of_turn=True)
    game.resolve_stack()
    assert blocker.zone == "battlefield" and blocker.damage == 2
    assert bears.zone == "graveyard"            # the blocker's locked-in 2 kills it


def test_2004_310_damage_on_stack_then_flip_uses_assigned_amounts() -> None:
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


def test_2004_310_damage_on_the_stack_from_an_akki_lavarunner_that_left_does_not_flip_the_new_one(
        ) -> None:
    """2004 CR 310 and 508.4: combat damage on the stack is dealt by the creature as it last
    existed. If Akki Lavarunner left play and came back in response, the damage is still
    dealt, but by the old object: the new Lavarunner did not deal it and does not flip."""
    game = Game("2004")
    akki = game.put("Akki Lavarunner")
    game.next_turn()
    game.next_turn()
    game.attack([akki])
    with game.holding_priority():
        game.combat_damage()
        game.move(akki, "exile")
        game.move(akki, "battlefield")
    game.resolve_stack()
    assert game.life("Bob") == 19
    assert (akki.zone, akki.flipped) == ("battlefield", False)


def test_2004_310_flip_to_double_strike_after_damage_is_on_the_stack() -> None:
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


def test_506_2_three_players_only_the_attacked_player_blocks_and_akki_lavarunner_flips() -> None:
    """Alice attacks Carol with Akki. Bob is not the defending player and cannot block it
    (509.1a); Carol could. Unblocked, Akki deals 1 to Carol, an opponent, and flips; Bob is
    untouched."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    akki = game.put("Akki Lavarunner")
    bobs = game.put("Grizzly Bears", owner="Bob")
    game.put("Runeclaw Bear", owner="Carol")
    game.attack([akki], defender="Carol")
    assert game.attacking(akki) == "Carol"
    with pytest.raises(IllegalActionError):
        game.block(bobs, akki)
    game.combat_damage()
    assert (game.life("Bob"), game.life("Carol")) == (20, 19)
    assert akki.name == "Tok-Tok, Volcano Born"


def test_506_4_a_blocking_rune_tail_that_flips_into_an_enchantment_leaves_combat(
        game: Game) -> None:
    """A creature that stops being a creature is removed from combat (506.4; 2004: 306.2).
    Bob's Rune-Tail blocks Alice's Bears and flips into Rune-Tail's Essence: it no longer
    blocks; the Bears stay blocked and, without trample, deal no damage. Nothing is damaged."""
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(rune_tail, bears)
    game.flip(rune_tail)
    assert game.blockers(bears) == [] and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20
    assert bears.damage == 0 and rune_tail.damage == 0


def test_506_4_a_creature_consumed_by_the_fire_penguin_curse_keeps_attacking(
        game: Game) -> None:
    """Curse of the Fire Penguin makes the enchanted creature a 6/5 Penguin with trample; it is
    the same object, still a creature, same controller, so it is not removed from combat
    (506.4). The attacking Bears, cursed by Bob, hit him for 6."""
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.put("Curse of the Fire Penguin", owner="Bob", attached_to=bears)
    assert (bears.power, bears.toughness) == (6, 5)
    assert game.attacking(bears) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 14


@pytest.mark.parametrize("edition", EDITIONS)
def test_506_4_attacking_ascendant_flipping_into_enchantment_leaves_combat(edition: str) -> None:
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
def test_506_4_blocked_attacker_flips_mid_combat_and_stays_in_combat(edition: str) -> None:
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
def test_506_4_blocker_flips_mid_combat_keeps_damage_and_blocks(edition: str) -> None:
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


def test_506_4_the_attacker_steals_a_blocker_the_attacker_stays_blocked(game: Game) -> None:
    """Alice's Azamuki takes Bob's blocking creature: it leaves combat (506.4). Alice's
    Bears remain blocked (509.1h; 2004: 310.2c) and, without trample, deal no damage; Bob takes
    nothing and the stolen creature is unhurt."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    azamuki = flipped_ki_card(game, "Cunning Bandit")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(azamuki, target=runeclaw)
    assert game.blocking(runeclaw) is None and game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 20
    assert bears.damage == 0 and runeclaw.damage == 0


def test_506_4_the_defender_steals_an_unblocked_attacker_and_takes_no_damage(
        game: Game) -> None:
    """The classic answer to an attack: Bob's Azamuki takes Alice's unblocked attacking Bears
    before combat damage. A creature whose controller changes is removed from combat (506.4;
    2004: 306.2), so it deals no combat damage: Bob, now its controller, stays at 20."""
    bears = game.put("Grizzly Bears")
    azamuki = flipped_ki_card(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.activate(azamuki, target=bears)
    assert bears.controller == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 20


def test_506_4_the_defender_steals_the_attacker_it_leaves_combat(game: Game) -> None:
    """506.4 (2004: 306.2): a creature whose controller changes is removed from combat. Bob's
    Azamuki takes Alice's blocked attacker: it is no longer attacking, Bob's blocker deals no
    damage (510.1d: it blocks no attacker), and nobody is damaged. The stolen creature stays
    tapped."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    azamuki = flipped_ki_card(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(azamuki, target=bears)
    assert game.attackers == [] and game.attacking(bears) is None
    game.combat_damage()
    assert bears.damage == 0 and runeclaw.damage == 0
    assert bears.tapped and bears.controller == "Bob"
    assert game.life("Bob") == 20


def test_506_4a_pacifism_on_an_attacking_creature_does_not_remove_it_from_combat(
        game: Game) -> None:
    """506.4a (2004: 306.2a): once a creature is attacking, an effect that would have kept it
    from attacking doesn't remove it from combat. Pacifism enchants the attacking Bears; they
    still deal 2 to Bob."""
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.put("Pacifism", owner="Bob", attached_to=bears)
    assert game.attacking(bears) == "Bob"
    game.combat_damage()
    assert game.life("Bob") == 18


def test_506_4b_untapping_an_attacker_or_tapping_a_blocker_keeps_them_in_combat(
        game: Game) -> None:
    """506.4b (2004: 306.2b): tapping or untapping a creature already declared as an attacker
    or blocker doesn't remove it from combat and doesn't prevent its combat damage. The
    attacking Bears are untapped, the blocking Runeclaw tapped: they still trade."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.untap(bears)
    game.tap(runeclaw)
    assert game.attacking(bears) == "Bob" and game.blocking(runeclaw) == bears
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"


def test_509_1a_a_creature_stolen_by_the_defender_before_blocks_can_block(game: Game) -> None:
    """The defending player blocks with creatures they control (509.1a), whoever owns them.
    Alice attacks with Grizzly Bears; Bob's Azamuki takes Alice's untapped Runeclaw Bear; Bob
    blocks the Bears with it. Both 2/2s die."""
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear")
    azamuki = flipped_ki_card(game, "Cunning Bandit", owner="Bob")
    game.attack([bears])
    game.activate(azamuki, target=runeclaw)
    assert runeclaw.controller == "Bob"
    game.block(runeclaw, bears)
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"
    assert game.life("Bob") == 20


def test_509_1h_an_unblocked_flyer_stays_unblocked_when_the_essence_leaves(
        game: Game) -> None:
    """Homura's Essence gives Alice's Bears flying and +2/+2; Bob has only a ground creature
    and cannot block. After blocks the Essence leaves: the Bears lose flying and the bonus
    but stay unblocked (509.1h), and deal their current power, 2."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(runeclaw, bears)
    game.move(essence, "exile")
    assert "Flying" not in bears.keywords and bears.power == 2
    assert game.attacking(bears) == "Bob" and not game.is_blocked(bears)
    game.combat_damage()
    assert game.life("Bob") == 18


def test_509_fear_gained_after_blocks_does_not_undo_the_block(game: Game) -> None:
    """Evasion is checked only as blockers are declared (509.1b-c). Bob's green Runeclaw
    blocks Alice's Bears; afterwards Scarmaker gives the Bears fear. They stay blocked, trade
    damage with the Runeclaw, and Bob takes nothing."""
    scarmaker = flipped_ki_card(game, "Hired Muscle")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.attack([bears])
    game.block(runeclaw, bears)
    game.activate(scarmaker, target=bears)
    assert "Fear" in bears.keywords
    assert game.is_blocked(bears) and game.blockers(bears) == [runeclaw]
    game.combat_damage()
    assert bears.zone == runeclaw.zone == "graveyard"
    assert game.life("Bob") == 20


def test_510_1c_one_of_two_blockers_leaves_all_damage_goes_to_the_other(game: Game) -> None:
    """A 4/4 blocked by two creatures; one is returned to its owner's hand before damage.
    The attacker assigns all its damage to the remaining blocker (510.1c; 2004: 310.2c), none
    to Bob."""
    big = game.put("Grizzly Bears")
    game.add_effect("modify_pt", big, power=2, toughness=2)
    first = game.put("Runeclaw Bear", owner="Bob")
    second = wall(game, "Grizzly Bears", toughness_bonus=2)       # a 2/4
    game.attack([big])
    game.block(first, big)
    game.block(second, big)
    game.move(first, "hand")
    game.combat_damage()
    assert second.zone == "graveyard"
    assert big.damage == 2 and game.life("Bob") == 20


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("ending", ["end_combat", "end_step", "next_turn"])
def test_506_1_a_combat_ended_before_its_damage_goes_through_its_damage_step(
        edition: str, ending: str) -> None:
    """Attackers declared, then End combat (or the end step, or the next turn): the combat
    ended with no damage dealt, so an unblocked Akki Lavarunner never hit Bob nor flipped.
    The combat damage step is not skipped once attackers are declared (508.8 skips it only
    when none is); ending the combat deals its damage first."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    ready(game)
    game.attack([akki])
    getattr(game, ending)()
    assert game.life("Bob") == 19
    assert akki.flipped and akki.name == "Tok-Tok, Volcano Born"
    assert game.attackers == []


@pytest.mark.parametrize("ending", ["end_step", "next_turn"])
def test_704_5j_the_legend_kept_as_a_combat_ends_with_the_end_step_is_the_one_chosen(
        ending: str) -> None:
    """Bob's Bushi Tenderfoot blocks and kills Alice's Snake, and flips into a second Kenzo;
    the end step (or the next turn) right after blockers plays that combat damage first, and
    the legend rule kept the newest Kenzo although Bob chose the older (keep): the choice
    reached End combat alone. The controller chooses which legend stays (704.5j)."""
    game = Game("current")
    old = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_counters(tenderfoot, "+1/+1", 1)
    snake = game.create_token("Snake", "Alice")
    ready(game)
    game.attack([snake])
    game.block(tenderfoot, snake)
    getattr(game, ending)(keep=[old])
    assert (old.zone, tenderfoot.zone) == ("battlefield", "graveyard")


def test_510_4_a_combat_ended_with_priority_held_stops_before_its_regular_damage_step() -> None:
    """A double striker and another creature attack; End combat with priority held played
    the first-strike combat damage step, then ended the combat: the double striker's second
    hit and the other creature's damage were never dealt. With a first or double striker
    there are two combat damage steps (510.4), neither skipped (506.1): held, it stops after
    the first, and the next End combat plays the second."""
    game = Game("current")
    double, other = game.put("Grizzly Bears"), game.put("Grizzly Bears")
    game.add_effect("add_keyword", double, keyword="Double strike")
    ready(game)
    game.attack([double, other])
    with game.holding_priority():
        game.end_combat()
    assert game.life("Bob") == 18 and game.attackers == [double, other]
    game.end_combat()
    assert game.life("Bob") == 14 and game.attackers == []


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("ending", ["end_step", "next_turn"])
def test_506_1_the_end_step_with_priority_held_waits_for_the_combat_it_ends(
        edition: str, ending: str) -> None:
    """Akki Lavarunner attacks; the end step (or the next turn) with priority held dealt its
    combat damage, left its trigger (2004: the damage itself) waiting, and then refused
    "while something waits on the stack" — a refusal that had changed the game. Held, it
    stops in the combat with what triggered waiting and says so; once that has resolved,
    the end step begins."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    ready(game)
    game.attack([akki])
    with game.holding_priority():
        getattr(game, ending)()
    assert game.stack and game.attackers == [akki] and game.turn == 3
    step = "end step" if edition == "current" else "end of turn step"
    assert game.log[-1] == (f"Priority is held in the combat: the {step} begins once the "
                            "combat has ended.")
    game.resolve_stack()
    getattr(game, ending)()
    assert game.life("Bob") == 19 and akki.flipped and game.attackers == []
    assert game.turn == (3 if ending == "end_step" else 4)


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("ending", ["end_combat", "end_step", "next_turn"])
def test_508_8_a_combat_whose_attackers_all_left_still_has_its_damage_step(
        edition: str, ending: str) -> None:
    """Akki Lavarunner attacks and is returned to its owner's hand; ending the combat logged
    no combat damage step, as if it had been skipped, although one with its blocker gone
    logged it. Only a declaration of no attackers skips the step (508.8); attackers removed
    from combat leave a step in which no creature deals damage."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    ready(game)
    game.attack([akki])
    game.move(akki, "hand")
    getattr(game, ending)()
    said = game.log[game.log.index("Akki Lavarunner is put into Alice's hand from " +
                                   ("the battlefield." if edition == "current" else "play.")):]
    assert "The combat damage step of Alice's turn 3 begins." in said
    assert "No creature deals combat damage in it." in said
    assert game.life("Bob") == 20
