"""A third audit, of the ten Champions of Kamigawa flip cards only.

Each test is a situation a judge would rule on, written from the cards' Oracle text and
their rulings (the Champions of Kamigawa FAQ, the official rulings) and from the
comprehensive rules, not from the model. The expected answer
is explained in each docstring. Situations on which both editions agree use the ``game``
fixture (run under "2004" and "current"); the others name their edition.

Oracle text relied on (paraphrased):

- Bushi Tenderfoot: when a creature dealt damage by it this turn dies, flip it.
  Kenzo the Hardhearted: double strike; bushido 2.
- Kitsune Mystic: at the beginning of the end step, if it is enchanted by two or more Auras,
  flip it. Autumn-Tail: {1}: attach target Aura attached to a creature to another creature.
- Jushi Apprentice: {2}{U}, {T}: draw a card; if you have nine or more cards in hand, flip
  it. Tomoya: {3}{U}{U}, {T}: target player draws X cards, X = cards in your hand.
- Student of Elements: when it has flying, flip it. Tobita: creatures you control have flying.
- Nezumi Graverobber: {1}{B}: exile target card from an opponent's graveyard; if no cards are
  in that graveyard, flip it. Nighteyes: {4}{B}: put target creature card from a graveyard
  onto the battlefield under your control.
- Nezumi Shortfang: {1}{B}, {T}: target opponent discards a card; then if that player has no
  cards in hand, flip it. Stabwhisker: at the beginning of each opponent's upkeep, that player
  loses 1 life for each card fewer than three in their hand.
- Akki Lavarunner: haste; whenever it deals damage to an opponent, flip it. Tok-Tok:
  protection from red; if a red source would deal damage to a player, it deals that much
  damage plus 1 to that player instead.
- Initiate of Blood: {T}: it deals 1 damage to target creature that was dealt damage this
  turn; when that creature dies this turn, flip it. Goka: {T}: 4 damage to target creature
  that was dealt damage this turn.
- Budoka Gardener: {T}: you may put a land card from your hand onto the battlefield; if you
  control ten or more lands, flip it. Dokai: {4}{G}{G}, {T}: create an X/X green Elemental
  creature token, X = the number of lands you control.
- Orochi Eggwatcher: {2}{G}, {T}: create a 1/1 green Snake token; if you control ten or more
  creatures, flip it. Shidako: {G}, sacrifice a creature: target creature gets +3/+3 until end
  of turn.
"""

from __future__ import annotations

import contextlib

import pytest

from flipcards import EDITIONS, Filter, Game, GameObject, IllegalActionError


def flips(game: Game) -> list[str]:
    """The names of what flipped, in order, read from the log."""
    return [line.split(" flips:")[0] for line in game.log if " flips: it is now " in line]


def fill(game: Game, name: str, zone: str, n: int, owner: str = "Alice") -> list[GameObject]:
    return [game.put(name, zone, owner=owner) for _ in range(n)]


def ready(game: Game) -> None:
    """Go to the active player's next turn (what arrived before is no longer sick)."""
    game.next_turn()
    game.next_turn()


def creatures(game: Game, player: str) -> list[GameObject]:
    return [o for o in game.objects("battlefield", player) if "Creature" in o.types]


def shock(game: Game, owner: str = "Alice") -> GameObject:
    """A red source to deal damage with (the Shock card, as if it were resolving)."""
    return game.put("Shock", "graveyard", owner=owner)


# === Bushi Tenderfoot / Kenzo the Hardhearted ==================================================

def test_tenderfoot_blocked_creature_survives_combat_and_dies_later_that_turn(
        game: Game) -> None:
    """CHK FAQ and rulings: if Bushi Tenderfoot deals damage to a creature (in combat or not)
    and that creature is put into a graveyard later in the same turn, Tenderfoot flips. Here a
    1/3 Tenderfoot is blocked by a 2/2; both survive combat, then a Shock finishes the 2/2 in
    the second main phase: Tenderfoot flips into Kenzo, keeping its +0/+2 and its damage."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", tenderfoot, power=0, toughness=2)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.attack([tenderfoot])
    game.block(bears, tenderfoot)
    game.combat_damage()
    assert bears.damage == 1 and tenderfoot.damage == 2 and not tenderfoot.flipped
    game.end_combat()
    game.deal_damage(shock(game), bears, 1)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (3, 6, 2)


def test_tenderfoot_damaged_creature_exiled_did_not_die(game: Game) -> None:
    """"Dies" means put into a graveyard from the battlefield (700.4). A creature Tenderfoot
    damaged that is exiled instead has not died: no flip."""
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.move(bears, "exile")
    assert game.creatures_died_this_turn == 0
    assert not tenderfoot.flipped and flips(game) == []


def test_tenderfoot_a_token_it_damaged_dies_and_it_flips(game: Game) -> None:
    """A token creature goes to the graveyard before it ceases to exist (111.7, 704.5d), so
    it dies: a Snake token killed by Tenderfoot's 1 damage flips it."""
    tenderfoot = game.put("Bushi Tenderfoot")
    snake = game.create_token("Snake", "Bob")
    game.deal_damage(tenderfoot, snake, 1)
    assert snake.zone is None
    assert tenderfoot.name == "Kenzo the Hardhearted"


