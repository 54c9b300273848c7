"""Audit 6: adversarial tests of the "2004" edition (Champions of Kamigawa era rules).

Each test names the 2004 rule or the Champions of Kamigawa FAQ ruling (rule 508's rulings as
quoted in the seed) it checks and why the expected answer is the right one.
"""

from __future__ import annotations

import re

import pytest
from helpers import obj, run

import flipcards
from flipcards import FlipCardsError, Game, IllegalActionError, run_scenario

BATTLEFIELD = re.compile(r"battlefield", re.IGNORECASE)


def _texts(game: Game) -> list[str]:
    """Everything the game says in words: the log and what waits on the stack."""
    return list(game.log) + [item.text for item in game.stack]


def _two_turns(game: Game) -> None:
    """Pass to the first player's next turn, so the set-up creatures can attack."""
    game.next_turn()
    game.next_turn()


# --- "in play" wording ---------------------------------------------------------------------

def test_2004_wording_a_whole_game_says_in_play_never_battlefield() -> None:
    """Rule 508 (2004) calls the zone "in play" ("in-play zone", "leaves play"); DESIGN: human
    text of the 2004 edition says "in play". Put, flip, move, copy, token, legend rule, lethal
    damage, Homura's return, Nighteyes' ability on the stack and combat all must say so."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    game.flip(hero)
    game.copy(hero, controller="Bob")
    homura = game.put("Homura, Human Ascendant")
    game.damage(homura, 4)                       # dies, returns flipped
    eyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(eyes, target=bears)
        stack_text = [item.text for item in game.stack]
    game.resolve_stack()
    second = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(second)                            # legend rule with Alice's Kenzo
    game.move(eyes, "exile")
    words = list(game.log) + stack_text + [str(game)]
    assert [line for line in words if BATTLEFIELD.search(line)] == []
    joined = "\n".join(words)
    assert "into play" in joined and "from play" in joined and "in play" in joined


def test_2004_wording_errors_say_in_play() -> None:
    """The errors of a 2004 game are human text too: a flipped card put into a hand and an
    Aura attached to a card in a graveyard must be explained with "in play"."""
    game = Game("2004")
    messages = []
    with pytest.raises(FlipCardsError) as info:
        game.put("Bushi Tenderfoot", zone="hand", flipped=True)
    messages.append(str(info.value))
    dead = game.put("Grizzly Bears", zone="graveyard")
    aura = game.put("Pacifism")
    with pytest.raises(FlipCardsError) as info:
        game.attach(aura, dead)
    messages.append(str(info.value))
    assert all(not BATTLEFIELD.search(m) for m in messages), messages
    assert all("play" in m for m in messages), messages


def test_2004_wording_honor_worn_shaku_error_says_in_play() -> None:
    """Honor-Worn Shaku (CHK): "Tap an untapped legendary permanent you control: untap
    Honor-Worn Shaku". Paying with a legend that is no longer in play is refused; in a 2004
    game the reason must be worded "in play", not "battlefield"."""
    game = Game("2004")
    shaku = game.put("Honor-Worn Shaku")
    game.tap(shaku)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.move(kenzo, "graveyard")
    with pytest.raises(IllegalActionError) as info:
        game.activate(shaku, tap=kenzo)
    assert not BATTLEFIELD.search(str(info.value)), str(info.value)


def test_2004_wording_scenario_error_says_in_play() -> None:
    """A scenario under "rules": "2004" that puts a flipped card into a library is invalid;
    the message (the scenario's own 2004 text) must not say "battlefield" — the verb's zone
    value "battlefield" aside, the explanation should say "in play"."""
    with pytest.raises(FlipCardsError) as info:
        run_scenario({"rules": "2004", "steps": [
            {"put": "Bushi Tenderfoot", "as": "b", "zone": "library", "flipped": True}]})
    text = str(info.value).replace('"battlefield"', "").replace("'battlefield'", "")
    assert not BATTLEFIELD.search(text), str(info.value)


def test_2004_wording_no_dies_homura_trigger_says_put_into_a_graveyard_from_play() -> None:
    """2004 had no keyword "dies" (it came in 2011). Homura, Human Ascendant's printed text:
    "When Homura, Human Ascendant is put into a graveyard from play, return it to play
    flipped." The trigger's text on the stack and in the log must not say "died"/"dies"."""
    game = Game("2004")
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        texts = [item.text for item in game.stack]
    game.resolve_stack()
    words = list(game.log) + texts
    assert [w for w in words if re.search(r"\bdie[sd]?\b", w)] == []
    assert homura.name == "Homura's Essence"


def test_2004_wording_no_dies_bushi_tenderfoot_and_kuon() -> None:
    """Bushi Tenderfoot (2004 text): "When a creature dealt damage by Bushi Tenderfoot this
    turn is put into a graveyard, flip Bushi Tenderfoot." Kuon: "if three or more creatures
    were put into graveyards from play this turn". Their 2004 triggers must not say "died"."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    kuon = game.put("Kuon, Ogre Ascendant")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(hero, bears, 1)
    game.damage(bears, 1)
    for _ in range(2):
        game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
    game.end_step()
    assert hero.name == "Kenzo the Hardhearted" and kuon.name == "Kuon's Essence"
    assert [w for w in game.log if re.search(r"\bdie[sd]?\b", w)] == []


def test_2004_wording_tokens_are_put_into_play_not_created() -> None:
    """In 2004 tokens were "put into play" ("put a token into play that's a copy of…"; Dokai:
    "put an X/X green Elemental creature token into play"); the verb "create" came in 2016.
    The 2004 log of a token copy and of Dokai's token must not say "create"."""
    game = Game("2004")
    dokai = game.put("Budoka Gardener", flipped=True)
    game.copy(game.put("Grizzly Bears"), controller="Bob")
    with game.holding_priority():
        game.activate(dokai)
        texts = [item.text for item in game.stack]
    game.resolve_stack()
    words = list(game.log) + texts
    assert [w for w in words if re.search(r"\bcreat(e|es|ed)\b", w)] == []


# --- the seed's rulings, as 2004 scenarios -------------------------------------------------

def test_ruling_1_2004_mana_cost_and_expansion_symbol_apply_to_both_sides() -> None:
    """Ruling 1: the mana cost and expansion symbol are printed on one side each but apply to
    the permanent whether or not it has flipped. A flipped Goka keeps {3}{R}, red, CHK."""
    out = run("2004", [
        {"put": "Initiate of Blood", "as": "i"}, {"flip": "i"},
        {"expect": {"i": {"name": "Goka the Unjust", "mana_cost": "{3}{R}", "mana_value": 4,
                          "colors": ["R"], "flipped": True}}}])
    assert obj(out, "i")["supertypes"] == ["Legendary"]
    assert (flipcards.card("Goka the Unjust").set_code
            == flipcards.card("Initiate of Blood").set_code == "CHK")


def test_ruling_2_2004_ki_and_minus_counters_stay_through_the_flip() -> None:
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


def test_ruling_3_2004_flip_twice_logs_nothing_new() -> None:
    """Ruling 3: flipping a second time has no effect — to flip is to go from the top half to
    the bottom half, not to turn over. The second flip is no event: Kenzo stays Kenzo."""
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "b"}, {"flip": "b"}, {"flip": "b"},
        {"expect": {"b": {"name": "Kenzo the Hardhearted", "flipped": True}}}])
    assert sum("flips:" in line for line in out["log"]) == 1


