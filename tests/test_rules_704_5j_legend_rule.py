"""The legend rule when flip cards meet it: 704.5j today (a player who controls two or more
legendary permanents with the same name keeps one of them) and rule 420.5e of 2004 with the
508 ruling 4 (all of them go to their owners' graveyards, whoever controls them).

A hero becomes legendary only once it flips; an Ascendant and its Essence have different names;
copies, control changes, tokens and "keep" (the player's choice in a scenario) are covered.
"""

from __future__ import annotations

from typing import Any

import pytest
from helpers import flips, obj, ready, run, with_ki

from flipcards import (
    EDITIONS,
    Filter,
    FlipCardsError,
    Game,
    IllegalActionError,
    ScenarioError,
    run_scenario,
)


def test_2004_420_5e_every_kenzo_goes_to_its_owners_graveyard_whoever_controls_it(
        ) -> None:
    """Seed ruling (2004): when a hero flips and another legendary permanent with the same
    name is in play, ALL of them go to their OWNERS' graveyards — whoever controls them, and a
    `keep` choice changes nothing. Three players: Carol's Kenzo controlled by Alice, and Dan's
    Tenderfoot that flips: both die, each to its owner's graveyard. Alice's own unflipped
    Tenderfoot has another name and stays."""
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "carols", "owner": "Carol", "controller": "Alice",
         "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "dans", "owner": "Dan"},
        {"put": "Bushi Tenderfoot", "as": "alices"},
        {"flip": "dans", "keep": ["dans"]},
        {"search": "graveyard", "player": "Carol", "as": "carol_gy"},
        {"search": "graveyard", "player": "Dan", "as": "dan_gy"},
        {"search": "graveyard", "player": "Alice", "as": "alice_gy"},
    ], players=["Alice", "Carol", "Dan"])
    for oid, owner in (("carols", "Carol"), ("dans", "Dan")):
        o = obj(out, oid)
        assert (o["zone"], o["owner"], o["controller"], o["name"]) == (
            "graveyard", owner, owner, "Bushi Tenderfoot"), oid
    assert (obj(out, "alices")["zone"], obj(out, "alices")["name"]) == (
        "battlefield", "Bushi Tenderfoot")
    assert out["results"] == {"carol_gy": ["carols"], "dan_gy": ["dans"], "alice_gy": []}


def test_2004_420_5e_two_azamuki_flipping_at_one_end_step_both_go() -> None:
    """2004 ruling: "When one of the ... flip creatures flips, it becomes legendary. If another
    legendary permanent with the same name is in play, all of them will be put into their
    owners' graveyards." Both players' Bandits flip at the same end step."""
    game = Game("2004")
    bandit = with_ki(game, "Cunning Bandit", 2)
    other = with_ki(game, "Cunning Bandit", 2, owner="Bob")
    game.end_step()
    assert bandit.zone == "graveyard" and other.zone == "graveyard"
    assert bandit.name == other.name == "Cunning Bandit"


def test_508_ruling_4_2004_a_token_copy_of_homura_meets_the_legend_rule_only_the_card_returns(
        ) -> None:
    """2004: a token copy of Homura and Homura itself are two legends of one name: both are
    put into graveyards; the card returns flipped, the token has ceased to exist."""
    game = Game("2004")
    homura = game.put("Homura, Human Ascendant")
    token = game.copy(homura, controller="Bob")
    assert token.zone is None
    assert (homura.zone, homura.name, homura.flipped) == (
        "battlefield", "Homura's Essence", True)


def test_508_ruling_4_2004_across_players() -> None:
    """Ruling 4: "If another legendary permanent with the same name is in play, all of them
    will be put into their owners' graveyards." Bob flips his Tenderfoot while Alice has
    Kenzo."""
    game = Game("2004")
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(bobs)
    assert alices.zone == "graveyard" and bobs.zone == "graveyard"
    assert alices in game.objects("graveyard", "Alice")
    assert bobs in game.objects("graveyard", "Bob")


def test_508_ruling_4_2004_legend_goes_to_its_owners_graveyard_not_its_controllers() -> None:
    """Ruling 4: "put into their OWNERS' graveyards". Alice controls Bob's flipped Kenzo and
    flips her own Tenderfoot: Bob's card goes to Bob's graveyard, Alice's to hers."""
    game = Game("2004")
    borrowed = game.put("Bushi Tenderfoot", owner="Bob", controller="Alice", flipped=True)
    mine = game.put("Bushi Tenderfoot")
    game.flip(mine)
    assert (borrowed.zone, borrowed.owner) == ("graveyard", "Bob")
    assert (mine.zone, mine.owner) == ("graveyard", "Alice")
    assert borrowed in game.objects("graveyard", "Bob")


def test_508_ruling_4_2004_opponents_kenzo_and_mine_both_die_whoever_controls_them() -> None:
    """Ruling 4 (2004): when my hero flips while my opponent controls a permanent of the same
    legendary name, all of them go to their owners' graveyards."""
    game = Game("2004")
    theirs = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    mine = game.put("Bushi Tenderfoot")
    game.flip(mine)
    assert (theirs.zone, mine.zone) == ("graveyard", "graveyard")
    assert game.objects("graveyard", "Bob") == [theirs]


