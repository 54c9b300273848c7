"""Audit 9: card-by-card tests of what each half's abilities do (flipped halves and the
unflipped halves' abilities other than their flip conditions), written from the printed
text of the cards and rule 508 (2004) / 710 (today), independent of the other tests."""

from __future__ import annotations

import pytest

from flipcards import EDITIONS, Filter, Game, IllegalActionError


def cards_in(game: Game, zone: str, player: str) -> list[str]:
    return [each.name for each in game.objects(zone, player)]


def fill_library(game: Game, player: str, n: int) -> None:
    for _ in range(n):
        game.put("Grizzly Bears", zone="library", owner=player)


def fill_hand(game: Game, player: str, n: int) -> None:
    for _ in range(n):
        game.put("Grizzly Bears", zone="hand", owner=player)


# --- Kenzo the Hardhearted -------------------------------------------------------------


def test_kenzo_double_strike_unblocked(game: Game) -> None:
    """Kenzo the Hardhearted: "Double strike" -- unblocked, it deals its 3 damage twice."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.attack([kenzo])
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 14


def test_kenzo_bushido_until_end_of_turn(game: Game) -> None:
    """Kenzo: "Bushido 2: whenever it blocks or becomes blocked, it gets +2/+2 until end of
    turn." -- the bonus lasts until the cleanup step."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([kenzo])
    game.block(bears, kenzo)
    game.resolve_stack()
    assert (kenzo.power, kenzo.toughness) == (5, 6)
    game.next_turn()
    assert (kenzo.power, kenzo.toughness) == (3, 4)


def test_bushi_tenderfoot_has_no_bushido(game: Game) -> None:
    """Bushi Tenderfoot: "No abilities other than the one that flips it." -- unflipped, being
    blocked gives it no bonus (bushido is the bottom half's)."""
    bushi = game.put("Bushi Tenderfoot")
    wall = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", wall, power=-2, toughness=9)
    game.attack([bushi])
    game.block(wall, bushi)
    game.resolve_stack()
    assert (bushi.power, bushi.toughness) == (1, 1)


# --- Autumn-Tail, Kitsune Sage ---------------------------------------------------------


def test_autumn_tail_moves_aura(game: Game) -> None:
    """Autumn-Tail: "{1}: Move an Aura that is attached to a creature onto a different
    creature." """
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    game.activate(autumn, target=pacifism, to=second)
    assert game.auras_on(second) == [pacifism]
    assert game.auras_on(first) == []


def test_autumn_tail_needs_a_different_creature(game: Game) -> None:
    """Autumn-Tail: "... onto a different creature." -- the same creature is not a choice."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    with pytest.raises(IllegalActionError):
        game.activate(autumn, target=pacifism, to=first)
    assert game.auras_on(first) == [pacifism]


def test_kitsune_mystic_unflipped_has_no_aura_ability(game: Game) -> None:
    """Kitsune Mystic: "No abilities other than the one that flips it." """
    mystic = game.put("Kitsune Mystic")
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    with pytest.raises(IllegalActionError):
        game.activate(mystic, target=pacifism, to=second)
    assert game.auras_on(first) == [pacifism]


# --- Jushi Apprentice / Tomoya the Revealer ---------------------------------------------


def test_jushi_apprentice_draws_and_taps(game: Game) -> None:
    """Jushi Apprentice: "{2}{U}, {T}: Draw a card." -- it taps, and cannot be used again
    while tapped."""
    jushi = game.put("Jushi Apprentice")
    fill_library(game, "Alice", 3)
    game.activate(jushi)
    assert jushi.tapped
    assert len(game.objects("hand", "Alice")) == 1
    with pytest.raises(IllegalActionError):
        game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 1


def test_jushi_apprentice_summoning_sick_cannot_tap(game: Game) -> None:
    """Jushi Apprentice: "{T}" in the cost -- a creature that arrived this turn cannot pay
    it."""
    fill_library(game, "Alice", 3)
    jushi = game.cast("Jushi Apprentice")
    with pytest.raises(IllegalActionError):
        game.activate(jushi)
    assert not jushi.tapped


def test_tomoya_target_player_draws_your_hand_size(game: Game) -> None:
    """Tomoya: "{3}{U}{U}, {T}: A target player draws as many cards as you have in your
    hand." """
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 3)
    fill_library(game, "Bob", 10)
    game.activate(tomoya, target="Bob")
    assert len(game.objects("hand", "Bob")) == 3
    assert len(game.objects("hand", "Alice")) == 3