def test_ruling_4_2004_three_players_bob_flips_alices_kenzo_goes_carols_stays() -> None:
    """Ruling 4 (2004 legend rule): if another legendary permanent with the same name is in
    play, ALL of them are put into their owners' graveyards, whoever controls them. With three
    players, Bob's flip kills Alice's Kenzo and his own; Carol's unflipped Tenderfoot is not
    legendary (508.2) and stays."""
    game = Game("2004", players=("Alice", "Bob", "Carol"))
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    carols = game.put("Bushi Tenderfoot", owner="Carol")
    game.flip(bobs)
    assert [(c.zone, c.owner) for c in (alices, bobs, carols)] == [
        ("graveyard", "Alice"), ("graveyard", "Bob"), ("battlefield", "Carol")]
    assert all(not c.flipped and c.name == "Bushi Tenderfoot" for c in (alices, bobs, carols))
    assert game.flip(carols) and carols.zone == "battlefield"     # alone now: it stays


def test_ruling_4_2004_two_kenzos_already_in_play_at_set_up_both_go() -> None:
    """The 2004 legend rule is a state-based action checked after every action: as soon as a
    second flipped Kenzo is in play (even for Bob), both go to their owners' graveyards."""
    game = Game("2004", players=("Alice", "Bob", "Carol"))
    a = game.put("Bushi Tenderfoot", flipped=True)
    b = game.put("Bushi Tenderfoot", owner="Carol", flipped=True)
    assert (a.zone, b.zone) == ("graveyard", "graveyard")


def test_ruling_4_2004_legend_goes_to_its_owners_graveyard_not_its_controllers() -> None:
    """Ruling 4: "put into their OWNERS' graveyards". Alice controls Bob's flipped Kenzo and
    flips her own Tenderfoot: Bob's card goes to Bob's graveyard, Alice's to hers."""
    game = Game("2004")
    borrowed = game.put("Bushi Tenderfoot", owner="Bob", controller="Alice", flipped=True)
    mine = game.put("Bushi Tenderfoot")
    game.flip(mine)
    assert (borrowed.zone, borrowed.owner) == ("graveyard", "Bob")
    assert (mine.zone, mine.owner) == ("graveyard", "Alice")
    assert borrowed in game.objects("graveyard", "Bob")


