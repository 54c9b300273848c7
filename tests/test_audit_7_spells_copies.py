"""Audit 7: the ordinary cards' spells, entering as a copy, copy effects until end of turn,
Dimir Doppelganger, and their scenario fields.

Rules these tests hold the model to: 601.2c (targets and choices as a spell is cast; an
illegal cast is undone), 608.2b (a spell or ability whose only target is illegal as it
resolves does nothing), 614.1c and 707.5 (Clone and Spark Double are copies as they enter),
702.16b (protection: not the target of a spell or ability of that color), 702.50a (epic),
707.2 (copiable values: not counters, not other effects), 707.3 (a copy of a copy uses the
copied object's copiable values), 707.9b (exceptions such as "isn't legendary" and "except it
has this ability" are copiable values), 707.10 (a copy of a spell is put on the stack),
514.2 ("until end of turn" effects end in the cleanup step), 400.7 (a zone change makes a new
object), 704.5j and the 2004 legend rule, 303.4f (an Aura put onto the battlefield other than
by resolving is attached as it enters, or stays where it is), 110.5 (status), 508.2 / 710.2
(a flip card outside the battlefield has only its normal half).
"""

from __future__ import annotations

import pytest
from helpers import obj, run

from flipcards import (
    FlipCardsError,
    Game,
    IllegalActionError,
    ScenarioError,
    UnknownCardError,
    run_scenario,
)

EDITIONS = ["2004", "current"]


def _snapshot(game: Game) -> tuple[object, ...]:
    """Everything a refused call must leave as it was."""
    return (
        tuple((o.name, o.zone, o.controller, o.flipped, tuple(sorted(o.counters.items())),
               o.damage) for o in game.objects()),
        len(game.log), game.spells_cast_this_turn, len(game.stack), len(game.effects),
        {p: game.life(p) for p in game.players},
        {p: dict(game.mana_pool(p)) for p in game.players},
    )


# --- Shock ------------------------------------------------------------------------------------

@pytest.mark.parametrize("edition", EDITIONS)
def test_shock_fizzles_when_its_target_flips_into_tok_tok(edition: str) -> None:
    # 608.2b with 702.16b: Akki Lavarunner was a legal target; as Shock resolves it is Tok-Tok,
    # Volcano Born, with protection from red. Shock does nothing; no damage is dealt.
    game = Game(edition)
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.cast("Shock", target=akki)
        game.flip(akki)
    game.resolve()
    assert (akki.name, akki.zone, akki.damage) == ("Tok-Tok, Volcano Born", "battlefield", 0)
    assert any("its target is no longer legal" in line for line in game.log)
    assert game.objects("graveyard")[0].name == "Shock"


def test_shock_on_a_hero_that_becomes_tok_tok_by_a_copy_effect_today_and_in_2004() -> None:
    # Today (707.3): a flipped Kenzo that becomes a copy of Akki Lavarunner shows Tok-Tok (pro
    # red), so Shock aimed at it is countered on resolution. 2004: it gets the normal half,
    # Akki Lavarunner, a 1/1 without protection, and Shock kills it.
    for edition, survives in (("current", True), ("2004", False)):
        game = Game(edition)
        kenzo = game.put("Bushi Tenderfoot", flipped=True)
        akki = game.put("Akki Lavarunner")
        with game.holding_priority():
            game.cast("Shock", target=kenzo)
            game.become_copy(kenzo, akki)
        game.resolve()
        assert (kenzo.zone == "battlefield") is survives, edition


def test_shock_is_legal_on_tok_tok_that_lost_its_abilities() -> None:
    # Protection is an ability: without it (613.1f) a red spell may target Tok-Tok.
    game = Game("current")
    tok = game.put("Akki Lavarunner", flipped=True)
    game.add_effect("remove_all_abilities", tok)
    game.cast("Shock", target=tok)
    assert tok.zone == "graveyard"


def test_shock_to_a_player_is_increased_by_each_tok_tok() -> None:
    # Tok-Tok: "If a red source would deal damage to a player, it deals that much damage plus
    # 1 to that player instead." Today each player may have one Tok-Tok: two replacements.
    game = Game("current")
    game.put("Akki Lavarunner", flipped=True)
    game.put("Akki Lavarunner", flipped=True, owner="Bob")
    game.cast("Shock", target="Bob")
    assert game.life("Bob") == 16
    game.cast("Shock", "Bob", target="Alice")
    assert game.life("Alice") == 16


def test_shock_can_target_a_clone_of_tok_tok_the_unflipped_version() -> None:
    # The ruling: a copy of a flipped permanent is the normal version (no protection).
    game = Game("current")
    tok = game.put("Akki Lavarunner", flipped=True, owner="Bob")
    clone = game.put("Clone", copying=tok)
    assert (clone.name, clone.keywords) == ("Akki Lavarunner", ("Haste",))
    game.cast("Shock", target=clone)
    assert (clone.zone, clone.name) == ("graveyard", "Clone")


