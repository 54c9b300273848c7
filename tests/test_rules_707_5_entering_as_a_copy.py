"""Clone and Spark Double entering the battlefield as a copy of a permanent (707.5, 614.1c).

Rules and rulings: the 508 ruling 6 ("If you copy a flipped permanent, you get the normal,
unflipped version. That copy may flip later if certain conditions are met."); 707.2 (copiable
values: the printed card, both halves, mana cost and color included; not the status), 707.3
(the copy's own status picks the half), 707.9b (exceptions such as Spark Double's "isn't
legendary" are part of the copiable values), the legend rule of each edition.
"""

from __future__ import annotations

import pytest
from helpers import obj, run, snapshot

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_clone_of_a_flipped_hero_is_the_unflipped_version_and_may_flip(edition: str) -> None:
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    clone = game.put("Clone", copying=kenzo, controller="Bob")
    assert (clone.name, clone.flipped, clone.power, clone.toughness) == (
        "Bushi Tenderfoot", False, 1, 1)
    # Its copiable values are the printed card's: mana cost and color too (707.2).
    assert (clone.mana_cost, clone.colors) == ("{W}", ("W",))
    game.flip(clone)
    assert "Bushi Tenderfoot flips: it is now Kenzo the Hardhearted." in game.log
    # Two legendary Kenzos: under 2004's legend rule both go; today each player keeps their own.
    if edition == "2004":
        assert [kenzo.zone, clone.zone, clone.name] == ["graveyard", "graveyard", "Clone"]
    else:
        assert [kenzo.zone, clone.zone] == ["battlefield", "battlefield"]
        assert (clone.name, clone.supertypes) == ("Kenzo the Hardhearted", ("Legendary",))


def test_clone_leaves_as_clone() -> None:
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Jushi Apprentice"))
    assert clone.name == "Jushi Apprentice"
    game.move(clone, "graveyard")
    assert (clone.name, clone.zone) == ("Clone", "graveyard")