def test_tomoya_counts_hand_on_resolution(game: Game) -> None:
    """Tomoya: "... draws as many cards as you have in your hand." -- counted as the ability
    resolves, not when it was activated."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 2)
    fill_library(game, "Alice", 2)
    fill_library(game, "Bob", 10)
    with game.holding_priority():
        game.activate(tomoya, target="Bob")
        game.draw("Alice", 2)
    game.resolve_stack()
    assert len(game.objects("hand", "Bob")) == 4


def test_tomoya_you_means_controller(game: Game) -> None:
    """Tomoya: "... as many cards as you have in your hand." -- "you" is its controller (Bob
    controls Alice's Tomoya)."""
    tomoya = game.put("Jushi Apprentice", flipped=True, owner="Alice", controller="Bob")
    fill_hand(game, "Alice", 5)
    fill_hand(game, "Bob", 1)
    fill_library(game, "Alice", 10)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 6


# --- Tobita, Master of Winds -----------------------------------------------------------


def test_tobita_gives_your_creatures_flying(game: Game) -> None:
    """Tobita: "Every creature you control has flying." -- not the opponent's."""
    game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    assert "Flying" in mine.keywords
    assert "Flying" not in theirs.keywords


def test_tobita_flying_only_while_on_battlefield(game: Game) -> None:
    """Tobita's static ability applies only while it is on the battlefield (508.1b)."""
    tobita = game.put("Student of Elements", flipped=True)
    mine = game.put("Grizzly Bears")
    game.move(tobita, "graveyard")
    assert "Flying" not in mine.keywords


def test_student_unflipped_gives_no_flying(game: Game) -> None:
    """Student of Elements: "No abilities other than the one that flips it." """
    game.put("Student of Elements")
    mine = game.put("Grizzly Bears")
    assert "Flying" not in mine.keywords


# --- Nezumi Graverobber / Nighteyes the Desecrator ---------------------------------------


def test_graverobber_exiles_opponents_card(game: Game) -> None:
    """Nezumi Graverobber: "{1}{B}: Exile a target card from an opponent's graveyard." """
    robber = game.put("Nezumi Graverobber")
    shock = game.put("Shock", zone="graveyard", owner="Bob")
    game.put("Giant Growth", zone="graveyard", owner="Bob")
    game.activate(robber, target=shock)
    assert shock.zone == "exile"
    assert not robber.flipped


def test_graverobber_cannot_target_own_graveyard(game: Game) -> None:
    """Nezumi Graverobber: "... from an opponent's graveyard." -- its controller's own
    graveyard is not a legal choice."""
    robber = game.put("Nezumi Graverobber")
    mine = game.put("Shock", zone="graveyard", owner="Alice")
    with pytest.raises(IllegalActionError):
        game.activate(robber, target=mine)
    assert mine.zone == "graveyard"


def test_nighteyes_reanimates_under_your_control(game: Game) -> None:
    """Nighteyes: "{4}{B}: Take a target creature card from any graveyard and put it onto
    the battlefield under your control." """
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    assert bears.zone == "battlefield"
    assert bears.controller == "Alice"
    assert bears.owner == "Bob"


def test_nighteyes_needs_a_creature_card(game: Game) -> None:
    """Nighteyes: "... a target creature card ..." -- Shock is not one."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    shock = game.put("Shock", zone="graveyard", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(nighteyes, target=shock)
    assert shock.zone == "graveyard"


def test_nighteyes_target_gone_before_resolution(game: Game) -> None:
    """Nighteyes: "a target creature card from any graveyard" -- if the card has left the
    graveyard when the ability resolves, it does nothing."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(nighteyes, target=bears)
        game.move(bears, "exile")
    game.resolve_stack()
    assert bears.zone == "exile"
    assert cards_in(game, "battlefield", "Alice") == ["Nighteyes the Desecrator"]


# --- Nezumi Shortfang / Stabwhisker the Odious ------------------------------------------


def test_shortfang_opponent_discards(game: Game) -> None:
    """Nezumi Shortfang: "{1}{B}, {T}: A target opponent discards a card." """
    fang = game.put("Nezumi Shortfang")
    fill_hand(game, "Bob", 2)
    game.activate(fang, target="Bob")
    assert len(game.objects("hand", "Bob")) == 1
    assert len(game.objects("graveyard", "Bob")) == 1
    assert fang.tapped


def test_shortfang_cannot_target_yourself(game: Game) -> None:
    """Nezumi Shortfang: "A target opponent ..." -- its controller is not an opponent."""
    fang = game.put("Nezumi Shortfang")
    fill_hand(game, "Alice", 2)
    with pytest.raises(IllegalActionError):
        game.activate(fang, target="Alice")
    assert len(game.objects("hand", "Alice")) == 2


def test_stabwhisker_opponent_loses_for_short_hand(game: Game) -> None:
    """Stabwhisker: "At the start of each opponent's upkeep, that player loses 1 life for
    each card their hand is short of three." """
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 1)
    game.next_turn()
    assert game.life("Bob") == 18
    assert game.life("Alice") == 20