def test_shock_fizzles_when_its_target_becomes_a_noncreature_copy() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    anthem = game.put("Glorious Anthem")
    with game.holding_priority():
        game.cast("Shock", target=bears)
        game.become_copy(bears, anthem)
    game.resolve()
    assert (bears.zone, bears.name, bears.damage) == ("battlefield", "Glorious Anthem", 0)


@pytest.mark.parametrize("edition", EDITIONS)
def test_a_refused_shock_from_a_hand_changes_nothing(edition: str) -> None:
    game = Game(edition, costs="paid")
    shock = game.put("Shock", zone="hand")
    tok = game.put("Akki Lavarunner", flipped=True, owner="Bob")
    game.add_mana("Alice", "{R}")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="protection from red") as refused:
        game.cast(shock, target=tok)
    assert refused.value.argument == "target"
    assert _snapshot(game) == before
    assert shock.zone == "hand"
    # The same card may still be cast at a legal target, with the same mana (Bob's Tok-Tok:
    # a red source deals 1 more damage to a player).
    game.cast(shock, target="Bob")
    assert (shock.zone, game.life("Bob"), game.mana_pool("Alice").get("R", 0)) == (
        "graveyard", 17, 0)


def test_shock_refuses_targets_off_the_battlefield_and_unknown_players() -> None:
    game = Game("current")
    dead = game.put("Grizzly Bears", zone="graveyard")
    anthem = game.put("Glorious Anthem")
    before = _snapshot(game)
    for target in (dead, anthem):
        with pytest.raises(IllegalActionError, match="Shock needs any target"):
            game.cast("Shock", target=target)
    with pytest.raises(FlipCardsError, match="Carol"):
        game.cast("Shock", target="Carol")
    assert _snapshot(game) == before


# --- Giant Growth -------------------------------------------------------------------------------

def test_giant_growth_fizzles_when_rune_tail_flips_into_an_enchantment() -> None:
    # 608.2b: "target creature"; Rune-Tail's Essence is not a creature.
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    with game.holding_priority():
        game.cast("Giant Growth", target=rune_tail)
        game.flip(rune_tail)
    game.resolve()
    assert game.effects == ()
    assert any(line.startswith("Giant Growth") and "no longer legal (rule 608.2b)" in line
               for line in game.log)


def test_giant_growth_fizzles_when_its_target_gains_protection_from_green() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.cast("Giant Growth", target=bears)
        game.add_effect("add_keyword", bears, keyword="Protection from green")
    game.resolve()
    assert (bears.power, bears.toughness) == (2, 2)


def test_giant_growth_may_target_tok_tok() -> None:
    # Protection from red only: a green spell targets it.
    game = Game("current")
    tok = game.put("Akki Lavarunner", flipped=True)
    game.cast("Giant Growth", target=tok)
    assert (tok.power, tok.toughness) == (5, 5)


def test_giant_growth_survives_a_copy_effect_and_ends_in_cleanup() -> None:
    # Layer 7c applies on top of the copiable values of layer 1 (613.2, 707.2).
    game = Game("current")
    bears = game.put("Grizzly Bears")
    akki = game.put("Akki Lavarunner")
    game.cast("Giant Growth", target=bears)
    game.cast("Cytoshape", target=bears, copying=akki)
    assert (bears.name, bears.power, bears.toughness) == ("Akki Lavarunner", 4, 4)
    game.next_turn()
    assert (bears.name, bears.power, bears.toughness) == ("Grizzly Bears", 2, 2)


def test_giant_growth_refuses_a_player() -> None:
    game = Game("current")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Giant Growth needs a target creature") as e:
        game.cast("Giant Growth", target="Bob")
    assert e.value.argument == "target"
    assert _snapshot(game) == before


# --- Cytoshape ------------------------------------------------------------------------------------

def test_cytoshape_target_that_flips_meanwhile_is_still_legal() -> None:
    # Cytoshape is green and blue: Tok-Tok's protection from red does not stop it.
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        game.cast("Cytoshape", target=akki, copying=bears)
        game.flip(akki)
    game.resolve()
    assert (akki.name, akki.flipped) == ("Grizzly Bears", True)
    game.next_turn()
    assert akki.name == "Tok-Tok, Volcano Born"


def test_cytoshape_cannot_target_protection_from_blue_but_may_copy_it() -> None:
    # Cytoshape targets only the creature that becomes a copy; the creature copied is chosen,
    # not targeted (702.16b applies to targets). Copiable values exclude the granted keyword.
    game = Game("current")
    bears = game.put("Grizzly Bears")
    runeclaw = game.put("Runeclaw Bear")
    game.add_effect("add_keyword", bears, keyword="Protection from blue")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="protection from blue, so Cytoshape cannot "
                       "target it"):
        game.cast("Cytoshape", target=bears, copying=runeclaw)
    assert _snapshot(game) == before
    game.cast("Cytoshape", target=runeclaw, copying=bears)
    assert (runeclaw.name, runeclaw.keywords) == ("Grizzly Bears", ())


