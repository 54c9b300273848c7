"""A second audit: flip triggers and the stack, each flip condition at its boundary, the
flipped halves' abilities, and the state-based actions around a flip.

Each test is one situation a judge would rule on, written from the rules (today's 603, 608,
613, 704, 707, 710; 2004's 508) and the cards' rulings rather than from the model. The name
says which rule or ruling it checks. Situations that need both editions to agree use the
``game`` fixture; the others name their edition.
"""

from __future__ import annotations

import pytest

from flipcards import Filter, Game, GameObject, IllegalActionError


def flips(game: Game) -> list[str]:
    """The names that flipped, in the order they flipped."""
    return [line.split(" flips:")[0] for line in game.log if " flips: it is now " in line]


def ki_card(game: Game, name: str, owner: str = "Alice", counters: int = 2) -> GameObject:
    card = game.put(name, owner=owner)
    if counters:
        game.add_counters(card, "ki", counters)
    return card


def fill(game: Game, name: str, zone: str, n: int, owner: str = "Alice") -> list[GameObject]:
    return [game.put(name, zone, owner=owner) for _ in range(n)]


# --- 603.8: state triggers are per object ---------------------------------------------------------

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


# --- 603.3b: APNAP with three players ----------------------------------------------------------

def test_603_3b_apnap_three_players_the_last_in_turn_order_resolves_first() -> None:
    """603.3b: the active player puts theirs on the stack first, then each other player in
    turn order; so on Bob's turn Bob's resolves last, Alice's (the last in turn order after
    Bob, Carol) first."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.next_turn()                                      # Bob's turn
    for owner, name in (("Alice", "Callow Jushi"), ("Bob", "Hired Muscle"),
                        ("Carol", "Budoka Pupil")):
        ki_card(game, name, owner=owner)
    with game.holding_priority():
        game.end_step()
    assert [item.controller for item in game.stack] == ["Alice", "Carol", "Bob"]
    game.resolve_stack()
    assert flips(game) == ["Callow Jushi", "Budoka Pupil", "Hired Muscle"]


# --- two flip triggers of one permanent ----------------------------------------------------------

def test_ruling_3_two_flip_triggers_of_one_permanent_the_second_does_nothing(
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


def test_702_4_akki_with_double_strike_flips_in_the_first_step_and_hits_as_tok_tok(
        game: Game) -> None:
    """Akki Lavarunner given double strike attacks unblocked. Its first-strike damage flips
    it; in the second step Tok-Tok (2/2, still with double strike: effects stay, 508.1c) deals
    2, and as a red source dealing damage to a player, 1 more (Tok-Tok's own replacement)."""
    akki = game.put("Akki Lavarunner")
    game.add_effect("add_keyword", akki, keyword="Double strike")
    game.attack([akki])
    game.combat_damage()
    assert akki.name == "Tok-Tok, Volcano Born"
    assert game.life("Bob") == 20 - 1 - 3


# --- 603.4: intervening "if" checked as it triggers ----------------------------------------------

def test_603_4_a_second_ki_counter_during_the_end_step_is_too_late(game: Game) -> None:
    """603.4: "At the beginning of the end step, if there are two or more ki counters on
    it": with one counter as the end step begins, the ability does not trigger, even if a
    Spirit spell gives it a second during the end step. It can flip at the next end step
    (every player's)."""
    squire = ki_card(game, "Faithful Squire", counters=1)
    game.end_step()
    game.cast("Kami of Ancient Law")
    assert squire.counters == {"ki": 2} and not squire.flipped
    game.next_turn()
    game.end_step()                                       # Bob's end step
    assert squire.name == "Kaiso, Memory of Loyalty"


def test_603_4_kuon_flips_at_an_opponents_end_step_at_exactly_three_deaths(game: Game) -> None:
    """Kuon: "At the beginning of the end step, if three or more creatures died this turn":
    every end step, whoever's turn it is; creatures of any controller count."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.next_turn()                                      # Bob's turn
    for owner in ("Alice", "Bob", "Bob"):
        game.move(game.put("Grizzly Bears", owner=owner), "graveyard")
    game.end_step()
    assert kuon.name == "Kuon's Essence"


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


# --- control changes while a flip trigger waits -------------------------------------------------

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


def test_ruling_akki_stolen_flips_when_it_damages_its_new_controllers_opponent(
        game: Game) -> None:
    """Akki Lavarunner: "an opponent" is an opponent of its controller as it deals damage.
    Bob takes it; damage to Alice, now its controller's opponent, flips it."""
    akki = game.put("Akki Lavarunner")
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=akki)
    game.deal_damage(akki, "Bob", 1)
    assert not akki.flipped
    game.deal_damage(akki, "Alice", 1)
    assert akki.flipped


