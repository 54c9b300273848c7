"""Audit 10: triggered abilities and the stack around flip cards.

Written from rule 508 (2004 Comprehensive Rules), today's rules 603/608/710, the 2004 rulings
and the cards' text, independently of the model's own tests. Each case's docstring quotes
the rule or card sentence it rests on.

Card texts relied on (Oracle wording):

- ki cards (Cunning Bandit, Hired Muscle, Faithful Squire ...): "At the beginning of the end
  step, if there are two or more ki counters on [this], you may flip it."
- Kitsune Mystic: "At the beginning of the end step, if Kitsune Mystic is enchanted by two or
  more Auras, flip it."
- Kuon, Ogre Ascendant: "At the beginning of the end step, if three or more creatures died this
  turn, flip Kuon."
- Student of Elements: "When Student of Elements has flying, flip it." (a state trigger)
- Rune-Tail, Kitsune Ascendant: "When you have 30 or more life, flip Rune-Tail." (state trigger)
- Erayo, Soratami Ascendant: "Whenever the fourth spell of a turn is cast, flip Erayo."
- Akki Lavarunner: "Whenever Akki Lavarunner deals damage to an opponent, flip it."
- Homura, Human Ascendant: "When Homura dies, return it to the battlefield flipped."
"""

from __future__ import annotations

import pytest

from flipcards import Filter, Game, GameObject, IllegalActionError

EDITIONS = ("2004", "current")


def with_ki(game: Game, name: str, ki: int, **kwargs: object) -> GameObject:
    card = game.put(name, **kwargs)  # type: ignore[arg-type]
    if ki:
        game.add_counters(card, "ki", ki)
    return card


def kill_bears(game: Game, n: int, owner: str = "Bob") -> None:
    for _ in range(n):
        game.damage(game.put("Grizzly Bears", owner=owner), 2)


# --------------------------------------------------------------------------------------------
# Intervening "if" clauses (2004 CR 410.7 / today 603.4)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_ki_if_true_at_trigger_false_on_resolution(edition: str) -> None:
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_ki_if_false_at_start_of_end_step_does_not_trigger(edition: str) -> None:
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
def test_ki_extra_counter_in_response_still_flips(edition: str) -> None:
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
def test_mystic_aura_leaves_in_response(edition: str) -> None:
    """Kitsune Mystic: "At the beginning of the end step, if Kitsune Mystic is enchanted by two
    or more Auras, flip it." An Aura leaving in response makes the re-check fail (603.4)."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    first = game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 1
    game.move(first, "graveyard")
    assert len(game.stack) == 0
    assert not mystic.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_mystic_one_aura_then_second_in_end_step(edition: str) -> None:
    """603.4: with one Aura as the end step begins, the ability does not trigger; attaching a
    second Aura during the end step is too late for this end step."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
    game.put("Pacifism", attached_to=mystic)
    game.resolve_stack()
    assert not mystic.flipped


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


# --------------------------------------------------------------------------------------------
# Flip triggers that wait while the card leaves, flips otherwise, or changes controller
# --------------------------------------------------------------------------------------------


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


@pytest.mark.parametrize("edition", EDITIONS)
def test_flip_trigger_does_nothing_when_card_left_play(edition: str) -> None:
    """The ability "flip Kuon" resolves with Kuon in the graveyard: 508.2, a flip card has
    only its normal characteristics outside play; nothing flips."""
    game = Game(edition)
    kuon = game.put("Kuon, Ogre Ascendant")
    kill_bears(game, 3)
    with game.holding_priority():
        game.end_step()
    game.move(kuon, "graveyard")
    assert len(game.stack) == 0
    assert kuon.zone == "graveyard"
    assert not kuon.flipped
    assert kuon.name == "Kuon, Ogre Ascendant"