def test_cytoshape_fizzles_when_its_target_gains_protection_from_blue() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    akki = game.put("Akki Lavarunner")
    with game.holding_priority():
        game.cast("Cytoshape", target=bears, copying=akki)
        game.add_effect("add_keyword", bears, keyword="Protection from blue")
    game.resolve()
    assert bears.name == "Grizzly Bears"


def test_cytoshape_makes_a_flipped_creature_a_legendary_copy_today_only() -> None:
    # Today a flipped Tok-Tok that becomes a copy of Bushi Tenderfoot shows Kenzo (707.3), and
    # with another Kenzo of Alice's the legend rule applies (704.5j). 2004: the normal half.
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tok = game.put("Akki Lavarunner", flipped=True)
    bushi = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=tok, copying=bushi, keep=[kenzo])
    assert (kenzo.zone, tok.zone, bushi.zone) == ("battlefield", "graveyard", "battlefield")

    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tok = game.put("Akki Lavarunner", flipped=True)
    bushi = game.put("Bushi Tenderfoot", owner="Bob")
    game.cast("Cytoshape", target=tok, copying=bushi)
    assert (tok.name, tok.supertypes) == ("Bushi Tenderfoot", ())
    assert (kenzo.zone, tok.zone, bushi.zone) == ("battlefield",) * 3


@pytest.mark.parametrize("edition", EDITIONS)
def test_legend_rule_when_cytoshapes_copy_ends(edition: str) -> None:
    # Tok-Tok A is a Grizzly Bears until end of turn; meanwhile Akki B flips into Tok-Tok.
    # In the cleanup step A is Tok-Tok again: 2004 both go, today Alice keeps one.
    game = Game(edition)
    tok_a = game.put("Akki Lavarunner", flipped=True)
    game.cast("Cytoshape", target=tok_a, copying=game.put("Grizzly Bears", owner="Bob"))
    akki_b = game.put("Akki Lavarunner")
    game.flip(akki_b)
    assert (tok_a.zone, akki_b.zone) == ("battlefield", "battlefield")
    game.next_turn(keep=[tok_a])
    if edition == "2004":
        assert (tok_a.zone, akki_b.zone) == ("graveyard", "graveyard")
    else:
        assert (tok_a.zone, akki_b.zone) == ("battlefield", "graveyard")
        assert tok_a.name == "Tok-Tok, Volcano Born"


def test_cytoshape_copying_a_spark_double_copy_is_not_legendary() -> None:
    # 707.9b: Spark Double's "isn't legendary" is a copiable value, so Cytoshape may choose the
    # Double and what it makes is not legendary either: no legend rule with Rune-Tail.
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    double = game.put("Spark Double", copying=rune_tail)
    bears = game.put("Grizzly Bears")
    game.cast("Cytoshape", target=bears, copying=double)
    assert (bears.name, bears.supertypes, bears.power) == ("Rune-Tail, Kitsune Ascendant", (), 2)
    assert {o.zone for o in (rune_tail, double, bears)} == {"battlefield"}


def test_cytoshape_refuses_a_legendary_clone_to_copy() -> None:
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant", controller="Bob", owner="Bob")
    clone = game.put("Clone", copying=rune_tail)
    bears = game.put("Grizzly Bears")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Cytoshape copies a nonlegendary creature; "
                       "Rune-Tail, Kitsune Ascendant is legendary") as e:
        game.cast("Cytoshape", target=bears, copying=clone)
    assert e.value.argument == "copying"
    assert _snapshot(game) == before


def test_cytoshape_copy_of_a_doppelganger_copy_has_its_ability_until_end_of_turn() -> None:
    # 707.9b: "except it has this ability" is copied along by Cytoshape's copy effect.
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    runeclaw = game.put("Runeclaw Bear")
    game.cast("Cytoshape", target=runeclaw, copying=dd)
    assert runeclaw.name == "Grizzly Bears"
    pupil = game.put("Budoka Pupil", zone="graveyard")
    game.activate(runeclaw, target=pupil)
    assert (runeclaw.name, pupil.zone) == ("Budoka Pupil", "exile")
    # The Doppelganger's copy effect is later and has no duration: it outlasts Cytoshape's.
    game.next_turn()
    assert runeclaw.name == "Budoka Pupil"


# --- copies until end of turn, copies of copies --------------------------------------------------