def test_tenderfoot_creature_it_damaged_sacrificed_to_shidako_flips_it(game: Game) -> None:
    """Sacrificing puts the creature into its owner's graveyard from the battlefield, so it
    dies. Alice's Tenderfoot damaged her own Grizzly Bears; she sacrifices them to pay for
    Shidako's ability targeting Tenderfoot: Tenderfoot flips, and Kenzo (3/4) gets +3/+3."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot")
    bears = game.put("Grizzly Bears")
    game.deal_damage(tenderfoot, bears, 1)
    game.activate(shidako, target=tenderfoot, sacrifice=bears)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness) == (6, 7)


def test_tenderfoot_flips_in_the_first_strike_step_and_kenzo_strikes_again(game: Game) -> None:
    """510.4 (2004: 502.2): the second combat damage step is for creatures that did not deal
    first-strike damage *and those that now have double strike*. Tenderfoot (given first
    strike) attacks unblocked with a first-striking Grizzly Bears; Bob's Runeclaw Bear, which
    Tenderfoot had already damaged this turn, blocks the Bears and dies in the first-strike
    step. Tenderfoot has dealt 1 to Bob, flips into Kenzo (double strike) before the regular
    step, and deals 3 more. Bob: 20 - 1 - 3 = 16."""
    tenderfoot, blocker = _tenderfoot_beside_a_first_striker(game, first_strike=True)
    assert blocker.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert game.life("Bob") == 16


def _tenderfoot_beside_a_first_striker(game: Game, *, first_strike: bool
                                       ) -> tuple[GameObject, GameObject]:
    """Tenderfoot (with first strike or not) and a first-striking Grizzly Bears attack; Bob's
    Runeclaw Bear, which Tenderfoot damaged earlier this turn, blocks the Bears; combat
    damage is dealt. Returns Tenderfoot and the blocker."""
    tenderfoot = game.put("Bushi Tenderfoot")
    if first_strike:
        game.add_effect("add_keyword", tenderfoot, keyword="First strike")
    striker = game.put("Grizzly Bears")
    game.add_effect("add_keyword", striker, keyword="First strike")
    blocker = game.put("Runeclaw Bear", owner="Bob")
    game.deal_damage(tenderfoot, blocker, 1)
    game.attack([tenderfoot, striker])
    game.block(blocker, striker)
    game.combat_damage()
    return tenderfoot, blocker


def test_tenderfoot_that_flips_after_becoming_blocked_gets_no_bushido(game: Game) -> None:
    """Bushido triggers when the creature blocks or becomes blocked (702.45a). Tenderfoot
    (given first strike) became blocked by a 1/1 Snake while it had no bushido; it kills the
    Snake in the first-strike step and flips. Kenzo does not retroactively get +2/+2: it is a
    3/4, undamaged, and Bob takes nothing (a blocked creature without trample)."""
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("add_keyword", tenderfoot, keyword="First strike")
    snake = game.create_token("Snake", "Bob")
    game.attack([tenderfoot])
    game.block(snake, tenderfoot)
    game.combat_damage()
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert (tenderfoot.power, tenderfoot.toughness, tenderfoot.damage) == (3, 4, 0)
    assert game.life("Bob") == 20


def test_kenzo_blocks_tok_tok_protection_from_red_does_not_stop_a_white_blocker(
        game: Game) -> None:
    """Protection from red stops red creatures from blocking Tok-Tok (702.16f), not white
    ones. Kenzo blocks the attacking Tok-Tok; bushido makes Kenzo 5/6; its first-strike
    damage (white, not prevented) kills Tok-Tok before Tok-Tok deals any."""
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    toktok = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.next_turn()                                       # Bob's turn
    game.attack([toktok])
    game.block(kenzo, toktok)
    game.combat_damage()
    assert toktok.zone == "graveyard"
    assert (kenzo.power, kenzo.toughness, kenzo.damage) == (5, 6, 0)
    assert game.life("Alice") == 20


# === Kitsune Mystic / Autumn-Tail, Kitsune Sage ================================================

def test_autumn_tail_cannot_attach_an_aura_to_a_creature_it_cannot_enchant(game: Game) -> None:
    """Autumn-Tail ruling and 701.3b: the new creature is not targeted, but the Aura must
    be able to legally enchant it; if an effect tries to attach an Aura to an object it
    can't enchant, the Aura does not move. Pacifism (white) cannot enchant a creature with
    protection from white (702.16c; 2004: 502.7c): it stays on Autumn-Tail. (Refusing the
    activation outright would also leave Pacifism where it is; what must not happen is
    Pacifism ending up elsewhere.)"""
    autumn = game.put("Kitsune Mystic", flipped=True)
    pacifism = game.put("Pacifism", attached_to=autumn)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("add_keyword", bears, keyword="Protection from white")
    with contextlib.suppress(IllegalActionError):
        game.activate(autumn, target=pacifism, to=bears)
    assert pacifism.zone == "battlefield"
    assert pacifism.attached_to == autumn


def test_autumn_tail_has_no_tap_cost_and_moving_an_aura_keeps_its_controller(
        game: Game) -> None:
    """Autumn-Tail's ability costs only {1}: a Kitsune Mystic cast this turn and flipped can
    use it at once, and again. Attaching is not a control change: Bob's Pacifism stays
    Bob's wherever it goes."""
    autumn = game.cast("Kitsune Mystic")
    game.flip(autumn)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    pacifism = game.put("Pacifism", owner="Bob", attached_to=mine)
    game.activate(autumn, target=pacifism, to=theirs)
    assert pacifism.attached_to == theirs and pacifism.controller == "Bob"
    game.activate(autumn, target=pacifism, to=autumn)
    assert pacifism.attached_to == autumn and pacifism.controller == "Bob"


