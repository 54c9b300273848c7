"""Budoka Gardener // Dokai, Weaver of Life: it puts a land onto the battlefield and flips when its
controller has ten lands; Dokai makes an X/X Elemental, X the number of lands.

Each test is one situation of this card, named after the half it is about: its flip
condition at the boundary (one short, and exactly enough), what each half's abilities do,
and how the card meets the rest of the rules.
"""

from __future__ import annotations

import pytest
from helpers import fill, flipped, ready

from flipcards import Game, IllegalActionError


def test_budoka_gardener_cannot_put_a_land_from_an_opponents_hand(game: Game) -> None:
    """"A land card from your hand": a land in Bob's hand is not a legal choice."""
    gardener = game.put("Budoka Gardener")
    land = game.put("Forest", "hand", owner="Bob")
    with pytest.raises(IllegalActionError):
        game.activate(gardener, land=land)
    assert land.zone == "hand" and not gardener.tapped


def test_budoka_gardener_counts_lands_after_the_optional_land_and_flips_at_exactly_ten(
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


def test_budoka_gardener_one_land_is_said_in_the_singular(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    game.put("Forest")
    game.activate(gardener)
    assert game.log[-1] == "Alice controls 1 land; ten are needed to flip."


def test_budoka_gardener_counts_only_lands_its_controller_controls(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    fill(game, "Forest", "battlefield", 12, owner="Bob")
    fill(game, "Forest", "battlefield", 8)
    land = game.put("Forest", "hand")
    game.activate(gardener, land=land)
    assert not gardener.flipped                           # nine of Alice's
    game.put("Forest")
    game.next_turn()
    game.next_turn()
    game.activate(gardener)
    assert gardener.flipped


def test_budoka_gardener_flips_at_ten_lands_even_if_no_land_is_put(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(10):
        game.put("Forest")
    game.put("Forest", "hand")
    game.activate(gardener)                      # the land is optional
    assert gardener.flipped
    assert len(game.objects("hand", "Alice")) == 1


def test_budoka_gardener_flips_tapped_so_dokai_must_wait_to_use_its_tap_ability(game: Game) -> None:
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


def test_budoka_gardener_nine_lands_is_one_short(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(9):
        game.put("Forest")
    game.activate(gardener)
    assert not gardener.flipped and "ten are needed" in game.log[-1]


def test_budoka_gardener_puts_land(game: Game) -> None:
    """Budoka Gardener: "{T}: You may put a land card from your hand onto the battlefield." """
    gardener = game.put("Budoka Gardener")
    forest = game.put("Forest", zone="hand")
    game.activate(gardener, land=forest)
    assert forest.zone == "battlefield"
    assert forest.controller == "Alice"
    assert gardener.tapped


def test_budoka_gardener_second_copy_of_a_legendary_land_still_counts(game: Game) -> None:
    gardener = game.put("Budoka Gardener")
    for _ in range(8):
        game.put("Forest")
    game.put("Okina, Temple to the Grandfathers")
    second = game.put("Okina, Temple to the Grandfathers", "hand")
    game.activate(gardener, land=second)         # ten lands while the ability resolves
    assert gardener.flipped
    okinas = [o for o in game.objects("battlefield") if o.name.startswith("Okina")]
    # Afterwards the legend rule applies: 2004 keeps none, today one.
    assert len(okinas) == (0 if game.edition == "2004" else 1)


def test_dokai_counts_its_controllers_lands_as_it_resolves(game: Game) -> None:
    dokai = game.put("Budoka Gardener", flipped=True)
    fill(game, "Forest", "battlefield", 3)
    fill(game, "Forest", "battlefield", 5, owner="Bob")
    with game.holding_priority():
        game.activate(dokai)
        game.put("Forest")                                # before it resolves
    game.resolve_stack()
    elementals = [o for o in game.objects("battlefield", "Alice") if o.name == "Elemental"]
    assert [(e.power, e.toughness) for e in elementals] == [(4, 4)]


def test_dokai_counts_lands_on_resolution(game: Game) -> None:
    """Dokai: "... the number of lands you control." -- counted as the ability resolves."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.put("Forest")
    with game.holding_priority():
        game.activate(dokai)
        game.put("Forest")
        game.put("Forest")
    game.resolve_stack()
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert (tokens[0].power, tokens[0].toughness) == (3, 3)


def test_dokai_makes_an_elemental_as_big_as_its_controllers_lands(game: Game) -> None:
    dokai = flipped(game, "Budoka Gardener")
    for _ in range(4):
        game.put("Forest")
    game.activate(dokai)
    token = game.objects("battlefield", "Alice")[-1]
    assert (token.name, token.power, token.toughness) == ("Elemental", 4, 4)
    game.put("Forest")
    assert token.power == 4                                        # set as it was created


def test_dokai_token_is_a_green_elemental_creature(game: Game) -> None:
    """The token is "an X/X green Elemental creature token"."""
    dokai = game.put("Budoka Gardener", flipped=True)
    fill(game, "Forest", "battlefield", 2)
    game.activate(dokai)
    token = next(o for o in game.objects("battlefield", "Alice") if o.name == "Elemental")
    assert token.is_token and token.colors == ("G",)
    assert token.types == ("Creature",) and "Elemental" in token.subtypes
    assert (token.power, token.toughness) == (2, 2)


def test_dokai_token_size_fixed_once_created(game: Game) -> None:
    """Dokai (Oracle: "Create an X/X green Elemental creature token, where X is the number of
    lands you control.") -- X is fixed as the ability resolves; a later land changes
    nothing."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.put("Forest")
    game.put("Forest")
    game.activate(dokai)
    game.put("Forest")
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert (tokens[0].power, tokens[0].toughness) == (2, 2)


def test_dokai_token_size_is_lands_you_control(game: Game) -> None:
    """Dokai: "{4}{G}{G}, {T}: Create a green Elemental creature token whose power and
    toughness each equal the number of lands you control." -- Bob's lands do not count."""
    dokai = game.put("Budoka Gardener", flipped=True)
    for _ in range(3):
        game.put("Forest")
    game.put("Forest", owner="Bob")
    game.activate(dokai)
    tokens = [each for each in game.objects("battlefield", "Alice")
              if "Elemental" in each.subtypes]
    assert len(tokens) == 1
    assert (tokens[0].power, tokens[0].toughness) == (3, 3)
    assert tokens[0].colors == ("G",) or list(tokens[0].colors) == ["G"]


def test_dokai_with_no_lands_makes_a_0_0_that_dies_at_once(game: Game) -> None:
    """X is 0 with no lands: the 0/0 Elemental is put into the graveyard as a state-based
    action (704.5f) and ceases to exist; Dokai is tapped anyway."""
    dokai = game.put("Budoka Gardener", flipped=True)
    game.activate(dokai)
    assert dokai.tapped
    assert not [o for o in game.objects("battlefield") if o.name == "Elemental"]
    assert any("Elemental" in line for line in game.log)