def test_clone_of_a_cytoshaped_creature_stays_a_copy_after_cleanup() -> None:
    # 707.2: the copy effect is part of the copiable values; Clone's own copy has no duration.
    game = Game("current")
    akki = game.put("Akki Lavarunner")
    game.cast("Cytoshape", target=akki, copying=game.put("Grizzly Bears"))
    clone = game.put("Clone", copying=akki)
    game.next_turn()
    assert (akki.name, clone.name, clone.zone) == ("Akki Lavarunner", "Grizzly Bears",
                                                   "battlefield")


def test_a_clone_made_a_copy_until_end_of_turn_goes_back_to_its_entering_copy() -> None:
    # Not back to a 0/0 Clone: the copy effect it entered with still applies (613.2a).
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Grizzly Bears"))
    game.become_copy(clone, game.put("Akki Lavarunner"), until_end_of_turn=True)
    assert clone.name == "Akki Lavarunner"
    game.next_turn()
    assert (clone.name, clone.zone, clone.power) == ("Grizzly Bears", "battlefield", 2)


def test_a_flipped_spark_double_cytoshaped_goes_back_nonlegendary_with_its_counter() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    game.flip(double)
    game.cast("Cytoshape", target=double, copying=game.put("Grizzly Bears"))
    assert (double.name, double.power) == ("Grizzly Bears", 3)
    game.next_turn()
    assert (double.name, double.supertypes, double.power, double.toughness) == (
        "Kenzo the Hardhearted", (), 4, 5)
    assert kenzo.zone == double.zone == "battlefield"


@pytest.mark.parametrize(("edition", "during"), [("2004", "Akki Lavarunner"),
                                                 ("current", "Tok-Tok, Volcano Born")])
def test_a_flipped_clone_cytoshaped(edition: str, during: str) -> None:
    game = Game(edition)
    clone = game.put("Clone", copying=game.put("Bushi Tenderfoot", owner="Bob"))
    game.flip(clone)
    game.cast("Cytoshape", target=clone, copying=game.put("Akki Lavarunner"))
    assert clone.name == during
    game.next_turn()
    assert (clone.name, clone.flipped) == ("Kenzo the Hardhearted", True)


def test_doppelganger_ability_and_cytoshape_in_either_order() -> None:
    for cytoshape_first in (True, False):
        game = Game("current")
        dd = game.put("Dimir Doppelganger")
        card = game.put("Bushi Tenderfoot", zone="graveyard")
        bears = game.put("Grizzly Bears")
        with game.holding_priority():
            if cytoshape_first:
                game.cast("Cytoshape", target=dd, copying=bears)
                game.activate(dd, target=card)       # on top: resolves first
            else:
                game.activate(dd, target=card)
                game.cast("Cytoshape", target=dd, copying=bears)
        game.resolve_stack()
        assert dd.name == ("Grizzly Bears" if cytoshape_first else "Bushi Tenderfoot")
        game.next_turn()
        # Either way, once Cytoshape's effect ends it is the Bushi Tenderfoot copy, and still
        # has the Doppelganger's ability.
        assert dd.name == "Bushi Tenderfoot"
        other = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
        game.activate(dd, target=other)
        assert dd.name == "Grizzly Bears"


def test_a_cytoshaped_doppelganger_has_no_ability_until_cleanup() -> None:
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    game.cast("Cytoshape", target=dd, copying=game.put("Runeclaw Bear"))
    card = game.put("Bushi Tenderfoot", zone="graveyard")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="no activated ability"):
        game.activate(dd, target=card)
    assert _snapshot(game) == before


# --- Clone and Spark Double -----------------------------------------------------------------------

def test_clone_of_a_spark_double_copy_is_not_legendary_and_has_no_counter() -> None:
    # 707.9b: "isn't legendary" is copied; the +1/+1 counter is not a copiable value (707.2).
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    double = game.put("Spark Double", copying=rune_tail)
    clone = game.put("Clone", copying=double)
    assert (double.supertypes, double.counters, double.power) == ((), {"+1/+1": 1}, 3)
    assert (clone.name, clone.supertypes, clone.counters, clone.power) == (
        "Rune-Tail, Kitsune Ascendant", (), {}, 2)
    assert {o.zone for o in (rune_tail, double, clone)} == {"battlefield"}
    # A Spark Double of the Spark Double gets its own one counter.
    second = game.put("Spark Double", copying=double)
    assert (second.counters, second.power) == ({"+1/+1": 1}, 3)


def test_clone_copies_neither_counters_nor_pump() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.cast("Giant Growth", target=bears)
    game.add_counters(bears, "+1/+1", 2)
    clone = game.put("Clone", copying=bears)
    assert (bears.power, clone.power, clone.toughness, clone.counters) == (7, 2, 2, {})


