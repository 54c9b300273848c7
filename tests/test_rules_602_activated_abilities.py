"""Activated abilities (602): costs are paid as the ability is activated, a card without the
ability can't activate it, and the activated abilities of three ordinary cards of the data:

- Kami of Ancient Law ("Sacrifice: destroy target enchantment"): an Essence is an enchantment
  only once its Ascendant has flipped (508.2 / 710.2);
- Okina, Temple to the Grandfathers ("{G}, {T}: target legendary creature gets +1/+1 until end
  of turn"): an unflipped hero is not legendary, the flipped one is (508.2's own example);
- Legacy Weapon ("{W}{U}{B}{R}{G}: exile target permanent").

Also 608.2b (an illegal target: the ability does nothing), 400.7 (a zone change makes a new
object, unflipped), and random games of abilities and mana that keep the model's invariants.
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from flipcards import EDITIONS, FlipCardsError, Game, GameObject, IllegalActionError, all_cards

_NAMES = [c.name for c in all_cards() if c.is_flip_card] + ["Grizzly Bears", "Forest", "Shock"]


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_kami_of_ancient_law_destroys_an_essence_only_once_it_has_flipped(edition: str) -> None:
    game = Game(edition)
    erayo = game.put("Erayo, Soratami Ascendant", owner="Bob")
    kami = game.put("Kami of Ancient Law")
    with pytest.raises(IllegalActionError, match="needs a target enchantment"):
        game.activate(kami, target=erayo)
    assert kami.zone == "battlefield"   # a refused activation costs nothing
    game.flip(erayo)
    game.activate(kami, target=erayo)
    assert (kami.zone, erayo.zone, erayo.name, erayo.flipped) == (
        "graveyard", "graveyard", "Erayo, Soratami Ascendant", False)


def test_kami_of_ancient_law_destroys_pacifism_and_the_creature_is_free() -> None:
    game = Game("current")
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears, owner="Bob")
    game.activate(game.put("Kami of Ancient Law"), target=pacifism)
    assert pacifism.zone == "graveyard" and game.auras_on(bears) == []


def test_kami_of_ancient_law_is_sacrificed_even_if_the_enchantment_leaves_first() -> None:
    game = Game("current")
    essence = game.put("Kuon, Ogre Ascendant", flipped=True, owner="Bob")
    kami = game.put("Kami of Ancient Law")
    with game.holding_priority():
        game.activate(kami, target=essence)
    assert kami.zone == "graveyard"
    game.move(essence, "hand")
    game.resolve()
    assert essence.zone == "hand"
    assert "Kami of Ancient Law's ability does nothing: its target is no longer legal" in (
        "\n".join(game.log))


@pytest.mark.parametrize("edition", ["2004", "current"])
def test_okina_pumps_a_hero_only_once_it_is_legendary(edition: str) -> None:
    game = Game(edition)
    okina = game.put("Okina, Temple to the Grandfathers")
    hero = game.put("Bushi Tenderfoot")
    with pytest.raises(IllegalActionError, match="needs a target legendary creature"):
        game.activate(okina, target=hero)
    assert not okina.tapped
    game.flip(hero)
    game.activate(okina, target=hero)
    assert (okina.tapped, hero.power, hero.toughness) == (True, 4, 5)
    with pytest.raises(IllegalActionError, match="is tapped"):
        game.activate(okina, target=hero)
    game.next_turn()
    assert (hero.power, hero.toughness) == (3, 4)


def test_okina_costs_mana_when_the_game_pays_costs() -> None:
    game = Game("current", costs="paid")
    okina = game.put("Okina, Temple to the Grandfathers")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    with pytest.raises(IllegalActionError, match=r"cannot pay \{G\}"):
        game.activate(okina, target=kenzo)
    assert not okina.tapped   # nothing paid
    # Its cost is {G} and {T}, as printed: a Forest's mana pays it (it asked {1}{G}).
    game.add_mana("Alice", "{G}{R}")
    game.activate(okina, target=kenzo)
    assert (kenzo.power, game.mana_pool("Alice")) == (4, {"R": 1})


def test_legacy_weapon_exiles_a_flipped_hero_which_forgets() -> None:
    game = Game("2004")
    weapon = game.put("Legacy Weapon")
    kenzo = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.activate(weapon, target=kenzo)
    assert (kenzo.zone, kenzo.name, kenzo.flipped) == ("exile", "Bushi Tenderfoot", False)
    assert ("Kenzo the Hardhearted is put into the removed-from-the-game zone from play; it is a "
            "new object: Bushi Tenderfoot.") in game.log
    with pytest.raises(IllegalActionError, match="needs a target permanent"):
        game.activate(weapon, target=kenzo)


def test_602_activating_a_card_without_such_ability_names_the_ones_that_have_it(
        game: Game) -> None:
    with pytest.raises(IllegalActionError, match="Jushi Apprentice"):
        game.activate(game.put("Bushi Tenderfoot"))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(edition=st.sampled_from(EDITIONS), data=st.data())
def test_602_random_games_with_abilities_and_mana_keep_the_invariants(edition: str,
                                                                  data: st.DataObject) -> None:
    game = Game(edition, costs=data.draw(st.sampled_from(["assumed", "paid"])))
    for _ in range(data.draw(st.integers(5, 25))):
        objs = game.objects("battlefield")
        action = data.draw(st.sampled_from(["put", "damage", "mana", "activate", "turn", "cast"]))
        life_before = {p: game.life(p) for p in game.players}
        try:
            if action == "put" or not objs:
                game.put(data.draw(st.sampled_from(_NAMES)), flipped=data.draw(st.booleans()),
                         owner=data.draw(st.sampled_from(game.players)))
            elif action == "damage":
                source = data.draw(st.sampled_from(objs))
                target = data.draw(st.sampled_from([*objs, *game.players]))
                amount = data.draw(st.integers(0, 6))
                game.deal_damage(source, target, amount)
                if isinstance(target, str):
                    # Prevention never makes damage negative; only Tok-Tok adds to it.
                    assert 0 <= life_before[target] - game.life(target) <= amount + 2
            elif action == "mana":
                game.add_mana(data.draw(st.sampled_from(game.players)), "{R}{G}")
            elif action == "activate":
                me = data.draw(st.sampled_from(objs))
                target = data.draw(st.sampled_from([None, *objs, *game.players]))
                game.activate(me, target=target)
            elif action == "cast":
                game.cast(data.draw(st.sampled_from(_NAMES)), game.active_player)
            else:
                game.next_turn()
        except FlipCardsError:
            pass
        for player in game.players:
            assert all(n >= 0 for n in game.mana_pool(player).values())
        for o in game.objects("battlefield"):
            assert o.damage >= 0
        assert game.stack == ()


@pytest.mark.parametrize("edition", EDITIONS)
def test_kami_of_ancient_law_can_target_essence_only(edition: str) -> None:
    """508.2: an Ascendant in play before flipping is a creature, not an enchantment; its
    Essence is an enchantment. Kami of Ancient Law ("destroy target enchantment")."""
    game = Game(edition)
    kami = game.put("Kami of Ancient Law")
    ascendant = game.put("Kuon, Ogre Ascendant", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(kami, target=ascendant)
    game.flip(ascendant)
    assert ascendant.name == "Kuon's Essence"
    game.activate(kami, target=ascendant)
    game.resolve_stack()
    assert ascendant.zone == "graveyard"
    assert ascendant.name == "Kuon, Ogre Ascendant"


def test_602_a_list_of_names_with_commas_of_their_own_is_told_apart_by_semicolons() -> None:
    """A permanent without an activated ability is told which cards have one. Their names
    have commas of their own ("Sasaya, Orochi Ascendant"), so the list separates them with
    semicolons; with commas, "Sasaya, Orochi Ascendant, Autumn-Tail, Kitsune Sage" read as
    four names. A revealed hand is listed the same way."""
    game = Game("2004")
    pupil = game.put("Budoka Pupil")
    with pytest.raises(IllegalActionError) as caught:
        game.activate(pupil)
    assert "; Sasaya, Orochi Ascendant; Autumn-Tail, Kitsune Sage; " in str(caught.value)
    for name in ("Sasaya, Orochi Ascendant", "Forest"):
        game.put(name, "hand", owner="Bob")
    game.reveal_hand("Bob")
    assert game.log[-1] == "Bob reveals their hand: Sasaya, Orochi Ascendant; Forest."


def _with_ability(game: Game, half: str) -> GameObject:
    """A permanent on the battlefield whose own half is ``half`` (flipped for a flipped
    half); for a granted ability (Homura's Essence), a creature it grants it to."""
    from flipcards import cards
    if half in cards.having("granted"):
        game.put("Homura, Human Ascendant", flipped=True)
        return game.put("Grizzly Bears")
    flipped_halves = {c.flipped.name for c in all_cards() if c.flipped is not None}
    return game.put(half, flipped=half in flipped_halves)


def _abilities_and_fields() -> list[tuple[str, str]]:
    from flipcards import cards
    from flipcards._card_rules import ACTIVATION_CHOICES
    found = []
    for half, record in [*cards.having("activated").items(), *cards.having("granted").items()]:
        ability = record.activated or record.granted
        assert ability is not None
        found += [(half, field) for field in ACTIVATION_CHOICES if field not in ability.takes]
    return found


@pytest.mark.parametrize(("half", "field"), _abilities_and_fields())
def test_602_2b_an_activation_is_refused_a_choice_its_ability_does_not_make(
        half: str, field: str) -> None:
    """An activated ability announces only the targets and choices its text makes (602.2b):
    Jushi Apprentice's ability has no target, so a target given to it is refused, not kept
    (it would make the ability do nothing once that player left the game, 608.2b). Nothing
    is paid, and the game goes on as before."""
    game = Game("current", players=["Alice", "Bob", "Cara"])
    me = _with_ability(game, half)
    other = game.put("Grizzly Bears", owner="Bob")
    given: dict[str, object] = {"pays": True} if field == "pays" else {
        field: "Bob" if field == "target" else other}
    before = (len(game.log), me.tapped, me.zone, me.counters, other.zone)
    with pytest.raises(IllegalActionError, match=r"ability \(.+\) has no .+ \(it takes: ") as no:
        game.activate(me, **given)  # type: ignore[arg-type]
    assert no.value.argument == field
    assert (len(game.log), me.tapped, me.zone, me.counters, other.zone) == before
    assert not game.stack


@pytest.mark.parametrize("edition", EDITIONS)
def test_602_2b_a_scenario_step_that_gives_an_ability_a_choice_it_lacks_says_where(
        edition: str) -> None:
    """The scenario's error names the step's field and what the ability takes."""
    from flipcards import ScenarioError, run_scenario
    with pytest.raises(ScenarioError) as refused:
        run_scenario({"rules": edition, "players": ["Alice", "Bob"], "steps": [
            {"put": "Jushi Apprentice", "as": "jushi"},
            {"put": "Initiate of Blood", "flipped": True, "as": "goka"},
            {"put": "Grizzly Bears", "owner": "Bob", "as": "bears"},
            {"activate": "goka", "target": "bears", "sacrifice": "jushi"}]})
    assert str(refused.value) == (
        "steps[3].sacrifice: Goka the Unjust's ability (4 damage to the target creature) has "
        "no permanent to sacrifice (it takes: target)")


_RULE = "(rule 601.2c; 2004: 409.1c)"


@pytest.mark.parametrize(("card", "flipped", "target", "why"), [
    ("Jushi Apprentice", True, "bears", "needs a target player: Grizzly Bears is a card, not a "
     "player"),
    ("Nezumi Graverobber", False, "mine", "needs a target card in an opponent's graveyard: "
     "Grizzly Bears is in Alice's own graveyard"),
    ("Nezumi Graverobber", False, "bears", "needs a target card in an opponent's graveyard: "
     "Grizzly Bears is on the battlefield"),
    ("Nezumi Graverobber", True, "shock", "needs a target creature card in a graveyard: Shock "
     "is not a creature card"),
    ("Nezumi Shortfang", False, "Alice", "needs a target opponent (a player's name): Alice "
     "controls Nezumi Shortfang"),
    ("Kitsune Mystic", True, "bears", "needs a target Aura attached to a creature: Grizzly "
     "Bears is not an Aura"),
    ("Callow Jushi", True, "bears", "needs a target spell on the stack: Grizzly Bears is on "
     "the battlefield"),
    ("Dimir Doppelganger", False, "shock", "needs a target creature card in a graveyard: Shock "
     "is not a creature card"),
    ("Okina, Temple to the Grandfathers", False, "bears", "needs a target legendary creature "
     "on the battlefield: Grizzly Bears is not a legendary creature"),
    ("Initiate of Blood", False, "bears", "Grizzly Bears was not dealt damage this turn, so it "
     "is not a legal target"),
])
def test_602_2b_a_refused_target_of_an_ability_says_why_and_the_rule(
        card: str, flipped: bool, target: str, why: str) -> None:
    """An ability's target that is none of its kind is named, with why and the rule, as a
    spell's is (several said only what was needed, Okina "is not a legendary")."""
    game = Game("current")
    objects: dict[str, object] = {
        "bears": game.put("Grizzly Bears"),
        "mine": game.put("Grizzly Bears", "graveyard"),
        "shock": game.put("Shock", "graveyard", owner="Bob"),
        "Alice": "Alice"}
    source = game.put(card, flipped=flipped)
    with pytest.raises(IllegalActionError) as refused:
        game.activate(source, target=objects[target])
    said = str(refused.value)
    assert why in said and said.endswith(_RULE), said


def test_601_2c_cranial_extraction_refuses_a_card_as_its_target_player() -> None:
    game = Game("2004")
    bears = game.put("Grizzly Bears")
    game.put("Cranial Extraction", "hand")
    with pytest.raises(IllegalActionError, match=r"needs a target player: Grizzly Bears is a "
                       r"card, not a player \(rule 601\.2c; 2004: 409\.1c\)"):
        game.cast("Cranial Extraction", target=bears)


def test_602_2b_no_target_or_an_unknown_name_is_said_as_such_not_as_python() -> None:
    """Shidako with no target said "None is not an object of the game", and with a name that
    is nobody's, "nobody is a player"."""
    game = Game("current")
    shidako = game.put("Orochi Eggwatcher", flipped=True)
    bears = game.put("Grizzly Bears")
    for target, why in [(None, "none was chosen"),
                        ("nobody", "'nobody' is neither a player nor an object of the game")]:
        with pytest.raises(IllegalActionError) as refused:
            game.activate(shidako, sacrifice=bears, target=target)
        assert str(refused.value) == ("Shidako, Broodmistress' ability needs a target creature "
                                      f"on the battlefield: {why} {_RULE}")