def test_pacifism_falls_off_a_creature_that_gains_protection_from_white(game: Game) -> None:
    """702.16c and 704.5m (2004: 502.7c, 420.5d): a creature with protection from white
    can't be enchanted by white Auras; a white Aura already on it is put into its owner's
    graveyard as a state-based action. (The counterpart of the Autumn-Tail test above: the
    same illegality, reached without moving the Aura.)"""
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears)
    game.add_effect("add_keyword", bears, keyword="Protection from white")
    assert pacifism.zone == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_autumn_tail_feeds_a_second_mystic_that_flips_into_a_second_legend(edition: str) -> None:
    """Autumn-Tail moves one of its two Pacifisms onto Alice's other Kitsune Mystic, which
    now has two Auras at the end step and flips: a second Autumn-Tail. 2004 (420.5e): both go
    to the graveyard. Today (704.5j): Alice keeps one (the original here); the other goes, and
    the Auras on it go to the graveyard as state-based actions."""
    game = Game(edition)
    autumn = game.put("Kitsune Mystic", flipped=True)
    first = game.put("Pacifism", attached_to=autumn)
    moved = game.put("Pacifism", attached_to=autumn)
    mystic = game.put("Kitsune Mystic")
    other = game.put("Pacifism", attached_to=mystic)
    game.activate(autumn, target=moved, to=mystic)
    assert len(game.auras_on(mystic)) == 2 and len(game.auras_on(autumn)) == 1
    game.end_step(keep=[autumn])
    assert flips(game) == ["Kitsune Mystic"]
    assert mystic.zone == "graveyard" and moved.zone == other.zone == "graveyard"
    if edition == "2004":
        assert autumn.zone == "graveyard" and first.zone == "graveyard"
    else:
        assert autumn.zone == "battlefield" and first.attached_to == autumn


# === Jushi Apprentice / Tomoya the Revealer ====================================================

def test_jushi_ability_still_draws_if_jushi_leaves_but_it_does_not_flip(game: Game) -> None:
    """113.7a: an activated ability on the stack exists independently of its source. Jushi
    Apprentice with eight cards in hand activates; in response it is exiled. The ability
    still draws the ninth card, but the card that flips would be a new object (400.7): it
    does not flip, and it comes back as Jushi Apprentice."""
    jushi = game.put("Jushi Apprentice")
    fill(game, "Island", "hand", 8)
    game.put("Shock", "library")
    with game.holding_priority():
        game.activate(jushi)
        game.move(jushi, "exile")
    game.resolve_stack()
    assert len(game.objects("hand", "Alice")) == 9
    assert jushi.zone == "exile" and flips(game) == []
    game.move(jushi, "battlefield")
    assert jushi.name == "Jushi Apprentice"


def test_tomoya_targeting_its_controller_counts_the_hand_once(game: Game) -> None:
    """Tomoya: X is the number of cards in your hand as the ability resolves, counted once
    (608.2h); the cards drawn do not raise X while drawing. With three cards Alice targets
    herself and draws three: six cards."""
    tomoya = game.put("Jushi Apprentice", flipped=True)
    fill(game, "Island", "hand", 3)
    fill(game, "Shock", "library", 10)
    game.activate(tomoya, target="Alice")
    assert len(game.objects("hand", "Alice")) == 6


def test_gardener_flips_tapped_so_dokai_must_wait_to_use_its_tap_ability(game: Game) -> None:
    """508 ruling 2 and 508.3: flipping changes no status. Budoka Gardener tapped to pay for
    its ability, which put its tenth land and flipped it: Dokai is tapped and cannot pay its
    own {T} this turn. On Alice's next turn it untaps and makes a 10/10 Elemental."""
    gardener = game.put("Budoka Gardener")
    fill(game, "Forest", "battlefield", 9)
    land = game.put("Forest", "hand")
    game.activate(gardener, land=land)
    assert land.zone == "battlefield"
    assert gardener.name == "Dokai, Weaver of Life" and gardener.tapped
    with pytest.raises(IllegalActionError, match="tapped"):
        game.activate(gardener)
    ready(game)
    game.activate(gardener)
    elementals = [o for o in game.objects("battlefield", "Alice") if o.name == "Elemental"]
    assert [(e.power, e.toughness) for e in elementals] == [(10, 10)]


@pytest.mark.parametrize("name", ["Jushi Apprentice", "Nezumi Shortfang", "Budoka Gardener",
                                  "Orochi Eggwatcher"])
def test_top_half_tap_abilities_cannot_be_used_the_turn_the_creature_arrives(
        game: Game, name: str) -> None:
    """302.6 (2004: 212.3d): a creature's {T} ability can be activated only if it has been
    under its controller's control since their most recent turn began. Each of these heroes'
    flip abilities costs {T}; cast this turn, none can be used."""
    hero = game.cast(name)
    game.put("Shock", "library")
    game.put("Island", "hand", owner="Bob")
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(hero, target="Bob" if name == "Nezumi Shortfang" else None)
    assert not hero.tapped