@pytest.mark.parametrize("edition", EDITIONS)
def test_card_flipped_by_something_else_while_trigger_waits(edition: str) -> None:
    """Ruling: "Flipping a flip permanent a second time has no effect." The waiting ki
    trigger resolves on an already flipped permanent: it stays flipped, keeps its counters."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.flip(bandit)
    assert len(game.stack) == 0
    assert bandit.flipped
    assert bandit.name == "Azamuki, Treachery Incarnate"
    assert bandit.counters == {"ki": 2}
    assert sum("flips" in line for line in game.log) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_already_flipped_ki_card_has_no_end_step_trigger(edition: str) -> None:
    """508.2: once flipped, "the normal ... text box ... [doesn't] apply". Azamuki with two ki
    counters has no "if there are two or more ki counters ... flip it" ability to trigger."""
    game = Game(edition)
    azamuki = with_ki(game, "Cunning Bandit", 2, flipped=True)
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0
    assert azamuki.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_flipped_kuon_has_no_end_step_trigger(edition: str) -> None:
    """508.2: Kuon's Essence has only the bottom half's text; three deaths trigger nothing."""
    game = Game(edition)
    game.put("Kuon, Ogre Ascendant", flipped=True)
    kill_bears(game, 3, owner="Alice")
    with game.holding_priority():
        game.end_step()
        assert len(game.stack) == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_trigger_controller_keeps_ability_after_control_change(edition: str) -> None:
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_stolen_ki_card_triggers_for_new_controller(edition: str) -> None:
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


# --------------------------------------------------------------------------------------------
# APNAP order and the controller's own order (603.3b; 2004: 410.5)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_apnap_active_player_triggers_go_first_resolve_last(edition: str) -> None:
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
def test_apnap_on_bobs_turn(edition: str) -> None:
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_controller_orders_own_simultaneous_triggers(edition: str) -> None:
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
def test_order_triggers_cannot_reorder_other_players_abilities(edition: str) -> None:
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


def test_apnap_two_azamuki_2004_legend_rule_both_go() -> None:
    """2004 ruling: "When one of the ... flip creatures flips, it becomes legendary. If another
    legendary permanent with the same name is in play, all of them will be put into their
    owners' graveyards." Both players' Bandits flip at the same end step."""
    game = Game("2004")
    bandit = with_ki(game, "Cunning Bandit", 2)
    other = with_ki(game, "Cunning Bandit", 2, owner="Bob")
    game.end_step()
    assert bandit.zone == "graveyard" and other.zone == "graveyard"
    assert bandit.name == other.name == "Cunning Bandit"


def test_apnap_two_azamuki_current_different_controllers_stay() -> None:
    """Today's legend rule (704.5j) applies per controller: Alice's and Bob's Azamuki both
    stay after both triggers resolve."""
    game = Game("current")
    bandit = with_ki(game, "Cunning Bandit", 2)
    other = with_ki(game, "Cunning Bandit", 2, owner="Bob")
    game.end_step()
    assert bandit.zone == other.zone == "battlefield"
    assert bandit.flipped and other.flipped


# --------------------------------------------------------------------------------------------
# "may"
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_may_declined_on_resolution(edition: str) -> None:
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
def test_may_declined_does_not_retrigger_in_same_end_step(edition: str) -> None:
    """The ability triggers once, "at the beginning of the end step": after declining, the card
    does not flip later in that turn, even with the counters still there. It may next turn."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    game.end_step(decline=[bandit])
    game.add_counters(bandit, "ki", 1)
    assert not bandit.flipped
    game.next_turn()  # cleanup, Bob's turn
    assert not bandit.flipped
    game.end_step()  # Bob's end step: it triggers again
    assert bandit.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_kitsune_mystic_is_not_optional(edition: str) -> None:
    """Kitsune Mystic says "flip it", not "you may": declining is not a choice it offers."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic")
    game.put("Pacifism", attached_to=mystic)
    game.put("Pacifism", attached_to=mystic)
    game.end_step(decline=[mystic])
    assert mystic.flipped


# --------------------------------------------------------------------------------------------
# State triggers (603.8; 2004: 410.11)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_state_trigger_once_while_on_stack(edition: str) -> None:
    """603.8: a state-triggered ability "doesn't trigger again until the ability has resolved".
    Gaining more life while Rune-Tail's ability waits adds no second one."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        assert [item.source for item in game.stack] == [rune_tail]
        game.gain_life("Alice", 5)
        game.lose_life("Alice", 1)
        game.gain_life("Alice", 1)
        assert len(game.stack) == 1
    game.resolve_stack()
    assert rune_tail.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_no_intervening_if_flips_after_life_drops(edition: str) -> None:
    """"When you have 30 or more life, flip Rune-Tail" has no intervening "if" (603.4 applies
    only to "if" right after the trigger condition): losing life in response does not stop it."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
    game.lose_life("Alice", 15)
    assert game.life("Alice") == 15
    assert rune_tail.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_opponent_life_does_not_count(edition: str) -> None:
    """"When *you* have 30 or more life": Bob's 30 life does not flip Alice's Rune-Tail, and
    Alice's 29 is not "30 or more"."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 9)
        assert len(game.stack) == 0
        game.gain_life("Bob", 10)
        assert len(game.stack) == 0
    assert not rune_tail.flipped