def test_clone_of_a_token_is_no_token() -> None:
    game = Game("current")
    clone = game.put("Clone", copying=game.create_token("Snake"))
    assert (clone.name, clone.is_token, clone.power) == ("Snake", False, 1)
    game.move(clone, "graveyard")
    assert (clone.zone, clone.name) == ("graveyard", "Clone")


def test_clone_of_a_clone_of_flipped_kenzo_is_bushi_and_flips_into_the_legend_rule() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    first = game.put("Clone", copying=kenzo)
    second = game.put("Clone", copying=first)
    assert (first.name, second.name) == ("Bushi Tenderfoot", "Bushi Tenderfoot")
    game.flip(second, keep=[kenzo])
    assert (kenzo.zone, first.zone, second.zone) == ("battlefield", "battlefield", "graveyard")


@pytest.mark.parametrize("edition", EDITIONS)
def test_legend_rule_as_a_clone_of_rune_tail_enters(edition: str) -> None:
    # Same controller: both editions apply the legend rule (2004: all go; today one is kept).
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    clone = game.put("Clone", copying=rune_tail, keep=[rune_tail])
    if edition == "2004":
        assert (rune_tail.zone, clone.zone) == ("graveyard", "graveyard")
    else:
        assert (rune_tail.zone, clone.zone) == ("battlefield", "graveyard")
    # Different controllers: only the 2004 rule puts both into graveyards.
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    clone = game.put("Clone", copying=rune_tail, owner="Bob")
    expected = "graveyard" if edition == "2004" else "battlefield"
    assert (rune_tail.zone, clone.zone) == (expected, expected)


def test_cast_clone_keeps_the_choice_in_the_legend_rule() -> None:
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    clone = game.cast("Clone", copying=rune_tail, keep=[rune_tail])
    assert (rune_tail.zone, clone.zone, clone.name) == ("battlefield", "graveyard", "Clone")


def test_2004_bobs_clone_of_tok_tok_flips_and_both_go() -> None:
    game = Game("2004")
    tok = game.put("Akki Lavarunner", flipped=True)
    clone = game.put("Clone", copying=tok, owner="Bob")
    assert clone.name == "Akki Lavarunner"
    game.flip(clone)
    assert (tok.zone, clone.zone) == ("graveyard", "graveyard")


def test_spark_double_entering_flipped_as_an_essence_gets_no_counter() -> None:
    # "an additional +1/+1 counter on it if it's a creature": Rune-Tail's Essence is not one.
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    double = game.put("Spark Double", copying=rune_tail, flipped=True)
    assert (double.name, double.types, double.supertypes, double.counters) == (
        "Rune-Tail's Essence", ("Enchantment",), (), {})
    assert rune_tail.zone == "battlefield"


def test_spark_double_under_bobs_control_copies_bobs_permanent() -> None:
    game = Game("current")
    alices = game.put("Grizzly Bears")
    bobs = game.put("Runeclaw Bear", owner="Bob")
    double = game.put("Spark Double", zone="graveyard")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Spark Double copies a permanent Bob controls"
                       "; Grizzly Bears is controlled by Alice") as e:
        game.move(double, "battlefield", controller="Bob", copying=alices)
    assert e.value.argument == "copying"
    assert _snapshot(game) == before and double.zone == "graveyard"
    game.move(double, "battlefield", controller="Bob", copying=bobs)
    assert (double.name, double.controller, double.owner, double.power) == (
        "Runeclaw Bear", "Bob", "Alice", 3)


def test_nighteyes_returns_spark_double_as_a_copy_of_its_new_controllers_creature() -> None:
    # Chosen as it enters (614.1c): "you control" is Nighteyes' controller, who now controls
    # the Double; Bob's creature is not a choice it can make, so it enters as itself and dies.
    game = Game("current")
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    mine = game.put("Grizzly Bears")
    theirs = game.put("Runeclaw Bear", owner="Bob")
    double = game.put("Spark Double", zone="graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(nighteyes, target=double)
    game.resolve(copying=mine)
    assert (double.zone, double.controller, double.name, double.counters) == (
        "battlefield", "Alice", "Grizzly Bears", {"+1/+1": 1})
    game.move(double, "graveyard")
    with game.holding_priority():
        game.activate(nighteyes, target=double)
    game.resolve(copying=theirs)
    assert (double.zone, double.name) == ("graveyard", "Spark Double")


def test_a_refused_cast_clone_changes_nothing() -> None:
    game = Game("current")
    dead = game.put("Grizzly Bears", zone="graveyard")
    clone = game.put("Clone", zone="hand")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Clone copies a permanent on the battlefield"):
        game.cast(clone, copying=dead)
    assert _snapshot(game) == before and clone.zone == "hand"


# --- Dimir Doppelganger ---------------------------------------------------------------------------

def test_doppelganger_copying_a_clone_card_is_a_0_0_and_dies() -> None:
    # Clone's "enter as a copy" applies only as Clone itself enters; the Doppelganger becomes
    # a copy of the Clone card: a 0/0 Shapeshifter, put into the graveyard (704.5f).
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    clone = game.put("Clone", zone="graveyard")
    game.activate(dd, target=clone)
    assert (clone.zone, dd.zone, dd.name) == ("exile", "graveyard", "Dimir Doppelganger")


def test_doppelganger_cannot_target_the_penguin_curse_card() -> None:
    # 508.2: in a graveyard Curse of the Fire Penguin is only an Aura, not a creature card.
    game = Game("current", costs="paid")
    dd = game.put("Dimir Doppelganger")
    curse = game.put("Curse of the Fire Penguin", zone="graveyard")
    game.add_mana("Alice", "{U}{B}{G}")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="needs a target creature card in a graveyard"):
        game.activate(dd, target=curse)
    assert _snapshot(game) == before


