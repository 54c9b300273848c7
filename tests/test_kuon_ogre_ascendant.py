"""Kuon, Ogre Ascendant // Kuon's Essence: at the beginning of the end step, if three or more
creatures died this turn, it flips; the Essence makes each player sacrifice a creature at their
upkeep.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import conceding_in_upkeep, flipped, kill_bears, with_ki

from flipcards import EDITIONS, Game, IllegalActionError, run_scenario


def test_kuon_an_essence_or_noncreature_put_into_a_graveyard_did_not_die(game: Game) -> None:
    """A creature "dies" only when it goes from play to a graveyard as a creature; creatures
    exiled, or a Homura's Essence (an enchantment) put into a graveyard, do not count."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.move(game.put("Grizzly Bears"), "exile")
    game.move(game.put("Homura, Human Ascendant", flipped=True), "graveyard")
    game.damage(game.put("Grizzly Bears"), 2)
    game.damage(game.put("Grizzly Bears"), 2)
    game.end_step()
    assert not kuon.flipped


def test_kuon_arriving_after_the_end_step_began_waits_and_next_turn_forgets(
        game: Game) -> None:
    """Kuon's ability triggers only at the beginning of the end step: a Kuon that arrives
    later in the end step missed it, and the next turn's count starts again from zero."""
    for _ in range(3):
        game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
    game.end_step()
    kuon = game.put("Kuon, Ogre Ascendant")
    game.next_turn()
    game.end_step()
    assert not kuon.flipped