def test_508_ruling_4_2004_three_players_bob_flips_alices_kenzo_goes_carols_stays() -> None:
    """Ruling 4 (2004 legend rule): if another legendary permanent with the same name is in
    play, ALL of them are put into their owners' graveyards, whoever controls them. With three
    players, Bob's flip kills Alice's Kenzo and his own; Carol's unflipped Tenderfoot is not
    legendary (508.2) and stays."""
    game = Game("2004", players=("Alice", "Bob", "Carol"))
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    carols = game.put("Bushi Tenderfoot", owner="Carol")
    game.flip(bobs)
    assert [(c.zone, c.owner) for c in (alices, bobs, carols)] == [
        ("graveyard", "Alice"), ("graveyard", "Bob"), ("battlefield", "Carol")]
    assert all(not c.flipped and c.name == "Bushi Tenderfoot" for c in (alices, bobs, carols))
    assert game.flip(carols) and carols.zone == "battlefield"     # alone now: it stays


def test_508_ruling_4_2004_token_copy_of_a_legendary_land_both_go() -> None:
    """2004 legend rule with a token copy: a token copying Okina, Temple to the Grandfathers
    has its name and is legendary, so the card and the token both leave play; the token
    ceases to exist, the card goes to its owner's graveyard."""
    game = Game("2004")
    okina = game.put("Okina, Temple to the Grandfathers")
    token = game.copy(okina, controller="Bob")
    assert okina.zone == "graveyard"
    assert token.zone is None


def test_508_ruling_4_2004_two_homuras_return_flipped_and_the_essences_meet_again() -> None:
    """Two Homura, Human Ascendant (legendary) in play: both go (2004 legend rule); each
    returns to play flipped as Homura's Essence, a legendary enchantment. Once the second
    Essence is in play the legend rule puts both into the graveyard, and the Essence has no
    return ability."""
    game = Game("2004")
    first = game.put("Homura, Human Ascendant")
    second = game.put("Homura, Human Ascendant", owner="Bob")
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert first.name == second.name == "Homura, Human Ascendant"


def test_508_ruling_4_2004_two_kenzos_already_in_play_at_set_up_both_go() -> None:
    """The 2004 legend rule is a state-based action checked after every action: as soon as a
    second flipped Kenzo is in play (even for Bob), both go to their owners' graveyards."""
    game = Game("2004", players=("Alice", "Bob", "Carol"))
    a = game.put("Bushi Tenderfoot", flipped=True)
    b = game.put("Bushi Tenderfoot", owner="Carol", flipped=True)
    assert (a.zone, b.zone) == ("graveyard", "graveyard")


def test_508_ruling_4_2004_two_students_flip_through_tobita_and_both_die() -> None:
    """Ruling 4 (2004 legend rule): a first Student flips into Tobita, whose flying makes the
    second Student flip too; two Tobitas in play are both put into the graveyard."""
    game = Game("2004")
    first = game.put("Student of Elements")
    second = game.put("Student of Elements")
    game.add_effect("add_keyword", first, keyword="Flying")
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert (first.name, second.name) == ("Student of Elements", "Student of Elements")


def test_508_ruling_4_2004_two_unflipped_ascendants_both_die() -> None:
    """2004 legend rule on the unflipped half: the Ascendants are legendary before they
    flip."""
    game = Game("2004")
    a = game.put("Erayo, Soratami Ascendant")
    b = game.put("Erayo, Soratami Ascendant", owner="Bob")
    assert (a.zone, b.zone) == ("graveyard", "graveyard")


@pytest.mark.parametrize("edition", EDITIONS)
def test_508_ruling_4_an_ascendant_and_its_essence_have_different_names_until_both_flip(
        edition: str) -> None:
    """508.2: once flipped "the normal name ... [doesn't] apply". Rune-Tail's Essence and an
    unflipped Rune-Tail, Kitsune Ascendant are legendary with different names: both stay.
    When the second flips, the two Essences share a name."""
    game = Game(edition)
    essence = game.put("Rune-Tail, Kitsune Ascendant", flipped=True)
    ascendant = game.put("Rune-Tail, Kitsune Ascendant")
    assert essence.zone == "battlefield" and ascendant.zone == "battlefield"
    game.flip(ascendant, keep=[essence])
    if edition == "2004":
        assert essence.zone == "graveyard" and ascendant.zone == "graveyard"
    else:
        assert essence.zone == "battlefield" and ascendant.zone == "graveyard"


def test_508_ruling_4_an_unflipped_hero_and_a_flipped_one_do_not_meet_the_legend_rule(
        game: Game) -> None:
    """Ruling 4: the unflipped hero is neither legendary nor of the same name."""
    game.put("Bushi Tenderfoot", flipped=True)
    other = game.put("Bushi Tenderfoot")
    assert other.zone == "battlefield"
    assert len(game.objects("battlefield")) == 2


def test_508_ruling_4_copy_of_kenzo_flipping_kills_both_in_2004() -> None:
    """Ruling 4: "If another legendary permanent with the same name is in play, all of them
    will be put into their owners' graveyards." Bob's token copy flips into a second Kenzo."""
    game = Game("2004")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo, controller="Bob")
    assert kenzo.zone == "battlefield"
    game.flip(token)
    assert kenzo.zone == "graveyard"
    assert token.zone is None