def test_stabwhisker_not_on_controllers_upkeep(game: Game) -> None:
    """Stabwhisker: "... each opponent's upkeep ..." -- not its controller's own."""
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 3)
    game.next_turn()  # Bob's upkeep: three cards, nothing lost
    assert game.life("Bob") == 20
    game.next_turn()  # Alice's upkeep, with an empty hand
    assert game.life("Alice") == 20


def test_stabwhisker_counts_hand_on_resolution(game: Game) -> None:
    """Stabwhisker: "that player loses 1 life for each card their hand is short of three"
    -- counted as the ability resolves."""
    game.put("Nezumi Shortfang", flipped=True)
    fill_hand(game, "Bob", 3)
    fill_library(game, "Bob", 3)
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
        game.discard(game.objects("hand", "Bob")[0])
        game.discard(game.objects("hand", "Bob")[0])
    game.resolve_stack()
    assert game.life("Bob") == 18


# --- Akki Lavarunner / Tok-Tok, Volcano Born --------------------------------------------


def test_akki_lavarunner_haste(game: Game) -> None:
    """Akki Lavarunner: "Haste" -- it attacks the turn it arrives."""
    akki = game.cast("Akki Lavarunner")
    game.attack([akki])
    assert game.attacking(akki) == "Bob"


def test_tok_tok_protection_from_red_targeting(game: Game) -> None:
    """Tok-Tok: "Protection from red" -- Shock cannot target it."""
    tok = game.put("Akki Lavarunner", flipped=True)
    with pytest.raises(IllegalActionError):
        game.cast("Shock", player="Bob", target=tok)
    assert tok.zone == "battlefield"
    assert tok.damage == 0


def test_tok_tok_red_damage_to_player_plus_one(game: Game) -> None:
    """Tok-Tok: "Damage that a red source deals to a player is increased by 1." -- to any
    player, its controller too."""
    game.put("Akki Lavarunner", flipped=True)
    game.cast("Shock", player="Bob", target="Alice")
    game.cast("Shock", target="Bob")
    assert game.life("Alice") == 17
    assert game.life("Bob") == 17


def test_tok_tok_not_for_non_red_or_creatures(game: Game) -> None:
    """Tok-Tok: "Damage that a red source deals to a player ..." -- not a green source, not
    damage to a creature."""
    game.put("Akki Lavarunner", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(bears, "Alice", 2)
    assert game.life("Alice") == 18
    target = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", target, power=0, toughness=5)
    game.cast("Shock", target=target)
    assert target.damage == 2


# --- Initiate of Blood / Goka the Unjust ------------------------------------------------


def test_initiate_of_blood_needs_damaged_target(game: Game) -> None:
    """Initiate of Blood: "{T}: Deal 1 damage to a target creature that has already been
    dealt damage this turn." -- an undamaged creature is not a legal target."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=5)
    with pytest.raises(IllegalActionError):
        game.activate(initiate, target=bears)
    assert not initiate.tapped
    game.deal_damage(game.put("Runeclaw Bear"), bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 2
    assert initiate.tapped


def test_goka_deals_four(game: Game) -> None:
    """Goka the Unjust: "{T}: Deal 4 damage to a target creature that has already been dealt
    damage this turn." """
    goka = game.put("Initiate of Blood", flipped=True)
    big = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", big, power=0, toughness=8)
    game.deal_damage(game.put("Runeclaw Bear"), big, 1)
    game.activate(goka, target=big)
    assert big.damage == 5


def test_goka_damage_memory_ends_with_turn(game: Game) -> None:
    """Goka: "... already been dealt damage this turn." -- damage from a previous turn does
    not count."""
    goka = game.put("Initiate of Blood", flipped=True)
    big = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", big, power=0, toughness=8)
    game.deal_damage(game.put("Runeclaw Bear"), big, 1)
    game.next_turn()
    with pytest.raises(IllegalActionError):
        game.activate(goka, target=big)
    assert big.damage == 0


# --- Budoka Gardener / Dokai, Weaver of Life --------------------------------------------


def test_budoka_gardener_puts_land(game: Game) -> None:
    """Budoka Gardener: "{T}: You may put a land card from your hand onto the battlefield." """
    gardener = game.put("Budoka Gardener")
    forest = game.put("Forest", zone="hand")
    game.activate(gardener, land=forest)
    assert forest.zone == "battlefield"
    assert forest.controller == "Alice"
    assert gardener.tapped


def test_dokai_token_size_is_lands_you_control(game: Game) -> None:
    """Dokai: "{4}{G}{G}, {T}: Create a green Elemental creature token whose power and
    toughness each equal the number of lands you control." -- Bob's lands do not count."""
    dokai = game.put("Budoka Gardener", flipped=True)
    for _ in range(3):
        game.put("Forest")
    game.put("Forest", owner="Bob")
    game.activate(dokai)
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert len(tokens) == 1
    assert (tokens[0].power, tokens[0].toughness) == (3, 3)
    assert tokens[0].colors == ("G",) or list(tokens[0].colors) == ["G"]


def test_dokai_counts_lands_on_resolution(game: Game) -> None:
    """Dokai: "... the number of lands you control." -- counted as the ability resolves."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.put("Forest")
    with game.holding_priority():
        game.activate(dokai)
        game.put("Forest")
        game.put("Forest")
    game.resolve_stack()
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert (tokens[0].power, tokens[0].toughness) == (3, 3)


# --- Orochi Eggwatcher / Shidako, Broodmistress -----------------------------------------


def test_eggwatcher_creates_snake(game: Game) -> None:
    """Orochi Eggwatcher: "{2}{G}, {T}: Create a 1/1 green Snake creature token." """
    egg = game.put("Orochi Eggwatcher")
    game.activate(egg)
    snakes = [each for each in game.objects("battlefield", "Alice") if "Snake" in each.subtypes
              and each is not egg and "Creature" in each.types and each.name != egg.name]
    assert len(snakes) == 1
    assert (snakes[0].power, snakes[0].toughness) == (1, 1)
    assert egg.tapped


def test_shidako_sacrifice_pump_until_end_of_turn(game: Game) -> None:
    """Shidako: "{G}, sacrifice a creature: A target creature gets +3/+3 until end of
    turn." """
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    fodder = game.put("Runeclaw Bear")
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=fodder)
    assert fodder.zone == "graveyard"
    assert (bears.power, bears.toughness) == (5, 5)
    game.next_turn()
    assert (bears.power, bears.toughness) == (2, 2)


