"""Auras on flip cards (303.4, 701.3b, 704.5m, 704.5p): an Aura that can no longer enchant its
permanent goes to the graveyard, an Aura that flips into a creature becomes unattached, and an
attempt to attach an Aura to something it can't enchant does nothing.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import obj, run

from flipcards import EDITIONS, Game, IllegalActionError, ScenarioError, run_scenario


def test_701_3b_attaching_pacifism_to_an_essence_does_nothing() -> None:
    """701.3b (today's rules): if an effect tries to attach an Aura to an object it can't be
    attached to, the Aura doesn't move. Pacifism ("enchant creature") on Grizzly Bears, told
    to attach to Kuon's Essence (an enchantment, not a creature), stays on the Bears — it does
    not move onto the Essence and then fall off into the graveyard."""
    out = run("current", [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "bears"},
        {"put": "Kuon, Ogre Ascendant", "as": "kuon", "flipped": True},
        {"attach": "pacifism", "to": "kuon"},
    ])
    pacifism = obj(out, "pacifism")
    assert (pacifism["zone"], pacifism["attached_to"]) == ("battlefield", "bears")


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5m_an_animating_effect_keeps_pacifism_on_through_the_flip_until_it_ends(
        rules: str) -> None:
    """508.1c: changes by external effects still apply after a flip. Sasaya, Orochi
    Ascendant, made "also a creature" and 2/2 by effects, flips into Sasaya's Essence: it is
    still a creature, so Pacifism stays on it. When the animating effect ends it is only an
    enchantment, and Pacifism ("enchant creature") goes to its owner's graveyard (704.5m)."""
    out = run(rules, [
        {"put": "Sasaya, Orochi Ascendant", "as": "sasaya"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "sasaya"},
        {"effect": "animate", "kind": "add_types", "affects": "sasaya", "types": ["Creature"]},
        {"effect": "size", "kind": "set_pt", "affects": "sasaya", "power": 2, "toughness": 2},
        {"flip": "sasaya"},
        {"expect": {"sasaya": {"name": "Sasaya's Essence", "power": 2},
                    "pacifism": {"zone": "battlefield", "attached_to": "sasaya"}}},
        {"end_effect": "animate"},
    ])
    assert obj(out, "pacifism")["zone"] == "graveyard"
    assert obj(out, "sasaya")["zone"] == "battlefield"


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5m_an_enchanted_creature_that_becomes_a_copy_of_a_noncreature_card(
        rules: str) -> None:
    """707 + 704.5m: a creature that becomes a copy of a noncreature card (Glorious Anthem,
    in a hand) is an enchantment; Pacifism attached to it is illegal and goes to the
    graveyard. The copy has no P/T (null)."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Pacifism", "as": "pacifism", "attached_to": "bears"},
        {"put": "Glorious Anthem", "as": "anthem", "zone": "hand"},
        {"become_copy": "bears", "of": "anthem"},
    ])
    assert (obj(out, "bears")["name"], obj(out, "bears")["power"]) == ("Glorious Anthem", None)
    assert obj(out, "pacifism")["zone"] == "graveyard"


@pytest.mark.parametrize("edition", EDITIONS)
def test_704_5m_aura_falls_off_ascendant_flipping_into_enchantment(edition: str) -> None:
    """508.2: once flipped the alternative type line applies: Rune-Tail's Essence is no
    longer a creature, so Pacifism (enchant creature) goes to the graveyard; the Essence
    stays."""
    game = Game(edition)
    rune = game.put("Rune-Tail, Kitsune Ascendant")
    pacifism = game.put("Pacifism", attached_to=rune)
    game.add_counters(rune, "+1/+1", 1)
    game.flip(rune)
    assert pacifism.zone == "graveyard"
    assert rune.zone == "battlefield"
    assert rune.power is None
    assert rune.counters == {"+1/+1": 1}


def test_704_5m_pacifism_falls_off_a_creature_that_gains_protection_from_white(game: Game) -> None:
    """702.16c and 704.5m (2004: 502.7c, 420.5d): a creature with protection from white
    can't be enchanted by white Auras; a white Aura already on it is put into its owner's
    graveyard as a state-based action. (The counterpart of Autumn-Tail's test in
    test_kitsune_mystic.py, test_autumn_tail_cannot_attach_an_aura_to_a_creature_it_cannot_enchant:
    the same illegality, reached without moving the Aura.)"""
    bears = game.put("Grizzly Bears")
    pacifism = game.put("Pacifism", attached_to=bears)
    game.add_effect("add_keyword", bears, keyword="Protection from white")
    assert pacifism.zone == "graveyard"


def test_704_5m_pacifism_on_an_ascendant_that_flips_goes_to_the_graveyard_2004_words() -> None:
    game = Game("2004")
    sasaya = game.put("Sasaya, Orochi Ascendant")
    pacifism = game.put("Pacifism", attached_to=sasaya)
    game.flip(sasaya)
    assert pacifism.zone == "graveyard"


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5m_pacifism_stays_on_a_copy_of_an_ascendant_until_it_flips_into_the_essence(
        rules: str) -> None:
    """Grizzly Bears enchanted by Pacifism becomes a copy of Rune-Tail, Kitsune Ascendant
    (a creature: Pacifism stays). Told to flip, it becomes Rune-Tail's Essence, an
    enchantment (the flip came after the copy effect, so in both editions), and Pacifism,
    which can enchant only a creature, goes to its owner's graveyard (704.5m)."""
    out = run(rules, [
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Pacifism", "as": "pacifism", "owner": "Bob", "controller": "Bob",
         "attached_to": "bears"},
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "model", "zone": "graveyard"},
        {"become_copy": "bears", "of": "model"},
        {"expect": {"bears": {"name": "Rune-Tail, Kitsune Ascendant",
                              "supertypes": ["Legendary"], "power": 2},
                    "pacifism": {"zone": "battlefield", "attached_to": "bears"}}},
        {"flip": "bears"},
    ])
    bears, pacifism = obj(out, "bears"), obj(out, "pacifism")
    assert (bears["name"], bears["types"], bears["power"]) == (
        "Rune-Tail's Essence", ["Enchantment"], None)
    assert (pacifism["zone"], pacifism["owner"], pacifism["attached_to"]) == (
        "graveyard", "Bob", None)