def test_508_ruling_4_legend_rule_current_is_per_controller_who_keeps_one() -> None:
    game = Game("current")
    mine = game.put("Bushi Tenderfoot", flipped=True)
    theirs = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    assert (mine.zone, theirs.zone) == ("battlefield", "battlefield")
    newer = game.put("Bushi Tenderfoot")
    game.flip(newer, keep=[mine])
    assert (mine.zone, newer.zone) == ("battlefield", "graveyard")
    default = game.put("Bushi Tenderfoot", flipped=True)   # no choice: keeps the newest
    assert (mine.zone, default.zone) == ("graveyard", "battlefield")


def test_508_ruling_4_legend_rule_on_flipping_2004_puts_all_into_graveyards() -> None:
    game = Game("2004")
    first = game.put("Bushi Tenderfoot", flipped=True)
    second = game.put("Bushi Tenderfoot", owner="Bob")
    game.flip(second)
    assert (first.zone, second.zone) == ("graveyard", "graveyard")
    assert (first.owner, second.owner) == ("Alice", "Bob")


def test_508_ruling_4_unflipped_heroes_are_not_legendary(game: Game) -> None:
    a, b = game.put("Bushi Tenderfoot"), game.put("Bushi Tenderfoot")
    assert (a.zone, b.zone) == ("battlefield", "battlefield")


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_a_hero_flips_into_the_name_of_an_opponents_copy(rules: str) -> None:
    """Bob's Grizzly Bears became a copy of a Bushi Tenderfoot card (in Alice's graveyard)
    and flipped: Bob controls a Kenzo the Hardhearted that is a copy. Then Alice's own
    Tenderfoot flips into Kenzo. 2004: two legendary permanents named Kenzo are in play —
    both go to their owners' graveyards, and Bob's is the Grizzly Bears card there. Today the
    rule looks at each controller: both stay."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "model", "zone": "graveyard"},
        {"put": "Grizzly Bears", "as": "bobs", "owner": "Bob"},
        {"become_copy": "bobs", "of": "model"},
        {"flip": "bobs"},
        {"put": "Bushi Tenderfoot", "as": "alices"},
        {"flip": "alices"},
        {"search": "graveyard", "player": "Bob", "as": "bob_gy"},
    ])
    bobs, alices = obj(out, "bobs"), obj(out, "alices")
    if rules == "2004":
        assert (bobs["zone"], bobs["name"], bobs["owner"]) == ("graveyard", "Grizzly Bears", "Bob")
        assert (alices["zone"], alices["name"]) == ("graveyard", "Bushi Tenderfoot")
        assert out["results"]["bob_gy"] == ["bobs"]
    else:
        assert bobs["zone"] == alices["zone"] == "battlefield"
        assert bobs["name"] == alices["name"] == "Kenzo the Hardhearted"


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_a_token_copy_of_an_unflipped_hero_meets_the_original_only_once_both_flip(
        rules: str) -> None:
    """Ruling 4 + ruling 6: a token copy of an unflipped Bushi Tenderfoot is not legendary;
    when the card flips there is one Kenzo; when the token flips there are two under Alice.
    2004: both go (the card to the graveyard, the token ceases to exist). Today Alice keeps
    the card (`keep`) and the token goes."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "card"},
        {"copy": "card", "as": "tok"},
        {"expect": {"tok": {"supertypes": [], "zone": "battlefield", "token": True}}},
        {"flip": "card"},
        {"expect": {"card": {"name": "Kenzo the Hardhearted", "zone": "battlefield"},
                    "tok": {"name": "Bushi Tenderfoot", "zone": "battlefield"}}},
        {"flip": "tok", "keep": ["card"]},
    ])
    assert obj(out, "tok")["zone"] is None
    card = obj(out, "card")
    if rules == "2004":
        assert (card["zone"], card["name"]) == ("graveyard", "Bushi Tenderfoot")
    else:
        assert (card["zone"], card["name"]) == ("battlefield", "Kenzo the Hardhearted")


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_a_token_copy_of_ichiga_controlled_by_the_opponent_flips(rules: str) -> None:
    """Seed rulings: Bob's token copy of Alice's flipped Ichiga is an unflipped
    Budoka Pupil; flipped, it is a second Ichiga, Who Topples Oaks. 2004: both go, whoever
    controls them — the card to Alice's graveyard, the token ceases to exist (zone null).
    Today: each player controls one, so both stay."""
    out = run(rules, [
        {"put": "Budoka Pupil", "as": "ichiga", "flipped": True},
        {"copy": "ichiga", "as": "tok", "controller": "Bob"},
        {"flip": "tok"},
    ])
    if rules == "2004":
        assert (obj(out, "ichiga")["zone"], obj(out, "ichiga")["name"]) == (
            "graveyard", "Budoka Pupil")
        assert obj(out, "tok")["zone"] is None
    else:
        assert obj(out, "ichiga")["zone"] == obj(out, "tok")["zone"] == "battlefield"
        assert obj(out, "tok")["name"] == "Ichiga, Who Topples Oaks"


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_after_becoming_a_copy_of_a_graveyard_card(rules: str) -> None:
    """Copies and the legend rule: Alice controls Kenzo the Hardhearted. Her flipped Tomoya
    becomes a copy of a Bushi Tenderfoot in Bob's graveyard. Today (707.3) it shows the
    flipped half: a second Kenzo under Alice, and she keeps the original (`keep`), so the
    copy goes to the graveyard as the Jushi Apprentice card it is. In 2004 the copy is the
    normal Bushi Tenderfoot: no legend rule, both stay."""
    out = run(rules, [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True},
        {"put": "Jushi Apprentice", "as": "tomoya", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "model", "owner": "Bob", "zone": "graveyard"},
        {"become_copy": "tomoya", "of": "model", "keep": ["kenzo"]},
    ])
    assert obj(out, "kenzo")["zone"] == "battlefield"
    tomoya = obj(out, "tomoya")
    if rules == "current":
        assert (tomoya["zone"], tomoya["name"]) == ("graveyard", "Jushi Apprentice")
    else:
        assert (tomoya["zone"], tomoya["name"], tomoya["supertypes"]) == (
            "battlefield", "Bushi Tenderfoot", [])


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_applies_to_a_legendary_supertype_given_by_an_effect(rules: str) -> None:
    """The legend rule looks at current characteristics (layer 4 included): an effect makes
    every permanent named Bushi Tenderfoot legendary. Alice has two, Bob one. 2004: all three
    go. Today Alice keeps one (`keep`) and Bob's stays; then Bob's Grizzly Bears becomes a
    copy of a Tenderfoot — now also named Bushi Tenderfoot, so the effect makes it legendary
    too, and Bob keeps the copy (`keep`): his card goes to his graveyard."""
    game = Game(rules)
    first = game.put("Bushi Tenderfoot")
    second = game.put("Bushi Tenderfoot")
    bobs = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_effect("add_types", Filter(name="Bushi Tenderfoot"), supertypes=["Legendary"],
                    keep=[first])
    if rules == "2004":
        assert (first.zone, second.zone, bobs.zone) == ("graveyard",) * 3
        return
    assert (first.zone, second.zone, bobs.zone) == ("battlefield", "graveyard", "battlefield")
    assert first.supertypes == ("Legendary",)
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(bears, first, keep=[bears])
    assert (bears.zone, bears.name, bears.supertypes) == (
        "battlefield", "Bushi Tenderfoot", ("Legendary",))
    assert (bobs.zone, first.zone) == ("graveyard", "battlefield")