def test_ruling_4_2004_token_copy_of_a_legendary_land_both_go() -> None:
    """2004 legend rule with a token copy: a token copying Okina, Temple to the Grandfathers
    has its name and is legendary, so the card and the token both leave play; the token
    ceases to exist, the card goes to its owner's graveyard."""
    game = Game("2004")
    okina = game.put("Okina, Temple to the Grandfathers")
    token = game.copy(okina, controller="Bob")
    assert okina.zone == "graveyard"
    assert token.zone is None


def test_ruling_4_2004_two_homuras_return_flipped_and_the_essences_meet_again() -> None:
    """Two Homura, Human Ascendant (legendary) in play: both go (2004 legend rule); each
    returns to play flipped as Homura's Essence, a legendary enchantment. Once the second
    Essence is in play the legend rule puts both into the graveyard, and the Essence has no
    return ability."""
    game = Game("2004")
    first = game.put("Homura, Human Ascendant")
    second = game.put("Homura, Human Ascendant", owner="Bob")
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert first.name == second.name == "Homura, Human Ascendant"


def test_ruling_5_2004_naming_either_side_and_who_has_the_name() -> None:
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


def test_ruling_6_2004_token_copy_of_kenzo_flips_by_its_own_condition_then_both_go() -> None:
    """Ruling 6: a copy of a flipped permanent is the normal version and "may flip later if
    certain conditions are met". Bob's token copy of Alice's Kenzo is a Tenderfoot; it damages
    a creature that is then put into a graveyard, so it flips into Kenzo — and by the 2004
    legend rule both Kenzos leave play (the token ceases to exist)."""
    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo, controller="Bob")
    assert (token.name, token.flipped, token.power) == ("Bushi Tenderfoot", False, 1)
    bears = game.put("Grizzly Bears")
    game.deal_damage(token, bears, 1)
    game.damage(bears, 1)
    assert bears.zone == "graveyard"
    assert kenzo.zone == "graveyard"
    assert token.zone is None


def test_ruling_6_2004_scenario_copy_of_a_flipped_essence_is_the_unflipped_creature() -> None:
    """Ruling 6 with an Ascendant: copying a flipped Erayo's Essence gives Erayo, Soratami
    Ascendant unflipped — a legendary creature with the same name as nothing else in play, so
    the Essence and the copy both stay (different names)."""
    run("2004", [
        {"put": "Erayo, Soratami Ascendant", "as": "e", "flipped": True},
        {"copy": "e", "as": "c", "controller": "Bob"},
        {"expect": {"e": {"zone": "battlefield", "name": "Erayo's Essence"},
                    "c": {"zone": "battlefield", "name": "Erayo, Soratami Ascendant",
                          "flipped": False, "types": ["Creature"], "power": 1,
                          "toughness": 1}}}])


# --- combat damage on the stack (2004) -----------------------------------------------------

def _combat(game: Game, attacker_name: str, blocker_name: str):
    attacker = game.put(attacker_name)
    blocker = game.put(blocker_name, owner="Bob")
    _two_turns(game)
    game.attack([attacker])
    game.block(blocker, attacker)
    return attacker, blocker


def test_2004_combat_damage_sacrificed_attacker_still_deals_its_damage() -> None:
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


def test_2004_combat_damage_pump_after_assignment_does_not_add_damage() -> None:
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


def test_2004_combat_damage_toughness_pump_in_response_saves_the_blocker() -> None:
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


def test_2004_combat_damage_pumped_blocker_deals_only_its_assigned_damage() -> None:
    """Companion of the above: the blocker's damage was locked in at 2 as well, so its +3/+3
    in response does not kill a 2/4 attacker (Bears with +0/+2)."""
    game = Game("2004")
    bears, blocker = _combat(game, "Grizzly Bears", "Runeclaw Bear")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    with game.holding_priority():
        game.combat_damage()
        game.add_effect("modify_pt", blocker, power=3, toughness=3, until_end_of_turn=True)
    game.resolve_stack()
    assert bears.zone == "battlefield" and bears.damage == 2


def test_2004_combat_damage_tenderfoot_flips_with_damage_waiting_and_survives() -> None:
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


def test_2004_combat_damage_blocker_removed_attacker_deals_no_damage_to_player() -> None:
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


# --- summoning sickness (2004) --------------------------------------------------------------