# --- "this turn" windows end in the cleanup step ------------------------------------------------

def test_ruling_erayo_counts_spells_of_this_turn_only(game: Game) -> None:
    """Erayo: "the fourth spell of a turn": three spells last turn and one this turn do not
    make a fourth."""
    erayo = game.put("Erayo, Soratami Ascendant")
    for _ in range(3):
        game.cast("Giant Growth")
    game.next_turn()
    game.cast("Giant Growth", "Bob")
    assert not erayo.flipped
    for _ in range(2):
        game.cast("Giant Growth", "Bob")
    assert not erayo.flipped
    game.cast("Shock")
    assert erayo.name == "Erayo's Essence"


def test_goka_a_creature_dealt_damage_last_turn_is_not_a_legal_target(game: Game) -> None:
    """Goka the Unjust: "target creature that was dealt damage this turn": the damage of the
    last turn, worn off in the cleanup step, does not count."""
    goka = game.put("Initiate of Blood", flipped=True)
    bears = game.put("Kami of Ancient Law", owner="Bob")
    game.deal_damage(game.put("Shock", "graveyard"), bears, 1)
    game.next_turn()
    game.next_turn()
    with pytest.raises(IllegalActionError, match="not dealt damage this turn"):
        game.activate(goka, target=bears)


# --- each condition counts the right player's objects, at its boundary ----------------------

def test_jushi_apprentice_counts_its_controllers_hand_exactly_nine(game: Game) -> None:
    """Jushi Apprentice: "If you have nine or more cards in hand": its controller's hand,
    after the draw. Bob's Jushi with eight cards draws the ninth and flips; Alice's many
    cards do not matter."""
    fill(game, "Island", "hand", 12)
    jushi = game.put("Jushi Apprentice", owner="Bob")
    fill(game, "Island", "hand", 8, owner="Bob")
    game.put("Shock", "library", owner="Bob")
    game.activate(jushi)
    assert len(game.objects("hand", "Bob")) == 9 and jushi.flipped


def test_nezumi_graverobber_exiling_the_last_card_flips_it(game: Game) -> None:
    """Nezumi Graverobber: the graveyard is checked after the target is exiled: one card,
    exiled, leaves none; the controller's own graveyard does not matter."""
    rat = game.put("Nezumi Graverobber")
    game.put("Grizzly Bears", "graveyard")                # Alice's own
    last = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(rat, target=last)
    assert last.zone == "exile" and rat.name == "Nighteyes the Desecrator"