@pytest.mark.parametrize("edition", EDITIONS)
def test_doppelganger_copying_a_legendary_card_meets_the_legend_rule(edition: str) -> None:
    game = Game(edition)
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    dd = game.put("Dimir Doppelganger")
    card = game.put("Rune-Tail, Kitsune Ascendant", zone="graveyard", owner="Bob")
    game.activate(dd, target=card, keep=[dd])
    assert card.zone == "exile"
    if edition == "2004":
        assert (rune_tail.zone, dd.zone, dd.name) == ("graveyard", "graveyard",
                                                      "Dimir Doppelganger")
    else:
        assert (rune_tail.zone, dd.zone, dd.name) == ("graveyard", "battlefield",
                                                      "Rune-Tail, Kitsune Ascendant")


def test_spark_double_of_a_doppelganger_copy_keeps_the_ability_and_its_counter() -> None:
    game = Game("current")
    dd = game.put("Dimir Doppelganger")
    game.activate(dd, target=game.put("Grizzly Bears", zone="graveyard"))
    double = game.put("Spark Double", copying=dd)
    game.activate(double, target=game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob"))
    assert (double.name, double.counters, double.power) == ("Bushi Tenderfoot", {"+1/+1": 1}, 2)


# --- Time of Need, Enduring Ideal -----------------------------------------------------------------

def test_time_of_need_finds_no_legendary_noncreature() -> None:
    game = Game("current")
    day = game.put("Day of Destiny", zone="library")
    weapon = game.put("Legacy Weapon", zone="library")
    game.cast("Time of Need")
    assert (day.zone, weapon.zone) == ("library", "library")


def test_time_of_need_cannot_take_from_the_opponents_library() -> None:
    game = Game("current")
    bobs = game.put("Kuon, Ogre Ascendant", zone="library", owner="Bob")
    game.cast("Time of Need", choose=bobs)
    assert bobs.zone == "library"
    game.cast("Time of Need", "Bob", choose=bobs)
    assert (bobs.zone, bobs.owner) == ("hand", "Bob")


@pytest.mark.parametrize("edition", EDITIONS)
def test_enduring_ideal_epic_brings_a_second_day_of_destiny_into_the_legend_rule(
        edition: str) -> None:
    game = Game(edition)
    first = game.put("Day of Destiny", zone="library")
    second = game.put("Day of Destiny", zone="library")
    game.cast("Enduring Ideal")
    assert (first.zone, second.zone) == ("battlefield", "library")
    game.next_turn()
    game.next_turn()
    if edition == "2004":
        assert (first.zone, second.zone) == ("graveyard", "graveyard")
    else:
        assert sorted([first.zone, second.zone]) == ["battlefield", "graveyard"]


def test_epic_copies_are_not_cast_and_are_not_doubled() -> None:
    # 702.50a: each upkeep copies the spell "except for its epic ability": one more each time,
    # and a copy is not cast (707.10).
    game = Game("current")
    anthems = [game.put("Glorious Anthem", zone="library") for _ in range(4)]
    game.cast("Enduring Ideal")
    assert sum(a.zone == "battlefield" for a in anthems) == 1
    for expected in (2, 3):
        game.next_turn()
        game.next_turn()
        assert game.spells_cast_this_turn == 0
        assert sum(a.zone == "battlefield" for a in anthems) == expected


def test_epic_binds_only_its_caster_and_only_their_upkeeps() -> None:
    game = Game("current")
    anthem = game.put("Glorious Anthem", zone="library", owner="Bob")
    other = game.put("Glorious Anthem", zone="library", owner="Bob")
    game.cast("Enduring Ideal", "Bob")
    assert (anthem.zone, anthem.controller) == ("battlefield", "Bob")
    hand = game.put("Shock", zone="hand", owner="Bob")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Bob cannot cast spells for the rest of the "
                       "game"):
        game.cast(hand, target="Alice")
    assert _snapshot(game) == before and hand.zone == "hand"
    game.cast("Shock", "Alice", target="Bob")            # Alice is free
    game.next_turn()                                     # Bob's upkeep: the copy
    assert other.zone == "battlefield"