def test_2004_summoning_sickness_creature_stolen_this_turn_cannot_attack() -> None:
    """2004 summoning sickness: a creature can attack only if its controller has controlled
    it continuously since the start of their most recent turn. Bears Alice gains control of
    with Azamuki during her turn cannot attack that turn, though they were in play all along."""
    game = Game("2004")
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    _two_turns(game)
    game.activate(azamuki, target=bears)
    assert bears.controller == "Alice"
    with pytest.raises(IllegalActionError):
        game.attack([bears])


def test_2004_summoning_sickness_creature_from_nighteyes_this_turn_cannot_attack() -> None:
    """2004 summoning sickness: a creature card Nighteyes put into play this turn under
    Alice's control has not been hers since the turn began: it cannot attack."""
    game = Game("2004")
    eyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    _two_turns(game)
    game.activate(eyes, target=bears)
    assert (bears.zone, bears.controller) == ("battlefield", "Alice")
    with pytest.raises(IllegalActionError):
        game.attack([bears])


def test_2004_summoning_sickness_flipping_this_turn_does_not_make_it_sick() -> None:
    """Flipping is not a zone change (508.4: only leaving play makes it forget): a Tenderfoot
    Alice has controlled since her turn began and that flips this turn attacks as Kenzo."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot")
    _two_turns(game)
    game.flip(hero)
    game.attack([hero])
    assert game.attacking(hero) == "Bob"


def test_2004_summoning_sickness_blinked_creature_is_a_new_object_and_sick() -> None:
    """508.4: a permanent that leaves play forgets its previous existence. Kenzo exiled and
    returned this turn is a new object (an unflipped Tenderfoot) that came into play this turn:
    it cannot attack."""
    game = Game("2004")
    hero = game.put("Bushi Tenderfoot", flipped=True)
    _two_turns(game)
    game.move(hero, "exile")
    game.move(hero, "battlefield")
    assert (hero.name, hero.flipped) == ("Bushi Tenderfoot", False)
    with pytest.raises(IllegalActionError):
        game.attack([hero])


def test_2004_summoning_sickness_gained_on_opponents_turn_attacks_on_mine() -> None:
    """2004 summoning sickness looks at the start of the controller's most recent turn: a
    creature that came into play under Alice's control during Bob's turn may attack in Alice's
    next turn."""
    game = Game("2004")
    game.next_turn()                                  # Bob's turn
    bears = game.put("Grizzly Bears", zone="hand")
    game.move(bears, "battlefield")
    game.next_turn()                                  # Alice's turn
    game.attack([bears])
    assert game.attacking(bears) == "Bob"


def test_2004_summoning_sickness_tap_ability_of_a_hero_that_arrived_this_turn() -> None:
    """2004 summoning sickness also stops {T} abilities: Jushi Apprentice put into play from
    the hand this turn cannot use its {T} ability."""
    game = Game("2004")
    jushi = game.put("Jushi Apprentice", zone="hand")
    game.move(jushi, "battlefield")
    with pytest.raises(IllegalActionError):
        game.activate(jushi)


# --- mana burn (2004) ------------------------------------------------------------------------

def test_2004_mana_burn_not_between_combat_steps_only_when_combat_ends() -> None:
    """2004 rule 300.3: mana empties from pools at the end of each PHASE (with mana burn), not
    each step. {G} added in the declare attackers step is still there in the combat damage
    step; when the combat phase ends Alice loses 1 life."""
    game = Game("2004", costs="paid")
    bears = game.put("Grizzly Bears")
    _two_turns(game)
    game.attack([bears])
    game.add_mana("Alice", "{G}")
    game.combat_damage()
    assert game.mana_pool("Alice") == {"G": 1}
    assert game.life("Alice") == 20
    game.end_combat()
    assert game.life("Alice") == 19
    assert not game.mana_pool("Alice")


def test_2004_mana_burn_hits_every_player_with_unused_mana() -> None:
    """2004 mana burn applies to each player whose pool still holds mana as a phase ends, not
    only the active player: Bob's {U}{U} added in Alice's main phase burns Bob for 2 as her
    main phase ends (her end step begins)."""
    game = Game("2004", costs="paid")
    game.add_mana("Bob", "{U}{U}")
    game.end_step()
    assert (game.life("Alice"), game.life("Bob")) == (20, 18)
    assert any("Mana burn" in line and "Bob" in line for line in game.log)


def test_2004_mana_burn_none_when_the_mana_is_spent() -> None:
    """Mana burn counts only unused mana: Alice adds {G}{G}, casts Grizzly Bears ({1}{G}) with
    it, and loses no life as the phase ends."""
    game = Game("2004", costs="paid")
    game.put("Grizzly Bears", zone="hand")
    game.add_mana("Alice", "{G}{G}")
    game.cast("Grizzly Bears")
    game.end_step()
    assert game.life("Alice") == 20