def test_704_5p_a_curse_that_flips_into_a_creature_becomes_unattached(game: Game) -> None:
    """The Curse flips into a creature, not an Aura: it becomes unattached (704.5p) and the
    creature it enchanted is no longer consumed (its effect ends with the Aura half)."""
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", attached_to=bears)
    assert bears.power == 6
    game.flip(curse)
    assert curse.attached_to is None and curse.zone == "battlefield"
    assert (bears.name, bears.power, bears.toughness) == ("Grizzly Bears", 2, 2)
    # Said as every state-based action is (it was the one line without the heading).
    heading = "State-based effect" if game.edition == "2004" else "State-based action"
    assert (f"{heading}: Curse of the Fire Penguin Creature is no longer an Aura and becomes "
            "unattached.") in game.log


@pytest.mark.parametrize(("host", "steps", "why"), [
    ("a land", [{"put": "Forest", "as": "host"}],
     "can enchant only a creature, and Forest is not one"),
    ("a creature with protection from its color", [
        {"put": "Akki Lavarunner", "as": "host", "flipped": True}],
     "Tok-Tok, Volcano Born has protection from red"),
    ("a card in a hand", [{"put": "Grizzly Bears", "as": "host", "zone": "hand"}],
     "can enter attached only to a permanent; Grizzly Bears is in Alice's hand"),
])
def test_303_4f_an_aura_is_not_put_onto_the_battlefield_attached_to_what_it_cannot_enchant(
        host: str, steps: list[dict[str, Any]], why: str) -> None:
    """303.4f: an Aura put onto the battlefield is attached to something it could enchant.
    A put that names another host (a land, a creature with protection from red, a card in a
    hand) used to put the Curse there and let the state-based action take it to the
    graveyard, as if that were what the reader meant; now the step is refused, naming the
    field and why. The ids name the hosts."""
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": "current", "steps": [
            *steps, {"put": "Curse of the Fire Penguin", "as": "curse", "attached_to": "host"}]})
    assert caught.value.path == f"steps[{len(steps)}].attached_to"
    assert why in caught.value.detail