def test_enduring_ideal_countered_has_no_epic() -> None:
    # Epic works as the spell resolves; a countered Enduring Ideal never does.
    game = Game("current")
    jaraku = game.put("Callow Jushi", flipped=True, owner="Bob")
    game.add_counters(jaraku, "ki", 1)
    with game.holding_priority():
        ideal = game.cast("Enduring Ideal")
        game.activate(jaraku, target=ideal)
    game.resolve_stack()
    assert ideal.zone == "graveyard"
    game.cast("Shock", target="Bob")
    assert game.life("Bob") == 18


def test_enduring_ideal_leaves_an_aura_with_nothing_to_enchant_in_the_library() -> None:
    game = Game("current")
    pacifism = game.put("Pacifism", zone="library")
    game.cast("Enduring Ideal")
    assert pacifism.zone == "library"


def test_enduring_ideal_attaches_an_aura_as_it_enters() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", zone="library")
    game.cast("Enduring Ideal")
    assert pacifism.zone == "battlefield"
    assert pacifism.attached_to == bears


def test_epic_trigger_puts_a_copy_of_the_spell_on_the_stack() -> None:
    game = Game("current")
    game.cast("Enduring Ideal")           # finds nothing: the library is empty
    anthem = game.put("Glorious Anthem", zone="library")
    game.next_turn()
    with game.holding_priority():
        game.next_turn()                  # Alice's upkeep: the epic trigger waits
    assert len(game.stack) == 1
    game.resolve()                        # the trigger: a copy of the spell goes on the stack
    assert anthem.zone == "library"
    assert len(game.stack) == 1
    game.resolve()                        # the copy resolves, and ceases to exist
    assert (anthem.zone, game.stack) == ("battlefield", ())
    assert game.log[-1] == "The copy of Enduring Ideal ceases to exist."


# --- Cranial Extraction ---------------------------------------------------------------------------

def test_cranial_extraction_takes_every_zone_but_the_battlefield_of_the_target_only() -> None:
    game = Game("current")
    bobs = [game.put("Clone", zone=z, owner="Bob") for z in ("graveyard", "hand", "library")]
    on_battlefield = game.put("Clone", owner="Bob", copying=game.put("Grizzly Bears",
                                                                     owner="Bob"))
    alices = game.put("Clone", zone="hand")
    game.cast("Cranial Extraction", target="Bob", naming="clone")
    assert [c.zone for c in bobs] == ["exile"] * 3
    assert (on_battlefield.zone, alices.zone) == ("battlefield", "hand")


def test_cranial_extraction_naming_itself_leaves_itself_alone() -> None:
    # It is on the stack as it resolves, not in a hand; it goes to the graveyard afterwards.
    game = Game("current")
    cast = game.put("Cranial Extraction", zone="hand")
    other = game.put("Cranial Extraction", zone="hand")
    game.cast(cast, target="Alice", naming="Cranial Extraction")
    assert (cast.zone, other.zone) == ("graveyard", "exile")


@pytest.mark.parametrize(("kwargs", "argument", "error"), [
    ({"target": "Bob", "naming": "Okina, Temple to the Grandfathers"}, "naming",
     IllegalActionError),
    ({"target": "Bob", "naming": "Forest"}, "naming", IllegalActionError),
    ({"target": "Bob", "naming": "Kenzo the Hardhartd"}, "naming", UnknownCardError),
    ({"target": "Bob", "naming": 5}, "naming", IllegalActionError),
    ({"target": "Bob", "naming": "Shock", "copying": "BEARS"}, "copying", IllegalActionError),
    ({"target": "BEARS", "naming": "Shock"}, "target", IllegalActionError),
])
def test_cranial_extraction_refusals_change_nothing(kwargs: dict[str, object], argument: str,
                                                    error: type[Exception]) -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.put("Shock", zone="hand", owner="Bob")
    kwargs = {k: bears if v == "BEARS" else v for k, v in kwargs.items()}
    before = _snapshot(game)
    with pytest.raises(error) as e:
        game.cast("Cranial Extraction", **kwargs)  # type: ignore[arg-type]
    assert e.value.argument == argument             # type: ignore[attr-defined]
    assert _snapshot(game) == before


def test_a_choice_a_spell_has_no_use_for_is_refused_even_without_its_target() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    before = _snapshot(game)
    with pytest.raises(IllegalActionError, match="Shock has no card to name"):
        game.cast("Shock", naming="Shock")
    with pytest.raises(IllegalActionError, match="Cranial Extraction has no creature to copy"):
        game.cast("Cranial Extraction", copying=bears)
    assert _snapshot(game) == before


