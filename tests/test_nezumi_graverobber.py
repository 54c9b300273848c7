"""Nezumi Graverobber // Nighteyes the Desecrator: it exiles a card from an opponent's graveyard
and flips once that graveyard is empty; Nighteyes returns a creature card from a graveyard under
its controller's control.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import cards_in, fill, flipped, flips

from flipcards import EDITIONS, Game, IllegalActionError


def test_nezumi_graverobber_cannot_target_own_graveyard(game: Game) -> None:
    """Nezumi Graverobber: "... from an opponent's graveyard." -- its controller's own
    graveyard is not a legal choice."""
    robber = game.put("Nezumi Graverobber")
    mine = game.put("Shock", zone="graveyard", owner="Alice")
    with pytest.raises(IllegalActionError):
        game.activate(robber, target=mine)
    assert mine.zone == "graveyard"


def test_nezumi_graverobber_checks_the_graveyard_on_resolution(game: Game) -> None:
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


def test_nezumi_graverobber_exiles_opponents_card(game: Game) -> None:
    """Nezumi Graverobber: "{1}{B}: Exile a target card from an opponent's graveyard." """
    robber = game.put("Nezumi Graverobber")
    shock = game.put("Shock", zone="graveyard", owner="Bob")
    game.put("Giant Growth", zone="graveyard", owner="Bob")
    game.activate(robber, target=shock)
    assert shock.zone == "exile"
    assert not robber.flipped


def test_nezumi_graverobber_exiling_the_last_card_flips_it(game: Game) -> None:
    """Nezumi Graverobber: the graveyard is checked after the target is exiled: one card,
    exiled, leaves none; the controller's own graveyard does not matter."""
    rat = game.put("Nezumi Graverobber")
    game.put("Grizzly Bears", "graveyard")                # Alice's own
    last = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(rat, target=last)
    assert last.zone == "exile" and rat.name == "Nighteyes the Desecrator"


def test_nezumi_graverobber_looks_only_at_that_opponents_graveyard_with_three_players() -> None:
    """"That graveyard" is the graveyard of the target card's owner. With three players,
    Carol's full graveyard does not matter: exiling Bob's last card flips the Graverobber."""
    for edition in EDITIONS:
        game = Game(edition, ["Alice", "Bob", "Carol"])
        robber = game.put("Nezumi Graverobber")
        fill(game, "Shock", "graveyard", 3, owner="Carol")
        last = game.put("Grizzly Bears", "graveyard", owner="Bob")
        game.activate(robber, target=last)
        assert robber.name == "Nighteyes the Desecrator", edition


def test_nezumi_graverobber_one_card_left_is_one_short(game: Game) -> None:
    rat = game.put("Nezumi Graverobber")
    first = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.put("Shock", "graveyard", owner="Bob")
    game.activate(rat, target=first)
    assert not rat.flipped


def test_nezumi_graverobber_target_gone(game: Game) -> None:
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


def test_nezumi_graverobber_target_gone_on_resolution_does_nothing(game: Game) -> None:
    """608.2b: if the Graverobber's only target is gone when the ability resolves, the whole
    ability does nothing: it does not flip although the graveyard is empty."""
    robber = game.put("Nezumi Graverobber")
    card = game.put("Shock", "graveyard", owner="Bob")
    with game.holding_priority():
        game.activate(robber, target=card)
        game.move(card, "hand")
    game.resolve_stack()
    assert game.objects("graveyard", "Bob") == []
    assert not robber.flipped


def test_nezumi_graverobber_targets_only_an_opponents_graveyard(game: Game) -> None:
    rat = game.put("Nezumi Graverobber")
    mine = game.put("Grizzly Bears", "graveyard")
    with pytest.raises(IllegalActionError, match="opponent's graveyard"):
        game.activate(rat, target=mine)


def test_nighteyes_can_take_a_creature_card_from_its_own_controllers_graveyard(
        game: Game) -> None:
    """Nighteyes: "target creature card from a graveyard": any graveyard. A dead Kenzo is a
    Bushi Tenderfoot in the graveyard (508.2) and returns unflipped."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    kenzo = game.put("Bushi Tenderfoot", flipped=True)
    game.move(kenzo, "graveyard")
    game.activate(nighteyes, target=kenzo)
    assert kenzo.zone == "battlefield" and kenzo.name == "Bushi Tenderfoot"
    assert not kenzo.flipped


def test_nighteyes_cannot_target_the_curse_in_a_graveyard_it_is_an_aura_card(
        game: Game) -> None:
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    curse = game.put("Curse of the Fire Penguin", "graveyard", owner="Bob")
    with pytest.raises(IllegalActionError, match="creature card"):
        game.activate(nighteyes, target=curse)


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


def test_nighteyes_from_own_graveyard(game: Game) -> None:
    """Nighteyes: "... from any graveyard ..." -- its controller's own too."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    mine = game.put("Grizzly Bears", zone="graveyard")
    game.activate(nighteyes, target=mine)
    assert mine.zone == "battlefield" and mine.controller == "Alice"


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


def test_nighteyes_needs_a_creature_card(game: Game) -> None:
    """Nighteyes: "... a target creature card ..." -- Shock is not one."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    shock = game.put("Shock", zone="graveyard", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(nighteyes, target=shock)
    assert shock.zone == "graveyard"


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


def test_nighteyes_reanimates_a_creature_card_under_its_controllers_control(
        game: Game) -> None:
    nighteyes = flipped(game, "Nezumi Graverobber")
    bears = game.put("Grizzly Bears", "graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    assert bears.zone == "battlefield" and bears.controller == "Alice" and bears.owner == "Bob"


def test_nighteyes_reanimates_under_your_control(game: Game) -> None:
    """Nighteyes: "{4}{B}: Take a target creature card from any graveyard and put it onto
    the battlefield under your control." """
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    bears = game.put("Grizzly Bears", zone="graveyard", owner="Bob")
    game.activate(nighteyes, target=bears)
    assert bears.zone == "battlefield"
    assert bears.controller == "Alice"
    assert bears.owner == "Bob"


def test_nighteyes_returns_an_opponents_akki_lavarunner_that_attacks_its_owner_and_flips(
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


def test_nighteyes_returns_flip_card_unflipped(game: Game) -> None:
    """Nighteyes returns a hero card: it enters with its normal characteristics (508.2)."""
    nighteyes = game.put("Nezumi Graverobber", flipped=True)
    kenzo_card = game.put("Bushi Tenderfoot", zone="graveyard", owner="Bob")
    game.activate(nighteyes, target=kenzo_card)
    assert kenzo_card.name == "Bushi Tenderfoot"
    assert not kenzo_card.flipped


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