def test_303_4f_the_game_refuses_such_a_put_before_anything_enters() -> None:
    """The same through the Python API: the error comes before the card exists, so the game
    is as it was (no Curse anywhere, nothing logged)."""
    game = Game("current")
    forest = game.put("Forest")
    log = list(game.log)
    with pytest.raises(IllegalActionError) as caught:
        game.put("Pacifism", attached_to=forest)
    assert caught.value.argument == "attached_to"
    assert [o.name for o in game.objects()] == ["Forest"]
    assert list(game.log) == log
    with pytest.raises(IllegalActionError, match="Grizzly Bears is not an Aura"):
        game.put("Grizzly Bears", attached_to=forest)


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4a_an_aura_spell_targets_the_creature_it_will_enchant(edition: str) -> None:
    """Pacifism cast with Bob's Kitsune Mystic as its target was refused ("takes no target
    here"), and cast with none it resolved onto the battlefield attached to nothing. An Aura
    spell targets what it will enchant (303.4a), and as it resolves it enters attached to it
    (303.4d)."""
    game = Game(edition)
    mystic = game.put("Kitsune Mystic", owner="Bob")
    pacifism = game.put("Pacifism", "hand")
    with game.holding_priority():
        game.cast(pacifism, target=mystic)
    assert "the spell Pacifism, targeting Kitsune Mystic" in str(game)
    game.resolve_stack()
    assert (pacifism.zone, pacifism.attached_to) == ("battlefield", mystic)


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4a_an_aura_spell_without_a_legal_target_is_not_cast(edition: str) -> None:
    """With no target, a player for a target, a land, or a creature with protection from
    white, Pacifism is not cast: refused, saying why, and it stays in the hand."""
    game = Game(edition)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.add_effect("add_keyword", bears, keyword="Protection from white")
    forest = game.put("Forest", owner="Bob")
    pacifism = game.put("Pacifism", "hand")
    for target, why in ((None, "an Aura spell: it targets the creature it will enchant"),
                        ("Bob", "needs a target creature"), (forest, "needs a target creature"),
                        (bears, "protection from white")):
        with pytest.raises(IllegalActionError, match=why) as refused:
            game.cast(pacifism, target=target)
        assert refused.value.argument == "target"
        assert pacifism.zone == "hand"


@pytest.mark.parametrize("edition", EDITIONS)
def test_608_2b_an_aura_spell_whose_target_is_gone_goes_to_the_graveyard(edition: str) -> None:
    """Pacifism's target dies while Pacifism is on the stack: the spell does not resolve
    (608.2b; 2004: countered on resolution) and goes to the graveyard without entering."""
    game = Game(edition)
    bears = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism", "hand")
    with game.holding_priority():
        game.cast(pacifism, target=bears)
    game.damage(bears, 2)
    game.resolve_stack()
    assert pacifism.zone == "graveyard"
    assert any("its target is no longer legal" in line for line in game.log[-2:])