def test_kuon_countered_creature_spells_did_not_die(game: Game) -> None:
    """Only creatures put into a graveyard from the battlefield died. Creature spells
    countered on the stack never were on the battlefield."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.put("Erayo, Soratami Ascendant", owner="Bob", flipped=True)
    jaraku = with_ki(game, "Callow Jushi", 2, flipped=True)
    first = game.cast("Grizzly Bears")                      # countered by the Essence
    with game.holding_priority():
        second = game.cast("Runeclaw Bear")
        game.activate(jaraku, target=second)
    game.resolve_stack()
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    game.end_step()
    assert game.creatures_died_this_turn == 0 and not kuon.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuon_counts_only_creatures_that_died_as_creatures(edition: str) -> None:
    """"Died" / "put into a graveyard from play" looks back at the object as it last existed
    on the battlefield (603.10; 2004: 410.10d). Homura's Essence is an enchantment, not a
    creature, when it is destroyed, so it is not one of Kuon's "three or more creatures"."""
    game = Game(edition)
    kuon = game.put("Kuon, Ogre Ascendant")
    essence = game.put("Homura, Human Ascendant", flipped=True)
    kill_bears(game, 2)
    kami = game.put("Kami of Ancient Law")
    game.activate(kami, target=essence)  # Kami (a creature) is sacrificed: a third death
    assert essence.zone == "graveyard"
    assert game.creatures_died_this_turn == 3
    game.end_step()
    assert kuon.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuon_counts_the_creature_sacrificed_to_kuons_essence_in_the_upkeep(
        edition: str) -> None:
    """Kuon: "if three or more creatures died this turn" counts from the start of the
    turn, the upkeep included. Alice's Kuon's Essence makes Bob sacrifice his Grizzly Bears
    at his upkeep; two more creatures die in his turn, and his Kuon flips at his end step.
    Today each player keeps their own Kuon's Essence (704.5j, per controller); under the
    2004 rules (420.5e) two Kuon's Essences in play both go to the graveyard."""
    game = Game(edition)
    alices = game.put("Kuon, Ogre Ascendant", flipped=True)
    kuon = game.put("Kuon, Ogre Ascendant", owner="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.next_turn(sacrifice=[bears])
    assert bears.zone == "graveyard" and kuon.zone == "battlefield"
    for _ in range(2):
        game.move(game.put("Runeclaw Bear", owner="Bob"), "graveyard")
    game.end_step()
    if edition == "current":
        assert kuon.name == "Kuon's Essence" and alices.zone == "battlefield"
    else:
        assert kuon.zone == alices.zone == "graveyard"
        assert any("Kuon, Ogre Ascendant flips" in line for line in game.log)


def test_kuon_counts_tokens_that_died(game: Game) -> None:
    """Kuon: a token creature put into a graveyard from play died, so it counts."""
    kuon = game.put("Kuon, Ogre Ascendant")
    for _ in range(3):
        snake = game.create_token("Snake", "Bob")
        game.damage(snake, 1)
    game.end_step()
    assert kuon.name == "Kuon's Essence"


def test_kuon_deaths_of_last_turn_do_not_count(game: Game) -> None:
    for _ in range(3):
        game.damage(game.put("Grizzly Bears"), 2)
    game.next_turn()
    kuon = game.put("Kuon, Ogre Ascendant")
    game.end_step()
    assert not kuon.flipped


def test_kuon_discarded_creature_cards_did_not_die(game: Game) -> None:
    """Kuon counts creatures put into a graveyard from the battlefield. Creature cards
    discarded from a hand never were creatures on the battlefield: they do not count."""
    kuon = game.put("Kuon, Ogre Ascendant")
    for _ in range(3):
        game.discard(game.put("Grizzly Bears", "hand", owner="Bob"))
    game.end_step()
    assert game.creatures_died_this_turn == 0 and not kuon.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuon_leaves_and_returns_while_trigger_waits(edition: str) -> None:
    """508.4: "if a flipped permanent leaves play, it forgets its previous existence"; a card
    that leaves and comes back is a new object (400.7), and the ability that said "flip Kuon"
    cannot find it: the returned Kuon stays unflipped."""
    game = Game(edition)
    kuon = game.put("Kuon, Ogre Ascendant")
    kill_bears(game, 3)
    with game.holding_priority():
        game.end_step()
        assert [item.source for item in game.stack] == [kuon]
        game.move(kuon, "exile")
        game.move(kuon, "battlefield")
    game.resolve_stack()
    assert kuon.zone == "battlefield"
    assert not kuon.flipped


def test_kuon_legend_rule_deaths_and_homura_count(game: Game) -> None:
    """Being put into the graveyard by the legend rule or by lethal damage is dying. Two
    Homuras of Alice meet the legend rule (2004: both go; today: one goes), then Bears are
    destroyed until three creatures have died; Kuon flips at the end step."""
    kuon = game.put("Kuon, Ogre Ascendant")
    game.put("Homura, Human Ascendant")
    game.put("Homura, Human Ascendant")
    died = game.creatures_died_this_turn
    assert died == (2 if game.edition == "2004" else 1)
    for _ in range(3 - died):
        game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
    game.end_step()
    assert kuon.name == "Kuon's Essence"


def test_kuon_that_left_and_came_back_during_the_end_step_does_not_flip(game: Game) -> None:
    """The end-step ability flips the object it came from. Kuon is blinked while its
    ability waits: the new Kuon missed the beginning of the end step and the old ability
    cannot flip it (400.7), although three creatures died."""
    kuon = game.put("Kuon, Ogre Ascendant")
    for _ in range(3):
        game.damage(game.put("Grizzly Bears", owner="Bob"), 2)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
        game.move(kuon, "exile")
        game.move(kuon, "battlefield")
    game.resolve_stack()
    assert kuon.name == "Kuon, Ogre Ascendant" and not kuon.flipped


def test_kuon_three_deaths_before_it_entered_count(game: Game) -> None:
    for owner in ("Alice", "Bob", "Bob"):
        game.damage(game.put("Grizzly Bears", owner=owner), 2)
    kuon = game.put("Kuon, Ogre Ascendant")
    game.end_step()
    assert kuon.flipped


def test_kuon_two_deaths_is_one_short(game: Game) -> None:
    for _ in range(2):
        game.damage(game.put("Grizzly Bears"), 2)
    kuon = game.put("Kuon, Ogre Ascendant")
    assert game.creatures_died_this_turn == 2
    game.end_step()
    assert not kuon.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuon_two_deaths_then_third_during_end_step(edition: str) -> None:
    """Kuon: "if three or more creatures died this turn, flip Kuon" is checked as the end step
    begins (603.4): a third creature dying in response to nothing, after that, is too late."""
    game = Game(edition)
    kuon = game.put("Kuon, Ogre Ascendant")
    kill_bears(game, 2)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
    kill_bears(game, 1)
    assert game.creatures_died_this_turn == 3
    assert not kuon.flipped


def test_kuon_unflipped_no_sacrifice(game: Game) -> None:
    """Kuon, Ogre Ascendant (a creature, unflipped) has no upkeep ability."""
    game.put("Kuon, Ogre Ascendant")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn()
    assert theirs.zone == "battlefield"


def test_kuons_essence_does_not_make_a_player_sacrifice_an_essence(game: Game) -> None:
    """Kuon's Essence: "that player sacrifices a creature". Essences are enchantments: a
    player whose only permanents are Essences sacrifices nothing."""
    kuon = game.put("Kuon, Ogre Ascendant", flipped=True)
    homuras = game.put("Homura, Human Ascendant", owner="Bob", flipped=True)
    game.next_turn()                                        # Bob's upkeep
    assert homuras.zone == "battlefield"
    game.next_turn()                                        # Alice's upkeep
    assert kuon.zone == "battlefield"


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


def test_kuons_essence_each_player_sacrifices_a_creature_at_their_upkeep(game: Game) -> None:
    flipped(game, "Kuon, Ogre Ascendant")
    old = game.put("Grizzly Bears", owner="Bob")
    chosen = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn(sacrifice=[chosen])
    assert chosen.zone == "graveyard" and old.zone == "battlefield"
    game.next_turn()                                               # Alice has no creature
    assert any("controls no creature to sacrifice" in line for line in game.log)


def test_kuons_essence_its_controller_sacrifices_too(game: Game) -> None:
    """Kuon's Essence: at the beginning of each player's upkeep, that player (its controller
    included) sacrifices a creature."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Grizzly Bears", owner="Bob")
    game.next_turn()
    assert (mine.zone, theirs.zone) == ("battlefield", "graveyard")
    game.next_turn()
    assert mine.zone == "graveyard"


def test_kuons_essence_no_creature_no_sacrifice(game: Game) -> None:
    """Kuon's Essence: "that player sacrifices a creature" -- Bob has none; Alice's creature
    is untouched on Bob's upkeep."""
    kuon = game.put("Kuon, Ogre Ascendant", flipped=True)
    mine = game.put("Grizzly Bears")
    game.next_turn()
    assert mine.zone == "battlefield"
    assert kuon.zone == "battlefield"


def test_kuons_essence_the_sacrifice_choice_holds_when_its_ability_waited(game: Game) -> None:
    """Kuon's Essence: "that player sacrifices a creature" — the player's choice. Bob
    chooses his Runeclaw Bear (``sacrifice=``). Holding priority while the ability waits
    must not change what he chose: the Runeclaw Bear is sacrificed and the Grizzly Bears
    stays."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    grizzly = game.put("Grizzly Bears", owner="Bob")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    with game.holding_priority():
        game.next_turn(sacrifice=[runeclaw])
    game.resolve_stack()
    assert runeclaw.zone == "graveyard"
    assert grizzly.zone == "battlefield"


def test_kuons_essence_608_2d_the_creature_is_chosen_as_the_ability_resolves(
        game: Game) -> None:
    """The player whose upkeep it is chooses as Kuon's Essence's ability resolves (608.2d):
    with it waiting, Bob makes a Snake with Orochi Eggwatcher and sacrifices the Snake. The
    choice was refused ("makes no choice as it resolves"), and his oldest creature went. A
    creature he does not control cannot be chosen (701.21a); one chosen as the turn began
    gives way to the one chosen as it resolves."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    grizzly = game.put("Grizzly Bears", owner="Bob")
    eggwatcher = game.put("Orochi Eggwatcher", owner="Bob")
    alices = game.put("Runeclaw Bear")
    with game.holding_priority():
        game.next_turn(sacrifice=[grizzly])
        game.activate(eggwatcher)
        game.resolve()
    snake = next(o for o in game.objects("battlefield", "Bob") if o.name == "Snake")
    with pytest.raises(IllegalActionError, match=r"Runeclaw Bear cannot be chosen: Bob "
                       r"sacrifices a creature they control \(.*701\.21a\); Runeclaw Bear "
                       r"is not one"):
        game.resolve(choose=alices)
    game.resolve(choose=snake)
    assert "Bob sacrifices Snake." in game.log
    assert (grizzly.zone, eggwatcher.zone, alices.zone) == ("battlefield",) * 3


def test_kuons_essence_two_essences_two_sacrifices() -> None:
    """Today Alice and Bob may each control a Kuon's Essence. Both trigger at Bob's upkeep,
    and Bob sacrifices a creature for each."""
    game = Game("current")
    game.put("Kuon, Ogre Ascendant", flipped=True)
    game.put("Kuon, Ogre Ascendant", owner="Bob", flipped=True)
    bears = [game.put("Grizzly Bears", owner="Bob") for _ in range(3)]
    game.next_turn()
    assert [b.zone for b in bears].count("graveyard") == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_kuons_essence_a_sacrifice_choice_that_is_not_the_players_creature_is_refused(
        edition: str) -> None:
    """Kuon's Essence: "that player sacrifices a creature". Bob's Forest is not a creature
    and Alice's Grizzly Bears is not Bob's (701.21a: a player sacrifices only what they
    control): either choice for Bob's upkeep was replaced, without a word, by Bob's oldest
    creature. It is refused, saying why, and nothing changes."""
    game = Game(edition)
    game.put("Kuon, Ogre Ascendant", flipped=True)
    bears = game.put("Grizzly Bears", owner="Bob")
    forest = game.put("Forest", owner="Bob")
    alices = game.put("Runeclaw Bear")
    for wrong, why in ((forest, "it is not a creature"), (alices, "Alice controls it")):
        with pytest.raises(IllegalActionError, match=f"Bob cannot choose {wrong.name} to "
                           f"sacrifice .*: {why}") as refused:
            game.next_turn(sacrifice=[wrong])
        assert refused.value.argument == "sacrifice"
        assert (game.turn, game.active_player) == (1, "Alice")
    assert bears.zone == "battlefield"


def test_kuons_essence_the_first_creature_listed_is_the_one_sacrificed(game: Game) -> None:
    """Bob lists his Runeclaw Bear first and his Grizzly Bears second: the Runeclaw Bear is
    the one sacrificed, although the Grizzly Bears has been on the battlefield longer."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    grizzly = game.put("Grizzly Bears", owner="Bob")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    game.next_turn(sacrifice=[runeclaw, grizzly])
    assert (runeclaw.zone, grizzly.zone) == ("graveyard", "battlefield")


def test_kuons_essence_a_chosen_creature_gone_before_the_sacrifice_is_said(game: Game) -> None:
    """Bob chose his Runeclaw Bear, and it died while the Essence's ability waited on the
    stack: he sacrifices his oldest creature instead, and the log says that his choice could
    no longer be used."""
    game.put("Kuon, Ogre Ascendant", flipped=True)
    grizzly = game.put("Grizzly Bears", owner="Bob")
    runeclaw = game.put("Runeclaw Bear", owner="Bob")
    with game.holding_priority():
        game.next_turn(sacrifice=[runeclaw])
    game.damage(runeclaw, 2)
    game.resolve_stack()
    assert grizzly.zone == "graveyard"
    assert any("Bob chose Runeclaw Bear to sacrifice, but no longer controls it" in line
               and "Bob sacrifices their oldest creature, Grizzly Bears" in line
               for line in game.log), game.log[-4:]


def test_kuons_essence_upkeep_trigger_of_a_player_who_concedes_does_nothing_800_4a() -> None:
    """Carol concedes while the Essence's trigger for her upkeep waits: nothing happens to a
    player who left; the log said "Carol controls no creature to sacrifice"."""
    game = conceding_in_upkeep("current", "Kuon, Ogre Ascendant")
    assert game.log[-1] == "Nothing happens to Carol, who has left the game (rule 800.4a)."


def test_kuon_a_scenario_expects_how_many_creatures_died_this_turn() -> None:
    """A judge checking Kuon ("have three creatures died this turn?") could only read the log:
    the count its condition reads is a field of the game an expect step checks, with the
    spells cast this turn (Erayo's)."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Kuon, Ogre Ascendant", "as": "kuon"},
        {"put": "Grizzly Bears", "as": "a"}, {"put": "Grizzly Bears", "as": "b"},
        {"destroy": "a"}, {"destroy": "b"},
        {"expect": {"game": {"creatures_died_this_turn": 2, "spells_cast_this_turn": 0}}},
        {"cast": "Shock", "target": "Bob"},
        {"expect": {"game": {"creatures_died_this_turn": 3, "spells_cast_this_turn": 1}}}]})
    assert out["failures"] == [
        "steps[7].expect: game.creatures_died_this_turn is 2, expected 3"]


def test_kuon_declining_its_end_step_ability_changes_nothing_and_the_log_says_so(
        game: Game) -> None:
    """Kuon's end-step ability has no "may" (603.5): a decline given as it resolves is a slip
    that changes nothing; the log says so. A decline of a card with nothing of it on the
    stack (a creature in the graveyard) is said the same way, and a real "may" ability
    declined is not."""
    kuon = game.put("Kuon, Ogre Ascendant")
    kill_bears(game, 3)
    dead = game.put("Grizzly Bears", zone="graveyard")
    with game.holding_priority():
        game.end_step()
    game.resolve(decline=[kuon, dead])
    assert kuon.flipped
    rule = "today's rule 603.5" if game.edition == "2004" else "rule 603.5"
    assert game.log[-2:] == [
        'No "may" ability of Kuon, Ogre Ascendant triggers or resolves here: declining it '
        f'changes nothing (only a "may" ability can be declined, {rule}).',
        'No "may" ability of Grizzly Bears triggers or resolves here: declining it changes '
        f'nothing (only a "may" ability can be declined, {rule}).']