def test_704_5j_copy_of_flipped_ascendant_today_is_ascendant_under_other_controller() -> None:
    """Ruling 6 (copy of a flipped permanent is the normal version) and today's per-player
    legend rule: Bob's token copy of Alice's Erayo's Essence is a legendary Erayo, Soratami
    Ascendant; both stay."""
    game = Game("current")
    essence = game.put("Erayo, Soratami Ascendant", flipped=True)
    clone = game.copy(essence, controller="Bob")
    assert clone.name == "Erayo, Soratami Ascendant"
    assert "Flying" in clone.keywords and "Legendary" in clone.supertypes
    assert essence.zone == "battlefield" and clone.zone == "battlefield"


@pytest.mark.parametrize(("keep", "survivor", "loser"), [
    (None, "newer", "older"), (["newer"], "newer", "older"), (["older"], "older", "newer")])
def test_704_5j_current_a_hero_flips_into_the_name_of_a_newer_legend(
        keep: list[str] | None, survivor: str, loser: str) -> None:
    """704.5j + contract (`keep`, default the newest): the OLDER permanent (a Tenderfoot put
    first) flips into Kenzo while a newer Kenzo (put later) is there. Flipping gives no new
    timestamp (613.7: a permanent's timestamp is when it entered), so by default the newer
    one — the one put later — is kept; with `keep` the player's choice is kept."""
    flip: dict[str, Any] = {"flip": "older"}
    if keep is not None:
        flip["keep"] = keep
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "older"},
        {"put": "Bushi Tenderfoot", "as": "newer", "flipped": True},
        flip,
    ])
    assert (obj(out, survivor)["zone"], obj(out, survivor)["name"]) == (
        "battlefield", "Kenzo the Hardhearted")
    assert (obj(out, loser)["zone"], obj(out, loser)["name"]) == (
        "graveyard", "Bushi Tenderfoot")


def test_704_5j_current_a_player_keeps_the_real_hero_over_a_copy_of_it() -> None:
    """704.5j today: Alice's Runeclaw Bear became a copy of Bushi Tenderfoot and flipped into
    Kenzo; then her own Tenderfoot flips too. She keeps the Tenderfoot (`keep`): the copy goes
    to the graveyard as the Runeclaw Bear card it is (400.7: the copy effect ends with the
    object)."""
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "model", "zone": "library"},
        {"put": "Runeclaw Bear", "as": "runeclaw"},
        {"become_copy": "runeclaw", "of": "model"},
        {"flip": "runeclaw"},
        {"put": "Bushi Tenderfoot", "as": "hero"},
        {"flip": "hero", "keep": ["hero"]},
    ])
    assert (obj(out, "hero")["zone"], obj(out, "hero")["name"]) == (
        "battlefield", "Kenzo the Hardhearted")
    runeclaw = obj(out, "runeclaw")
    assert (runeclaw["zone"], runeclaw["name"], runeclaw["mana_cost"], runeclaw["flipped"]) == (
        "graveyard", "Runeclaw Bear", "{1}{G}", False)