@pytest.mark.parametrize("name", ["Jushi Apprentice", "Budoka Gardener"])
def test_flipped_half_tap_abilities_are_summoning_sick_too(game: Game, name: str) -> None:
    """302.6: Tomoya's and Dokai's abilities cost {T}. A hero cast this turn and flipped at
    once (by an instruction) still arrived this turn: neither can be used."""
    hero = game.cast(name)
    game.flip(hero)
    fill(game, "Shock", "library", 3, owner="Bob")
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.activate(hero, target="Bob" if name == "Jushi Apprentice" else None)


@pytest.mark.parametrize("name", ["Nezumi Graverobber", "Kitsune Mystic", "Orochi Eggwatcher"])
def test_flipped_or_top_abilities_without_tap_work_the_turn_it_arrives(
        game: Game, name: str) -> None:
    """302.6 applies only to {T}/{Q} costs. Nezumi Graverobber ({1}{B}), Autumn-Tail ({1}),
    and Shidako ({G}, sacrifice a creature) can be used the turn they arrive."""
    hero = game.cast(name)
    if name == "Nezumi Graverobber":
        card = game.put("Shock", "graveyard", owner="Bob")
        game.activate(hero, target=card)
        assert card.zone == "exile" and hero.name == "Nighteyes the Desecrator"
        return
    game.flip(hero)
    bears = game.put("Grizzly Bears")
    if name == "Kitsune Mystic":
        pacifism = game.put("Pacifism", attached_to=bears)
        game.activate(hero, target=pacifism, to=hero)
        assert pacifism.attached_to == hero
    else:
        fodder = game.put("Runeclaw Bear")
        game.activate(hero, target=bears, sacrifice=fodder)
        assert fodder.zone == "graveyard" and bears.power == 5


# === Student of Elements / Tobita, Master of Winds =============================================

def test_student_controlled_by_the_opponent_gets_no_flying_from_tobita(game: Game) -> None:
    """Tobita: "Creatures you control have flying": Bob's Student of Elements is not Alice's
    creature, has no flying, and does not flip."""
    tobita = game.put("Student of Elements", flipped=True)
    theirs = game.put("Student of Elements", owner="Bob")
    assert "Flying" in tobita.keywords
    assert "Flying" not in theirs.keywords and not theirs.flipped


def test_student_gets_flying_from_homuras_essence_and_flips(game: Game) -> None:
    """Student of Elements flips whenever it has flying, whatever the source: Homura's
    Essence gives Alice's creatures +2/+2 and flying, so a Student that enters flips, and
    Tobita is a 5/5 with flying."""
    game.put("Homura, Human Ascendant", flipped=True)
    student = game.put("Student of Elements")
    assert student.name == "Tobita, Master of Winds"
    assert (student.power, student.toughness) == (5, 5) and "Flying" in student.keywords


# === Nezumi Graverobber / Nighteyes the Desecrator =============================================