def test_shidako_cannot_sacrifice_opponents_creature(game: Game) -> None:
    """Shidako: "sacrifice a creature" -- you can sacrifice only a creature you control."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    theirs = game.put("Runeclaw Bear", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(shidako, target=shidako, sacrifice=theirs)
    assert theirs.zone == "battlefield"
    assert shidako.power == 3


# --- Kamigawa ki heroes (Betrayers of Kamigawa) -----------------------------------------


def test_squire_ki_counter_on_your_arcane_spell(game: Game) -> None:
    """Faithful Squire: "Each Spirit or Arcane spell you cast lets you put a ki counter on
    it." -- Cranial Extraction is Arcane; a Bob spell and a non-Arcane spell give none."""
    squire = game.put("Faithful Squire")
    game.cast("Cranial Extraction", target="Bob", naming="Shock")
    assert squire.counters.get("ki", 0) == 1
    game.cast("Cranial Extraction", player="Bob", target="Alice", naming="Shock")
    game.cast("Giant Growth", target=squire)
    assert squire.counters.get("ki", 0) == 1


def test_kaiso_prevents_damage_this_turn(game: Game) -> None:
    """Kaiso: "Remove a ki counter from it: Prevent all damage a target creature would be
    dealt this turn." -- the shield ends with the turn."""
    kaiso = game.put("Faithful Squire", flipped=True)
    game.add_counters(kaiso, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(kaiso, target=bears)
    assert kaiso.counters.get("ki", 0) == 0
    game.cast("Shock", target=bears)
    assert bears.zone == "battlefield" and bears.damage == 0
    game.next_turn()
    game.cast("Shock", player="Bob", target=bears)
    assert bears.zone == "graveyard"


def test_kaiso_flying_and_needs_ki(game: Game) -> None:
    """Kaiso: "Flying" and "Remove a ki counter from it: ..." -- no counter, no ability."""
    kaiso = game.put("Faithful Squire", flipped=True)
    assert "Flying" in kaiso.keywords
    with pytest.raises(IllegalActionError):
        game.activate(kaiso, target=kaiso)


def test_jaraku_counters_unless_paid(game: Game) -> None:
    """Jaraku: "Remove a ki counter from it: Counter a target spell unless its controller
    pays {2}." """
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 2)
    with game.holding_priority():
        spell = game.cast("Grizzly Bears", player="Bob")
        game.activate(jaraku, target=spell)
    game.resolve_stack()
    assert spell.zone == "graveyard"
    with game.holding_priority():
        paid = game.cast("Runeclaw Bear", player="Bob")
        game.activate(jaraku, target=paid, pays=True)
    game.resolve_stack()
    assert paid.zone == "battlefield"
    assert jaraku.counters.get("ki", 0) == 0


def test_scarmaker_fear_until_end_of_turn(game: Game) -> None:
    """Scarmaker: "Remove a ki counter from it: A target creature gains fear until end of
    turn." """
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    game.activate(scar, target=bears)
    assert "Fear" in bears.keywords
    game.next_turn()
    assert "Fear" not in bears.keywords


def test_scarmaker_fear_blocks(game: Game) -> None:
    """Scarmaker: "... gains fear" -- only artifact or black creatures can block it."""
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    green = game.put("Runeclaw Bear", owner="Bob")
    game.activate(scar, target=bears)
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(green, bears)