def test_spark_double_is_not_legendary_even_once_flipped() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    assert (double.name, double.counters, double.power) == ("Bushi Tenderfoot", {"+1/+1": 1}, 2)
    game.flip(double)
    assert (double.name, double.supertypes, double.power, double.toughness) == (
        "Kenzo the Hardhearted", (), 4, 5)
    # Not legendary: the legend rule leaves both Kenzos alone.
    assert kenzo.zone == double.zone == "battlefield"
    # A copy of the copy is not legendary either (707.9b), and has no counter.
    token = game.copy(double)
    game.flip(token)
    assert (token.name, token.supertypes, token.counters) == ("Kenzo the Hardhearted", (), {})


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_707_9b_spark_double_of_an_unflipped_hero_is_legendary_once_it_flips(
        edition: str) -> None:
    """Spark Double "isn't legendary if that permanent is legendary": an unflipped Bushi
    Tenderfoot is not (508.2), so the copy has no such exception, and once it flips it is a
    legendary Kenzo, which the legend rule meets (it was made nonlegendary whatever it copied)."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    bushi = game.put("Bushi Tenderfoot")
    double = game.put("Spark Double", copying=bushi)
    assert "not legendary" not in game.log[-1], game.log[-1]
    game.flip(double, keep=[kenzo] if edition == "current" else ())
    assert any("legend rule" in line for line in game.log[-3:]), game.log[-3:]
    if edition == "current":   # the controller keeps one (704.5j)
        assert (kenzo.zone, double.zone) == ("battlefield", "graveyard")
    else:                      # all go (2004 CR 420.5e)
        assert kenzo.zone == double.zone == "graveyard"


def test_spark_double_copies_only_what_its_controller_controls() -> None:
    game = Game("current")
    kenzo = game.put("Kenzo the Hardhearted", flipped=True, controller="Bob", owner="Bob")
    with pytest.raises(IllegalActionError, match="Spark Double copies a permanent Alice "
                       "controls; Kenzo the Hardhearted is controlled by Bob"):
        game.put("Spark Double", copying=kenzo)
    assert game.objects("battlefield", "Alice") == []   # nothing happened
    assert game.put("Spark Double", copying=kenzo, owner="Bob").name == "Bushi Tenderfoot"


@pytest.mark.parametrize(("what", "zone", "flipped", "message"), [
    ("Erayo, Soratami Ascendant", "battlefield", True,
     "Clone copies a creature; Erayo's Essence is not one"),
    ("Bushi Tenderfoot", "graveyard", False,
     "Clone copies a permanent on the battlefield; Bushi Tenderfoot is in Alice's graveyard"),
])
def test_clone_copies_a_creature_on_the_battlefield(what: str, zone: str, flipped: bool,
                                                     message: str) -> None:
    game = Game("current")
    other = game.put(what, zone, flipped=flipped)
    with pytest.raises(IllegalActionError, match=message):
        game.put("Clone", copying=other)


def test_only_clone_and_spark_double_enter_as_copies() -> None:
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    with pytest.raises(IllegalActionError, match="Grizzly Bears has no ability to enter as a "
                       "copy; Clone and Spark Double have"):
        game.put("Grizzly Bears", copying=bushi)
    with pytest.raises(IllegalActionError, match="only a permanent on the battlefield can be a "
                       "copy of another; Clone is going into Alice's hand"):
        game.put("Clone", "hand", copying=bushi)
    clone = game.put("Clone", "hand")
    with pytest.raises(IllegalActionError, match="a card can enter as a copy only onto the "
                       "battlefield, not into Alice's graveyard"):
        game.move(clone, "graveyard", copying=bushi)


def test_clone_returns_from_the_graveyard_as_a_copy() -> None:
    game = Game("2004")
    clone = game.put("Clone", "graveyard")
    game.move(clone, "battlefield", copying=game.put("Akki Lavarunner"))
    assert (clone.name, clone.flipped) == ("Akki Lavarunner", False)
    assert game.log[-1] == ("Clone is put into play from Alice's graveyard as a copy of Akki "
                            "Lavarunner; it is a new object: Akki Lavarunner.")
    with pytest.raises(IllegalActionError, match="Akki Lavarunner is already in play: a move "
                       "takes a card to another zone"):
        game.move(clone, "battlefield", copying=clone)


def test_cast_clone_copies_on_resolution() -> None:
    game = Game("current")
    bushi = game.put("Bushi Tenderfoot")
    clone = game.cast("Clone", copying=bushi)
    assert clone.name == "Bushi Tenderfoot" and clone.zone == "battlefield"
    # The chosen creature is gone when the spell resolves: Clone enters as itself, a 0/0.
    with game.holding_priority():
        late = game.cast("Clone", copying=bushi)
    game.move(bushi, "graveyard")
    game.resolve()
    assert (late.name, late.zone) == ("Clone", "graveyard")
    assert any("it enters as itself" in line for line in game.log)


def test_a_clone_of_a_hero_flips_by_its_own_condition() -> None:
    # Bushi Tenderfoot: when a creature dealt damage by it this turn dies, flip it.
    game = Game("current")
    clone = game.put("Clone", copying=game.put("Bushi Tenderfoot"))
    bears = game.put("Grizzly Bears", owner="Bob")
    game.deal_damage(clone, bears, 2)
    game.resolve()
    assert (bears.zone, clone.name) == ("graveyard", "Kenzo the Hardhearted")


def test_clone_of_a_permanent_that_became_a_copy_copies_the_copy() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.become_copy(bears, game.put("Akki Lavarunner", "graveyard"))
    assert game.put("Clone", copying=bears).name == "Akki Lavarunner"


def test_707_5_scenario_copying() -> None:
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Spark Double", "as": "double", "copying": "kenzo"},
        {"flip": "double"},
        {"cast": "Clone", "as": "clone", "copying": "kenzo"},
        {"put": "Clone", "as": "late", "zone": "graveyard"},
        {"move": "late", "to": "battlefield", "copying": "double"},
        {"expect": {"double": {"name": "Kenzo the Hardhearted", "supertypes": [],
                               "counters": {"+1/+1": 1}, "power": 4},
                    "clone": {"name": "Bushi Tenderfoot", "flipped": False},
                    "late": {"name": "Bushi Tenderfoot", "supertypes": [], "counters": {}}}},
    ])
    assert obj(out, "kenzo")["zone"] == "battlefield"


@pytest.mark.parametrize(("step", "where"), [
    ({"put": "Clone", "copying": "kenzoo"}, "steps[1].copying: no object \"kenzoo\""),
    ({"put": "Grizzly Bears", "copying": "kenzo"}, "steps[1].copying: Grizzly Bears has no"),
    ({"put": "Clone", "zone": "hand", "copying": "kenzo"}, "steps[1].copying: only a permanent"),
])
def test_707_5_scenario_copying_errors_name_the_field(step: dict[str, object], where: str) -> None:
    with pytest.raises(ScenarioError, match=where.replace("[", r"\[").replace("]", r"\]")):
        run("current", [{"put": "Bushi Tenderfoot", "as": "kenzo"}, step])


@pytest.mark.parametrize(("steps", "where"), [
    # Nothing resolves: a copy choice (or a "may" declined) has nothing to go to.
    ([{"resolve": "top", "copying": "kenzo"}],
     "steps[1].copying: the stack is empty: nothing resolves, so nothing enters as a copy"),
    ([{"resolve": "all", "decline": ["kenzo"]}],
     "steps[1].decline: the stack is empty: nothing resolves, so nothing is declined"),
    # A creature spell that enters as itself is told what to copy: a slip, not a refusal.
    ([{"put": "Grizzly Bears", "zone": "hand"}, {"cast": "Grizzly Bears", "hold": True},
      {"resolve": "top", "copying": "kenzo"}],
     "steps[3].copying: Grizzly Bears enters as itself: only a card with an ability to enter "
     "as a copy (Clone and Spark Double) is told what to copy"),
])
def test_707_5_a_resolve_told_a_choice_nothing_uses_is_invalid(
        steps: list[dict[str, object]], where: str) -> None:
    with pytest.raises(ScenarioError, match=where.replace("[", r"\[").replace("]", r"\]")
                       .replace("(", r"\(").replace(")", r"\)")):
        run("current", [{"put": "Bushi Tenderfoot", "as": "kenzo"}, *steps])
    # Even as a step the rules are expected to refuse: a slip is not a refusal.
    with pytest.raises(ScenarioError, match=r"steps\[\d\]\.(copying|decline)"):
        run("current", [{"put": "Bushi Tenderfoot", "as": "kenzo"}, *steps[:-1],
                        {**steps[-1], "refused": True}])


def test_707_5_a_resolve_of_an_ability_or_a_clone_takes_the_copy_choice() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    with game.holding_priority():
        clone = game.cast(game.put("Clone", zone="hand"))
        game.cast(game.put("Grizzly Bears", zone="hand"))
    # Under the Grizzly Bears on top waits a Clone: resolving both, the copy is the Clone's.
    game.resolve_stack(copying=bears)
    assert (clone.zone, clone.name) == ("battlefield", "Grizzly Bears")


def test_spark_double_copy_of_homura_returns_as_a_copy_chosen_as_it_enters() -> None:
    # The copy of Homura dies; Homura's ability returns the Spark Double card flipped, and it
    # may enter as a copy of Homura again: flipped, so Homura's Essence (not legendary).
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    assert (double.name, double.supertypes, double.power) == (
        "Homura, Human Ascendant", (), 5)
    with game.holding_priority():
        game.move(double, "graveyard")
    game.resolve(copying=homura)
    assert (double.name, double.flipped, double.supertypes, double.types) == (
        "Homura's Essence", True, (), ("Enchantment",))
    assert (homura.name, homura.power, homura.toughness) == ("Homura, Human Ascendant", 6, 6)


def test_spark_double_returning_without_a_choice_is_itself_and_dies() -> None:
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    game.move(double, "graveyard")
    assert (double.name, double.zone) == ("Spark Double", "graveyard")


def test_707_5_spark_double_returning_told_to_copy_what_it_may_not_is_refused() -> None:
    """The choice is made as the Spark Double enters, as Homura's ability resolves: one the
    card may not make (another player's creature) is refused, as it is for put and move,
    and the game is put back as it was (the ability still waiting), not played on with the
    Spark Double entering as itself, a 0/0, as though that had been the player's choice."""
    game = Game("current")
    homura = game.put("Homura, Human Ascendant")
    double = game.put("Spark Double", copying=homura)
    bobs = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        game.move(double, "graveyard")
    log, stack = list(game.log), [item.source.name for item in game.stack]
    with pytest.raises(IllegalActionError, match=r"^Spark Double cannot enter as a copy of "
                       r"Grizzly Bears: Spark Double copies a permanent Alice controls; "
                       r"Grizzly Bears is controlled by Bob$"):
        game.resolve(copying=bobs)
    assert (list(game.log), [item.source.name for item in game.stack]) == (log, stack)
    assert double.zone == "graveyard"
    game.resolve(copying=homura)
    assert (double.name, double.zone) == ("Homura's Essence", "battlefield")


def test_707_5_a_copy_chosen_ahead_that_is_gone_when_the_clone_enters_leaves_it_itself(
        ) -> None:
    """Resolving the whole stack, the choice is given before what resolves above the Clone:
    a Shock kills the Grizzly Bears chosen, and the Clone enters as itself (and dies)."""
    game = Game("current")
    bears = game.put("Grizzly Bears", owner="Bob")
    with game.holding_priority():
        clone = game.cast(game.put("Clone", zone="hand"))
        game.cast(game.put("Shock", zone="hand"), target=bears)
    game.resolve_stack(copying=bears)
    assert ("Clone cannot enter as the copy chosen (Clone copies a permanent on the "
            "battlefield; Grizzly Bears is in Bob's graveyard): it enters as itself.") in game.log
    assert (clone.name, clone.zone) == ("Clone", "graveyard")


def test_707_5_scenario_resolve_copying() -> None:
    out = run("current", [
        {"put": "Homura, Human Ascendant", "as": "homura"},
        {"put": "Spark Double", "as": "double", "copying": "homura"},
        {"move": "double", "to": "graveyard", "hold": True},
        {"resolve": "top", "copying": "homura"},
        {"expect": {"double": {"name": "Homura's Essence"}, "homura": {"power": 6}}},
    ])
    assert obj(out, "double")["flipped"] is True


def test_a_refused_cast_clone_changes_nothing() -> None:
    game = Game("current")
    dead = game.put("Grizzly Bears", zone="graveyard")
    clone = game.put("Clone", zone="hand")
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="Clone copies a permanent on the battlefield"):
        game.cast(clone, copying=dead)
    assert snapshot(game) == before and clone.zone == "hand"