def test_rune_tail_bobs_own_flips_current() -> None:
    """Today's legend rule is per controller (704.5j): Bob's Rune-Tail flips on Bob's 30 life,
    and Alice's, unflipped, is untouched."""
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    bobs = game.put("Rune-Tail, Kitsune Ascendant", owner="Bob")
    game.gain_life("Bob", 10)
    assert not rune_tail.flipped
    assert bobs.flipped and bobs.zone == "battlefield"


@pytest.mark.parametrize("edition", EDITIONS)
def test_rune_tail_flickered_retriggers_as_new_object(edition: str) -> None:
    """400.7 / 508.4: a Rune-Tail that leaves and returns is a new object; the old ability
    cannot flip it, but the new object's state trigger sees 30 life and triggers anew (603.8:
    a state trigger triggers whenever the state is true and it is not already on the stack)."""
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.gain_life("Alice", 10)
        game.move(rune_tail, "exile")
        game.move(rune_tail, "battlefield")
        assert len(game.stack) == 2  # the old object's, and the new object's on top
    game.resolve_stack()
    assert rune_tail.flipped
    assert sum("flips" in line for line in game.log) == 1
    assert "does nothing" in game.log[-1]


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_flying_removed_in_response_still_flips(edition: str) -> None:
    """"When Student of Elements has flying, flip it": a state trigger without an intervening
    "if"; the flying ending in response does not stop the flip."""
    game = Game(edition)
    student = game.put("Student of Elements")
    with game.holding_priority():
        wings = game.add_effect("add_keyword", student, keyword="Flying")
        assert [item.source for item in game.stack] == [student]
        game.end_effect(wings)
        game.add_effect("add_keyword", student, keyword="Flying")
        assert len(game.stack) == 1  # 603.8: not again while it waits
    game.resolve_stack()
    assert student.flipped
    assert student.name == "Tobita, Master of Winds"


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_flickered_with_anthem_flying_retriggers(edition: str) -> None:
    """The old object's trigger does nothing to the returned Student (new object, 508.4); the
    new Student still has flying from an effect on all Alice's creatures, so its own state
    trigger triggers and flips it (603.8)."""
    game = Game(edition)
    student = game.put("Student of Elements")
    with game.holding_priority():
        game.add_effect("add_keyword", Filter(types=["Creature"], controller="Alice"),
                        keyword="Flying")
        assert len(game.stack) == 1
        game.move(student, "exile")
        game.move(student, "battlefield")
        assert len(game.stack) == 2
    game.resolve_stack()
    assert student.flipped
    assert sum("flips" in line for line in game.log) == 1


@pytest.mark.parametrize("edition", EDITIONS)
def test_student_without_abilities_then_abilities_return(edition: str) -> None:
    """A state trigger triggers whenever its state is true (603.8). While Student of Elements
    has lost all abilities, flying gives nothing to trigger; once the loss ends it has both the
    ability and flying, so it triggers then and flips."""
    game = Game(edition)
    student = game.put("Student of Elements")
    silence = game.add_effect("remove_all_abilities", student)
    with game.holding_priority():
        game.add_effect("add_keyword", student, keyword="Flying")
        assert "Flying" in student.keywords
        assert len(game.stack) == 0
        game.end_effect(silence)
        assert [item.source for item in game.stack] == [student]
    game.resolve_stack()
    assert student.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_returns_and_its_essence_triggers_student(edition: str) -> None:
    """Homura's return is one trigger; the Essence it returns as gives "Your creatures ...
    flying", which is Student of Elements' state ("When Student of Elements has flying, flip
    it"): a second trigger, after the first resolved. Tobita gets +2/+2: 5/5."""
    game = Game(edition)
    student = game.put("Student of Elements")
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        assert [item.source for item in game.stack] == [homura]
        game.resolve()
        assert homura.flipped and not student.flipped
        assert [item.source for item in game.stack] == [student]
    game.resolve_stack()
    assert student.name == "Tobita, Master of Winds"
    assert (student.power, student.toughness) == (5, 5)


@pytest.mark.parametrize("edition", EDITIONS)
def test_log_names_left_object_ability_by_last_known_name(edition: str) -> None:
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