def test_azamuki_control_until_end_of_turn(game: Game) -> None:
    """Azamuki: "Remove a ki counter from it: Take control of a target creature until end
    of turn." """
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=bears)
    assert bears.controller == "Alice"
    assert azamuki.counters.get("ki", 0) == 0
    with pytest.raises(IllegalActionError):
        game.activate(azamuki, target=bears)
    game.next_turn()
    assert bears.controller == "Bob"


def test_azamuki_target_gone_before_resolution(game: Game) -> None:
    """Azamuki: "... a target creature ..." -- gone before it resolves, nothing happens, but
    the ki counter (a cost) stays spent."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.activate(azamuki, target=bears)
        game.move(bears, "graveyard")
    game.resolve_stack()
    assert azamuki.counters.get("ki", 0) == 0
    assert cards_in(game, "battlefield", "Alice") == ["Azamuki, Treachery Incarnate"]


def test_ichiga_pump_until_end_of_turn(game: Game) -> None:
    """Ichiga: "Remove a ki counter from it: A target creature gets +2/+2 until end of
    turn." """
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_counters(ichiga, "ki", 2)
    game.activate(ichiga, target=ichiga)
    game.activate(ichiga, target=ichiga)
    assert (ichiga.power, ichiga.toughness) == (8, 7)
    game.next_turn()
    assert (ichiga.power, ichiga.toughness) == (4, 3)


def test_ichiga_trample(game: Game) -> None:
    """Ichiga: "Trample" -- blocked by a 2/2, 2 of its 4 damage goes to the player."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([ichiga])
    game.block(bears, ichiga)
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 18
    assert bears.zone == "graveyard"


# --- The Saviors Ascendants' Essences ---------------------------------------------------


def test_rune_tails_essence_prevents_damage_to_your_creatures(game: Game) -> None:
    """Rune-Tail's Essence: "Damage that would be dealt to creatures you control is
    prevented." -- not Bob's creatures."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    game.cast("Shock", player="Bob", target=mine)
    game.cast("Shock", target=theirs)
    assert mine.zone == "battlefield" and mine.damage == 0
    assert theirs.zone == "graveyard"


def test_rune_tail_unflipped_prevents_nothing(game: Game) -> None:
    """Rune-Tail, Kitsune Ascendant: "No abilities other than the one that flips it." """
    game.put("Rune-Tail, Kitsune Ascendant")
    mine = game.put("Grizzly Bears")
    game.cast("Shock", player="Bob", target=mine)
    assert mine.zone == "graveyard"


def test_erayos_essence_counters_opponents_first_spell(game: Game) -> None:
    """Erayo's Essence: "Each opponent's first spell of every turn is countered as it is
    cast." -- the second is not, nor its controller's own."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    mine = game.cast("Grizzly Bears")
    first = game.cast("Grizzly Bears", player="Bob")
    second = game.cast("Runeclaw Bear", player="Bob")
    assert mine.zone == "battlefield"
    assert first.zone == "graveyard"
    assert second.zone == "battlefield"


def test_erayos_essence_every_turn(game: Game) -> None:
    """Erayo's Essence: "... first spell of every turn ..." -- again on the next turn."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.cast("Grizzly Bears", player="Bob")
    game.next_turn()
    again = game.cast("Runeclaw Bear", player="Bob")
    assert again.zone == "graveyard"


def test_erayo_unflipped_flying_and_no_countering(game: Game) -> None:
    """Erayo, Soratami Ascendant: "Flying" -- and unflipped it counters nothing."""
    erayo = game.put("Erayo, Soratami Ascendant")
    assert "Flying" in erayo.keywords
    first = game.cast("Grizzly Bears", player="Bob")
    assert first.zone == "battlefield"


