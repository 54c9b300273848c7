"""Erayo, Soratami Ascendant // Erayo's Essence: it flips when the fourth spell of a turn is cast;
the Essence counters each opponent's first spell of each turn.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import flipped

from flipcards import EDITIONS, Game, run_scenario


def test_erayo_abilities_are_not_spells_and_its_trigger_resolves_before_the_fourth(
        game: Game) -> None:
    """Erayo: "Whenever the fourth spell of a turn is cast, flip Erayo." Activating
    abilities is not casting spells: three spells and three activations do not flip it.
    The fourth spell (Bob's) does; Erayo's ability goes on the stack above the spell and
    resolves while the spell still waits."""
    erayo = game.put("Erayo, Soratami Ascendant")
    jushi = game.put("Jushi Apprentice")
    sasaya = game.put("Sasaya, Orochi Ascendant")
    game.put("Island", "library")
    game.cast("Shock")
    game.cast("Giant Growth", player="Bob")
    game.activate(jushi)
    game.activate(sasaya)
    game.activate(sasaya)
    game.cast("Shock")
    assert game.spells_cast_this_turn == 3 and not erayo.flipped
    with game.holding_priority():
        fourth = game.cast("Giant Growth", player="Bob")
        assert [item.source for item in game.stack] == [erayo, fourth]
        game.resolve()
        assert erayo.name == "Erayo's Essence" and fourth.zone == "stack"
    game.resolve_stack()
    assert fourth.zone == "graveyard"


def test_erayo_arriving_as_the_fifth_spell_waits_for_the_next_turns_fourth(game: Game) -> None:
    """Erayo: "whenever the fourth spell of a turn is cast": later spells this turn are the
    fifth, sixth…; the count starts again next turn, and its fourth spell flips Erayo."""
    for spell in ("Shock", "Giant Growth", "Shock", "Giant Growth"):
        game.cast(spell)
    erayo = game.cast("Erayo, Soratami Ascendant")
    for _ in range(3):
        game.cast("Shock")
    assert not erayo.flipped
    game.next_turn()
    for _ in range(3):
        game.cast("Shock", "Bob")
    assert not erayo.flipped
    game.cast("Shock", "Bob")
    assert erayo.name == "Erayo's Essence"


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_erayo_countered_spells_still_count_toward_the_fourth(edition: str) -> None:
    """A countered spell was cast. Bob's Erayo's Essence counters Alice's first spell, which
    still counts: her fourth spell flips her Erayo. Then two Erayo's Essences are in play:
    2004, both go; today, one per controller, both stay."""
    game = Game(edition)
    bobs = game.put("Erayo, Soratami Ascendant", owner="Bob", flipped=True)
    alices = game.put("Erayo, Soratami Ascendant")
    first = game.cast("Shock")
    assert first.zone == "graveyard" and game.spells_cast_this_turn == 1
    for spell in ("Giant Growth", "Shock", "Giant Growth"):
        game.cast(spell)
    if edition == "2004":
        assert (alices.zone, bobs.zone) == ("graveyard", "graveyard")
    else:
        assert alices.name == "Erayo's Essence" and bobs.zone == "battlefield"


def test_erayo_counts_spells_of_this_turn_only(game: Game) -> None:
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


def test_erayo_does_not_flip_if_it_was_itself_the_fourth_spell(game: Game) -> None:
    for _ in range(3):
        game.cast("Shock")
    erayo = game.cast("Erayo, Soratami Ascendant")
    assert erayo.zone == "battlefield" and not erayo.flipped
    game.cast("Shock")                           # the fifth spell does not flip it either
    assert not erayo.flipped


def test_erayo_flipped_by_an_opponents_first_spell_does_not_counter_it(game: Game) -> None:
    """Alice casts three spells; Bob's first spell is the fourth of the turn and flips Erayo.
    Erayo's Essence was not on the battlefield when Bob cast it, so it does not counter that
    spell (its trigger looks at the moment of casting); Bob's next spell is his second, so it
    is not countered either."""
    erayo = game.put("Erayo, Soratami Ascendant")
    for spell in ("Shock", "Giant Growth", "Shock"):
        game.cast(spell)
    bears = game.cast("Grizzly Bears", "Bob")
    assert erayo.name == "Erayo's Essence"
    assert bears.zone == "battlefield"
    second = game.cast("Runeclaw Bear", "Bob")
    assert second.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_erayo_flips_above_fourth_spell_shock_loses_target(edition: str) -> None:
    """Erayo: "Whenever the fourth spell of a turn is cast, flip Erayo." Its ability goes above
    the fourth spell and resolves first; Erayo's Essence is an enchantment, so a Shock aimed at
    the creature Erayo has an illegal target and is countered on resolution (608.2b)."""
    game = Game(edition)
    erayo = game.put("Erayo, Soratami Ascendant")
    for _ in range(3):
        game.cast("Shock", player="Bob", target="Alice")
    game.cast("Shock", player="Bob", target=erayo)
    assert erayo.flipped and erayo.name == "Erayo's Essence"
    assert erayo.zone == "battlefield"
    assert erayo.damage == 0
    assert game.life("Alice") == 14


def test_erayo_flips_on_the_fourth_spell_whoever_casts_it(game: Game) -> None:
    """Erayo: the fourth spell of the turn, by any players together, flips it; later spells
    do not trigger it again."""
    erayo = game.put("Erayo, Soratami Ascendant")
    game.cast("Shock", player="Alice")
    game.cast("Shock", player="Bob")
    game.cast("Giant Growth", player="Bob")
    assert not erayo.flipped
    game.cast("Giant Growth", player="Alice")
    assert erayo.name == "Erayo's Essence"


def test_erayo_third_spell_is_one_short_and_spells_before_it_entered_count(
        game: Game) -> None:
    game.cast("Shock")
    game.cast("Shock", "Bob")
    erayo = game.put("Erayo, Soratami Ascendant")
    game.cast("Giant Growth")
    assert not erayo.flipped and game.spells_cast_this_turn == 3
    game.cast("Giant Growth", "Bob")
    assert erayo.flipped


def test_erayo_two_players_erayos_both_flip_and_both_essences_stay() -> None:
    """Today's legend rule is per controller: Alice's and Bob's Erayos coexist and both see
    the fourth spell. The two Essences then counter each other's controller's first spell."""
    game = Game("current")
    alices = game.put("Erayo, Soratami Ascendant")
    bobs = game.put("Erayo, Soratami Ascendant", owner="Bob")
    for _ in range(4):
        game.cast("Shock")
    assert alices.name == bobs.name == "Erayo's Essence"
    assert (alices.zone, bobs.zone) == ("battlefield", "battlefield")
    game.next_turn()
    assert game.cast("Grizzly Bears", "Bob").zone == "graveyard"
    assert game.cast("Grizzly Bears", "Alice").zone == "graveyard"


def test_erayo_unflipped_flying_and_no_countering(game: Game) -> None:
    """Erayo, Soratami Ascendant: "Flying" -- and unflipped it counters nothing."""
    erayo = game.put("Erayo, Soratami Ascendant")
    assert "Flying" in erayo.keywords
    first = game.cast("Grizzly Bears", player="Bob")
    assert first.zone == "battlefield"


def test_erayos_essence_ability_counters_even_after_the_essence_left(game: Game) -> None:
    """Erayo's Essence: "Whenever an opponent casts their first spell each turn, counter
    that spell." The ability is independent of its source once triggered: the Essence is
    exiled in response and Bob's Shock is still countered."""
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    with game.holding_priority():
        shock = game.cast("Shock", player="Bob")
        assert [item.source for item in game.stack] == [essence, shock]
        game.move(essence, "exile")
    game.resolve_stack()
    assert any("counters Shock" in line for line in game.log)
    assert not any("Shock resolves" in line for line in game.log)


def test_erayos_essence_arriving_mid_turn_counters_a_later_first_spell(game: Game) -> None:
    """Alice's own four spells flip Erayo. Bob has cast nothing yet this turn, so his first
    spell, cast after the Essence arrived, is countered."""
    erayo = game.put("Erayo, Soratami Ascendant")
    for spell in ("Shock", "Giant Growth", "Shock", "Giant Growth"):
        game.cast(spell)
    assert erayo.name == "Erayo's Essence"
    assert game.cast("Grizzly Bears", "Bob").zone == "graveyard"


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


def test_erayos_essence_counters_an_opponents_first_spell_in_every_turn(game: Game) -> None:
    """Erayo's Essence looks at "their first spell each turn": Bob's first spell in Alice's
    turn is countered, his second is not; in his own turn the count starts again, so his
    first spell there (Grizzly Bears) is countered too and his second (Runeclaw Bear)
    resolves."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.cast("Shock", player="Bob")
    game.cast("Shock", player="Bob")
    assert sum("counters Shock" in line for line in game.log) == 1
    game.next_turn()
    grizzly = game.cast("Grizzly Bears", player="Bob")
    runeclaw = game.cast("Runeclaw Bear", player="Bob")
    assert grizzly.zone == "graveyard" and runeclaw.zone == "battlefield"


def test_erayos_essence_counters_each_opponents_first_spell_of_the_turn(game: Game) -> None:
    flipped(game, "Erayo, Soratami Ascendant")
    first = game.cast("Grizzly Bears", "Bob")
    second = game.cast("Runeclaw Bear", "Bob")
    mine = game.cast("Grizzly Bears", "Alice")
    assert first.zone == "graveyard"                               # countered
    assert second.zone == "battlefield"                            # the second is not
    assert mine.zone == "battlefield"                              # nor its controller's


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


@pytest.mark.parametrize("edition", EDITIONS)
def test_erayos_essence_counters_opponents_of_its_controller(edition: str) -> None:
    """Erayo's Essence: "Whenever an opponent casts a spell for the first time in a turn,
    counter that spell" — opponents of its controller (Bob), so Alice's first spell is
    countered."""
    game = Game(edition)
    game.put("Erayo, Soratami Ascendant", flipped=True, controller="Bob")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.cast("Shock", "Alice", target=bears)
    assert bears.damage == 0
    game.cast("Shock", "Alice", target=bears)
    assert bears.zone == "graveyard"


def test_erayos_essence_counters_the_first_spell_of_its_controllers_opponents(
        game: Game) -> None:
    game.put("Erayo, Soratami Ascendant", controller="Bob", flipped=True)
    first = game.cast("Grizzly Bears")                    # Alice is Bob's opponent
    assert first.zone == "graveyard"
    bobs = game.cast("Runeclaw Bear", "Bob")
    assert bobs.zone == "battlefield"


def test_erayos_essence_does_not_counter_a_second_spell_when_it_missed_the_first(
        game: Game) -> None:
    """Erayo's Essence ruling: it counters an opponent's first spell of the turn only; if it
    came into play after that spell, the opponent's next spell is not countered."""
    game.cast("Shock", player="Bob")
    game.put("Erayo, Soratami Ascendant", flipped=True)
    second = game.cast("Giant Growth", player="Bob")
    assert second.zone == "graveyard"
    assert not any("counters" in line for line in game.log)


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


def test_erayos_essence_every_turn(game: Game) -> None:
    """Erayo's Essence: "... first spell of every turn ..." -- again on the next turn."""
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.cast("Grizzly Bears", player="Bob")
    game.next_turn()
    again = game.cast("Runeclaw Bear", player="Bob")
    assert again.zone == "graveyard"


def test_erayos_essence_three_players_counters_each_opponents_first_spell() -> None:
    """"Whenever an opponent casts their first spell each turn": each opponent separately.
    With three players Bob's first and Carol's first spells are countered, their second ones
    and Alice's own are not."""
    game = Game("current", ["Alice", "Bob", "Carol"])
    game.put("Erayo, Soratami Ascendant", flipped=True)
    bob1 = game.cast("Grizzly Bears", "Bob")
    carol1 = game.cast("Grizzly Bears", "Carol")
    bob2 = game.cast("Runeclaw Bear", "Bob")
    carol2 = game.cast("Runeclaw Bear", "Carol")
    alice1 = game.cast("Grizzly Bears", "Alice")
    assert (bob1.zone, carol1.zone) == ("graveyard", "graveyard")
    assert (bob2.zone, carol2.zone, alice1.zone) == ("battlefield",) * 3



@pytest.mark.parametrize("edition", EDITIONS)
def test_erayos_essence_does_not_trigger_on_the_second_spell_not_in_log(edition: str) -> None:
    """A judge's "it did not trigger": an expect after Bob's first spell, then his second,
    then "not_in_log", which looks only at what was logged since that expect (the first
    spell's trigger is in the log, before it). A line that holds the text fails, quoted."""
    steps = [{"put": "Erayo, Soratami Ascendant", "flipped": True},
             {"next_turn": True},
             {"cast": "Grizzly Bears", "player": "Bob"},
             {"expect": {"log": ["Erayo's Essence's ability triggers"]}},
             {"cast": "Grizzly Bears", "player": "Bob"},
             {"expect": {"not_in_log": ["Erayo's Essence's ability triggers", "counters"]}}]
    assert run_scenario({"rules": edition, "steps": steps})["failures"] == []
    out = run_scenario({"rules": edition, "steps": [*steps[:3], steps[5]]})
    trigger = next(line for line in out["log"] if "ability triggers" in line)
    counters = next(line for line in out["log"] if "counters" in line)
    assert out["failures"] == [
        "steps[3].expect: a line logged since the start holds \"Erayo's Essence's ability "
        f'triggers": "{trigger}"',
        f'steps[3].expect: a line logged since the start holds "counters": "{counters}"']


def test_erayos_essence_is_told_as_the_trigger_it_is(game: Game) -> None:
    """Erayo's Essence counters an opponent's first spell of a turn with a triggered ability,
    which waits on the stack above the spell (players may answer it): the card's own text on
    the site said the spell "is countered as it is cast", with no such moment."""
    from flipcards._cards import card

    assert "triggers" in (card("Erayo's Essence").flipped.text or "")
    essence = flipped(game, "Erayo, Soratami Ascendant")
    with game.holding_priority():
        shock = game.cast("Shock", "Bob", target="Alice")
    assert [item.kind for item in game.stack] == ["triggered", "spell"]
    assert game.stack[0].source == essence
    game.resolve_stack()
    assert shock.zone == "graveyard" and game.life("Alice") == 20


def test_erayos_essence_the_cast_line_gives_the_players_own_count_where_it_differs() -> None:
    """"Bob casts Shock (2nd spell this turn). Erayo's Essence's ability triggers: Bob cast
    their first spell this turn" read as a contradiction: the turn's count is both players'.
    The line gives Bob's own count beside it."""
    game = Game("current")
    game.put("Erayo, Soratami Ascendant", flipped=True)
    game.cast("Shock", target="Bob")
    game.cast("Shock", "Bob", target="Alice")
    assert "Alice casts Shock (1st spell this turn)." in game.log
    assert "Bob casts Shock (2nd spell this turn, Bob's 1st)." in game.log