# --------------------------------------------------------------------------------------------
# Leaves-play triggers look back in time (603.10; 2004: 410.10d)
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_dies_returns_flipped(edition: str) -> None:
    """Homura: "When Homura dies, return it to the battlefield flipped." The returned card is
    a new object, flipped from the moment it enters (508.4)."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    game.damage(homura, 4)
    assert homura.zone == "battlefield"
    assert homura.flipped and homura.name == "Homura's Essence"
    assert homura.damage == 0


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_essence_destroyed_looks_back_no_return(edition: str) -> None:
    """603.10 (2004: 410.10d): a leaves-play ability triggers based on the object as it last
    existed in play. Homura's Essence had only the bottom half's text (508.2), no "return it"
    ability: it stays in the graveyard, as the normal card."""
    game = Game(edition)
    essence = game.put("Homura, Human Ascendant", flipped=True)
    kami = game.put("Kami of Ancient Law")
    game.activate(kami, target=essence)
    assert len(game.stack) == 0
    assert essence.zone == "graveyard"
    assert not essence.flipped
    assert essence.name == "Homura, Human Ascendant"


@pytest.mark.parametrize("edition", EDITIONS)
def test_homura_trigger_waits_card_leaves_graveyard(edition: str) -> None:
    """Homura's ability waits on the stack; the card leaves the graveyard in response (a new
    object, 400.7): the ability cannot return it from exile."""
    game = Game(edition)
    homura = game.put("Homura, Human Ascendant")
    with game.holding_priority():
        game.damage(homura, 4)
        assert [item.source.name for item in game.stack] == ["Homura, Human Ascendant"]
        game.move(homura, "exile")
    game.resolve_stack()
    assert homura.zone == "exile"
    assert not homura.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_fire_penguin_dies_looks_back_as_flipped(edition: str) -> None:
    """Curse of the Fire Penguin Creature: "When it dies, the Curse comes back from your
    graveyard onto the battlefield." It died flipped, so its flipped ability triggers (603.10
    looks back); the card comes back as a new object, with only its normal half: the Aura."""
    game = Game(edition)
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    game.flip(curse)
    assert curse.flipped and "Creature" in curse.types
    game.damage(curse, 5)
    assert curse.zone == "battlefield"
    assert not curse.flipped
    assert curse.name == "Curse of the Fire Penguin"


def test_2004_akki_flipped_with_combat_damage_on_stack() -> None:
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


# --------------------------------------------------------------------------------------------
# Responses with instants
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize("edition", EDITIONS)
def test_shock_kills_bandit_with_flip_trigger_waiting(edition: str) -> None:
    """Shock in response to the ki trigger: Cunning Bandit (2/2) dies first; the ability then
    finds no ki counters on it (the counters left with it) and nothing flips (603.4, 508.4)."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.cast("Shock", player="Bob", target=bandit)
    assert bandit.zone == "graveyard"
    assert not bandit.flipped and bandit.counters == {}


@pytest.mark.parametrize("edition", EDITIONS)
def test_giant_growth_survives_flip_then_shock(edition: str) -> None:
    """Giant Growth on Cunning Bandit in response; then the trigger flips it: "any ... effects
    remain on it" (ruling), so Azamuki is 5/2 +3/+3 = 8/5, and a later Shock does not kill it."""
    game = Game(edition)
    bandit = with_ki(game, "Cunning Bandit", 2)
    with game.holding_priority():
        game.end_step()
    game.cast("Giant Growth", target=bandit)
    assert bandit.flipped
    assert (bandit.power, bandit.toughness) == (8, 5)
    game.cast("Shock", player="Bob", target=bandit)
    assert bandit.zone == "battlefield" and bandit.damage == 2


@pytest.mark.parametrize("edition", EDITIONS)
def test_flip_trigger_above_shock_resolves_first(edition: str) -> None:
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


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_trigger_waiting_shock_kills_it(edition: str) -> None:
    """Akki Lavarunner: "Whenever Akki Lavarunner deals damage to an opponent, flip it." Shock
    in response kills the 1/1; the ability then finds it gone and nothing flips."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Bob", 1)
        assert [item.source for item in game.stack] == [akki]
    game.cast("Shock", player="Bob", target=akki)
    assert akki.zone == "graveyard" and not akki.flipped


@pytest.mark.parametrize("edition", EDITIONS)
def test_akki_damage_to_itself_controller_not_opponent(edition: str) -> None:
    """"deals damage to an opponent": damage Akki deals to its own controller triggers
    nothing."""
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.deal_damage(akki, "Alice", 1)
        assert len(game.stack) == 0
    assert not akki.flipped