def test_idle_spells_say_why_they_do_nothing() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.cast("Giant Growth")
    game.cast("Cytoshape")
    assert "Giant Growth does nothing: it was cast with no target chosen." in game.log
    assert ("Cytoshape does nothing: it was cast with no target and no creature to copy "
            "chosen.") in game.log
    assert (bears.power, game.spells_cast_this_turn) == (2, 2)


# --- scenarios ------------------------------------------------------------------------------------

def test_scenario_shock_held_then_flip_fizzles() -> None:
    out = run("current", [
        {"put": "Akki Lavarunner", "as": "akki"},
        {"cast": "Shock", "target": "akki", "hold": True},
        {"flip": "akki"},
        {"resolve": "all"},
        {"expect": {"akki": {"name": "Tok-Tok, Volcano Born", "damage": 0,
                             "zone": "battlefield"}}},
    ])
    assert any("its target is no longer legal (rule 608.2b)" in line for line in out["log"])


def test_scenario_spark_double_doppelganger_and_until_end_of_turn() -> None:
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Spark Double", "as": "double", "copying": "kenzo"},
        {"flip": "double"},
        {"expect": {"double": {"name": "Kenzo the Hardhearted", "supertypes": [], "power": 4},
                    "kenzo": {"zone": "battlefield"}}},
        {"put": "Dimir Doppelganger", "as": "dd"},
        {"put": "Grizzly Bears", "as": "card", "zone": "graveyard", "owner": "Bob"},
        {"activate": "dd", "target": "card"},
        {"become_copy": "dd", "of": "double", "until_end_of_turn": True},
        {"expect": {"dd": {"name": "Bushi Tenderfoot"}, "card": {"zone": "exile"}}},
        {"next_turn": True},
        {"expect": {"dd": {"name": "Grizzly Bears", "zone": "battlefield"}}},
    ])
    assert obj(out, "double")["counters"] == {"+1/+1": 1}


def test_scenario_resolve_copying_for_a_nighteyes_return() -> None:
    run("current", [
        {"put": "Nezumi Graverobber", "as": "nighteyes", "flipped": True},
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "rt"},
        {"put": "Clone", "as": "clone", "zone": "graveyard", "owner": "Bob"},
        {"activate": "nighteyes", "target": "clone", "hold": True},
        {"resolve": "top", "copying": "rt", "keep": ["rt"]},
        {"expect": {"clone": {"zone": "graveyard", "name": "Clone"},
                    "rt": {"zone": "battlefield"}}},
    ])


@pytest.mark.parametrize(("steps", "path"), [
    ([{"put": "Grizzly Bears", "as": "b", "owner": "Bob"},
      {"put": "Spark Double", "copying": "b"}], r"steps\[1\]\.copying: Spark Double copies"),
    ([{"put": "Grizzly Bears", "as": "b"},
      {"cast": "Giant Growth", "target": "Bob"}], r"steps\[1\]\.target: Giant Growth needs"),
    ([{"put": "Grizzly Bears", "as": "b"},
      {"cast": "Time of Need", "choose": "bb"}], r"steps\[1\]\.choose: no object \"bb\""),
    ([{"put": "Grizzly Bears", "as": "b"},
      {"cast": "Cytoshape", "target": "b", "copying": "b", "naming": "Shock"}],
     r"steps\[1\]\.naming: Cytoshape has no card to name"),
    ([{"put": "Grizzly Bears", "as": "b"},
      {"cast": "Cranial Extraction", "target": "Bob", "naming": "Forest"}],
     r"steps\[1\]\.naming: .*Forest is a land"),
    ([{"put": "Grizzly Bears", "as": "b"},
      {"become_copy": "b", "of": "b", "until_end_of_turn": "yes"}],
     r"steps\[1\]\.until_end_of_turn"),
    ([{"put": "Grizzly Bears", "as": "b"}, {"put": "Clone", "as": "c", "zone": "graveyard"},
      {"move": "c", "to": "hand", "copying": "b"}], r"steps\[2\]\.copying"),
    ([{"put": "Grizzly Bears", "as": "b"}, {"put": "Dimir Doppelganger", "as": "dd"},
      {"activate": "dd", "target": "b"}], r"steps\[2\]\.target: .*creature card in a "
                                          r"graveyard"),
])
def test_scenario_errors_name_the_field(steps: list[dict[str, object]], path: str) -> None:
    with pytest.raises(ScenarioError, match=path):
        run_scenario({"rules": "current", "steps": steps})


def test_scenario_unknown_naming_names_the_naming_field() -> None:
    with pytest.raises(ScenarioError, match=r"steps\[1\]\.naming: no card named"):
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "b"},
            {"cast": "Cranial Extraction", "target": "Bob", "naming": "Kenzo the Hardhartd"}]})