def test_303_4_an_aura_on_a_permanent_without_an_id_shows_it_by_its_name() -> None:
    """Autumn-Tail moves Pacifism onto the one other creature, put without an id: the Aura's
    attached_to was null, so an expectation of null passed while it was attached. It names
    the permanent, as blocking and targets do."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Kitsune Mystic", "as": "autumn", "flipped": True},
        {"put": "Grizzly Bears", "owner": "Bob"},
        {"put": "Pacifism", "as": "pac", "attached_to": "autumn"},
        {"activate": "autumn", "target": "pac"},
        {"expect": {"pac": {"attached_to": None}}},
    ]})
    assert obj(out, "pac")["attached_to"] == "Grizzly Bears"
    assert out["failures"] == ["steps[4].expect: pac.attached_to is \"Grizzly Bears\", expected "
                               "null"]


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4g_an_aura_moved_onto_the_battlefield_with_nothing_to_enchant_stays_in_hand(
        edition: str) -> None:
    """303.4g: an Aura that would enter with nothing it could enchant stays where it is. It
    used to enter unattached and be put into the graveyard by the state-based action: the log
    and the events told of a card entering that never may."""
    game = Game(edition)
    pacifism = game.put("Pacifism", zone="hand")
    game.move(pacifism, "battlefield")
    assert pacifism.zone == "hand"
    assert game.log[-1].startswith("There is no creature Pacifism could enchant: it stays in "
                                   "Alice's hand ("), game.log[-1]
    assert "303.4g" in game.log[-1]
    assert not any("onto the battlefield" in line or "into play" in line
                   for line in game.log[1:])


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4f_an_aura_moved_onto_the_battlefield_enters_on_the_oldest_it_could_enchant(
        edition: str) -> None:
    """303.4f: its controller chooses what it enchants (the model chooses the oldest creature
    it could enchant, and says so); Tok-Tok, Volcano Born, the oldest, has protection from
    red and cannot be enchanted by the red Curse. Before, the Curse entered unattached and
    went to the graveyard although there was a creature to enchant."""
    game = Game(edition)
    game.put("Akki Lavarunner", flipped=True, owner="Bob")
    bears = game.put("Grizzly Bears")
    curse = game.put("Curse of the Fire Penguin", zone="hand")
    game.move(curse, "battlefield")
    assert (curse.zone, curse.attached_to) == ("battlefield", bears)
    assert (bears.power, bears.toughness) == (6, 5)
    assert any(line.startswith("Alice chooses Grizzly Bears for Curse of the Fire Penguin to "
                               "enchant as it enters: the oldest creature it could enchant (")
               for line in game.log), game.log[-3:]


def test_303_4f_an_aura_moved_onto_the_battlefield_attached_to_what_it_cannot_enchant() -> None:
    """As a put does, a move that names a host the Aura could not enchant is refused before
    the card moves (it used to enter, be attached, and fall off by the state-based action)."""
    game = Game("current")
    toktok = game.put("Akki Lavarunner", flipped=True, owner="Bob")
    curse = game.put("Curse of the Fire Penguin", zone="hand")
    with pytest.raises(IllegalActionError, match="protection from red") as caught:
        game.move(curse, "battlefield", attach_to=toktok)
    assert caught.value.argument == "attached_to"
    assert curse.zone == "hand"


def test_303_4f_a_scenario_moves_an_aura_onto_the_creature_its_player_chooses() -> None:
    """Python's ``move`` takes the creature an Aura enters attached to (``attach_to``); the
    scenario's ``move`` had no such field, so an Aura returned from a graveyard always went on
    the oldest creature it could enchant. It takes ``attached_to``, as ``put`` does; one the
    Aura could not enchant is refused, naming the field; a card that is no Aura is a slip."""
    out = run("current", [
        {"put": "Grizzly Bears", "as": "bears"}, {"put": "Runeclaw Bear", "as": "claw"},
        {"put": "Pacifism", "zone": "graveyard", "as": "pacifism"},
        {"move": "pacifism", "to": "battlefield", "attached_to": "claw"}])
    assert obj(out, "pacifism")["attached_to"] == "claw"
    for step, said in (
            ({"move": "curse", "to": "battlefield", "attached_to": "toktok"},
             r"steps\[3\]\.attached_to: .*protection from red"),
            ({"move": "bears", "to": "battlefield", "attached_to": "toktok"},
             r"steps\[3\]\.attached_to: Grizzly Bears is not an Aura")):
        with pytest.raises(ScenarioError, match=said):
            run("current", [
                {"put": "Akki Lavarunner", "flipped": True, "owner": "Bob", "as": "toktok"},
                {"put": "Curse of the Fire Penguin", "zone": "hand", "as": "curse"},
                {"put": "Grizzly Bears", "zone": "hand", "as": "bears"}, step])


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4f_an_aura_put_with_nothing_to_enchant_is_refused_and_one_is_chosen_otherwise(
        edition: str) -> None:
    """A set-up put of an Aura without ``attached_to``: with a creature it could enchant, it
    enters on the oldest (logged); with none, the put is refused, saying why, instead of the
    Aura going to the graveyard unseen."""
    game = Game(edition)
    with pytest.raises(IllegalActionError,
                       match="Pacifism is an Aura, and there is no creature it could enchant"):
        game.put("Pacifism")
    assert game.objects() == []
    bears = game.put("Grizzly Bears", owner="Bob")
    pacifism = game.put("Pacifism")
    assert (pacifism.zone, pacifism.attached_to) == ("battlefield", bears)


@pytest.mark.parametrize("edition", EDITIONS)
def test_303_4g_a_clone_of_the_flipped_curse_with_nothing_to_enchant_goes_to_the_graveyard(
        edition: str) -> None:
    """A Clone cast as a copy of the flipped Curse of the Fire Penguin would be the Curse, an
    Aura, and the only creature has protection from red: 303.4g, it goes from the stack to
    its owner's graveyard instead of entering (it used to enter, and leave by the state-based
    action)."""
    out = run(edition, [
        {"put": "Curse of the Fire Penguin", "as": "penguin", "owner": "Bob", "flipped": True},
        {"effect": "e", "kind": "add_keyword", "affects": "penguin",
         "keyword": "Protection from red"},
        {"cast": "Clone", "as": "clone", "copying": "penguin"},
    ])
    assert obj(out, "clone")["zone"] == "graveyard"
    log = "\n".join(out["log"])
    assert ("There is no creature Curse of the Fire Penguin could enchant: Clone is put into "
            "Alice's graveyard instead (") in log, out["log"][-4:]
    assert "Clone is put into Alice's graveyard from the stack" in log
    assert not any(line.startswith("Clone is put onto the battlefield")
                   or line.startswith("Clone is put into play") for line in out["log"])