def test_2004_bobs_clone_of_tok_tok_flips_and_both_go() -> None:
    game = Game("2004")
    tok = game.put("Akki Lavarunner", flipped=True)
    clone = game.put("Clone", copying=tok, owner="Bob")
    assert clone.name == "Akki Lavarunner"
    game.flip(clone)
    assert (tok.zone, clone.zone) == ("graveyard", "graveyard")


def test_cast_clone_keeps_the_choice_in_the_legend_rule() -> None:
    game = Game("current")
    rune_tail = game.put("Rune-Tail, Kitsune Ascendant")
    clone = game.cast("Clone", copying=rune_tail, keep=[rune_tail])
    assert (rune_tail.zone, clone.zone, clone.name) == ("battlefield", "graveyard", "Clone")


def test_clone_copies_neither_counters_nor_pump() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    game.cast("Giant Growth", target=bears)
    game.add_counters(bears, "+1/+1", 2)
    clone = game.put("Clone", copying=bears)
    assert (bears.power, clone.power, clone.toughness, clone.counters) == (7, 2, 2, {})


@pytest.mark.parametrize("edition", EDITIONS)
def test_clone_entering_as_copy_of_flipped_hero(edition: str) -> None:
    """Ruling 6: "If you copy a flipped permanent, you get the normal, unflipped version."
    A Clone copying Kenzo enters as a Bushi Tenderfoot with the card's mana cost and color."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    clone = game.put("Clone", copying=kenzo, owner="Bob")
    assert clone.name == "Bushi Tenderfoot"
    assert clone.flipped is False
    assert (clone.power, clone.toughness) == (1, 1)
    assert clone.mana_cost == "{W}"
    assert tuple(clone.colors) == ("W",)
    assert kenzo.zone == "battlefield"


def test_clone_of_a_clone_of_flipped_kenzo_is_bushi_and_flips_into_the_legend_rule() -> None:
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    first = game.put("Clone", copying=kenzo)
    second = game.put("Clone", copying=first)
    assert (first.name, second.name) == ("Bushi Tenderfoot", "Bushi Tenderfoot")
    game.flip(second, keep=[kenzo])
    assert (kenzo.zone, first.zone, second.zone) == ("battlefield", "battlefield", "graveyard")


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


def test_clone_of_a_token_is_no_token() -> None:
    game = Game("current")
    clone = game.put("Clone", copying=game.create_token("Snake"))
    assert (clone.name, clone.is_token, clone.power) == ("Snake", False, 1)
    game.move(clone, "graveyard")
    assert (clone.zone, clone.name) == ("graveyard", "Clone")


def test_clone_that_copies_nothing_is_a_0_0_and_dies_the_dimir_doppelganger_survives(
        game: Game) -> None:
    """Clone's copy is optional: put onto the battlefield without copying anything it is a
    0/0 Shapeshifter and is put into the graveyard (704.5f). Dimir Doppelganger, a 0/2, stays.
    A copy is then made with `become_copy`: the Doppelganger becoming a copy of Kenzo is an
    unflipped Bushi Tenderfoot (ruling 6)."""
    clone = game.put("Clone")
    assert (clone.zone, clone.name) == ("graveyard", "Clone")
    doppelganger = game.put("Dimir Doppelganger")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.become_copy(doppelganger, kenzo)
    assert (doppelganger.zone, doppelganger.name, doppelganger.supertypes) == (
        "battlefield", "Bushi Tenderfoot", ())


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


def test_nighteyes_returns_spark_double_as_a_copy_of_its_new_controllers_creature() -> None:
    # Chosen as it enters (614.1c): "you control" is Nighteyes' controller, who now controls
    # the Double; Bob's creature is not a choice it can make: refused; with no choice it
    # enters as itself and dies.
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
    with pytest.raises(IllegalActionError, match="Runeclaw Bear is controlled by Bob"):
        game.resolve(copying=theirs)
    game.resolve()
    assert (double.zone, double.name) == ("graveyard", "Spark Double")


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


def test_spark_double_copy_of_flipped_hero_is_never_legendary() -> None:
    """Ruling 6 (copy is unflipped); Spark Double's copy gets a +1/+1 counter and "isn't
    legendary": after flipping, Alice has two Kenzos and no legend rule applies."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    double = game.put("Spark Double", copying=kenzo)
    assert double.name == "Bushi Tenderfoot"
    assert (double.power, double.toughness) == (2, 2)
    game.flip(double)
    assert double.name == "Kenzo the Hardhearted"
    assert "Legendary" not in double.supertypes
    assert (double.power, double.toughness) == (4, 5)
    assert kenzo.zone == "battlefield" and double.zone == "battlefield"


def test_spark_double_copy_of_legendary_ascendant_is_not_legendary() -> None:
    """Ruling 6 (a copy is the normal version, and may flip later) and Spark Double's "isn't
    legendary": Alice keeps her Erayo and a non-legendary copy; the copy's Essence is not
    legendary either."""
    game = Game("current")
    erayo = game.put("Erayo, Soratami Ascendant")
    double = game.put("Spark Double", copying=erayo)
    assert double.name == "Erayo, Soratami Ascendant"
    assert "Legendary" not in double.supertypes
    assert erayo.zone == "battlefield" and double.zone == "battlefield"
    game.flip(double)
    assert double.name == "Erayo's Essence"
    assert "Legendary" not in double.supertypes
    assert double.counters == {"+1/+1": 1}


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
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="Spark Double copies a permanent Bob controls"
                       "; Grizzly Bears is controlled by Alice") as e:
        game.move(double, "battlefield", controller="Bob", copying=alices)
    assert e.value.argument == "copying"
    assert snapshot(game) == before and double.zone == "graveyard"
    game.move(double, "battlefield", controller="Bob", copying=bobs)
    assert (double.name, double.controller, double.owner, double.power) == (
        "Runeclaw Bear", "Bob", "Alice", 3)