def test_704_5j_current_control_not_ownership_decides_and_the_rest_go_to_owners_graveyards(
        ) -> None:
    """704.5j (today): the legend rule looks at who CONTROLS the permanents. Alice controls a
    Kenzo owned by Bob and flips her own Tenderfoot into a second Kenzo: she keeps hers
    (`keep`), and Bob's card goes to Bob's graveyard. Bob's own Kenzo is untouched."""
    out = run("current", [
        {"put": "Bushi Tenderfoot", "as": "borrowed", "owner": "Bob", "controller": "Alice",
         "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "bobs", "owner": "Bob", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "alices"},
        {"flip": "alices", "keep": ["alices"]},
        {"search": "graveyard", "player": "Bob", "as": "bob_gy"},
    ])
    assert (obj(out, "alices")["zone"], obj(out, "alices")["name"]) == (
        "battlefield", "Kenzo the Hardhearted")
    assert (obj(out, "borrowed")["zone"], obj(out, "borrowed")["controller"]) == (
        "graveyard", "Bob")
    assert obj(out, "bobs")["zone"] == "battlefield"
    assert out["results"]["bob_gy"] == ["borrowed"]


def test_704_5j_current_each_player_may_keep_their_own_flipped_legend() -> None:
    """704.5j today: the legend rule is per controller."""
    game = Game("current")
    theirs = game.put("Bushi Tenderfoot", owner="Bob", flipped=True)
    mine = game.put("Bushi Tenderfoot")
    game.flip(mine)
    assert (theirs.zone, mine.zone) == ("battlefield", "battlefield")


@pytest.mark.parametrize(("keep", "kept", "gone"), [
    (None, "homura", "essence"), (["essence"], "essence", "homura"),
    (["homura"], "homura", "essence")])
def test_704_5j_current_keep_is_the_choice_for_a_legend_rule_caused_by_a_trigger_of_the_step(
        keep: list[str] | None, kept: str, gone: str) -> None:
    """Contract (`keep`: the legend rule's choice after that step) + 704.5j today: Alice
    controls Homura's Essence and a Homura, Human Ascendant. The Homura dies (moved to the
    graveyard) and its ability returns it flipped: a second Homura's Essence. The legend rule
    that follows is part of the same step, so the step's `keep` decides; without it the newest
    (the returned one) stays. The Essence put into the graveyard is not a creature that dies,
    so nothing returns again."""
    step: dict[str, Any] = {"move": "homura", "to": "graveyard"}
    if keep is not None:
        step["keep"] = keep
    out = run("current", [
        {"put": "Homura, Human Ascendant", "as": "essence", "flipped": True},
        {"put": "Homura, Human Ascendant", "as": "homura"},
        step,
    ])
    assert (obj(out, kept)["zone"], obj(out, kept)["name"]) == (
        "battlefield", "Homura's Essence")
    assert (obj(out, gone)["zone"], obj(out, gone)["name"]) == (
        "graveyard", "Homura, Human Ascendant")


def test_704_5j_current_two_students_flip_and_their_controller_keeps_one() -> None:
    """704.5j today: the same chain leaves one Tobita; the other goes to the graveyard."""
    game = Game("current")
    first = game.put("Student of Elements")
    second = game.put("Student of Elements")
    game.add_effect("add_keyword", first, keyword="Flying")
    zones = sorted([first.zone, second.zone])
    assert zones == ["battlefield", "graveyard"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_day_of_destiny_under_two_players(rules: str) -> None:
    """The legend rule is not only for flip cards: Day of Destiny is a legendary enchantment.
    Alice and Bob each put one into play. 2004: both go to their owners' graveyards. Today
    each controls one: both stay; a second one of Alice's makes her keep one (`keep`: the
    first), and the other goes to her graveyard."""
    game = Game(rules)
    alices = game.put("Day of Destiny")
    bobs = game.put("Day of Destiny", owner="Bob")
    if rules == "2004":
        assert (alices.zone, bobs.zone) == ("graveyard", "graveyard")
        assert [o.name for o in game.objects("graveyard", "Bob")] == ["Day of Destiny"]
        return
    assert (alices.zone, bobs.zone) == ("battlefield", "battlefield")
    second = game.put("Day of Destiny", keep=[alices])
    assert (alices.zone, second.zone, bobs.zone) == ("battlefield", "graveyard", "battlefield")


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_homura_and_a_copy_of_it_controlled_by_the_opponent(rules: str) -> None:
    """Bob's Grizzly Bears becomes a copy of Alice's Homura, Human Ascendant (legendary on
    its normal half). 2004: two legendary Homuras in play — both go, and both "return it to
    play flipped" abilities trigger (the Bears died as a Homura, 603.10): Homura returns as
    Homura's Essence, and the Grizzly Bears card returns under Bob's control with flipped
    status, a plain 2/2 (it is no flip card; Alice's Essence only helps her creatures).
    Today each player controls one Homura: nothing happens."""
    game = Game(rules)
    homura = game.put("Homura, Human Ascendant")
    bears = game.put("Grizzly Bears", owner="Bob")
    game.become_copy(bears, homura)
    if rules == "2004":
        assert (homura.zone, homura.name, homura.flipped) == (
            "battlefield", "Homura's Essence", True)
        assert (bears.zone, bears.name, bears.flipped, bears.controller) == (
            "battlefield", "Grizzly Bears", True, "Bob")
        assert (bears.power, bears.toughness) == (2, 2)
        assert game.creatures_died_this_turn == 2
    else:
        assert (homura.zone, homura.name, bears.zone, bears.name) == (
            "battlefield", "Homura, Human Ascendant", "battlefield", "Homura, Human Ascendant")
        assert game.creatures_died_this_turn == 0


def test_704_5j_keep_may_name_the_object_the_same_step_creates() -> None:
    """Contract: `"keep"` may be added to ANY step and is "the legend rule's choice after
    that step". After a `copy` step, the token it made (its `as` id) is one of the legendary
    permanents the player chooses among, so naming it in the same step's `keep` is a valid
    choice: Alice keeps the new token copy of Rune-Tail, Kitsune Ascendant (a legendary
    normal half) and the card goes to her graveyard."""
    out = run("current", [
        {"put": "Rune-Tail, Kitsune Ascendant", "as": "card"},
        {"copy": "card", "as": "tok", "keep": ["tok"]},
    ])
    assert obj(out, "tok")["zone"] == "battlefield"
    assert obj(out, "card")["zone"] == "graveyard"


@pytest.mark.parametrize(("edition", "survivors"), [("2004", 0), ("current", 2)])
def test_704_5j_legend_rule_after_combat(edition: str, survivors: int) -> None:
    """Bob's Tenderfoot flips in combat into a second Kenzo the Hardhearted: in 2004 both go
    to the graveyard (420.5e), today each player keeps their own (704.5j)."""
    game = Game(edition)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot", owner="Bob")
    game.add_counters(tenderfoot, "+1/+1", 2)
    bears = game.put("Grizzly Bears")
    ready(game)
    game.attack([bears])
    game.block(tenderfoot, bears)
    game.combat_damage()
    assert flips(game) == ["Bushi Tenderfoot"]
    on_field = [o for o in (kenzo, tenderfoot) if o.zone == "battlefield"]
    assert len(on_field) == survivors


def test_704_5j_own_copy_of_kenzo_flipping_today_keeps_one() -> None:
    """704.5j: if a player controls two or more legendary permanents with the same name, that
    player chooses one and puts the rest into their owners' graveyards."""
    game = Game("current")
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo)
    game.flip(token, keep=[kenzo])
    assert kenzo.zone == "battlefield"
    assert token.zone is None


@pytest.mark.parametrize(("rules", "died"), [("2004", 2), ("current", 1)])
def test_704_5j_puts_into_the_graveyard_so_the_creatures_die(rules: str, died: int) -> None:
    """A legendary creature put into a graveyard by the legend rule dies (it went from the
    battlefield to a graveyard), and so does a token. A token copy of Kenzo flips while Alice
    has the original: 2004, two creatures died this turn; today Alice keeps the card, and one
    creature (the token) died."""
    game = Game(rules)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    token = game.copy(kenzo)
    game.flip(token, keep=[kenzo])
    assert token.zone is None
    assert game.creatures_died_this_turn == died


def test_704_5j_stolen_kenzo_makes_two_under_alice_today() -> None:
    """704.5j (today): a player who controls two legendary permanents with the same name keeps
    one; the other goes to its OWNER's graveyard. Alice's Azamuki steals Bob's Kenzo."""
    game = Game("current")
    azamuki = game.put("Cunning Bandit", flipped=True)
    game.add_counters(azamuki, "ki", 1)
    alices = game.put("Bushi Tenderfoot", flipped=True)
    bobs = game.put("Bushi Tenderfoot", flipped=True, owner="Bob")
    game.activate(azamuki, target=bobs, keep=[alices])
    game.resolve_stack(keep=[alices])
    assert alices.zone == "battlefield"
    assert bobs.zone == "graveyard"
    assert bobs in game.objects("graveyard", "Bob")
    # The log says where it goes as the rule does (it said "into the graveyard").
    assert any(line.startswith("State-based action: legend rule: Alice controls 2 legendary "
                               "permanents named Kenzo the Hardhearted, keeps the one chosen "
                               "and puts the rest into their owners' graveyards")
               for line in game.log), game.log


def test_704_5j_two_azamuki_of_different_controllers_flipping_at_one_end_step_stay() -> None:
    """Today's legend rule (704.5j) applies per controller: Alice's and Bob's Azamuki both
    stay after both triggers resolve."""
    game = Game("current")
    bandit = with_ki(game, "Cunning Bandit", 2)
    other = with_ki(game, "Cunning Bandit", 2, owner="Bob")
    game.end_step()
    assert bandit.zone == other.zone == "battlefield"
    assert bandit.flipped and other.flipped


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_two_homuras_return_as_essences(rules: str) -> None:
    """Homura, Human Ascendant is legendary and, when it dies, returns to play flipped
    (an instruction that returns it flipped). Two Homuras of Alice:
    2004 — both die, both return as Homura's Essence, the legend rule sees two Essences and
    puts both into the graveyard (they are not creatures, so nothing returns again).
    Today — Alice keeps the newer Homura; the other dies and returns as Homura's Essence
    (another name), which gives her creatures +2/+2 and flying: the Homura is a 6/6 flier."""
    out = run(rules, [
        {"put": "Homura, Human Ascendant", "as": "first"},
        {"put": "Homura, Human Ascendant", "as": "second"},
    ])
    first, second = obj(out, "first"), obj(out, "second")
    if rules == "2004":
        assert (first["zone"], second["zone"]) == ("graveyard", "graveyard")
        assert first["name"] == second["name"] == "Homura, Human Ascendant"
    else:
        assert (first["zone"], first["name"], first["flipped"]) == (
            "battlefield", "Homura's Essence", True)
        assert (second["zone"], second["power"], second["toughness"]) == ("battlefield", 6, 6)
        assert "Flying" in second["keywords"]


@pytest.mark.parametrize("rules", EDITIONS)
def test_704_5j_two_names_at_once_each_group_is_handled_on_its_own(rules: str) -> None:
    """An effect makes all creatures legendary (Alice: two Grizzly Bears and two Runeclaw
    Bears). 2004: all four go at once. Today (704.5j) Alice chooses one of each name (`keep`):
    the second Grizzly Bears and the first Runeclaw Bear stay."""
    game = Game(rules)
    bears = [game.put("Grizzly Bears") for _ in range(2)]
    runeclaws = [game.put("Runeclaw Bear") for _ in range(2)]
    game.add_effect("add_types", Filter(types=["Creature"]), supertypes=["Legendary"],
                    keep=[bears[1], runeclaws[0]])
    zones = [o.zone for o in (*bears, *runeclaws)]
    if rules == "2004":
        assert zones == ["graveyard"] * 4
    else:
        assert zones == ["graveyard", "battlefield", "battlefield", "graveyard"]


def _refused(steps: list[dict[str, Any]], rules: str = "current") -> ScenarioError:
    with pytest.raises(ScenarioError) as caught:
        run_scenario({"rules": rules, "steps": steps})
    return caught.value


@pytest.mark.parametrize(("kept", "why"), [
    ("bears", 'Grizzly Bears ("bears") is not legendary'),
    ("in_hand", 'Bushi Tenderfoot ("in_hand") is in Alice\'s hand'),
    ("tenderfoot", 'Bushi Tenderfoot ("tenderfoot") is not legendary'),
])
def test_704_5j_current_keep_names_legendary_permanents_only(kept: str, why: str) -> None:
    """704.5j: the legend rule's choice is among legendary permanents. A keep naming Grizzly
    Bears, a card in a hand, or an unflipped hero (not legendary) was silently ignored, so
    the newest Kenzo stayed whatever the reader meant; now the step is refused, naming the
    entry of "keep" and why."""
    error = _refused([
        {"put": "Kenzo the Hardhearted", "as": "old", "flipped": True},
        {"put": "Grizzly Bears", "as": "bears"},
        {"put": "Kenzo the Hardhearted", "as": "in_hand", "zone": "hand"},
        {"put": "Bushi Tenderfoot", "as": "tenderfoot"},
        {"put": "Kenzo the Hardhearted", "as": "new", "flipped": True, "keep": ["old", kept]},
    ])
    assert error.path == "steps[4].keep[1]"
    assert why in error.detail


@pytest.mark.parametrize("step", [
    {"put": "Kenzo the Hardhearted", "as": "new", "flipped": True, "keep": ["old", "new"]},
    {"flip": "tenderfoot", "keep": ["old", "tenderfoot"]},
])
def test_704_5j_current_keep_may_not_name_two_of_a_players_same_named_legends(
        step: dict[str, Any]) -> None:
    """704.5j: the player keeps ONE of their legends with the same name. Keeping both Kenzos
    (one entering, or one flipping into the name) used to keep the first listed and send the
    other to the graveyard; now the step is refused."""
    error = _refused([
        {"put": "Kenzo the Hardhearted", "as": "old", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "tenderfoot"},
        step,
    ])
    assert error.path == "steps[2].keep"
    assert "keep names 2 of the legendary permanents named Kenzo the Hardhearted" in error.detail


@pytest.mark.parametrize("rules", EDITIONS)
@pytest.mark.parametrize("keep", [None, ["old"], 5, "old"])
def test_704_5j_a_keep_that_lists_no_objects_is_refused_before_the_flip(
        rules: str, keep: object) -> None:
    """A slip in ``keep`` is refused before anything happens: the Tenderfoot did not flip, and
    no second Kenzo stood on the battlefield with the legend rule unchecked."""
    game = Game(rules)
    old = game.put("Kenzo the Hardhearted", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot")
    lines = list(game.log)
    with pytest.raises(FlipCardsError, match="keep"):
        game.flip(tenderfoot, keep=keep)  # type: ignore[arg-type]
    with pytest.raises(FlipCardsError, match="keep"):
        game.put("Kenzo the Hardhearted", flipped=True, keep=keep)  # type: ignore[arg-type]
    assert (tenderfoot.name, tenderfoot.flipped) == ("Bushi Tenderfoot", False)
    assert [o.name for o in game.objects(zone="battlefield")] == [old.name, tenderfoot.name]
    assert game.log == lines


def test_704_5j_current_keeping_both_legends_is_refused_and_changes_nothing() -> None:
    """Keeping both Kenzos is refused (704.5j: one is kept) as the legend rule looks, at the
    flip's end; the game is then as it was before the flip, and the flip can be made again
    with one of them kept."""
    game = Game("current")
    old = game.put("Kenzo the Hardhearted", flipped=True)
    tenderfoot = game.put("Bushi Tenderfoot")
    game.add_effect("modify_pt", tenderfoot, toughness=+5, until_end_of_turn=True)
    game.damage(tenderfoot, 5)
    lines = list(game.log)
    with pytest.raises(IllegalActionError, match=r"keep names 2 .* \(704\.5j\)"):
        game.flip(tenderfoot, keep=[old, tenderfoot])
    assert (tenderfoot.name, tenderfoot.zone, tenderfoot.damage) == (
        "Bushi Tenderfoot", "battlefield", 5)
    assert game.log == lines
    assert game.flip(tenderfoot, keep=[old, game.put("Grizzly Bears")])
    assert (old.zone, tenderfoot.zone) == ("battlefield", "graveyard")


def test_704_5j_current_keep_may_name_a_legend_that_only_becomes_legendary_in_the_step() -> None:
    """A hero that flips in the step is legendary when the legend rule looks: keeping it is
    the choice, and the older Kenzo goes (the Tenderfoot was not legendary as the step began).
    Keeping each player's own legend, or a legend that leaves in the same step, is fine too."""
    out = run("current", [
        {"put": "Kenzo the Hardhearted", "as": "old", "flipped": True},
        {"put": "Kenzo the Hardhearted", "as": "bobs", "flipped": True, "controller": "Bob"},
        {"put": "Bushi Tenderfoot", "as": "tenderfoot"},
        {"flip": "tenderfoot", "keep": ["tenderfoot", "bobs"]},
        {"move": "bobs", "to": "hand", "keep": ["bobs"]},
    ])
    assert (obj(out, "old")["zone"], obj(out, "tenderfoot")["zone"]) == (
        "graveyard", "battlefield")


def test_2004_420_5e_a_keep_is_told_it_keeps_nothing() -> None:
    """Under the 2004 rules no legend is kept whatever "keep" says; the log says so where the
    reader chose one (it used to be silently ignored)."""
    out = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "a", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "b", "flipped": True, "keep": ["a"]},
    ])
    assert (obj(out, "a")["zone"], obj(out, "b")["zone"]) == ("graveyard", "graveyard")
    said = [line for line in out["log"] if "legend rule" in line]
    assert said and all("(none is kept: choosing one to keep is today's rule)" in line
                        for line in said)
    quiet = run("2004", [
        {"put": "Bushi Tenderfoot", "as": "a", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "b", "flipped": True}])
    assert not any("none is kept" in line for line in quiet["log"])