def test_kuons_essence_each_player_sacrifices(game: Game) -> None:
    """Kuon's Essence: "At the start of every player's upkeep, that player sacrifices a
    creature." """
    game.put("Kuon, Ogre Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn()  # Bob's upkeep
    assert theirs.zone == "graveyard"
    assert mine.zone == "battlefield"
    game.next_turn()  # Alice's upkeep
    assert mine.zone == "graveyard"


def test_homuras_essence_anthem_and_flying(game: Game) -> None:
    """Homura's Essence: "Your creatures get +2/+2 and flying" -- not the opponent's."""
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    assert (mine.power, mine.toughness) == (4, 4)
    assert "Flying" in mine.keywords
    assert (theirs.power, theirs.toughness) == (2, 2)
    assert "Flying" not in theirs.keywords


def test_homuras_essence_firebreathing_until_end_of_turn(game: Game) -> None:
    """Homura's Essence: "... each of them can pay {R} to get +1/+0 until end of turn." """
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    game.activate(mine)
    assert mine.power == 5
    game.next_turn()
    assert mine.power == 4
    theirs = game.put("Runeclaw Bear", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(theirs)


def test_homura_cannot_block(game: Game) -> None:
    """Homura, Human Ascendant: "It can't block." """
    homura = game.put("Homura, Human Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    with pytest.raises(IllegalActionError):
        game.block(homura, bears)


def test_sasayas_essence_extra_mana(game: Game) -> None:
    """Sasaya's Essence: "Whenever a land you control is tapped for mana, you get one more
    mana of a type it made for each other land you control with the same name." """
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    forest = game.put("Forest")
    game.put("Forest")
    game.put("Forest")
    game.put("Island")
    game.put("Forest", owner="Bob")
    game.tap_for_mana(forest)
    assert game.mana_pool("Alice").get("G", 0) == 3


def test_sasayas_essence_only_your_lands(game: Game) -> None:
    """Sasaya's Essence: "Whenever a land you control ..." -- Bob's Forest gets no extra."""
    game.put("Sasaya, Orochi Ascendant", flipped=True)
    game.put("Forest")
    theirs = game.put("Forest", owner="Bob")
    game.tap_for_mana(theirs)
    assert game.mana_pool("Bob").get("G", 0) == 1


def test_sasaya_reveal_without_seven_lands(game: Game) -> None:
    """Sasaya, Orochi Ascendant: "Reveal your hand: check it for lands" -- fewer than seven
    lands, it stays unflipped."""
    sasaya = game.put("Sasaya, Orochi Ascendant")
    for _ in range(6):
        game.put("Forest", zone="hand")
    game.activate(sasaya)
    assert not sasaya.flipped
    assert len(game.objects("hand", "Alice")) == 6


# --- Costs paid from the mana pool ------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_nighteyes_mana_cost_required(edition: str) -> None:
    """Nighteyes: "{4}{B}: ..." -- with costs paid, it cannot be activated without the mana."""
    game = Game(edition, costs="paid")
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(nighteyes, target=bears)
    assert bears.zone == "graveyard"
    game.add_mana("Alice", "{B}{B}{B}{B}{B}")
    game.activate(nighteyes, target=bears)
    assert bears.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_jaraku_controller_pays_two(edition: str) -> None:
    """Jaraku: "... unless its controller pays {2}." -- with costs paid, Bob pays from his
    pool and his spell resolves."""
    game = Game(edition, costs="paid")
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    game.add_mana("Bob", "{R}{G}{G}{G}")
    with game.holding_priority():
        spell = game.cast("Shock", player="Bob", target="Alice")
        game.activate(jaraku, target=spell, pays=True)
    game.resolve_stack()
    assert game.life("Alice") == 18
    assert sum(game.mana_pool("Bob").values()) == 1


def test_tobita_filter_sanity() -> None:
    """Tobita (2004 "in play"): a flipped Tobita's flying reaches a creature that arrives
    later too."""
    game = Game("2004")
    game.put("Student of Elements", flipped=True)
    later = game.cast("Grizzly Bears")
    assert "Flying" in later.keywords
    assert game.search("battlefield", "Alice", Filter(name="Grizzly Bears")) == [later]


# --- Further edges ------------------------------------------------------------------------


def test_dokai_token_size_fixed_once_created(game: Game) -> None:
    """Dokai (Oracle: "Create an X/X green Elemental creature token, where X is the number of
    lands you control.") -- X is fixed as the ability resolves; a later land changes
    nothing."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.put("Forest")
    game.put("Forest")
    game.activate(dokai)
    game.put("Forest")
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert (tokens[0].power, tokens[0].toughness) == (2, 2)


def test_azamuki_stolen_creature_is_summoning_sick(game: Game) -> None:
    """Azamuki: "Take control of a target creature until end of turn." -- Alice has not
    controlled it since her turn began, so it cannot attack (no haste)."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=bears)
    with pytest.raises(IllegalActionError):
        game.attack([bears])


def test_azamuki_stolen_haste_creature_attacks(game: Game) -> None:
    """Azamuki takes Bob's Akki Lavarunner ("Haste"): it can attack Bob this turn."""
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    akki = game.put("Akki Lavarunner", owner="Bob")
    game.activate(azamuki, target=akki)
    game.attack([akki])
    assert game.attacking(akki) == "Bob"


def test_ichiga_target_gone_counter_spent(game: Game) -> None:
    """Ichiga: "Remove a ki counter from it: A target creature gets +2/+2" -- the cost is
    paid on activation even if the target is gone when it resolves."""
    ichiga = game.put("Budoka Pupil", flipped=True)
    game.add_counters(ichiga, "ki", 1)
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.activate(ichiga, target=bears)
        game.move(bears, "graveyard")
    game.resolve_stack()
    assert ichiga.counters.get("ki", 0) == 0
    assert (ichiga.power, ichiga.toughness) == (4, 3)


def test_jaraku_needs_a_spell_target(game: Game) -> None:
    """Jaraku: "Counter a target spell ..." -- a permanent is not a spell."""
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    bears = game.put("Grizzly Bears", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(jaraku, target=bears)
    assert jaraku.counters.get("ki", 0) == 1


def test_scarmaker_fear_black_creature_may_block(game: Game) -> None:
    """Scarmaker: "... gains fear" -- a black creature can still block it."""
    scar = game.put("Hired Muscle", flipped=True)
    game.add_counters(scar, "ki", 1)
    bears = game.put("Grizzly Bears")
    rat = game.put("Nezumi Shortfang", owner="Bob")
    game.activate(scar, target=bears)
    game.attack([bears])
    game.block(rat, bears)
    assert game.blocking(rat) == bears


def test_tok_tok_combat_damage_to_player(game: Game) -> None:
    """Tok-Tok, a red creature: "Damage that a red source deals to a player is increased by
    1." -- its own 2 combat damage becomes 3."""
    tok = game.put("Akki Lavarunner", flipped=True)
    game.attack([tok])
    game.combat_damage()
    game.resolve_stack()
    assert game.life("Bob") == 17


def test_tok_tok_protection_prevents_red_damage(game: Game) -> None:
    """Tok-Tok: "Protection from red" -- damage a red source would deal to it is prevented."""
    tok = game.put("Akki Lavarunner", flipped=True)
    goblin = game.put("Akki Lavarunner", owner="Bob")
    game.deal_damage(goblin, tok, 2)
    assert tok.zone == "battlefield" and tok.damage == 0


def test_akki_lavarunner_unflipped_no_extra_damage(game: Game) -> None:
    """Akki Lavarunner has only "Haste" (and its flip ability): no extra damage."""
    game.put("Akki Lavarunner", owner="Bob")
    game.cast("Shock", target="Bob")
    assert game.life("Bob") == 18


@pytest.mark.parametrize("edition", EDITIONS)
def test_stabwhisker_each_opponent(edition: str) -> None:
    """Stabwhisker: "At the start of each opponent's upkeep ..." -- with two opponents, both
    lose life on their own upkeeps."""
    game = Game(edition, players=("Alice", "Bob", "Carol"))
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert game.life("Bob") == 17
    assert game.life("Carol") == 20
    game.next_turn()
    assert game.life("Carol") == 17


@pytest.mark.parametrize("edition", EDITIONS)
def test_erayos_essence_each_opponent(edition: str) -> None:
    """Erayo's Essence: "Each opponent's first spell of every turn is countered" -- Bob's and
    Carol's first spells both."""
    game = Game(edition, players=("Alice", "Bob", "Carol"))
    game.put("Erayo, Soratami Ascendant", flipped=True)
    bob = game.cast("Grizzly Bears", player="Bob")
    carol = game.cast("Grizzly Bears", player="Carol")
    assert bob.zone == "graveyard"
    assert carol.zone == "graveyard"


def test_erayos_essence_controllers_spell_on_opponents_turn(game: Game) -> None:
    """Erayo's Essence: "Each opponent's first spell ..." -- on Bob's turn Alice's own first
    spell is not countered, Bob's is."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.next_turn()
    mine = game.cast("Giant Growth", player="Alice", target=game.put("Grizzly Bears"))
    theirs = game.cast("Runeclaw Bear", player="Bob")
    assert mine.zone == "graveyard"
    assert game.objects("battlefield", "Alice")[-1].power == 5
    assert theirs.zone == "graveyard"


def test_rune_tails_essence_you_is_controller(game: Game) -> None:
    """Rune-Tail's Essence: "... creatures you control ..." -- under Bob's control it shields
    Bob's creatures, not Alice's."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True, controller="Bob")
    alices = game.put("Grizzly Bears")
    bobs = game.put("Runeclaw Bear", owner="Bob")
    game.cast("Shock", target=bobs)
    game.cast("Shock", player="Bob", target=alices)
    assert bobs.zone == "battlefield"
    assert alices.zone == "graveyard"


def test_rune_tails_essence_prevents_combat_damage(game: Game) -> None:
    """Rune-Tail's Essence: "Damage that would be dealt to creatures you control is
    prevented." -- combat damage too."""
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    attacker = game.put("Grizzly Bears")
    blocker = game.put("Runeclaw Bear", owner="Bob")
    game.attack([attacker])
    game.block(blocker, attacker)
    game.combat_damage()
    game.resolve_stack()
    assert attacker.zone == "battlefield" and attacker.damage == 0
    assert blocker.zone == "graveyard"


def test_kuons_essence_no_creature_no_sacrifice(game: Game) -> None:
    """Kuon's Essence: "that player sacrifices a creature" -- Bob has none; Alice's creature
    is untouched on Bob's upkeep."""
    kuon = game.put("Kuon, Ogre Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    game.next_turn()
    assert mine.zone == "battlefield"
    assert kuon.zone == "battlefield"


def test_kuon_unflipped_no_sacrifice(game: Game) -> None:
    """Kuon, Ogre Ascendant (a creature, unflipped) has no upkeep ability."""
    game.put("Kuon, Ogre Ascendant")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn()
    assert theirs.zone == "battlefield"


def test_homuras_essence_not_itself(game: Game) -> None:
    """Homura's Essence is an enchantment: "Your creatures get +2/+2" does not make it a
    creature or give it power."""
    essence = game.put("Homura, Human Ascendant", flipped=True)
    assert essence.power is None
    assert "Creature" not in essence.types


def test_shidako_sacrifice_itself_target_other(game: Game) -> None:
    """Shidako: "sacrifice a creature" -- Shidako itself may be sacrificed; the ability still
    resolves."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=shidako)
    assert shidako.zone == "graveyard"
    assert (bears.power, bears.toughness) == (5, 5)


def test_shidako_sacrificed_target_does_nothing(game: Game) -> None:
    """Shidako: the target is chosen before the cost is paid; sacrificing the target
    leaves the ability without a legal target."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=bears)
    assert bears.zone == "graveyard"
    assert (shidako.power, shidako.toughness) == (3, 3)


def test_nighteyes_from_own_graveyard(game: Game) -> None:
    """Nighteyes: "... from any graveyard ..." -- its controller's own too."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    mine = game.put("Grizzly Bears", zone="graveyard")
    game.activate(nighteyes, target=mine)
    assert mine.zone == "battlefield" and mine.controller == "Alice"


def test_nighteyes_returns_flip_card_unflipped(game: Game) -> None:
    """Nighteyes returns a hero card: it enters with its normal characteristics (508.2)."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    kenzo_card = game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob")
    game.activate(nighteyes, target=kenzo_card)
    assert kenzo_card.name == "Bushi Tenderfoot"
    assert not kenzo_card.flipped


def test_graverobber_target_gone(game: Game) -> None:
    """Nezumi Graverobber: "Exile a target card from an opponent's graveyard" -- gone from
    the graveyard before it resolves, nothing is exiled and it does not flip."""
    robber = game.put("Nezumi Graverobber")
    shock = game.put("Shock", zone="graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(robber, target=shock)
        game.move(shock, "hand")
    game.resolve_stack()
    assert shock.zone == "hand"
    assert not robber.flipped


def test_autumn_tail_target_aura_gone(game: Game) -> None:
    """Autumn-Tail: "Move an Aura that is attached to a creature" -- an Aura gone before
    resolution is not moved."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Grizzly Bears", owner="Bob")
    second = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", attached_to=first)
    with game.holding_priority():
        game.activate(autumn, target=pacifism, to=second)
        game.move(pacifism, "graveyard")
    game.resolve_stack()
    assert game.auras_on(second) == []


def test_tomoya_target_yourself(game: Game) -> None:
    """Tomoya: "A target player draws as many cards as you have in your hand." -- Alice may
    target herself: she draws as many as she holds."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill_hand(game, "Alice", 2)
    fill_library(game, "Alice", 5)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 4


def test_jushi_apprentice_you_is_controller(game: Game) -> None:
    """Jushi Apprentice: "Draw a card." -- its controller (Bob) draws, not its owner."""
    jushi = game.put("Jushi Apprentice", controller="Bob")
    fill_library(game, "Bob", 2)
    fill_library(game, "Alice", 2)
    game.activate(jushi)
    assert len(game.objects("hand", "Bob")) == 1
    assert len(game.objects("hand", "Alice")) == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_jaraku_controller_cannot_pay(edition: str) -> None:
    """Jaraku: "Counter a target spell unless its controller pays {2}." -- Bob, with no mana
    left, cannot pay: the spell is countered."""
    game = Game(edition, costs="paid")
    jaraku = game.put("Callow Jushi", flipped=True)
    game.add_counters(jaraku, "ki", 1)
    game.add_mana("Bob", "{R}")
    with game.holding_priority():
        spell = game.cast("Shock", player="Bob", target="Alice")
        game.activate(jaraku, target=spell, pays=True)
    game.resolve_stack()
    assert game.life("Alice") == 20
    assert spell.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_homuras_essence_firebreathing_costs_red(edition: str) -> None:
    """Homura's Essence: "... each of them can pay {R} to get +1/+0" -- not without {R}."""
    game = Game(edition, costs="paid")
    game.put("Homura, Human Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    with pytest.raises(IllegalActionError):
        game.activate(mine)
    assert mine.power == 4
    game.add_mana("Alice", "{R}")
    game.activate(mine)
    assert mine.power == 5


def test_stabwhisker_empty_hand_loses_three(game: Game) -> None:
    """Stabwhisker: "... loses 1 life for each card their hand is short of three." -- an
    empty hand is three short."""
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert game.life("Bob") == 17