def test_nezumi_shortfang_the_last_card_discarded_flips_it(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    game.put("Shock", "hand", owner="Bob")
    fill(game, "Island", "hand", 3)                       # Alice's hand does not matter
    game.activate(rat, target="Bob")
    assert rat.name == "Stabwhisker the Odious"


def test_nezumi_shortfang_cannot_target_its_controller(game: Game) -> None:
    rat = game.put("Nezumi Shortfang")
    with pytest.raises(IllegalActionError, match="opponent"):
        game.activate(rat, target="Alice")


def test_budoka_gardener_counts_only_lands_its_controller_controls(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    fill(game, "Forest", "battlefield", 12, owner="Bob")
    fill(game, "Forest", "battlefield", 8)
    land = game.put("Forest", "hand")
    game.activate(gardener, land=land)
    assert not gardener.flipped                           # nine of Alice's
    game.put("Forest")
    game.next_turn()
    game.next_turn()
    game.activate(gardener)
    assert gardener.flipped


def test_orochi_eggwatcher_the_snake_it_makes_is_the_tenth_creature(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 5, owner="Bob")
    fill(game, "Grizzly Bears", "battlefield", 8)        # nine with the Eggwatcher
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress"


def test_orochi_eggwatcher_opponents_creatures_do_not_count(game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 9, owner="Bob")
    game.activate(egg)
    assert not egg.flipped


def test_sasaya_exactly_seven_land_cards_and_only_land_cards_count(game: Game) -> None:
    sasaya = game.put("Sasaya, Orochi Ascendant")
    fill(game, "Forest", "hand", 6)
    fill(game, "Honor-Worn Shaku", "hand", 3)             # artifacts, not lands
    fill(game, "Forest", "hand", 4, owner="Bob")          # the opponent's hand
    game.activate(sasaya)
    assert not sasaya.flipped
    game.put("Okina, Temple to the Grandfathers", "hand")
    game.activate(sasaya)
    assert sasaya.name == "Sasaya's Essence"


def test_bushi_tenderfoot_a_creature_of_its_own_controller_counts(game: Game) -> None:
    """"a creature dealt damage by Bushi Tenderfoot this turn": any creature, its
    controller's own included."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.damage(bears, 1)
    game.deal_damage(tenderfoot, bears, 1)
    assert bears.zone == "graveyard" and tenderfoot.flipped


def test_bushi_tenderfoot_the_damaged_creature_blinked_is_a_new_object(game: Game) -> None:
    """400.7: the creature Tenderfoot damaged leaves and comes back; the new object was not
    dealt damage by it, so its death does not flip Tenderfoot."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.move(bears, "exile")
    game.move(bears, "battlefield")
    game.damage(bears, 2)
    assert bears.zone == "graveyard" and not tenderfoot.flipped


# --- tokens and copies meet flip conditions ---------------------------------------------------

def test_707_2_a_token_copy_of_orochi_eggwatcher_flips_into_a_shidako_token(
        game: Game) -> None:
    egg = game.put("Orochi Eggwatcher")
    token = game.copy(egg)
    fill(game, "Grizzly Bears", "battlefield", 7)        # nine creatures with both
    game.next_turn()
    game.next_turn()
    game.activate(token)
    assert token.name == "Shidako, Broodmistress" and token.is_token
    assert not egg.flipped


def test_707_2_a_clone_of_bushi_tenderfoot_flips_through_its_own_damage() -> None:
    """A permanent that became a copy of Bushi Tenderfoot has its flip ability; its own
    damage counts, the original's does not; it flips into Kenzo (2004 too: it flipped after
    it became a copy)."""
    for edition in ("2004", "current"):
        game = Game(edition)
        tenderfoot = game.put("Bushi Tenderfoot")
        clone = game.put("Runeclaw Bear")
        game.become_copy(clone, tenderfoot)
        bears = game.put("Grizzly Bears", owner="Bob")
        game.damage(bears, 1)
        game.deal_damage(clone, bears, 1)
        assert clone.name == "Kenzo the Hardhearted", edition
        assert not tenderfoot.flipped


# --- the flipped halves' abilities -------------------------------------------------------------

def test_nighteyes_can_take_a_creature_card_from_its_own_controllers_graveyard(
        game: Game) -> None:
    """Nighteyes: "target creature card from a graveyard": any graveyard. A dead Kenzo is a
    Bushi Tenderfoot in the graveyard (508.2) and returns unflipped."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.move(kenzo, "graveyard")
    game.activate(nighteyes, target=kenzo)
    assert kenzo.zone == "battlefield" and kenzo.name == "Bushi Tenderfoot"
    assert not kenzo.flipped


def test_508_2_an_essence_in_the_graveyard_is_a_creature_card_for_nighteyes(
        game: Game) -> None:
    """508.2: Kuon's Essence put into a graveyard is the card Kuon, Ogre Ascendant there, a
    creature card; Nighteyes may return it, as Kuon, unflipped, under its own control."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    essence = game.put("Kuon, Ogre Ascendant", owner="Bob", flipped=True)
    game.move(essence, "graveyard")
    assert essence.types == ("Creature",)
    game.activate(nighteyes, target=essence)
    assert essence.name == "Kuon, Ogre Ascendant" and essence.controller == "Alice"
    assert essence.owner == "Bob"


def test_nighteyes_cannot_target_the_curse_in_a_graveyard_it_is_an_aura_card(
        game: Game) -> None:
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    curse = game.put("Curse of the Fire Penguin", "graveyard", owner="Bob")
    with pytest.raises(IllegalActionError, match="creature card"):
        game.activate(nighteyes, target=curse)


def test_tomoya_counts_the_hand_of_its_controller_not_the_targets(game: Game) -> None:
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill(game, "Island", "hand", 3)
    fill(game, "Island", "hand", 5, owner="Bob")
    fill(game, "Shock", "library", 10, owner="Bob")
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 8


def test_dokai_counts_its_controllers_lands_as_it_resolves(game: Game) -> None:
    dokai = game.put("Budoka Gardener", flipped=True)
    fill(game, "Forest", "battlefield", 3)
    fill(game, "Forest", "battlefield", 5, owner="Bob")
    with game.holding_priority():
        game.activate(dokai)
        game.put("Forest")                                # before it resolves
    game.resolve_stack()
    elementals = [o for o in game.objects("battlefield", "Alice") if o.name == "Elemental"]
    assert [(e.power, e.toughness) for e in elementals] == [(4, 4)]


def test_ki_abilities_need_a_ki_counter_and_a_flipped_half_counters_kept(game: Game) -> None:
    """Counters stay across the flip (508 ruling 2): the ki counters that flipped Hired Muscle
    pay for Scarmaker's ability; with none left the cost cannot be paid."""
    muscle = ki_card(game, "Hired Muscle")
    game.end_step()
    assert muscle.name == "Scarmaker" and muscle.counters == {"ki": 2}
    bears = game.put("Grizzly Bears")
    game.activate(muscle, target=bears)
    game.activate(muscle, target=bears)
    assert muscle.counters == {} and "Fear" in bears.keywords
    with pytest.raises(IllegalActionError, match="ki counter"):
        game.activate(muscle, target=bears)


def test_goka_has_a_tap_cost_and_summoning_sickness_applies(game: Game) -> None:
    goka = game.put("Initiate of Blood", flipped=True)
    bears = game.put("Kami of Ancient Law", owner="Bob")
    game.damage(bears, 1)
    game.activate(goka, target=bears)
    assert goka.tapped and bears.zone == "graveyard"


# --- essences' and flipped halves' static abilities under control changes ---------------------

def test_613_homuras_essence_helps_the_creatures_of_its_controller_not_its_owner(
        game: Game) -> None:
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.put("Homura, Human Ascendant", controller="Bob", flipped=True)
    assert (theirs.power, theirs.toughness) == (4, 4) and "Flying" in theirs.keywords
    assert (mine.power, mine.toughness) == (2, 2)


def test_615_rune_tails_essence_controlled_by_another_player_protects_that_players(
        game: Game) -> None:
    game.put("Rune-Tail, Kitsune Ascendant", controller="Bob", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    shock = game.put("Shock", "graveyard")
    game.deal_damage(shock, theirs, 2)
    game.deal_damage(shock, mine, 2)
    assert theirs.zone == "battlefield" and mine.zone == "graveyard"


def test_erayos_essence_counters_the_first_spell_of_its_controllers_opponents(
        game: Game) -> None:
    game.put("Erayo, Soratami Ascendant", controller="Bob", flipped=True)
    first = game.cast("Grizzly Bears")                    # Alice is Bob's opponent
    assert first.zone == "graveyard"
    bobs = game.cast("Runeclaw Bear", "Bob")
    assert bobs.zone == "battlefield"


def test_613_tobita_taken_for_a_turn_gives_flying_to_its_new_controllers_creatures(
        game: Game) -> None:
    """Tobita: "creatures you control": while Bob controls Tobita (Azamuki, until end of
    turn), Bob's creatures fly and Alice's do not; at cleanup it is back."""
    tobita = game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=tobita)
    assert "Flying" in theirs.keywords and "Flying" not in mine.keywords
    game.next_turn()
    assert "Flying" in mine.keywords and "Flying" not in theirs.keywords


def test_stabwhisker_controlled_by_bob_hits_alice_at_her_upkeep(game: Game) -> None:
    game.put("Nezumi Shortfang", controller="Bob", owner="Bob", flipped=True)
    game.put("Island", "hand")
    game.next_turn()                                      # Bob's upkeep: nothing
    assert game.life("Alice") == 20 and game.life("Bob") == 20
    game.next_turn()                                      # Alice's upkeep
    assert game.life("Alice") == 18


# --- state-based actions around a flip ----------------------------------------------------------

def test_704_5f_a_flip_into_a_creature_with_minus_counters_makes_toughness_zero(
        game: Game) -> None:
    """Curse of the Fire Penguin with five -1/-1 counters (counters on a noncreature do
    nothing) flips into a 6/5 creature: 1/0, put into the graveyard as a state-based action;
    it died, so its ability returns the Curse, a new object, an Aura again."""
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.add_counters(curse, "-1/-1", 5)
    game.flip(curse)
    assert curse.zone == "battlefield" and curse.name == "Curse of the Fire Penguin"
    assert not curse.flipped and curse.counters == {}
    assert curse.attached_to == bears


def test_704_5p_a_curse_that_flips_into_a_creature_becomes_unattached(game: Game) -> None:
    """The Curse flips into a creature, not an Aura: it becomes unattached (704.5p) and the
    creature it enchanted is no longer consumed (its effect ends with the Aura half)."""
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    assert bears.power == 6
    game.flip(curse)
    assert curse.attached_to is None and curse.zone == "battlefield"
    assert (bears.name, bears.power, bears.toughness) == ("Grizzly Bears", 2, 2)


def test_704_5m_pacifism_on_an_ascendant_that_flips_goes_to_the_graveyard_2004_words() -> None:
    game = Game("2004")
    sasaya = game.put("Sasaya, Orochi Ascendant")
    pacifism = game.put("Pacifism", attached_to=sasaya)
    game.flip(sasaya)
    assert pacifism.zone == "graveyard"


# --- 2004 wording -------------------------------------------------------------------------------

def test_2004_no_text_of_a_game_says_battlefield() -> None:
    """2004 rules: human-readable text says "in play" (DESIGN: the 2004 edition's words)."""
    game = Game("2004")
    homura = game.put("Homura, Human Ascendant")
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(nighteyes, target=bears)
        text = str(game)
    game.resolve_stack()
    game.damage(homura, 4)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        game.move(akki, "hand")
        game.move(akki, "battlefield")
    game.resolve_stack()
    words = "\n".join([*game.log, text, str(game)])
    assert "battlefield" not in words.casefold(), [
        line for line in [*game.log, *text.splitlines()] if "battlefield" in line]


@pytest.mark.parametrize(("edition", "place", "into"), [
    ("2004", "in play", "into play"),
    ("current", "on the battlefield", "onto the battlefield"),
])
def test_errors_about_the_battlefield_use_the_editions_words(
        edition: str, place: str, into: str) -> None:
    """Error messages are human-readable text too: under the 2004 rules they say "in play"."""
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", "hand")
    attempts = [
        (lambda: game.put("Bushi Tenderfoot", "hand", flipped=True),
         f"only a permanent {place} can be flipped"),
        (lambda: game.attach(pacifism, bears),
         f"both the Aura and what it enchants must be {place} to attach"),
        (lambda: game.move(bears, "hand", flipped=True),
         f"a card can enter flipped only {into}, not into Alice's hand"),
    ]
    for attempt, message in attempts:
        with pytest.raises(IllegalActionError) as raised:
            attempt()
        assert message in str(raised.value)
        if edition == "2004":
            assert "battlefield" not in str(raised.value)


# --- 302.6: a {T} ability at instant speed on an opponent's turn ------------------------------

def test_302_6_a_creature_cast_this_turn_is_still_sick_during_the_opponents_turn(
        game: Game) -> None:
    """302.6: a creature's {T} ability can be activated only if it has been under its
    controller's control continuously since their most recent turn began. Jushi Apprentice
    cast in Alice's turn 1 cannot draw in Bob's turn 2 (her most recent turn began before it
    arrived); in her turn 3 it can."""
    jushi = game.put("Jushi Apprentice", "hand")
    game.cast(jushi)
    fill(game, "Island", "library", 3)
    game.next_turn()                                      # Bob's turn 2
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(jushi)
    game.next_turn()                                      # Alice's turn 3
    game.activate(jushi)
    assert jushi.tapped


def test_302_6_a_creature_gained_during_the_opponents_turn_taps_in_its_controllers_next_turn(
        game: Game) -> None:
    """302.6: in Bob's turn 2 Alice's Nighteyes puts Bob's Orochi Eggwatcher onto the
    battlefield under her control: not during Bob's turn, but in her turn 3 (hers since it
    began) she can use its {T} ability. Bob's Azamuki takes it back until end of turn: it
    returns to Alice in the cleanup step of her own turn 3, after that turn began, so it is
    sick for her again during Bob's turn 4."""
    game.next_turn()                                      # Bob's turn 2
    egg = game.put("Orochi Eggwatcher", "graveyard", owner="Bob")
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    game.activate(nighteyes, target=egg)
    assert egg.controller == "Alice"
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(egg)
    game.next_turn()                                      # Alice's turn 3
    azamuki = game.put("Cunning Bandit", owner="Bob", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    game.activate(azamuki, target=egg)
    game.next_turn()                                      # Bob's turn 4: back to Alice
    assert egg.controller == "Alice" and not egg.tapped
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(egg)
    game.next_turn()                                      # Alice's turn 5
    game.activate(egg)
    assert egg.tapped


# --- the combat phase is not a main phase (307.1, 500.4) ------------------------------------

@pytest.mark.parametrize("edition", ["2004", "current"])
def test_307_1_a_creature_spell_waits_for_the_main_phase_after_combat(edition: str) -> None:
    """307.1 (2004: 212.3a): a creature spell is cast only in a main phase of its caster's
    turn with the stack empty. During combat, after the attack, it cannot be; once combat
    is over, in the second main phase, it can."""
    game = Game(edition, costs="paid")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.add_mana("Alice", "{G}{G}")
    with pytest.raises(IllegalActionError, match="main phase"):
        game.cast("Runeclaw Bear")
    game.combat_damage()
    game.end_combat()
    game.add_mana("Alice", "{G}{G}")
    assert game.cast("Runeclaw Bear").zone == "battlefield"


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


# --- more rulings -----------------------------------------------------------------------------

def test_ruling_initiate_of_blood_its_prevented_damage_still_sets_up_the_flip(
        game: Game) -> None:
    """Initiate of Blood: "When that creature dies this turn, flip Initiate of Blood" is set
    up as the ability resolves, whether or not its 1 damage is dealt: Rune-Tail's Essence
    prevents it, the creature dies another way this turn, and the Initiate flips."""
    initiate = game.put("Initiate of Blood")
    game.put("Rune-Tail, Kitsune Ascendant", owner="Bob", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 1 and not initiate.flipped
    game.move(bears, "graveyard")
    assert initiate.name == "Goka the Unjust"


def test_ruling_homura_sacrificed_to_kuons_essence_returns_as_homuras_essence(
        game: Game) -> None:
    """Kuon's Essence makes Alice sacrifice a creature at her upkeep; Homura, her only one,
    dies and returns flipped (sacrificing puts it into the graveyard from the battlefield)."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    homura = game.put("Homura, Human Ascendant")
    game.next_turn()                                      # Bob's upkeep: he has none
    assert homura.name == "Homura, Human Ascendant"
    game.next_turn()                                      # Alice's upkeep
    assert (homura.zone, homura.name) == ("battlefield", "Homura's Essence")