def test_704_5j_gaining_control_of_a_second_kenzo_puts_the_legend_rule_to_work() -> None:
    """A judge's "Alice steals Bob's Kenzo while she has her own": a control change is no new
    object (Bob's stays flipped), and then Alice controls two legendary permanents named
    Kenzo the Hardhearted: she keeps one (here her own, "keep"), and Bob's goes to his
    graveyard. (Under the rules of 2004 the two could not both be in play: ruling 4.)"""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "mine", "flipped": True},
        {"put": "Bushi Tenderfoot", "as": "theirs", "flipped": True, "owner": "Bob"},
        {"gain_control": "theirs", "player": "Alice", "keep": ["mine"]}]})
    assert obj(out, "mine")["zone"] == "battlefield"
    assert (obj(out, "theirs")["zone"], obj(out, "theirs")["owner"]) == ("graveyard", "Bob")


def test_613_1b_control_until_end_of_turn_goes_back_and_the_creature_is_summoning_sick() -> None:
    """Threaten-like: Alice gains control of Bob's flipped Kenzo until end of turn. It is the
    same object (flipped, its counter kept), it cannot attack for her (302.6), and in the
    cleanup step it goes back to Bob."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Bushi Tenderfoot", "as": "kenzo", "flipped": True, "owner": "Bob"},
        {"counters": "kenzo", "kind": "+1/+1", "add": 1},
        {"gain_control": "kenzo", "player": "Alice", "until_end_of_turn": True},
        {"expect": {"kenzo": {"controller": "Alice", "flipped": True, "counters": {"+1/+1": 1},
                              "summoning_sick": True}}},
        {"attack": ["kenzo"], "refused": True},
        {"next_turn": True},
        {"expect": {"kenzo": {"controller": "Bob", "name": "Kenzo the Hardhearted"}}}]})
    assert out["failures"] == []
    with pytest.raises(ScenarioError, match=r"steps\[1\]: missing \"player\""):
        run_scenario({"rules": "current", "steps": [
            {"put": "Grizzly Bears", "as": "bears"}, {"gain_control": "bears"}]})


def test_613_7_a_lasting_steal_after_one_until_end_of_turn_keeps_the_creature() -> None:
    """Alice takes Bob's Bears until end of turn, then for the rest of the game: the later
    effect applies after the earlier one (613.7), so the Bears stay hers after the cleanup
    step. The second steal was refused ("controls it already"), and the Bears went back."""
    out = run_scenario({"rules": "current", "steps": [
        {"put": "Grizzly Bears", "as": "bears", "owner": "Bob"},
        {"gain_control": "bears", "player": "Alice", "until_end_of_turn": True},
        {"gain_control": "bears", "player": "Alice"},
        {"next_turn": True},
        {"expect": {"bears": {"controller": "Alice"}}}]})
    assert out["failures"] == []