def test_graverobber_checks_the_graveyard_on_resolution(game: Game) -> None:
    """"If no cards are in that graveyard" is checked as the ability resolves, after the
    exile. Bob's graveyard holds only the target; in response a creature of Bob's dies and
    goes there. The target is exiled, one card remains: no flip."""
    robber = game.put("Nezumi Graverobber")
    last = game.put("Shock", "graveyard", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.activate(robber, target=last)
        game.damage(bears, 2)
    game.resolve_stack()
    assert last.zone == "exile" and bears.zone == "graveyard"
    assert not robber.flipped


def test_graverobber_looks_only_at_that_opponents_graveyard_with_three_players() -> None:
    """"That graveyard" is the graveyard of the target card's owner. With three players,
    Carol's full graveyard does not matter: exiling Bob's last card flips the Graverobber."""
    for edition in EDITIONS:
        game = Game(edition, ["Alice", "Bob", "Carol"])
        robber = game.put("Nezumi Graverobber")
        fill(game, "Shock", "graveyard", 3, owner="Carol")
        last = game.put("Grizzly Bears", "graveyard", owner="Bob")
        game.activate(robber, target=last)
        assert robber.name == "Nighteyes the Desecrator", edition


def test_nighteyes_reanimated_creature_is_summoning_sick_for_its_new_controller(
        game: Game) -> None:
    """The creature Nighteyes returns is a new object that came under Alice's control this
    turn (302.6): it cannot attack this turn. Its owner is still Bob."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    assert bears.controller == "Alice" and bears.owner == "Bob"
    with pytest.raises(IllegalActionError, match="summoning sickness"):
        game.attack([bears])


def test_nighteyes_target_that_left_the_graveyard_returns_nothing(game: Game) -> None:
    """608.2b: the target creature card is exiled in response (say by a Graverobber): the
    ability does nothing, and the card stays in exile."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    robber = game.put("Nezumi Graverobber", owner="Bob")
    card = game.put("Grizzly Bears", "graveyard")
    with game.holding_priority():
        game.activate(nighteyes, target=card)
        game.activate(robber, target=card)
    game.resolve_stack()
    assert card.zone == "exile"
    assert flips(game) == ["Nezumi Graverobber"]              # Alice's graveyard is empty
    # Two Nighteyes: 2004, both go (420.5e); today each player keeps their own (704.5j).
    assert nighteyes.zone == ("graveyard" if game.edition == "2004" else "battlefield")


# === Nezumi Shortfang / Stabwhisker the Odious =================================================

def test_shortfang_ability_resolves_even_if_shortfang_left(game: Game) -> None:
    """113.7a: the ability still makes Bob discard his last card after Shortfang has left
    the battlefield, but there is nothing left to flip."""
    shortfang = game.put("Nezumi Shortfang")
    card = game.put("Shock", "hand", owner="Bob")
    with game.holding_priority():
        game.activate(shortfang, target="Bob")
        game.move(shortfang, "graveyard")
    game.resolve_stack()
    assert card.zone == "graveyard" and game.objects("hand", "Bob") == []
    assert flips(game) == [] and shortfang.zone == "graveyard"


def test_stabwhisker_opponent_with_an_empty_hand_loses_three(game: Game) -> None:
    """Stabwhisker: one life for each card fewer than three: with no cards, three."""
    game.put("Nezumi Shortfang", flipped=True)
    game.next_turn()
    assert game.life("Bob") == 17


def test_stabwhisker_counts_the_hand_as_its_ability_resolves(game: Game) -> None:
    """The number of cards is counted on resolution (608.2h). At Bob's upkeep the trigger
    waits; in response Bob draws two cards; he then loses only 1 life."""
    game.put("Nezumi Shortfang", flipped=True)
    fill(game, "Island", "library", 2, owner="Bob")
    with game.holding_priority():
        game.next_turn()
        assert len(game.stack) == 1
        game.draw("Bob", 2)
    game.resolve_stack()
    assert game.life("Bob") == 19


def test_stabwhisker_trigger_resolves_after_stabwhisker_left(game: Game) -> None:
    """113.7a: the upkeep trigger is independent of its source once on the stack: Stabwhisker
    dies in response, and Bob (no cards) still loses 3."""
    stab = game.put("Nezumi Shortfang", flipped=True)
    with game.holding_priority():
        game.next_turn()
        game.move(stab, "graveyard")
    game.resolve_stack()
    assert game.life("Bob") == 17


# === Akki Lavarunner / Tok-Tok, Volcano Born ===================================================

def test_tok_tok_has_no_haste_an_akki_flipped_the_turn_it_came_cannot_attack(
        game: Game) -> None:
    """Haste is on Akki Lavarunner's half only (508.2: the flipped half replaces the text
    box). An Akki cast this turn and flipped by an instruction is a summoning-sick Tok-Tok:
    it cannot attack."""
    akki = game.cast("Akki Lavarunner")
    game.flip(akki)
    assert "Haste" not in akki.keywords
    with pytest.raises(IllegalActionError, match="haste"):
        game.attack([akki])


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_damages_the_opponent_with_tok_tok_out_and_flips_into_a_second_legend(
        edition: str) -> None:
    """Akki Lavarunner is red: with Alice's Tok-Tok out its 1 damage to Bob becomes 2. It
    then flips into a second Tok-Tok: 2004, both go to the graveyard; today Alice keeps one."""
    game = Game(edition)
    toktok = game.put("Akki Lavarunner", flipped=True)
    akki = game.put("Akki Lavarunner")
    game.deal_damage(akki, "Bob", 1, keep=[toktok])
    assert game.life("Bob") == 18
    assert flips(game) == ["Akki Lavarunner"]
    assert akki.zone == "graveyard"
    assert toktok.zone == ("graveyard" if edition == "2004" else "battlefield")


def test_tok_tok_own_combat_damage_to_a_player_is_increased(game: Game) -> None:
    """Tok-Tok is red (its card is red, 508.1c), so its own combat damage to Bob is a red
    source's damage: 2 + 1."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    game.attack([toktok])
    game.combat_damage()
    assert game.life("Bob") == 17


def test_current_two_tok_toks_of_different_players_each_add_one() -> None:
    """Today each player may control a Tok-Tok (704.5j is per controller). Two replacement
    effects each add 1 (616.1): Shock's 2 damage to Bob becomes 4."""
    game = Game("current")
    game.put("Akki Lavarunner", flipped=True)
    game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.deal_damage(shock(game), "Bob", 2)
    assert game.life("Bob") == 16


@pytest.mark.parametrize("flipped", [True, False], ids=["goka", "initiate"])
def test_red_abilities_cannot_target_tok_tok(game: Game, flipped: bool) -> None:
    """702.16b: a permanent with protection from red can't be the target of abilities from
    red sources. Goka the Unjust and Initiate of Blood are red (the card's color, 508.1c), so
    neither can target Tok-Tok, even though Tok-Tok was dealt damage this turn."""
    red = game.put("Initiate of Blood", flipped=flipped)
    toktok = game.put("Akki Lavarunner", owner="Bob", flipped=True)
    game.deal_damage(game.put("Grizzly Bears"), toktok, 1)
    assert toktok.damage == 1
    with pytest.raises(IllegalActionError):
        game.activate(red, target=toktok)
    assert not red.tapped


def test_tok_tok_blocks_a_red_attacker_and_takes_no_damage(game: Game) -> None:
    """Protection does not stop Tok-Tok from blocking a red creature; the red attacker's
    damage to it is prevented (702.16e). Bob's Akki Lavarunner attacks and is blocked by
    Tok-Tok: Akki dies, Tok-Tok is unhurt, and Akki (which dealt no damage to a player) does
    not flip."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    akki = game.put("Akki Lavarunner", owner="Bob")
    game.next_turn()
    game.attack([akki])
    game.block(toktok, akki)
    game.combat_damage()
    assert toktok.damage == 0 and toktok.zone == "battlefield"
    assert akki.zone == "graveyard" and flips(game) == []
    assert game.life("Alice") == 20


# === Initiate of Blood / Goka the Unjust =======================================================

def test_initiate_target_exiled_later_this_turn_did_not_die(game: Game) -> None:
    """"When that creature dies this turn": exile is not dying; no flip."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("modify_pt", bears, power=0, toughness=2)
    game.damage(bears, 1)
    game.activate(initiate, target=bears)
    assert bears.damage == 2
    game.move(bears, "exile")
    assert not initiate.flipped


def test_initiate_and_tenderfoot_both_flip_from_one_death(game: Game) -> None:
    """Tenderfoot damages Bob's 2/2; Initiate of Blood then targets it (it was dealt damage
    this turn) and finishes it. Both Tenderfoot's trigger and Initiate's delayed trigger see
    the same death: both flip."""
    tenderfoot = game.put("Bushi Tenderfoot")
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(tenderfoot, bears, 1)
    game.activate(initiate, target=bears)
    assert bears.zone == "graveyard"
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert initiate.name == "Goka the Unjust"


def test_initiate_target_blinked_in_response_no_damage_no_delayed_trigger(game: Game) -> None:
    """608.2b: the target left and came back (a new object, 400.7, not dealt damage this
    turn): the ability does nothing — no damage, no delayed trigger. The new object dying
    later this turn does not flip the Initiate, which stays tapped."""
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    with game.holding_priority():
        game.activate(initiate, target=bears)
        game.move(bears, "exile")
        game.move(bears, "battlefield")
    game.resolve_stack()
    assert bears.damage == 0 and initiate.tapped
    game.damage(bears, 2)
    assert bears.zone == "graveyard" and not initiate.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_initiate_flips_into_a_second_goka(edition: str) -> None:
    """The delayed trigger flips the Initiate while Alice already controls Goka: 2004, both
    Gokas go to the graveyard (420.5e); today Alice keeps the one she chooses (704.5j)."""
    game = Game(edition)
    goka = game.put("Initiate of Blood", flipped=True)
    initiate = game.put("Initiate of Blood")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.damage(bears, 1)
    game.activate(initiate, target=bears, keep=[goka])
    assert bears.zone == "graveyard" and flips(game) == ["Initiate of Blood"]
    assert initiate.zone == "graveyard"
    assert goka.zone == ("graveyard" if edition == "2004" else "battlefield")


# === Budoka Gardener / Dokai, Weaver of Life ===================================================

def test_gardener_cannot_put_a_land_from_an_opponents_hand(game: Game) -> None:
    """"A land card from your hand": a land in Bob's hand is not a legal choice."""
    gardener = game.put("Budoka Gardener")
    land = game.put("Forest", "hand", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(gardener, land=land)
    assert land.zone == "hand" and not gardener.tapped


def test_dokai_with_no_lands_makes_a_0_0_that_dies_at_once(game: Game) -> None:
    """X is 0 with no lands: the 0/0 Elemental is put into the graveyard as a state-based
    action (704.5f) and ceases to exist; Dokai is tapped anyway."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.activate(dokai)
    assert dokai.tapped
    assert not [o for o in game.objects("battlefield") if o.name == "Elemental"]
    assert any("Elemental" in line for line in game.log)


def test_dokai_token_is_a_green_elemental_creature(game: Game) -> None:
    """The token is "an X/X green Elemental creature token"."""
    dokai = game.put("Budoka Gardener", flipped=True)
    fill(game, "Forest", "battlefield", 2)
    game.activate(dokai)
    token = next(o for o in game.objects("battlefield", "Alice") if o.name == "Elemental")
    assert token.is_token and token.colors == ("G",)
    assert token.types == ("Creature",) and "Elemental" in token.subtypes
    assert (token.power, token.toughness) == (2, 2)


# === Orochi Eggwatcher / Shidako, Broodmistress ================================================

def test_eggwatcher_a_flipped_essence_is_not_a_creature(game: Game) -> None:
    """Only creatures count. Seven Bears, the Eggwatcher and the new Snake are nine; Alice's
    Rune-Tail's Essence is an enchantment and does not make ten. The next Snake does."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 7)
    game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    game.activate(egg)
    assert len(creatures(game, "Alice")) == 9 and not egg.flipped
    ready(game)
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress"


def test_eggwatcher_snake_still_made_if_it_leaves_but_it_does_not_flip(game: Game) -> None:
    """113.7a: the ability resolves without its source: the Snake is created and Alice then
    controls ten creatures, but the Eggwatcher has left and nothing flips."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 9)
    with game.holding_priority():
        game.activate(egg)
        game.move(egg, "graveyard")
    game.resolve_stack()
    assert len(creatures(game, "Alice")) == 10
    assert any(o.name == "Snake" for o in creatures(game, "Alice"))
    assert flips(game) == []


def test_eggwatcher_flips_tapped_and_shidako_needs_no_untapping(game: Game) -> None:
    """Eggwatcher taps for its ability and flips tapped; Shidako's ability has no {T}, so it
    can be used at once."""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 8)
    game.activate(egg)
    assert egg.name == "Shidako, Broodmistress" and egg.tapped
    snake = next(o for o in creatures(game, "Alice") if o.name == "Snake")
    bears = next(o for o in creatures(game, "Alice") if o.name == "Grizzly Bears")
    game.activate(egg, target=bears, sacrifice=snake)
    assert bears.power == 5 and snake.zone is None


def test_shidako_can_sacrifice_itself(game: Game) -> None:
    """"Sacrifice a creature" includes Shidako itself; the ability resolves without it."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=shidako)
    assert shidako.zone == "graveyard"
    assert (bears.power, bears.toughness) == (5, 5)


def test_shidako_sacrificing_its_own_target_the_ability_does_nothing(game: Game) -> None:
    """601.2c/602.2b: targets are chosen before costs are paid. Sacrificing the target makes
    it illegal; the ability does nothing on resolution (608.2b), and the sacrifice stands."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    game.activate(shidako, target=bears, sacrifice=bears)
    assert bears.zone == "graveyard"
    assert (shidako.power, shidako.toughness) == (3, 3)


def test_shidako_cannot_sacrifice_an_opponents_creature(game: Game) -> None:
    """One can sacrifice only a permanent one controls (701.17a)."""
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    theirs = game.put("Grizzly Bears", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(shidako, target=shidako, sacrifice=theirs)
    assert theirs.zone == "battlefield"


# === copies and the legend rule ================================================================

@pytest.mark.parametrize("edition", EDITIONS)
def test_token_copy_of_tok_tok_is_a_hasty_akki_that_attacks_and_flips(edition: str) -> None:
    """Ruling 6 / 707.2: a copy of a flipped Tok-Tok is an unflipped Akki Lavarunner, with
    haste: it attacks the turn it is made. Its 1 damage (red) to Bob is increased by Alice's
    Tok-Tok to 2, and it flips into a second Tok-Tok: 2004, both go (the token ceases to
    exist); today Alice keeps the original she chooses and the token goes."""
    game = Game(edition)
    toktok = game.put("Akki Lavarunner", flipped=True)
    token = game.copy(toktok)
    assert (token.name, token.flipped) == ("Akki Lavarunner", False)
    assert "Haste" in token.keywords
    game.attack([token])
    game.combat_damage(keep=[toktok])
    assert game.life("Bob") == 18
    assert token.zone is None
    assert toktok.zone == ("graveyard" if edition == "2004" else "battlefield")


# === more situations ===========================================================================

def test_tenderfoot_without_first_strike_flips_mid_combat_and_deals_kenzos_damage_once(
        game: Game) -> None:
    """510.4 (2004: 502.2): Tenderfoot, with no first strike, attacks unblocked alongside a
    first-striking Grizzly Bears. Bob's Runeclaw Bear, already damaged by Tenderfoot this
    turn, blocks the Bears and dies in the first-strike step: Tenderfoot flips into Kenzo.
    In the regular step Kenzo deals damage with its current power, 3, and only once (it
    dealt none in the first step). Bob: 17."""
    tenderfoot, _ = _tenderfoot_beside_a_first_striker(game, first_strike=False)
    assert tenderfoot.name == "Kenzo the Hardhearted"
    assert game.life("Bob") == 17


def test_nighteyes_returns_an_opponents_akki_that_attacks_its_owner_and_flips(
        game: Game) -> None:
    """Nighteyes puts Bob's Akki Lavarunner onto the battlefield under Alice's control. It
    has haste, so it attacks Bob at once; Bob is an opponent of its controller (its owner
    does not matter), so it flips. The flipped Tok-Tok is still Alice's and Bob's card."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    akki = game.put("Akki Lavarunner", "graveyard", owner="Bob")
    game.activate(nighteyes, target=akki)
    game.attack([akki])
    game.combat_damage()
    assert game.life("Bob") == 19
    assert akki.name == "Tok-Tok, Volcano Born"
    assert (akki.controller, akki.owner) == ("Alice", "Bob")


def test_jushi_with_an_empty_library_draws_nothing_and_does_not_flip(game: Game) -> None:
    """Jushi Apprentice with eight cards in hand and no library: the draw does nothing
    (121.3), so Alice still has eight cards, fewer than nine: no flip."""
    jushi = game.put("Jushi Apprentice")
    fill(game, "Island", "hand", 8)
    game.activate(jushi)
    assert len(game.objects("hand", "Alice")) == 8 and not jushi.flipped


def test_gardener_counts_lands_after_the_optional_land_and_flips_at_exactly_ten(
        game: Game) -> None:
    """Nine lands in play plus the one the Gardener puts from hand make ten: it flips. The
    same activation with no land chosen would leave nine."""
    gardener = game.put("Budoka Gardener")
    fill(game, "Forest", "battlefield", 9)
    land = game.put("Forest", "hand")
    game.activate(gardener)
    assert not gardener.flipped and land.zone == "hand"
    ready(game)
    game.activate(gardener, land=land)
    assert gardener.name == "Dokai, Weaver of Life"


def test_kitsune_mystic_does_not_flip_at_the_end_step_if_an_aura_falls_off_first(
        game: Game) -> None:
    """An intervening "if" checked at the beginning of the end step: the Mystic has two
    Pacifisms during the turn, but one is moved away by Autumn-Tail before the end step: at
    the end step it has one, and the ability does not even trigger."""
    autumn = game.put("Kitsune Mystic", flipped=True)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    moved = game.put("Pacifism", attached_to=mystic)
    game.activate(autumn, target=moved, to=autumn)
    with game.holding_priority():
        game.end_step()
        assert list(game.stack) == []
    assert not mystic.flipped


def test_scenario_shidako_sacrifices_itself_to_pump_a_creature() -> None:
    """The same ruling through the scenario format: activate with target and sacrifice."""
    from flipcards import run_scenario

    out = run_scenario({"rules": "2004", "steps": [
        {"put": "Orochi Eggwatcher", "as": "shidako", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears"},
        {"activate": "shidako", "target": "bears", "sacrifice": "shidako"},
        {"expect": {"bears": {"power": 5, "toughness": 5}, "shidako": {"zone": "graveyard"}}},
    ]})
    assert out["failures"] == []


def test_student_stolen_gets_flying_flips_and_stays_flipped_when_it_goes_back(
        game: Game) -> None:
    """Alice's Azamuki takes Bob's Student of Elements until end of turn; under Alice's
    Homura's Essence it has flying and flips. At cleanup it returns to Bob still flipped
    (508.4: one way; a control change does not unflip), and Tobita now gives Bob's
    creatures flying."""
    game.put("Homura, Human Ascendant", flipped=True)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    student = game.put("Student of Elements", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.activate(azamuki, target=student)
    assert student.name == "Tobita, Master of Winds" and student.controller == "Alice"
    game.next_turn()
    assert student.controller == "Bob" and student.flipped
    assert "Flying" in bears.keywords and (student.power, student.toughness) == (3, 3)


def test_eggwatcher_counts_creatures_it_controls_including_a_stolen_one(game: Game) -> None:
    """"If you control ten or more creatures": control, not ownership. Six Bears, the
    Eggwatcher, Azamuki, the Runeclaw Bear Alice took from Bob with Azamuki, and the new Snake
    make ten: it flips. (Without the stolen Bear it would be nine.)"""
    egg = game.put("Orochi Eggwatcher")
    fill(game, "Grizzly Bears", "battlefield", 6)
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    stolen = game.put("Runeclaw Bear", owner="Bob")
    game.activate(azamuki, target=stolen)
    assert (stolen.controller, stolen.owner) == ("Alice", "Bob")
    game.activate(egg)
    assert len(creatures(game, "Alice")) == 10
    assert egg.name == "Shidako, Broodmistress"


def test_nighteyes_control_has_no_duration(game: Game) -> None:
    """Nighteyes puts the card onto the battlefield under Alice's control with no end: it
    stays hers after Nighteyes leaves and after the turn ends."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    game.move(nighteyes, "graveyard")
    game.next_turn()
    game.next_turn()
    assert bears.controller == "Alice" and bears.zone == "battlefield"


def test_2004_tenderfoot_flipped_with_combat_damage_on_the_stack_deals_what_it_assigned() -> None:
    """2004 CR 310 (combat damage on the stack): damage is assigned as the step begins, with
    the power creatures have then, and dealt when it resolves. Tenderfoot (1/1) blocks a
    2/2 and assigns 1; in response it is flipped into Kenzo (3/4). The damage dealt is still
    1 to the Bears (which survive) and 2 to Kenzo (which survives)."""
    game = Game("2004")
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    bears = game.put("Grizzly Bears")
    game.attack([bears])
    game.block(tenderfoot, bears)
    with game.holding_priority():
        game.combat_damage()
        assert game.stack[0].kind == "combat_damage"
        game.flip(tenderfoot)
    game.resolve_stack()
    assert bears.zone == "battlefield" and bears.damage == 1
    assert tenderfoot.zone == "battlefield" and tenderfoot.damage == 2
    assert tenderfoot.name == "Kenzo the Hardhearted"


def test_akki_two_damage_triggers_the_second_finds_it_flipped(game: Game) -> None:
    """Akki deals damage to Bob twice while priority is held: its ability triggers twice.
    The first flips it; the second does nothing (flipping twice has no effect), and Tok-Tok
    lacks Akki's trigger, so no third one."""
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        game.deal_damage(akki, "Bob", 1)
        assert len(game.stack) == 2
    game.resolve_stack()
    assert akki.name == "Tok-Tok, Volcano Born"
    assert flips(game) == ["Akki Lavarunner"]
    assert game.life("Bob") == 18


def test_tok_tok_looks_at_the_sources_current_color(game: Game) -> None:
    """Tok-Tok asks whether the source is red as the damage would be dealt: Grizzly Bears made
    red deal 2 + 1; Tok-Tok itself made blue deals just 2 (it keeps protection from red,
    which is its ability, not its color)."""
    toktok = game.put("Akki Lavarunner", flipped=True)
    bears = game.put("Grizzly Bears")
    game.add_effect("set_colors", bears, colors=["R"])
    game.deal_damage(bears, "Bob", 2)
    assert game.life("Bob") == 17
    game.add_effect("set_colors", toktok, colors=["U"])
    game.deal_damage(toktok, "Bob", 2)
    assert game.life("Bob") == 15
    assert "Protection" in toktok.keywords


def test_student_does_not_flip_when_a_later_effect_removes_tobitas_flying(game: Game) -> None:
    """613.7 (timestamps in layer 6): Alice's creatures lose flying by an effect that began
    after Tobita was on the battlefield and flipped, so it applies after Tobita's grant. A
    Student of Elements arriving later never has flying and never flips."""
    tobita = game.put("Student of Elements", flipped=True)
    game.add_effect("remove_keyword", Filter(types=["Creature"], controller="Alice"),
                    keyword="Flying")
    student = game.put("Student of Elements")
    assert "Flying" not in tobita.keywords
    assert "Flying" not in student.keywords and not student.flipped
